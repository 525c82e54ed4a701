/**
 * Copies of source nodes made for the published tree (a folder without its held-back bookmarks, a
 * bookmark carrying the tags of its repeats, or, for the exports, without its command lines,
 * unknown attributes or unsafe URLs). A copy reads `place` through to its source: watch
 * mode keeps copies from one build to the next while their source is unchanged, and a source
 * node's place moves when lines are added above it (see `sources/incremental.ts`).
 */
import type { Bookmark, Folder } from '../model/tree.js'

/** `folder` with other children (and fields the exports change); fields (and their order) otherwise as in `folder`. */
export function copyFolder(
  folder: Folder,
  children: Folder['children'],
  changes: Pick<Partial<Folder>, 'attributes' | 'info' | 'icon' | 'iconUri'> = {},
): Folder {
  return linkPlace(withoutUndefined({ ...folder, children, ...changes }, changes), folder)
}

/** `bookmark` with some fields changed; fields (and their order) otherwise as in `bookmark`. */
export function copyBookmark(
  bookmark: Bookmark,
  changes: Pick<
    Partial<Bookmark>,
    'href' | 'tags' | 'applications' | 'attributes' | 'info' | 'icon' | 'iconUri' | 'feedUrl' | 'desktopIcon'
  >,
): Bookmark {
  return linkPlace(withoutUndefined({ ...bookmark, ...changes }, changes), bookmark)
}

/** Fields a change sets to `undefined` (all attributes left out, say) are left out altogether. */
function withoutUndefined<T extends Folder | Bookmark>(copy: T, changes: object): T {
  for (const [field, value] of Object.entries(changes))
    if (value === undefined) delete (copy as unknown as Record<string, unknown>)[field]
  return copy
}

/** Whether two lists hold the same items in the same order: whether a copy kept from the last build still fits. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function linkPlace<T extends Folder | Bookmark>(copy: T, source: T): T {
  if (source.place === undefined) return copy
  // Redefining keeps the key where the spread put it, so the copy's fields stay in source order.
  Object.defineProperty(copy, 'place', { get: () => source.place, enumerable: true, configurable: true })
  return copy
}
