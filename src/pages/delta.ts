/**
 * What an edit changed in the published tree, when it kept the tree's shape (watch mode). In watch
 * mode an unchanged node is the same object from one build to the next, and a folder is the same
 * object exactly when nothing it holds changed (see `PageMemo`), so the walk goes down only the
 * folders that are new objects: its cost is the size of the folders the edit touched, not of the
 * collection. Pure.
 */
import type { Bookmark, Folder } from '../model/tree.js'

/**
 * An edit that kept the tree's shape: the same folders (by title) and items in the same places,
 * some of them new objects.
 */
export interface ShapeDelta {
  /** Bookmarks that are new objects in the same place: [before, after], in document order. */
  bookmarks: Array<[Bookmark, Bookmark]>
  /** Folders that are new objects in the same place, with the same title: [before, after], parents first. */
  folders: Array<[Folder, Folder]>
}

/**
 * The delta from `before` to `after` when the edit kept the tree's shape; undefined when it did
 * not (an item added, removed or moved, a folder renamed, an alias or an item of another kind in a
 * place), or when more than `limit` bookmarks changed: then what depends on the shape is made anew.
 */
export function shapeDelta(before: Folder, after: Folder, limit = 1000): ShapeDelta | undefined {
  const delta: ShapeDelta = { bookmarks: [], folders: [] }
  if (before === after) return delta
  // Explicit stack: a tree thousands of folders deep must not overflow the call stack.
  const stack: Array<[Folder, Folder]> = [[before, after]]
  while (stack.length > 0) {
    const [old, now] = stack.pop()!
    if (old.title !== now.title || old.children.length !== now.children.length) return undefined
    delta.folders.push([old, now])
    const nested: Array<[Folder, Folder]> = []
    for (let i = 0; i < now.children.length; i++) {
      const a = old.children[i]!
      const b = now.children[i]!
      if (a === b) continue
      if (a.type !== b.type) return undefined
      if (a.type === 'bookmark') {
        delta.bookmarks.push([a, b as Bookmark])
        if (delta.bookmarks.length > limit) return undefined
      } else if (a.type === 'folder') nested.push([a, b as Folder])
      else if (a.type === 'alias') return undefined
    }
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]!)
  }
  return delta
}

/** Whether every pair has the same tags, in the same order. */
export function sameTags(pairs: ReadonlyArray<[Bookmark, Bookmark]>): boolean {
  for (const [a, b] of pairs) {
    if (a.tags.length !== b.tags.length) return false
    for (let i = 0; i < a.tags.length; i++) if (a.tags[i] !== b.tags[i]) return false
  }
  return true
}

/**
 * The change of `list` that puts each pair's second object wherever its first is, to be made once
 * every list concerned is known to take it (several lists change together or not at all);
 * undefined when a first object is not in `list`. In place: no copy of a list of a million.
 */
export function substitution<T>(list: T[], pairs: ReadonlyArray<[T, T]>): (() => void) | undefined {
  const places: Array<[number, T]> = []
  for (const [a, b] of pairs) {
    let index = list.indexOf(a)
    if (index < 0) return undefined
    for (; index >= 0; index = list.indexOf(a, index + 1)) places.push([index, b])
  }
  return () => {
    for (const [index, b] of places) list[index] = b
  }
}
