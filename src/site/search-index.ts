/**
 * The prebuilt search index: MiniSearch's model of every published bookmark (its terms, field
 * lengths and statistics), written as files the
 * browser downloads piece by piece (`templates/default/search-engine.js` reads it):
 *
 * - `index.json`: version, document count, average field lengths, the per-document lengths of the
 *   fields whose length ranks (title, description, path), the first term of every term shard;
 * - `t<N>.json`: term shards, contiguous slices of the sorted term list of about
 *   {@link SHARD_BYTES} each, with gap-encoded postings, so a query downloads only the shards its
 *   words (or the word being typed, as a prefix) can be in;
 * - `d<N>.json`: what results show (title, link, folder path, tags), {@link CHUNK_SIZE} documents
 *   per file, so showing twenty results downloads at most twenty small files.
 *
 * `index.json` is `assets/search/index.json`; the shards and chunks live below `assets/search/<id>/`,
 * `<id>` a hash of their content named by the meta, so a browser that cached pieces of an older
 * site never mixes them with new ones. The term processing lives in
 * `templates/default/search-terms.js`, which the build and the browser both import.
 */
import { createHash } from 'node:crypto'
import {
  FIELDS,
  INDEX_VERSION,
  LENGTH_FIELDS,
  MAX_FIELD_LENGTH,
  processTerm,
  splitUrl,
  tokenize,
} from '../../templates/default/search-terms.js'
import type { Bookmark } from '../model.js'
import { cleanText } from '../render/text.js'

/** Field ids by name. */
const FIELD = Object.fromEntries(FIELDS.map((field, index) => [field, index])) as Record<
  'title' | 'tags' | 'folder' | 'description' | 'host' | 'path',
  number
>

/** Target size of a term shard's JSON, before compression (gzip takes it to about a third). */
export const SHARD_BYTES = 48 * 1024
/** Documents per result chunk. */
export const CHUNK_SIZE = 32
/** Where the index directories live, below the base. */
export const SEARCH_DIR = 'assets/search/'

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

/** `index.json`. */
export interface SearchIndexMeta {
  version: number
  id: string
  count: number
  fields: readonly string[]
  /** Average length per field (1 for fields whose length does not rank). */
  average: number[]
  /** Per field: every document's length (capped at MAX_FIELD_LENGTH), or 0 when it does not rank. */
  lengths: Array<number[] | 0>
  /** First term of each shard. */
  shards: string[]
  chunk: number
  chunks: number
}

/** One result chunk. */
export interface SearchChunk {
  /** [title, href or '', folder (index into folders), tags (indexes into tags)] */
  docs: Array<[string, string, number, number[]]>
  /** [path, url] */
  folders: Array<[string, string]>
  /** [tag, url] */
  tags: Array<[string, string]>
}

export interface SearchShard {
  terms: string[]
  postings: number[][]
}

export interface SearchIndexFiles {
  meta: SearchIndexMeta
  /** Path of the meta file below the base. */
  metaPath: string
  /** Every file, paths below the base, contents serialized. */
  files: Array<{ path: string; contents: string }>
}

/** One term's postings while indexing: per field, ascending document ids and their frequencies. */
type TermPostings = Array<{ ids: number[]; frequencies: number[] } | undefined>

/**
 * Build the index and its files. Terms, field lengths and statistics follow MiniSearch's `add`
 * exactly (same tokenizer and term processing; a field's length is its number of distinct
 * tokens), so the browser's scoring is MiniSearch's; the tests compare the two.
 */
