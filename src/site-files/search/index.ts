/**
 * The prebuilt search index: MiniSearch's model of every published bookmark (its terms, field
 * lengths and statistics), written as files the
 * browser downloads piece by piece (`templates/default/search-engine.js` reads it):
 *
 * - `index.json`: version, document count, average field lengths, the first term of every term
 *   shard: small, so that a query of operators only (`#tag`) downloads little before its filter;
 * - `t<N>.json`: term shards, contiguous slices of the sorted term list of about
 *   {@link SHARD_BYTES} each, so a query downloads only the shards its words (or the word being
 *   typed, as a prefix) can be in. A term's postings are its documents best first, each with the
 *   term's score in it (worked out here, where every field length is known: see `scoreLevel`),
 *   grouped by score, ids gap-encoded within a group; a term in more than {@link HEAD_DOCS}
 *   documents keeps its best {@link HEAD_DOCS} in the shard and the rest in `t<N>-<P>.json`
 *   (`P` its position in the shard, listed in the shard's `more`), which the browser downloads
 *   only when the best ones cannot settle a query;
 * - `d<N>.json`: what results show (title, link, folder path, tags) and each one's year, which
 *   the facets of a search with few hits count from its chunks, {@link CHUNK_SIZE} documents
 *   per file, so showing twenty results downloads at most twenty small files; each chunk lists
 *   the folders and tags its documents name once, a folder below another as its name and the
 *   rest of its URL, a tag as its name when its page is `<tagDir><name>/` (see `chunkFolder` and
 *   `chunkTag` in search-terms.js);
 * - `tags.json`, `hosts.json` (and their parts), `folders.json`, `dates.json`, `years.json`,
 *   `flags.json`: what the query operators and the facets read of every document, one kind per
 *   file (see `filters.ts`).
 *
 * `index.json` is `assets/search/index.json`; the shards and chunks live below `assets/search/<id>/`,
 * `<id>` a hash of their content named by the meta, so a browser that cached pieces of an older
 * site never mixes them with new ones. The term processing lives in
 * `templates/default/search-terms.js`, which the build and the browser both import.
 */
import { createHash } from 'node:crypto'
import { FIELDS, INDEX_VERSION, LENGTH_FIELDS, MAX_FIELD_LENGTH, resultRecord, splitUrl } from '#search-terms'
import { SEARCH_DIR } from '../../pages/paths.js'
import { cleanText } from '../../render/text.js'
import { filterFiles } from './filters.js'
import type { SearchIndexInput } from './input.js'
export { type SearchableBookmark, type SearchDocumentInput, type SearchIndexInput } from './input.js'
import { escapeJson, serializeJson } from '../../model/json.js'
import { AsciiWriter, COMMA, FIELD, PostingsBuilder, type ScoreStats } from './postings.js'
import { plainHttpUrl } from '../../model/urls.js'
import { splitPlainHttpUrl, writePathWords } from './urls.js'

/** Target size of a term shard's JSON, before compression (gzip takes it to about a third). */
export const SHARD_BYTES = 48 * 1024
/**
 * Documents a term keeps in its shard, its best: a word in more of them (a common word at a
 * million bookmarks is in hundreds of thousands) has the rest in a file of its own.
 */
export const HEAD_DOCS = 4096
/** Documents per result chunk. */
export const CHUNK_SIZE = 32

/** Per field: every document's length (capped at MAX_FIELD_LENGTH), or 0 when it does not rank. */
export type FieldLengths = Array<number[] | 0>

/** `index.json`. */
export interface SearchIndexMeta {
  version: number
  id: string
  count: number
  fields: readonly string[]
  /** Average length per field (1 for fields whose length does not rank). */
  average: number[]
  /** First term of each shard. */
  shards: string[]
  chunk: number
  chunks: number
  /** Average bytes of a result chunk (before compression): what counting facets from hits costs. */
  chunkBytes: number
  /** Flags the site publishes, for `is:` (see `filters.ts`). */
  flags: string[]
  /** Bytes the facets download (their filter files, before compression). */
  facetBytes: number
  /** Where the tag pages are (`/base/tags/`): a chunk's tags are named below it (see `chunkTag`). */
  tagDir: string
}

