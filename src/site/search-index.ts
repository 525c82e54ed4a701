/**
 * The prebuilt search index: a MiniSearch index over every published bookmark, serialized with the
 * options the browser needs (fields, search options; the term processing lives in
 * `templates/default/search-terms.js`, which both sides import), plus a compact table of what a
 * result shows: title, link, folder and tags.
 */
import MiniSearch from 'minisearch'
import { FIELDS, INDEX_VERSION, SEARCH_OPTIONS, processTerm, splitUrl } from '../../templates/default/search-terms.js'
import type { Bookmark } from '../model.js'
import { cleanText } from '../render/text.js'

export interface SearchDocumentInput {
  bookmark: Bookmark
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
  folders: Array<{ title: string; name: string; url: string }>
  /** Tag names and page URLs. */
  tags: Array<{ tag: string; url: string }>
}

/** What `search-index.json` holds. */
export interface SearchIndexFile {
  version: number
  options: { fields: readonly string[]; searchOptions: typeof SEARCH_OPTIONS }
  index: unknown
  /** Per document: [title, href or '', folder index, tag indexes]. */
  docs: Array<[string, string, number, number[]]>
  folders: Array<[string, string]>
  tags: Array<[string, string]>
}

interface IndexedDocument {
  id: number
  title: string
  tags: string
  folder: string
  description: string
  host: string
  path: string
}

/** Build the index and its result table. */
export function buildSearchIndex(input: SearchIndexInput): SearchIndexFile {
  const tagIndex = new Map(input.tags.map((entry, index) => [entry.tag, index]))
  const miniSearch = new MiniSearch<IndexedDocument>({
    fields: [...FIELDS],
    storeFields: [],
    processTerm,
  })
  const docs: SearchIndexFile['docs'] = []
  const batch: IndexedDocument[] = []
  input.documents.forEach(({ bookmark, href, folder }, id) => {
    const { host, path } = bookmark.href === undefined ? { host: '', path: '' } : splitUrl(bookmark.href)
    const title = cleanText(bookmark.title)
    batch.push({
      id,
      title,
      tags: bookmark.tags.join(' '),
      folder: input.folders[folder]?.name ?? '',
      description: cleanText(bookmark.description ?? ''),
      host,
      path,
    })
    docs.push([title, href ?? '', folder, bookmark.tags.map((tag) => tagIndex.get(tag) ?? -1)])
  })
  miniSearch.addAll(batch)
  return {
    version: INDEX_VERSION,
    options: { fields: FIELDS, searchOptions: SEARCH_OPTIONS },
    index: miniSearch.toJSON(),
    docs,
    folders: input.folders.map(({ title, url }) => [cleanText(title), url]),
    tags: input.tags.map(({ tag, url }) => [cleanText(tag), url]),
  }
}

/**
 * JSON for a `<script>`-free static file. `<`, U+2028 and U+2029 are escaped anyway, so the same
 * text is also safe if it is ever inlined into a page.
 */
export function serializeSearchIndex(file: SearchIndexFile): string {
  return JSON.stringify(file).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
