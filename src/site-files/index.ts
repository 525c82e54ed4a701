/**
 * The site-wide files: the search index, the Atom feed, the sitemap and the two exports, built from
 * plain data (no functions, no routes, no hast). Pure: no file system.
 */
import { gzipSync } from 'node:zlib'
import type { Bookmark, Collection } from '../model/tree.js'
import { siteExports } from '../formats/registry.js'
import { feedToXml } from './feed.js'
import type { OutputFile } from '../model/output.js'
import { siteUrls, type SiteUrls } from '../publish/urls.js'
import { SEARCH_DIR } from '../pages/paths.js'
import { searchIndexOutput, type SearchDocumentInput, type SearchIndexInput } from './search/index.js'
import { OPENSEARCH_PATH, openSearchToXml } from './opensearch.js'
import { sitemapToXml } from './sitemap.js'

export interface SiteFilesInput {
  siteTitle: string
  description: string | undefined
  lang: string
  /** Starts and ends with `/`. */
  base: string
  /** Origin of absolute URLs (feed, sitemap). */
  origin: string
  allowFileLinks: boolean
  /** Entries in the Atom feed; 0 for no feed. */
  feedLimit: number
  /** Whether to write `opensearch.xml` (the site's address is known). */
  openSearch: boolean
  /** Every published bookmark in document order: the feed's candidates. */
  bookmarks: Bookmark[]
  /** Each bookmark's folder, by index in `folders`. */
  folderOf: number[]
  /** Indexes of the bookmarks whose link `bookgen check` found dead (search's `is:dead`). */
  dead: number[]
  /**
   * The same bookmarks as the search index's documents, with their clickable URLs and folders
   * (made when first asked for: only the search index needs them).
   */
  readonly documents: SearchDocumentInput[]
  /** Folders by the documents' `folder` index (see `SearchIndexInput`). */
  folders: SearchIndexInput['folders']
  /** Tag names and their page paths below the base. */
  tags: Array<{ tag: string; path: string }>
  /** Every page of the sitemap, as a path below the base (made when first asked for). */
  readonly pages: string[]
  /** The published collection, written as `bookmarks.html` and `bookmarks.xbel`. */
  exportCollection?: Collection | undefined
  /** Whether the exports are written gzipped, as `bookmarks.html.gz` and `bookmarks.xbel.gz`. */
  gzipExports?: boolean | undefined
}

/** Milliseconds spent on the search index and on the other site files. */
export interface SiteFilesTimings {
  search: number
  other: number
}

/** A site file's producer (see `siteFileProducers`): one file, or a directory's files. */
export type Producer = () => OutputFile | OutputFile[]

/** What the search index is built from. */
export function searchIndexInput(site: SiteFilesInput): SearchIndexInput {
  return { documents: site.documents, folders: site.folders, tags: searchTags(site), dead: site.dead }
}

/** The tags as the search index links them: each with its page's URL. */
export function searchTags(site: SiteFilesInput): SearchIndexInput['tags'] {
  const urls = siteUrls(site.base, site.origin)
  return site.tags.map((entry) => ({ tag: entry.tag, url: urls.path(entry.path) }))
}

/**
 * A producer for each site file, by path; a key ending in `/` produces a directory of files
 * together (the search index). Nothing is built until a producer is called, and `data` is asked
 * for only then (watch mode makes the input only when a site file is requested); `shape` says
 * which files there are.
 */