/** One result chunk. */
export interface SearchChunk {
  /** Each document's result, as `resultRecord` writes it. */
  docs: Array<ReturnType<typeof resultRecord>>
  /** `[path, url]`, or `[name, rest of the URL, parent]` (see `chunkFolder`). */
  folders: Array<[string, string] | [string, string, number]>
  /** The tag, or `[tag, its URL after tagDir]` (see `chunkTag`). */
  tags: Array<string | [string, string]>
  /** Each document's year added (0 without a date before 1970 or none), for the year facet. */
  years: number[]
}

export interface SearchShard {
  terms: string[]
  /** Each term's postings (its best documents) as digits (`decodePostings`, search-terms.js). */
  postings: string[]
  /** `[position, documents, …]`: the terms with more documents in `t<N>-<position>.json`, and how many. */
  more: number[]
}

/** The rest of a term's postings (`t<N>-<P>.json`). */
export interface SearchTail {
  postings: string
}

export interface SearchIndexFiles {
  meta: SearchIndexMeta
  /** The field lengths the scores were worked out from (not a file: the scores are in the postings). */
  lengths: FieldLengths
  /** Path of the meta file below the base. */
  metaPath: string
  /** Every file, paths below the base, contents serialized. */
  files: Array<{ path: string; contents: string }>
}

/**
 * Build the index and its files. Terms, field lengths and statistics follow MiniSearch's `add`
 * exactly (same tokenizer and term processing; a field's length is its number of distinct
 * tokens), so the browser's scoring is MiniSearch's; the tests compare the two.
 */
export function buildSearchIndex(
  input: SearchIndexInput,
  options: { shardBytes?: number; headDocs?: number } = {},
): SearchIndexFiles {
  const sizes = { shardBytes: options.shardBytes ?? SHARD_BYTES, headDocs: options.headDocs ?? HEAD_DOCS }
  return makeSearchIndex(input, sizes, (text) => text) as SearchIndexFiles
}

/** How the term list is cut: bytes per shard, documents a term keeps in its shard. */
export interface IndexSizes {
  shardBytes: number
  headDocs: number
}

const SIZES: IndexSizes = { shardBytes: SHARD_BYTES, headDocs: HEAD_DOCS }

/**
 * The index's files for a build: the same as `buildSearchIndex`'s, with the shards and chunks kept
 * as UTF-8 from the moment each is made. They are all held until the last is made (the folder is
 * named by their hash): 178 MB of text at a million bookmarks, in two bytes per character wherever
 * a chunk has one emoji.
 */
export function searchIndexOutput(
  input: SearchIndexInput,
): Array<{ path: string; contents: string | Uint8Array }> {
  return makeSearchIndex(input, SIZES, (text) => UTF8.encode(text)).files
}

function makeSearchIndex(
  input: SearchIndexInput,
  sizes: IndexSizes,
  keep: (text: string) => string | Uint8Array,
): Omit<SearchIndexFiles, 'files'> & { files: Array<{ path: string; contents: string | Uint8Array }> } {
  const parts = searchIndexParts(input, sizes, keep)
  const bodies: IndexBody[] = []
  let step = parts.next()
  for (; step.done !== true; step = parts.next()) bodies.push(step.value)
  const { meta, lengths, metaFile } = step.value
  const directory = `${SEARCH_DIR}${meta.id}/`
  return {
    meta,
    lengths,
    metaPath: metaFile.path,
    files: [
      metaFile,
      ...bodies.map((body) => ({ path: `${directory}${body.name}`, contents: body.contents })),
    ],
  }
}

/** What `searchIndexParts` returns once every file of the index directory is made. */
export interface SearchIndexEnd {
  meta: SearchIndexMeta
  lengths: FieldLengths
  /** `index.json`, which names the directory (`meta.id`, a hash of every file in it). */
  metaFile: { path: string; contents: string }
}

/**
 * The index's files one at a time, as each is made: first the term shards (each followed by the
 * rest of its common terms' postings), then the result chunks and the filter files, each `{name, contents}` in the index directory, whose
 * name (a hash of them all) is known only at the end, with the meta file that names it. A build
 * writes each file as it comes (into a folder it renames at the end) rather than holding them all:
 * 325 MB at a million bookmarks.
 */
