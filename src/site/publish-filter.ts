/**
 * What a published site leaves out by default: bookmarks marked private, `file://` URLs (paths on
 * the owner's disk) and Firefox `place:` queries. Pure: returns a filtered copy of the tree (the
 * bookmark objects are shared, folders are new) and counts of what was held back. Aliases to
 * something held back are held back too.
 */
import type { Alias, Bookmark, Folder, Node } from '../model.js'

export interface PublishSettings {
  private: boolean
  fileUrls: boolean
  placeUrls: boolean
}

export interface HeldBack {
  private: number
  fileUrls: number
  placeUrls: number
}

export interface PublishedTree {
  root: Folder
  aliasTargets: Map<Alias, Bookmark | Folder>
  heldBack: HeldBack
}

/** Why a bookmark is held back, or undefined when it is published. */
export function holdBackReason(bookmark: Bookmark, settings: PublishSettings): keyof HeldBack | undefined {
  if (bookmark.private === true && !settings.private) return 'private'
  const href = bookmark.href?.trimStart().toLowerCase()
  if (href !== undefined) {
    if (href.startsWith('file:') && !settings.fileUrls) return 'fileUrls'
    if (href.startsWith('place:') && !settings.placeUrls) return 'placeUrls'
  }
  return undefined
}

/** Filter a tree for publishing. Folders keep their place even when all they held was held back. */
export function filterForPublishing(
  root: Folder,
  aliasTargets: ReadonlyMap<Alias, Bookmark | Folder>,
  settings: PublishSettings,
): PublishedTree {
  const heldBack: HeldBack = { private: 0, fileUrls: 0, placeUrls: 0 }
  const withheld = new Set<Bookmark>()
  const copies = new Map<Folder, Folder>()
  const copy = (folder: Folder): Folder => ({ ...folder, children: [] })
  const newRoot = copy(root)
  copies.set(root, newRoot)
  const stack: Array<[Folder, Folder]> = [[root, newRoot]]
  const aliases: Array<[Alias, Folder]> = []
  while (stack.length > 0) {
    const [from, to] = stack.pop()!
    for (const child of from.children) {
      if (child.type === 'bookmark') {
        const reason = holdBackReason(child, settings)
        if (reason !== undefined) {
          heldBack[reason]++
          withheld.add(child)
          continue
        }
      }
      if (child.type === 'folder') {
        const folderCopy = copy(child)
        copies.set(child, folderCopy)
        to.children.push(folderCopy)
        stack.push([child, folderCopy])
        continue
      }
      if (child.type === 'alias') aliases.push([child, to])
      to.children.push(child as Node)
    }
  }
  const targets = new Map<Alias, Bookmark | Folder>()
  for (const [alias, parent] of aliases) {
    const target = aliasTargets.get(alias)
    if (target === undefined) continue
    if (target.type === 'bookmark' && withheld.has(target)) {
      parent.children.splice(parent.children.indexOf(alias), 1)
      continue
    }
    targets.set(alias, target.type === 'folder' ? (copies.get(target) ?? target) : target)
  }
  return { root: newRoot, aliasTargets: targets, heldBack }
}
