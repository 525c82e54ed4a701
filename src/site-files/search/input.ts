/** What the search index is made from: the searchable fields of each bookmark, its folder, the tags. */
import type { Bookmark } from '../../model/tree.js'

/** What the search index reads of a bookmark (a worker thread gets just this, not the whole bookmark). */
export const SEARCHABLE_FIELDS = [
  'title',
  'description',
  'tags',
  'href',
  'added',
  'toRead',
] as const satisfies ReadonlyArray<keyof Bookmark>

export type SearchableBookmark = Pick<Bookmark, (typeof SEARCHABLE_FIELDS)[number]>

/** Searchable bookmarks by column: an array per field copies between threads faster than an object per bookmark. */
export type SearchableColumns = { [K in keyof SearchableBookmark]-?: Array<SearchableBookmark[K]> }

/** Bookmarks' searchable fields, by column. */
export function searchableColumns(bookmarks: readonly SearchableBookmark[]): SearchableColumns {
  const columns: Partial<Record<keyof SearchableBookmark, unknown[]>> = {}
  for (const field of SEARCHABLE_FIELDS) columns[field] = bookmarks.map((bookmark) => bookmark[field])
  return columns as SearchableColumns
}

/** The bookmarks `searchableColumns` was given (their searchable fields). */
export function searchableBookmarks(columns: SearchableColumns): SearchableBookmark[] {
  const count = columns.title.length
  const bookmarks: SearchableBookmark[] = new Array<SearchableBookmark>(count)
  for (let index = 0; index < count; index++) {
    const bookmark: Partial<Record<keyof SearchableBookmark, unknown>> = {}
    for (const field of SEARCHABLE_FIELDS) bookmark[field] = columns[field][index]
    bookmarks[index] = bookmark as SearchableBookmark
  }
  return bookmarks
}

export interface SearchDocumentInput {
  bookmark: SearchableBookmark
  /** The clickable URL, if the bookmark may be a link. */
  href: string | undefined
  /** Index into `folders`. */
  folder: number
}

export interface SearchIndexInput {
  documents: SearchDocumentInput[]
  /**
   * Folders by `folder` index: the path shown with a result ("Development › Web"), the folder's
   * own title (what is indexed, so a search for "web" finds what is filed under Web), and its URL.
   */
  folders: Array<{ title: string; name: string; url: string; parent?: number | undefined }>
  /** Tag names and page URLs. */
  tags: Array<{ tag: string; url: string }>
  /** Indexes of the documents whose link is dead (`is:dead`); none without a link store. */
  dead?: readonly number[] | undefined
}