export function* searchIndexParts(
  input: SearchIndexInput,
  sizes: IndexSizes = SIZES,
  keep: (text: string) => string | Uint8Array = (text) => text,
): Generator<IndexBody, SearchIndexEnd> {
  const count = input.documents.length
  const postings = new PostingsBuilder(count)
  const lengths = indexDocuments(input, postings)
  const average = FIELDS.map((_field, fieldId) => {
    const column = lengths[fieldId]
    if (column === 0 || column === undefined || count === 0) return 1
    let sum = 0
    for (const length of column) sum += length
    return sum / count || 1
  })
  // Terms in code-unit order, the order `<` compares in the browser (and the order of `sort()`
  // without a comparator, which compares strings by code units too, without calling back into JS).
  const sortedTerms = postings.terms.slice().sort()
  const { bounds, ids } = shardBounds(sortedTerms, postings, sizes)
  const starts = bounds.length === 0 ? [''] : bounds.map((bound) => sortedTerms[bound]!)
  // The hash covers the shards' first terms, then every file after them, in order: the shards'
  // bounds are worked out first, so each file can go as soon as it is hashed.
  const hash = createHash('sha256')
  hash.update(`${INDEX_VERSION}\u0000${starts.join('\u0000')}`)
  const hashed = (body: IndexBody): IndexBody => {
    hash.update(body.contents)
    return body
  }
  // Each shard and chunk is serialized as soon as it is complete, so that its pieces die young.
  const stats = { count, lengths, average }
  for (const body of shardFiles(sortedTerms, ids, bounds, postings, {
    stats,
    headDocs: sizes.headDocs,
    keep,
  }))
    yield hashed(body)
  let chunks = 0
  let chunkBytes = 0
  const tagDir = tagDirectory(input.tags)
  for (const body of chunkFiles(input, tagDir, keep)) {
    chunks++
    chunkBytes += typeof body.contents === 'string' ? Buffer.byteLength(body.contents) : body.contents.length
    yield hashed(body)
  }
  chunkBytes = Math.round(chunkBytes / Math.max(1, chunks))
  const filters = filterFiles(input)
  for (const file of filters.files) yield hashed({ name: `${file.name}.json`, contents: file.contents })

  const id = hash.digest('base64url').slice(0, 12)
  const meta: SearchIndexMeta = {
    version: INDEX_VERSION,
    id,
    count,
    fields: FIELDS,
    average,
    shards: starts,
    chunk: CHUNK_SIZE,
    chunks,
    chunkBytes,
    flags: filters.flags,
    facetBytes: filters.facetBytes,
    tagDir,
  }
  const metaJson = `{"version":${INDEX_VERSION},"id":${JSON.stringify(id)},"count":${count},"fields":${JSON.stringify(FIELDS)},"average":${JSON.stringify(average)},"shards":${JSON.stringify(starts)},"chunk":${CHUNK_SIZE},"chunks":${chunks},"chunkBytes":${chunkBytes},"flags":${JSON.stringify(filters.flags)},"facetBytes":${filters.facetBytes},"tagDir":${JSON.stringify(tagDir)}}`
  return { meta, lengths, metaFile: { path: `${SEARCH_DIR}index.json`, contents: escapeJson(metaJson) } }
}

/** A file of the index directory: its name and contents. */
export interface IndexBody {
  name: string
  contents: string | Uint8Array
}

const UTF8 = new TextEncoder()

/** Add every document to `postings`; returns the field lengths (see `FieldLengths`). */
function indexDocuments(input: SearchIndexInput, postings: PostingsBuilder): FieldLengths {
  const count = input.documents.length
  const ranked = new Set(LENGTH_FIELDS)
  const lengths: FieldLengths = FIELDS.map((field) =>
    ranked.has(field) ? new Array<number>(count).fill(0) : 0,
  )
  const titles = lengths[FIELD.title] as number[]
  const descriptions = lengths[FIELD.description] as number[]
  const paths = lengths[FIELD.path] as number[]
  for (let id = 0; id < count; id++) {
    const { bookmark, folder } = input.documents[id]!
    titles[id] = Math.min(MAX_FIELD_LENGTH, postings.add(id, FIELD.title, cleanText(bookmark.title)))
    descriptions[id] = Math.min(
      MAX_FIELD_LENGTH,
      postings.add(id, FIELD.description, cleanText(bookmark.description ?? '')),
    )
    // MiniSearch indexes the tags joined by spaces: the same tokens as each tag's, in the same order.
    for (const tag of bookmark.tags) postings.addLabel(id, FIELD.tags, tag)
    postings.addLabel(id, FIELD.folder, input.folders[folder]?.name ?? '')
    const href = bookmark.href
    const plain = href === undefined ? null : plainHttpUrl(href)
    const pathLength = plain === null ? -1 : writePathWords(plain, postings.textBuffer(href!.length + 1))
    if (pathLength >= 0) {
      // A plain URL (nearly all): its path words go from the URL straight into the tokenizer.
      paths[id] = Math.min(MAX_FIELD_LENGTH, postings.addBytes(id, FIELD.path, pathLength))
      postings.addPlainHost(id, plain![1]!)
    } else {
      // No URL, another kind of URL, or a plain one whose path words have a `%` (to decode).
      const { host, path } =
        href === undefined
          ? { host: '', path: '' }
          : plain === null
            ? splitUrl(href)
            : splitPlainHttpUrl(plain)
      paths[id] = Math.min(MAX_FIELD_LENGTH, postings.add(id, FIELD.path, path))
      postings.addLabel(id, FIELD.host, host)
    }
  }
  return lengths
}

