/**
 * Where the pages of a paginated folder or tag go, and how many there are: shared by the page
 * producers and by the sitemap's list of pages (see `kinds.ts`). Pure.
 */
import type { Folder } from '../model/tree.js'

/** Where the search index's folders live, below the base: the search page loads it from there. */
export const SEARCH_DIR = 'assets/search/'

/** Path of page `number` of a folder or tag (`page/2/` below it from the second page on). */
export function pagePath(path: string, number: number): string {
  return number === 1 ? path : `${path}page/${number}/`
}

export function pageCount(entries: number, pageSize: number): number {
  return Math.max(1, Math.ceil(entries / pageSize))
}

/** Entries on a folder page: bookmarks and aliases (separators do not count). */
export function entryCount(folder: Folder): number {
  let count = 0
  for (const child of folder.children) if (child.type === 'bookmark' || child.type === 'alias') count++
  return count
}

/** Split items into pages of `pageSize` entries; separators travel with the entries around them. */
export function paginate<T>(
  items: readonly (T | 'separator')[],
  pageSize: number,
): Array<Array<T | 'separator'>> {
  const pages: Array<Array<T | 'separator'>> = [[]]
  let count = 0
  for (const item of items) {
    if (item !== 'separator') {
      if (count === pageSize) {
        pages.push([])
        count = 0
      }
      count++
    }
    pages[pages.length - 1]!.push(item)
  }
  return pages
}

/** Path of the archive by date added (`archive/<year>/` below it), below the base. */
export const ARCHIVE_PATH = 'archive/'

/** Path of the page with the whole folder tree, below the base. */
export const TREE_PATH = 'folders/'