export function siteFileProducers(
  data: SiteFilesInput | (() => SiteFilesInput),
  shape?: {
    feed: boolean
    exports: boolean
    gzipExports?: boolean | undefined
    openSearch?: boolean | undefined
  },
): Map<string, () => OutputFile | OutputFile[]> {
  const input = typeof data === 'function' ? data : () => data
  const {
    feed,
    exports,
    gzipExports = false,
    openSearch = false,
  } = shape ?? {
    feed: input().feedLimit > 0,
    exports: input().exportCollection !== undefined,
    gzipExports: input().gzipExports === true,
    openSearch: input().openSearch,
  }
  let urls: SiteUrls | undefined
  const absolute = (path: string): string => (urls ??= siteUrls(input().base, input().origin)).absolute(path)
  const producers = new Map<string, () => OutputFile | OutputFile[]>()
  producers.set(SEARCH_DIR, () => searchIndexOutput(searchIndexInput(input())))
  if (exports) {
    for (const { siteExport } of siteExports()) {
      const stream = (sink: (chunk: Uint8Array) => void) => siteExport.stream(input().exportCollection!, sink)
      const path = gzipExports ? `${siteExport.path}.gz` : siteExport.path
      producers.set(path, () => (gzipExports ? gzippedFile(path, stream) : streamedFile(path, stream)))
    }
  }
  if (feed) {
    producers.set('feed.xml', () => {
      const site = input()
      return {
        path: 'feed.xml',
        contents: feedToXml({
          title: site.siteTitle,
          description: site.description,
          lang: site.lang,
          siteUrl: absolute(''),
          absolute,
          bookmarks: site.bookmarks,
          limit: site.feedLimit,
          allowFileLinks: site.allowFileLinks,
        }),
      }
    })
  }
  if (openSearch) {
    producers.set(OPENSEARCH_PATH, () => ({
      path: OPENSEARCH_PATH,
      contents: openSearchToXml({ title: input().siteTitle, lang: input().lang, absolute }),
    }))
  }
  producers.set('sitemap.xml', () => ({
    path: 'sitemap.xml',
    contents: sitemapToXml(input().pages.map(absolute)),
  }))
  return producers
}

/**
 * Make the site files of `producers`, in their order, handing each batch (one file, or the search
 * index's directory) to `emit` as soon as it is made, so the caller can pass it on and let it go.
 * Returns the time each kind took, what `emit` did included.
 */
export function runProducers(
  producers: ReadonlyArray<readonly [string, Producer]>,
  emit: (files: OutputFile[]) => void,
): SiteFilesTimings {
  const timings: SiteFilesTimings = { search: 0, other: 0 }
  for (const [key, produce] of producers) {
    const started = performance.now()
    const produced = produce()
    // Timed with what `emit` does: a streamed file (the exports) is made while it is written.
    emit(Array.isArray(produced) ? produced : [produced])
    timings[key === SEARCH_DIR ? 'search' : 'other'] += performance.now() - started
  }
  return timings
}

/** Bytes of a gzipped file compressed in one gzip member: about a megabyte. */
const GZIP_MEMBER_BYTES = 1 << 20

/**
 * A gzipped file written in chunks as `stream` makes its text: the text is compressed a megabyte
 * at a time, each as a gzip member of its own (one after the other they are one gzip file, which
 * gunzip and every unzip tool read whole), so neither the text nor its compressed bytes are ever
 * held whole. Level 6 (zlib's default): the same bytes for the same text, build after build.
 */
function gzippedFile(path: string, stream: (sink: (chunk: Uint8Array) => void) => void): OutputFile {
  const compressed = (sink: (chunk: Uint8Array) => void): void => {
    let pending: Uint8Array[] = []
    let size = 0
    let made = 0
    const flush = (): void => {
      sink(gzipSync(Buffer.concat(pending, size), { level: 6 }))
      made++
      pending = []
      size = 0
    }
    stream((chunk) => {
      pending.push(chunk)
      size += chunk.byteLength
      if (size >= GZIP_MEMBER_BYTES) flush()
    })
    if (size > 0 || made === 0) flush()
  }
  return streamedFile(path, compressed)
}

/** A file written in chunks as `stream` makes them (see `OutputFile.stream`). */
function streamedFile(path: string, stream: (sink: (chunk: Uint8Array) => void) => void): OutputFile {
  let bytes: Uint8Array | undefined
  return {
    path,
    stream,
    get contents(): Uint8Array {
      if (bytes === undefined) {
        const chunks: Uint8Array[] = []
        stream((chunk) => chunks.push(chunk))
        bytes = Buffer.concat(chunks)
      }
      return bytes
    },
  }
}
