/** What the search index is made from: the searchable fields of each bookmark, its folder, the tags. */
import type { Bookmark } from '../../model/tree.js'

/** What the search index reads of a bookmark. */
export type SearchableBookmark = Pick<
  Bookmark,
  'title' | 'description' | 'tags' | 'href' | 'added' | 'toRead' | 'icon'
>

export interface SearchDocumentInput {
  bookmark: SearchableBookmark
  /** The clickable URL, if the bookmark may be a link. */
  href: string | undefined
  /** Index into `folders`. */
  folder: number
  /** Its stored favicon's file name in `assets/icons/`, if it has one. */
  icon?: string | undefined
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
