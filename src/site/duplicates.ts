/**
 * The same URL bookmarked more than once (in one source or across several). Repeats are always
 * reported; with `dedupe` only the first is published, with the tags of all of them.
 */
import { normalizeTags, walk, type Bookmark, type Folder } from '../model.js'

export interface Duplicate {
  /** The later bookmark. */
  bookmark: Bookmark
  /** The first bookmark with the same URL (document order). */
  first: Bookmark
}

/** The comparison key of a URL: WHATWG-normalized when it parses (host case, default port…). */
export function urlKey(href: string): string {
  try {
    return new URL(href).href
  } catch {
    return href.trim()
  }
}

/** Every bookmark whose URL appeared earlier in the tree (document order). */
export function findDuplicates(root: Folder): Duplicate[] {
  const firsts = new Map<string, Bookmark>()
  const duplicates: Duplicate[] = []
  for (const { node } of walk(root)) {
    if (node.type !== 'bookmark' || node.href === undefined || node.href === '') continue
    const key = urlKey(node.href)
    const first = firsts.get(key)
    if (first === undefined) firsts.set(key, node)
    else duplicates.push({ bookmark: node, first })
  }
  return duplicates
}

/**
 * Remove the later bookmarks of each URL from the tree (in place: the tree must be the site's own
 * copy, see `filterForPublishing`); the first is replaced by a copy carrying the tags of all.
 * Bookmark objects themselves are never changed, so a cached source can be built again.
 */
export function removeDuplicates(root: Folder, duplicates: readonly Duplicate[]): void {
  if (duplicates.length === 0) return
  const drop = new Set<Bookmark>()
  const merged = new Map<Bookmark, Bookmark>()
  for (const { bookmark, first } of duplicates) {
    drop.add(bookmark)
    const copy = merged.get(first) ?? { ...first }
    copy.tags = normalizeTags([...copy.tags, ...bookmark.tags])
    merged.set(first, copy)
  }
  const stack: Folder[] = [root]
  while (stack.length > 0) {
    const folder = stack.pop()!
    if (folder.children.some((child) => child.type === 'bookmark' && (drop.has(child) || merged.has(child)))) {
      folder.children = folder.children
        .filter((child) => !(child.type === 'bookmark' && drop.has(child)))
        .map((child) => (child.type === 'bookmark' ? (merged.get(child) ?? child) : child))
    }
    for (const child of folder.children) if (child.type === 'folder') stack.push(child)
  }
}
