/**
 * Alias resolution: each alias → the bookmark or folder whose `id` it names, within its own source.
 * Ids are looked up per collection, so two merged sources may reuse ids without crossing over.
 */
import { walk, type Alias, type Bookmark, type Collection, type Folder } from '../model.js'

/** Map every resolvable alias in `collections` to its target; dangling aliases are left out. */
export function resolveAliases(collections: readonly Collection[]): Map<Alias, Bookmark | Folder> {
  const targets = new Map<Alias, Bookmark | Folder>()
  for (const collection of collections) {
    const ids = new Map<string, Bookmark | Folder>()
    if (collection.root.id !== undefined) ids.set(collection.root.id, collection.root)
    const aliases: Alias[] = []
    for (const { node } of walk(collection.root)) {
      if (node.type === 'alias') aliases.push(node)
      else if ((node.type === 'bookmark' || node.type === 'folder') && node.id !== undefined && !ids.has(node.id)) {
        ids.set(node.id, node)
      }
    }
    for (const alias of aliases) {
      const target = ids.get(alias.ref)
      if (target !== undefined) targets.set(alias, target)
    }
  }
  return targets
}