/**
 * Where the term shards start: contiguous slices of the sorted terms of about `shardBytes` each
 * (the index in `sorted` of each one's first term; none when there is no term), and each term's id.
 */
function shardBounds(
  sorted: readonly string[],
  postings: PostingsBuilder,
  { shardBytes, headDocs }: IndexSizes,
): { bounds: number[]; ids: Int32Array } {
  const bounds: number[] = []
  const ids = new Int32Array(sorted.length)
  let bytes = 0
  for (let index = 0; index < sorted.length; index++) {
    const term = sorted[index]!
    const termId = postings.idOf(term)
    ids[index] = termId
    // About two characters a document (most gaps are below 1,024), its best `headDocs` only.
    const size = term.length + 6 + Math.min(headDocs, postings.documentEstimate(termId)) * 2
    if (bytes > 0 && bytes + size > shardBytes) bytes = 0
    if (bytes === 0) bounds.push(index)
    bytes += size
  }
  return { bounds, ids }
}

/**
 * The term shards (see `shardBounds`; one empty shard when there is no term), each followed by the
 * rest of the postings of its terms in more than `headDocs` documents. The postings are written as
 * text (see `PostingsBuilder.writeRanked`): millions of small numbers, which as arrays for
 * JSON.stringify would cost more to build than to serialize, and in base 32 as strings, a little
 * over half their JSON size.
 */
function* shardFiles(
  sorted: readonly string[],
  ids: Int32Array,
  bounds: readonly number[],
  postings: PostingsBuilder,
  options: { stats: ScoreStats; headDocs: number; keep: (text: string) => string | Uint8Array },
): Generator<IndexBody> {
  const { stats, headDocs, keep } = options
  const shardPostings = new AsciiWriter()
  const tail = new AsciiWriter()
  const ends = bounds.length === 0 ? [0] : [...bounds.slice(1), sorted.length]
  for (let shard = 0; shard < ends.length; shard++) {
    const from = bounds[shard] ?? 0
    const more: number[] = []
    const tails: IndexBody[] = []
    for (let index = from; index < ends[shard]!; index++) {
      if (index > from) shardPostings.byte(COMMA)
      const keys = postings.rank(ids[index]!, stats)
      const head = Math.min(headDocs, keys.length)
      postings.writeRanked(keys, 0, head, shardPostings)
      if (head === keys.length) continue
      more.push(index - from, keys.length - head)
      postings.writeRanked(keys, head, keys.length, tail)
      tails.push({ name: `t${shard}-${index - from}.json`, contents: keep(`{"postings":${tail.text()}}`) })
      tail.clear()
    }
    // Exactly `serializeJson({terms, postings, more})`: the postings are strings of letters, digits, `-` and `_`.
    const contents = `{"terms":${serializeJson(sorted.slice(from, ends[shard]))},"postings":[${shardPostings.text()}],"more":[${more.join(',')}]}`
    shardPostings.clear()
    yield { name: `t${shard}.json`, contents: keep(contents) }
    yield* tails
  }
}

/**
 * The folder every tag page is in (`/base/tags/`), so that chunks name a tag's page by what follows
 * it; `''` when the tags' URLs share none.
 */
function tagDirectory(tags: SearchIndexInput['tags']): string {
  let directory: string | undefined
  for (const { url } of tags) {
    const own = url.slice(0, url.lastIndexOf('/', url.length - 2) + 1)
    if (directory === undefined) directory = own
    else if (directory !== own) return ''
  }
  return directory ?? ''
}

