/**
 * What the history knows of a bookmark in one version of a file: its URL, title, id, description
 * and folder path — the fields that identify it across versions and whose changes count as edits.
 * The same record is made from a parsed collection (`recordsOf`) and from the fast scanners, so
 * the two can be compared field by field.
 */
import { withoutUserinfo } from '../model/safe-url.js'
import { cleanText } from '../model/text.js'
import type { Bookmark, Folder } from '../model/tree.js'

/** A bookmark as the history sees it. Only bookmarks with a non-empty URL are recorded. */
export interface BookmarkRecord {
  href: string
  title: string
  /** XBEL `id`, Netscape `ALIASID`, else Netscape `ID` (Floccus): stable across versions where present. */
  id: string | undefined
  description: string | undefined
  /** Titles of the folders from the top level down to the bookmark's folder (the root excluded). */
  path: readonly string[]
  /** Netscape `PRIVATE`: never shown on the changes pages. */
  private?: true
}

/** The separator of folder titles in `pathKey` (a control character no title keeps). */
const PATH_SEPARATOR = '\u001f'

/** A string equal for equal folder paths. */
export function pathKey(path: readonly string[]): string {
  return path.join(PATH_SEPARATOR)
}

/**
 * The record of a bookmark read by a parser, or undefined when it has no URL. Its text is as the
 * site shows it, without control characters (`cleanText`; `path`'s folder titles too, see
 * `folderPathTitle`) and its URL without a user name or password (`withoutUserinfo`): versions
 * that differ only in those are the same, and the cache published with the site holds none.
 */
export function recordOfBookmark(bookmark: Bookmark, path: readonly string[]): BookmarkRecord | undefined {
  if (bookmark.href === undefined || bookmark.href === '') return undefined
  const id = bookmarkId(bookmark)
  return {
    href: withoutUserinfo(cleanText(bookmark.href)),
    title: cleanText(bookmark.title),
    id: id === undefined ? undefined : cleanText(id),
    description: bookmark.description === undefined ? undefined : cleanText(bookmark.description),
    path,
    ...(bookmark.private === true ? { private: true as const } : {}),
  }
}

/** A folder's title as a record's `path` holds it (see `recordOfBookmark`). */
export function folderPathTitle(folder: Folder): string {
  return cleanText(folder.title)
}

/** The id that identifies a bookmark across versions: `id`, else an `ID` attribute (any case). */
export function bookmarkId(bookmark: Bookmark): string | undefined {
  if (bookmark.id !== undefined) return bookmark.id
  const attributes = bookmark.attributes
  if (attributes === undefined) return undefined
  for (const name in attributes) {
    if (name.length === 2 && name.toUpperCase() === 'ID') {
      const value = attributes[name]!.trim()
      return value === '' ? undefined : value
    }
  }
  return undefined
}

/** Every bookmark with a URL under `root`, in document order, with its record. */
export function recordsOf(root: Folder): Array<{ bookmark: Bookmark; record: BookmarkRecord }> {
  const result: Array<{ bookmark: Bookmark; record: BookmarkRecord }> = []
  const stack: Array<{ folder: Folder; index: number; path: readonly string[] }> = [
    { folder: root, index: 0, path: [] },
  ]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.index >= top.folder.children.length) {
      stack.pop()
      continue
    }
    const node = top.folder.children[top.index++]!
    if (node.type === 'folder')
      stack.push({ folder: node, index: 0, path: [...top.path, folderPathTitle(node)] })
    else if (node.type === 'bookmark') {
      const record = recordOfBookmark(node, top.path)
      if (record !== undefined) result.push({ bookmark: node, record })
    }
  }
  return result
}

/** Whether two records have the same fields. */
export function sameRecord(a: BookmarkRecord, b: BookmarkRecord): boolean {
  return (
    a.href === b.href &&
    a.title === b.title &&
    a.id === b.id &&
    a.description === b.description &&
    samePath(a.path, b.path)
  )
}

export function samePath(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