export function buildSearchIndex(input: SearchIndexInput, options: { shardBytes?: number } = {}): SearchIndexFiles {
  const shardBytes = options.shardBytes ?? SHARD_BYTES
  const count = input.documents.length
  const ranked = new Set(LENGTH_FIELDS)
  const lengths: SearchIndexMeta['lengths'] = FIELDS.map((field) => (ranked.has(field) ? new Array<number>(count).fill(0) : 0))
  const postings = new Map<string, TermPostings>()
  const values = new Array<string>(FIELDS.length)
  input.documents.forEach(({ bookmark, folder }, id) => {
    const { host, path } = bookmark.href === undefined ? { host: '', path: '' } : splitUrl(bookmark.href)
    values[FIELD.title] = cleanText(bookmark.title)
    values[FIELD.tags] = bookmark.tags.join(' ')
    values[FIELD.folder] = input.folders[folder]?.name ?? ''
    values[FIELD.description] = cleanText(bookmark.description ?? '')
    values[FIELD.host] = host
    values[FIELD.path] = path
    for (let fieldId = 0; fieldId < FIELDS.length; fieldId++) {
      const field = FIELDS[fieldId]!
      const tokens = tokenize(values[fieldId]!)
      const column = lengths[fieldId]
      if (column !== 0 && column !== undefined) column[id] = Math.min(MAX_FIELD_LENGTH, new Set(tokens).size)
      for (const token of tokens) {
        const term = processTerm(token, field)
        if (!term) continue
        let entry = postings.get(term)
        if (entry === undefined) {
          entry = []
          postings.set(term, entry)
        }
        let list = entry[fieldId]
        if (list === undefined) {
          list = { ids: [], frequencies: [] }
          entry[fieldId] = list
        }
        const last = list.ids.length - 1
        if (last >= 0 && list.ids[last] === id) list.frequencies[last]!++
        else {
          list.ids.push(id)
          list.frequencies.push(1)
        }
      }
    }
  })
  const average = FIELDS.map((_field, fieldId) => {
    const column = lengths[fieldId]
    if (column === 0 || column === undefined || count === 0) return 1
    let sum = 0
    for (const length of column) sum += length
    return sum / count || 1
  })

  // Terms in code-unit order, the order `<` compares in the browser.
  const sortedTerms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const shards: SearchShard[] = []
  const starts: string[] = []
  let current: SearchShard = { terms: [], postings: [] }
  let bytes = 0
  for (const term of sortedTerms) {
    const encoded = encodePostings(postings.get(term)!)
    postings.delete(term)
    const size = term.length + 4 + encoded.length * 3
    if (bytes > 0 && bytes + size > shardBytes) {
      shards.push(current)
      current = { terms: [], postings: [] }
      bytes = 0
    }
    if (current.terms.length === 0) starts.push(term)
    current.terms.push(term)
    current.postings.push(encoded)
    bytes += size
  }
  if (current.terms.length > 0 || shards.length === 0) {
    if (current.terms.length === 0) starts.push('')
    shards.push(current)
  }
  const chunks: SearchChunk[] = []
  const tagUrls = new Map(input.tags.map((entry) => [entry.tag, entry.url]))
  for (let start = 0; start < count; start += CHUNK_SIZE) {
    chunks.push(chunkOf(input, tagUrls, start, Math.min(count, start + CHUNK_SIZE)))
  }

  const bodies = [
    ...shards.map((shard, index) => ({ name: `t${index}.json`, contents: serializeJson(shard) })),
    ...chunks.map((chunk, index) => ({ name: `d${index}.json`, contents: serializeJson(chunk) })),
  ]
  const hash = createHash('sha256')
  hash.update(`${INDEX_VERSION}\u0000${starts.join('\u0000')}\u0000${JSON.stringify(lengths)}`)
  for (const body of bodies) hash.update(body.contents)
  const id = hash.digest('base64url').slice(0, 12)
  const directory = `${SEARCH_DIR}${id}/`
  const meta: SearchIndexMeta = {
    version: INDEX_VERSION,
    id,
    count,
    fields: FIELDS,
    average,
    lengths,
    shards: starts,
    chunk: CHUNK_SIZE,
    chunks: chunks.length,
  }
  const metaPath = `${SEARCH_DIR}index.json`
  return {
    meta,
    metaPath,
    files: [
      { path: metaPath, contents: serializeJson(meta) },
      ...bodies.map((body) => ({ path: `${directory}${body.name}`, contents: body.contents })),
    ],
  }
}

/** Postings as `[fieldId, n, gap, (-frequency), gap, …]` per field (see search-engine.js). */
function encodePostings(fields: TermPostings): number[] {
  const out: number[] = []
  fields.forEach((list, fieldId) => {
    if (list === undefined) return
    out.push(fieldId, list.ids.length)
    let previous = -1
    list.ids.forEach((id, index) => {
      out.push(id - previous)
      const frequency = list.frequencies[index]!
      if (frequency > 1) out.push(-frequency)
      previous = id
    })
  })
  return out
}

/** What results show for documents [start, end), with the folders and tags they name. */
function chunkOf(input: SearchIndexInput, tagUrls: ReadonlyMap<string, string>, start: number, end: number): SearchChunk {
  const chunk: SearchChunk = { docs: [], folders: [], tags: [] }
  const folders = new Map<number, number>()
  const tags = new Map<string, number>()
  for (let id = start; id < end; id++) {
    const { bookmark, href, folder } = input.documents[id]!
    let folderIndex = folders.get(folder)
    if (folderIndex === undefined) {
      const entry = input.folders[folder]
      folderIndex = chunk.folders.length
      folders.set(folder, folderIndex)
      chunk.folders.push([cleanText(entry?.title ?? ''), entry?.url ?? ''])
    }
    const tagIndexes: number[] = []
    for (const tag of bookmark.tags) {
      const url = tagUrls.get(tag)
      if (url === undefined) continue
      let tagIndex = tags.get(tag)
      if (tagIndex === undefined) {
        tagIndex = chunk.tags.length
        tags.set(tag, tagIndex)
        chunk.tags.push([cleanText(tag), url])
      }
      tagIndexes.push(tagIndex)
    }
    chunk.docs.push([cleanText(bookmark.title), href ?? '', folderIndex, tagIndexes])
  }
  return chunk
}

/**
 * JSON for a static file. `<`, U+2028 and U+2029 are escaped anyway, so the same text is also safe
 * if it is ever inlined into a page.
 */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