/** The result chunks, `d0.json` on. */
function* chunkFiles(
  input: SearchIndexInput,
  tagDir: string,
  keep: (text: string) => string | Uint8Array,
): Generator<IndexBody> {
  const count = input.documents.length
  const tagUrls = new Map(input.tags.map((entry) => [entry.tag, entry.url]))
  const folderOf = chunkFolders(input)
  let chunks = 0
  for (let start = 0; start < count; start += CHUNK_SIZE) {
    const chunk = chunkOf(input, tagUrls, tagDir, folderOf, start, Math.min(count, start + CHUNK_SIZE))
    yield { name: `d${chunks++}.json`, contents: keep(serializeJson(chunk)) }
  }
}

/**
 * A folder as the chunks list it: its name below its parent's and its URL below the parent's, or,
 * where it has no parent or they are not made from the parent's, its whole path and URL.
 */
type ChunkFolder =
  { parent: number; name: string; rest: string } | { parent: undefined; path: string; url: string }

/**
 * Each folder as the chunks list it (`ChunkFolder`), worked out once for all of them. Each chunk
 * lists the folders of its bookmarks with their ancestors: worked out again in every chunk, a
 * 100k-bookmark tree 200 folders deep (whose paths grow with their depth) took 2.1 s.
 */
function chunkFolders(input: SearchIndexInput): (folder: number) => ChunkFolder {
  const made: Array<ChunkFolder | undefined> = []
  return (folder) => {
    let known = made[folder]
    if (known !== undefined) return known
    const entry = input.folders[folder]
    const path = cleanText(entry?.title ?? '')
    const url = entry?.url ?? ''
    const parentId = entry?.parent === undefined || entry.parent < 0 ? undefined : entry.parent
    const parent = parentId === undefined ? undefined : input.folders[parentId]
    const above = parent === undefined ? undefined : cleanText(parent.title)
    const name =
      above === undefined
        ? undefined
        : above === ''
          ? path
          : path.startsWith(`${above} › `)
            ? path.slice(above.length + 3)
            : undefined
    known =
      parent !== undefined && name !== undefined && url.startsWith(parent.url) && url !== parent.url
        ? { parent: parentId!, name, rest: url.slice(parent.url.length) }
        : { parent: undefined, path, url }
    made[folder] = known
    return known
  }
}

/** What results show for documents [start, end), with the folders and tags they name. */
function chunkOf(
  input: SearchIndexInput,
  tagUrls: ReadonlyMap<string, string>,
  tagDir: string,
  folderOf: (folder: number) => ChunkFolder,
  start: number,
  end: number,
): SearchChunk {
  const chunk: SearchChunk = { docs: [], folders: [], tags: [], years: [] }
  const folders = new Map<number, number>()
  const tags = new Map<string, number>()
  /** The chunk's index of folder `folder`, added with its ancestors (see `chunkFolder`). */
  const folderIndexOf = (folder: number): number => {
    let index = folders.get(folder)
    if (index !== undefined) return index
    const known = folderOf(folder)
    if (known.parent !== undefined) {
      const parentIndex = folderIndexOf(known.parent)
      index = chunk.folders.length
      chunk.folders.push([known.name, known.rest, parentIndex])
    } else {
      index = chunk.folders.length
      chunk.folders.push([known.path, known.url])
    }
    folders.set(folder, index)
    return index
  }
  for (let id = start; id < end; id++) {
    const { bookmark, href, folder, icon } = input.documents[id]!
    const folderIndex = folderIndexOf(folder)
    const tagIndexes: number[] = []
    for (const tag of bookmark.tags) {
      const url = tagUrls.get(tag)
      if (url === undefined) continue
      let tagIndex = tags.get(tag)
      if (tagIndex === undefined) {
        tagIndex = chunk.tags.length
        tags.set(tag, tagIndex)
        const name = cleanText(tag)
        const rest = url.slice(tagDir.length)
        chunk.tags.push(rest === `${name}/` ? name : [name, rest])
      }
      tagIndexes.push(tagIndex)
    }
    chunk.docs.push(
      resultRecord({
        title: cleanText(bookmark.title),
        href: href ?? '',
        folder: folderIndex,
        tags: tagIndexes,
        icon,
      }),
    )
    const added = bookmark.added
    chunk.years.push(
      added !== undefined && Number.isFinite(added) && added >= 0 ? new Date(added).getUTCFullYear() : 0,
    )
  }
  return chunk
}
