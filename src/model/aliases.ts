/**
 * Alias resolution: each alias → the bookmark or folder whose `id` it names, within its own source.
 * Ids are looked up per collection, so two merged sources may reuse ids without crossing over.
 */
import { forEachNode, type Alias, type Bookmark, type Collection, type Folder } from './tree.js'

/**
 * Whether each folder's subtree holds an alias, kept between builds (watch mode): a collection
 * without aliases is then not walked again, however large, when only part of it changed.
 */
export type AliasMemo = WeakMap<Folder, boolean>

/** Map every resolvable alias in `collections` to its target; dangling aliases are left out. */
export function resolveAliases(
  collections: readonly Collection[],
  memo?: AliasMemo,
): Map<Alias, Bookmark | Folder> {
  const targets = new Map<Alias, Bookmark | Folder>()
  for (const collection of collections) {
    if (memo !== undefined && !holdsAliases(collection.root, memo)) continue
    const ids = new Map<string, Bookmark | Folder>()
    if (collection.root.id !== undefined) ids.set(collection.root.id, collection.root)
    const aliases: Alias[] = []
    // Document order, so the first of repeated ids wins.
    forEachNode(collection.root, (node) => {
      if (node.type === 'alias') aliases.push(node)
      else if (
        (node.type === 'bookmark' || node.type === 'folder') &&
        node.id !== undefined &&
        !ids.has(node.id)
      ) {
        ids.set(node.id, node)
      }
    })
    for (const alias of aliases) {
      const target = ids.get(alias.ref)
      if (target !== undefined) targets.set(alias, target)
    }
  }
  return targets
}

function holdsAliases(folder: Folder, memo: AliasMemo): boolean {
  const known = memo.get(folder)
  if (known !== undefined) return known
  let holds = false
  for (const child of folder.children) {
    if (child.type === 'alias' || (child.type === 'folder' && holdsAliases(child, memo))) {
      holds = true
      break
    }
  }
  memo.set(folder, holds)
  return holds
}
