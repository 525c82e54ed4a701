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
import { Buffer } from 'node:buffer'
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

/** What the search index reads of a bookmark (a worker thread gets just this, not the whole bookmark). */
export type SearchableBookmark = Pick<Bookmark, 'title' | 'description' | 'tags' | 'href'>

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

/**
 * Build the index and its files. Terms, field lengths and statistics follow MiniSearch's `add`
 * exactly (same tokenizer and term processing; a field's length is its number of distinct
 * tokens), so the browser's scoring is MiniSearch's; the tests compare the two.
 */
export function buildSearchIndex(input: SearchIndexInput, options: { shardBytes?: number } = {}): SearchIndexFiles {
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
  // Each shard and chunk is serialized as soon as it is complete, so that its pieces die young.
  const { starts, bodies } = shardFiles(postings, options.shardBytes ?? SHARD_BYTES)
  const chunks = chunkFiles(input, bodies)

  const hash = createHash('sha256')
  const lengthsJson = JSON.stringify(lengths)
  hash.update(`${INDEX_VERSION}\u0000${starts.join('\u0000')}\u0000${lengthsJson}`)
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
    chunks,
  }
  const metaPath = `${SEARCH_DIR}index.json`
  // `serializeJson(meta)`, with the JSON of the lengths (most of it) made once.
  const metaJson = `{"version":${INDEX_VERSION},"id":${JSON.stringify(id)},"count":${count},"fields":${JSON.stringify(FIELDS)},"average":${JSON.stringify(average)},"lengths":${lengthsJson},"shards":${JSON.stringify(starts)},"chunk":${CHUNK_SIZE},"chunks":${chunks}}`
  return {
    meta,
    metaPath,
    files: [
      { path: metaPath, contents: escapeJson(metaJson) },
      ...bodies.map((body) => ({ path: `${directory}${body.name}`, contents: body.contents })),
    ],
  }
}

/** A file of the index directory: its name and contents. */
interface IndexBody {
  name: string
  contents: string
}

/** Add every document to `postings`; returns the field lengths (see `SearchIndexMeta`). */
function indexDocuments(input: SearchIndexInput, postings: PostingsBuilder): SearchIndexMeta['lengths'] {
  const count = input.documents.length
  const ranked = new Set(LENGTH_FIELDS)
  const lengths: SearchIndexMeta['lengths'] = FIELDS.map((field) => (ranked.has(field) ? new Array<number>(count).fill(0) : 0))
  const titles = lengths[FIELD.title] as number[]
  const descriptions = lengths[FIELD.description] as number[]
  const paths = lengths[FIELD.path] as number[]
  for (let id = 0; id < count; id++) {
    const { bookmark, folder } = input.documents[id]!
    titles[id] = Math.min(MAX_FIELD_LENGTH, postings.add(id, FIELD.title, cleanText(bookmark.title)))
    descriptions[id] = Math.min(MAX_FIELD_LENGTH, postings.add(id, FIELD.description, cleanText(bookmark.description ?? '')))
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
      const { host, path } = href === undefined ? { host: '', path: '' } : plain === null ? splitUrl(href) : splitPlainHttpUrl(plain)
      paths[id] = Math.min(MAX_FIELD_LENGTH, postings.add(id, FIELD.path, path))
      postings.addLabel(id, FIELD.host, host)
    }
  }
  return lengths
}

/**
 * The term shards, contiguous slices of the sorted terms of about `shardBytes` each, and the first
 * term of each. The postings are written as text (see `PostingsBuilder.write`): millions of small
 * numbers, which as arrays for JSON.stringify would cost more to build than to serialize.
 */
function shardFiles(postings: PostingsBuilder, shardBytes: number): { starts: string[]; bodies: IndexBody[] } {
  // Terms in code-unit order, the order `<` compares in the browser (and the order of `sort()`
  // without a comparator, which compares strings by code units too, without calling back into JS).
  const sortedTerms = postings.terms.slice().sort()
  const bodies: IndexBody[] = []
  const starts: string[] = []
  let shardTerms: string[] = []
  const shardPostings = new AsciiWriter()
  let bytes = 0
  const closeShard = (): void => {
    // Exactly `serializeJson({terms, postings})`: the postings are digits, commas, brackets and minus signs.
    const contents = `{"terms":${serializeJson(shardTerms)},"postings":[${shardPostings.text()}]}`
    bodies.push({ name: `t${bodies.length}.json`, contents })
    shardTerms = []
    shardPostings.clear()
    bytes = 0
  }
  for (const term of sortedTerms) {
    const termId = postings.idOf(term)
    const size = term.length + 4 + postings.encodedLength(termId) * 3
    if (bytes > 0 && bytes + size > shardBytes) closeShard()
    if (shardTerms.length === 0) starts.push(term)
    else shardPostings.byte(COMMA)
    shardTerms.push(term)
    postings.write(termId, shardPostings)
    bytes += size
  }
  if (shardTerms.length > 0 || bodies.length === 0) {
    if (shardTerms.length === 0) starts.push('')
    closeShard()
  }
  return { starts, bodies }
}

/** Append the result chunks to `bodies`; returns how many there are. */
function chunkFiles(input: SearchIndexInput, bodies: IndexBody[]): number {
  const count = input.documents.length
  const tagUrls = new Map(input.tags.map((entry) => [entry.tag, entry.url]))
  let chunks = 0
  for (let start = 0; start < count; start += CHUNK_SIZE) {
    const chunk = chunkOf(input, tagUrls, start, Math.min(count, start + CHUNK_SIZE))
    bodies.push({ name: `d${chunks++}.json`, contents: serializeJson(chunk) })
  }
  return chunks
}

/** Number of indexed fields: the stride of the per-(term, field) slots below. */
const FIELD_COUNT = FIELDS.length

/**
 * Terms and their postings while indexing, built for speed at 100,000 documents (two million
 * tokens, a hundred thousand distinct):
 *
 * - text is tokenized without making a string per token: ASCII text (nearly all of it) is
 *   encoded into a byte buffer and its tokens looked up by their bytes in a {@link TokenCache},
 *   so only a token never seen before becomes a string, to be processed (`processTerm`) once;
 * - occurrences are appended to two flat integer arrays, their slot (`term * FIELD_COUNT +
 *   fieldId`) and document, and grouped by slot once at the end (a counting sort, stable, so each
 *   slot's documents stay ascending): no array per term or field, little for the collector.
 */
class PostingsBuilder {
  /** Every term, by id. */
  readonly terms: string[] = []
  private readonly termIds = new Map<string, number>()
  /**
   * Tokens of the tags field and of the others. `processTerm` depends on the field only through
   * whether it is `tags` (stop words stay in tags), so a token's term is the same in all the others.
   */
  private readonly tagTokens = new TokenCache(0)
  private readonly otherTokens: TokenCache
  /** Every occurrence of a term, in document order: its slot and its document. */
  private occurrenceSlots: Int32Array<ArrayBuffer>
  private occurrenceIds: Int32Array<ArrayBuffer>
  private occurrences = 0
  /** Counts `scan` calls, so that a token whose `seen` is this was already counted by this call. */
  private stamp = 0
  /** Text being tokenized, as bytes when it is ASCII; grown as needed. */
  private bytes = Buffer.alloc(1024)
  /** The term ids of the last text scanned, -1 for a dropped token (see {@link scan}). */
  private found = new Int32Array(256)
  private foundCount = 0
  /** Once grouped: the documents of slot `s` are `ids[starts[s], starts[s + 1])`. */
  private grouped: { starts: Int32Array; ids: Int32Array } | undefined
  /** Per field: the terms of every label seen (see {@link addLabel}). */
  private readonly labels = FIELDS.map(() => new Map<string, Int32Array>())
  /** The terms of hosts by host name (see {@link addPlainHost}). */
  private readonly plainHosts = new Map<string, Int32Array>()

  /** `documents`: how many will be added, to size the occurrence arrays (grown if need be). */
  constructor(documents: number) {
    // Bookmarks have some twenty occurrences each (title, description, URL, tags, folder).
    const capacity = Math.max(1024, documents * 24)
    this.occurrenceSlots = new Int32Array(capacity)
    this.occurrenceIds = new Int32Array(capacity)
    // And some two distinct words each, at 10,000 or 100,000 bookmarks.
    this.otherTokens = new TokenCache(documents * 2)
  }

  /**
   * Index field `fieldId` of document `id` (documents in ascending order, each field once), and
   * return its number of distinct tokens, as MiniSearch counts a field's length: raw tokens, before
   * term processing, including the empty ones that a leading or trailing separator makes.
   */
  add(id: number, fieldId: number, text: string): number {
    const distinct = this.scan(fieldId, text)
    const found = this.found
    for (let index = 0; index < this.foundCount; index++) this.occur(found[index]!, fieldId, id)
    return distinct
  }

  /**
   * Index `text` in field `fieldId` of document `id`, where the field's length does not rank (it is
   * not counted): a short label that recurs from document to document (a tag, a folder's name, a
   * host), so each distinct one is tokenized once and its terms reused.
   */
  addLabel(id: number, fieldId: number, text: string): void {
    const terms = this.labelTerms(fieldId, text)
    for (let index = 0; index < terms.length; index++) this.occur(terms[index]!, fieldId, id)
  }

  /**
   * `addLabel` for the host of a plain http(s) URL, by its host name as the URL writes it (the
   * host is that in lower case, without `www.`), so that only a new one is turned into a host.
   */
  addPlainHost(id: number, hostname: string): void {
    let terms = this.plainHosts.get(hostname)
    if (terms === undefined) {
      terms = this.labelTerms(FIELD.host, plainHost(hostname))
      this.plainHosts.set(hostname, terms)
    }
    for (let index = 0; index < terms.length; index++) this.occur(terms[index]!, FIELD.host, id)
  }

  /** The text buffer, with room for `length` bytes, for ASCII text to index with {@link addBytes}. */
  textBuffer(length: number): Buffer {
    if (this.bytes.length < length) this.bytes = Buffer.alloc(length * 2)
    return this.bytes
  }

  /** `add` for the ASCII text that the caller wrote into `textBuffer(…)[0, length)`. */
  addBytes(id: number, fieldId: number, length: number): number {
    const distinct = this.scanBytes(fieldId, length, ++this.stamp)
    const found = this.found
    for (let index = 0; index < this.foundCount; index++) this.occur(found[index]!, fieldId, id)
    return distinct
  }

  /** The terms of a label, tokenized the first time it is seen. */
  private labelTerms(fieldId: number, text: string): Int32Array {
    const labels = this.labels[fieldId]!
    let terms = labels.get(text)
    if (terms === undefined) {
      this.scan(fieldId, text)
      terms = this.found.slice(0, this.foundCount).filter((term) => term >= 0)
      labels.set(text, terms)
    }
    return terms
  }

  /**
   * Tokenize `text` for field `fieldId`: each token's term id (-1 for a dropped token) into
   * `found[0, foundCount)`. Returns the number of distinct tokens.
   */
  private scan(fieldId: number, text: string): number {
    const stamp = ++this.stamp
    if (this.asciiBytes(text)) return this.scanBytes(fieldId, text.length, stamp)
    const cache = fieldId === FIELD.tags ? this.tagTokens : this.otherTokens
    let distinct = 0
    let found = this.found
    const words = tokenize(text)
    if (words.length > found.length) found = this.found = new Int32Array(words.length * 2)
    for (let index = 0; index < words.length; index++) {
      const word = words[index]!
      const token = cache.stringToken(word)
      if (cache.terms[token] === UNKNOWN) cache.terms[token] = this.termIdOf(word, fieldId)
      if (cache.seen[token] !== stamp) {
        cache.seen[token] = stamp
        distinct++
      }
      found[index] = cache.terms[token]!
    }
    this.foundCount = words.length
    return distinct
  }

  /**
   * `scan` for the ASCII text `bytes[0, length)`, as call `stamp`. Its tokens are exactly
   * `tokenize`'s for the same text: the runs between separators ({@link ASCII_SEPARATOR}), the
   * empty ones included that a leading or trailing separator makes (one empty token for empty
   * text); each is hashed (FNV-1a) as it is read, and looked up once it ends.
   */
  private scanBytes(fieldId: number, length: number, stamp: number): number {
    const cache = fieldId === FIELD.tags ? this.tagTokens : this.otherTokens
    const bytes = this.bytes
    // At most one token more than there are separators.
    if (length >= this.found.length) this.found = new Int32Array(length * 2 + 2)
    const found = this.found
    let count = 0
    let distinct = 0
    let start = 0
    let hash = FNV_OFFSET
    let inSeparators = false
    for (let index = 0; ; index++) {
      if (index < length) {
        const byte = bytes[index]!
        if (ASCII_SEPARATOR[byte] === 0) {
          if (inSeparators) {
            start = index
            hash = FNV_OFFSET
            inSeparators = false
          }
          hash = Math.imul(hash ^ byte, FNV_PRIME)
          continue
        }
      }
      // A separator or the end: the token before it ends (at the end, an empty one after a separator).
      if (!inSeparators || index === length) {
        if (inSeparators) {
          start = index
          hash = FNV_OFFSET
        }
        const entry = cache.asciiEntry(bytes, start, index, hash)
        const table = cache.table
        let term = table[entry + TERM]!
        if (term === UNKNOWN) {
          // The token as a string made from the bytes: one byte per character in memory (`text`
          // comes from a source decoded as UTF-16, which its slices share), quicker to process,
          // sort and serialize.
          term = table[entry + TERM] = this.termIdOf(bytes.toString('latin1', start, index), fieldId)
        }
        if (table[entry + SEEN] !== stamp) {
          table[entry + SEEN] = stamp
          distinct++
        }
        found[count++] = term
      }
      if (index === length) break
      inSeparators = true
    }
    this.foundCount = count
    return distinct
  }

  /** The id of a term. */
  idOf(term: string): number {
    return this.termIds.get(term)!
  }

  /**
   * How many numbers {@link write} writes for a term: two per field it occurs in, one per document,
   * one more per document where it occurs more than once. Call once every document is added.
   */
  encodedLength(termId: number): number {
    this.grouped ??= this.group()
    const { starts, ids } = this.grouped
    const base = termId * FIELD_COUNT
    let size = 0
    for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId++) {
      const end = starts[base + fieldId + 1]!
      let at = starts[base + fieldId]!
      if (at === end) continue
      size += 3
      while (++at < end) {
        if (ids[at] !== ids[at - 1]) size++
        else if (at - 1 === starts[base + fieldId] || ids[at - 2] !== ids[at]) size++
      }
    }
    return size
  }

  /**
   * A term's postings as the JSON array `[fieldId, n, gap, (-frequency), gap, …]` per field it
   * occurs in (see search-engine.js): `n` documents, each as the gap from the previous one (the
   * first from -1), followed by `-frequency` when the term occurs more than once in that
   * document's field. Call once every document is added.
   */
  write(termId: number, out: AsciiWriter): void {
    this.grouped ??= this.group()
    const { starts, ids } = this.grouped
    const base = termId * FIELD_COUNT
    out.byte(OPEN_BRACKET)
    let first = true
    for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId++) {
      const end = starts[base + fieldId + 1]!
      let at = starts[base + fieldId]!
      if (at === end) continue
      // The count comes before the documents: counted first.
      let documents = 1
      for (let next = at + 1; next < end; next++) if (ids[next] !== ids[next - 1]) documents++
      if (!first) out.byte(COMMA)
      first = false
      out.int(fieldId)
      out.byte(COMMA)
      out.int(documents)
      let previous = -1
      while (at < end) {
        const id = ids[at]!
        let frequency = 1
        while (++at < end && ids[at] === id) frequency++
        out.byte(COMMA)
        out.int(id - previous)
        if (frequency > 1) {
          out.byte(COMMA)
          out.int(-frequency)
        }
        previous = id
      }
    }
    out.byte(CLOSE_BRACKET)
  }

  /** One occurrence of term `term` (-1 for a dropped token: none) in field `fieldId` of document `id`. */
  private occur(term: number, fieldId: number, id: number): void {
    if (term < 0) return
    if (this.occurrences === this.occurrenceIds.length) {
      this.occurrenceSlots = grow(this.occurrenceSlots)
      this.occurrenceIds = grow(this.occurrenceIds)
    }
    this.occurrenceSlots[this.occurrences] = term * FIELD_COUNT + fieldId
    this.occurrenceIds[this.occurrences++] = id
  }

  /** The occurrences' documents grouped by slot, in slot order, each slot's in document order. */
  private group(): { starts: Int32Array; ids: Int32Array } {
    const slots = this.occurrenceSlots
    const starts = new Int32Array(this.terms.length * FIELD_COUNT + 1)
    for (let index = 0; index < this.occurrences; index++) starts[slots[index]! + 1]!++
    for (let slot = 1; slot < starts.length; slot++) starts[slot]! += starts[slot - 1]!
    const next = starts.slice(0, -1)
    const ids = new Int32Array(this.occurrences)
    for (let index = 0; index < this.occurrences; index++) ids[next[slots[index]!]!++] = this.occurrenceIds[index]!
    return { starts, ids }
  }

  /** The id of a token's term, a new id for a new term; -1 when `processTerm` drops it. */
  private termIdOf(token: string, fieldId: number): number {
    const term = processTerm(token, FIELDS[fieldId])
    if (!term) return -1
    let termId = this.termIds.get(term)
    if (termId === undefined) {
      termId = this.terms.length
      this.terms.push(term)
      this.termIds.set(term, termId)
    }
    return termId
  }

  /** Whether `text` is ASCII; if it is, its code units are now `bytes[0, text.length)`. */
  private asciiBytes(text: string): boolean {
    if (this.bytes.length < text.length) this.bytes = Buffer.alloc(text.length * 2)
    // UTF-8 takes one byte per code unit for ASCII only (more for the others, or they do not fit).
    const { read, written } = UTF8.encodeInto(text, this.bytes)
    return read === text.length && written === text.length
  }
}

const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/** ASCII text written byte by byte (JSON numbers and punctuation), read back as one string. */
class AsciiWriter {
  private bytes = Buffer.alloc(1 << 16)
  private length = 0

  byte(byte: number): void {
    if (this.length === this.bytes.length) this.grow()
    this.bytes[this.length++] = byte
  }

  /** An integer (below 2^31 in magnitude) as JSON writes it. */
  int(value: number): void {
    if (this.length + 11 > this.bytes.length) this.grow()
    const bytes = this.bytes
    let n = value
    if (n < 0) {
      bytes[this.length++] = 0x2d // -
      n = -n
    }
    let digits = 1
    for (let power = 10; power <= n; power *= 10) digits++
    let at = (this.length += digits)
    do {
      const quotient = Math.floor(n / 10)
      bytes[--at] = 0x30 + n - quotient * 10
      n = quotient
    } while (n > 0)
  }

  text(): string {
    return this.bytes.toString('latin1', 0, this.length)
  }

  clear(): void {
    this.length = 0
  }

  private grow(): void {
    const grown = Buffer.alloc(this.bytes.length * 2)
    this.bytes.copy(grown, 0, 0, this.length)
    this.bytes = grown
  }
}

/** `array`, twice as long. */
function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2)
  grown.set(array)
  return grown
}

const UTF8 = new TextEncoder()

/** A token id's term before it is known. */
const UNKNOWN = -2

/** FNV-1a, over the bytes of ASCII tokens. */
const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 16777619

/**
 * Distinct tokens, each with its term's id (-1 when `processTerm` drops it, {@link UNKNOWN} for
 * the caller to fill) and the last `scan` call that counted it (`seen`).
 *
 * The tokens of ASCII text are found by their bytes, in an open-addressing hash table keyed by
 * their FNV-1a hash. Each entry holds all a lookup reads and writes, so that a token costs one
 * cache miss or two (a hundred thousand distinct tokens fit no cache): {@link ENTRY} integers,
 * 32 bytes: used (1, or 0 for an empty entry), hash, length, term, seen, and the bytes
 * themselves, packed four to an integer, when there are at most {@link INLINE_BYTES} (nearly every
 * word), else where they start in an arena.
 *
 * The tokens of other text are found by string, with their term and `seen` in `terms` and `seen`
 * by token id. An ASCII token seen in both kinds of text is in both, which is harmless: a field
 * is either kind.
 */
class TokenCache {
  /** The hash table of ASCII tokens: a power of two entries long, at most half of them used. */
  table: Int32Array
  /** Per token of non-ASCII text, by id: its term. */
  readonly terms: number[] = []
  /** Per token of non-ASCII text, by id: the last `scan` call that counted it. */
  readonly seen: number[] = []
  private readonly byString = new Map<string, number>()
  private asciiCount = 0
  private arena = new Uint8Array(1 << 12)
  private arenaLength = 0

  /** `tokens`: how many distinct ASCII tokens to make room for (more may come). */
  constructor(tokens: number) {
    let entries = 1 << 10
    while (entries < tokens * 2) entries *= 2
    this.table = new Int32Array(entries * ENTRY)
  }

  /**
   * Where in `table` the entry of the ASCII token `bytes[start, end)` whose hash is `hash` is: a new
   * token gets a new entry (term {@link UNKNOWN}, seen 0). Valid until the next call, which may
   * grow the table.
   */
  asciiEntry(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const table = this.table
    const length = end - start
    let at = (hash * ENTRY) & (table.length - 1)
    while (table[at] !== 0) {
      if (table[at + HASH] === hash && table[at + LENGTH] === length && this.holds(at, bytes, start, length)) return at
      at = (at + ENTRY) & (table.length - 1)
    }
    return this.insert(at, bytes, start, end, hash)
  }

  /** Add a new ASCII token at `at`, the empty entry where its lookup ended (see `asciiEntry`). */
  private insert(at: number, bytes: Uint8Array, start: number, end: number, hash: number): number {
    let table = this.table
    const length = end - start
    if (++this.asciiCount * 2 > table.length / ENTRY) {
      table = this.rehash()
      at = (hash * ENTRY) & (table.length - 1)
      while (table[at] !== 0) at = (at + ENTRY) & (table.length - 1)
    }
    table[at] = 1
    table[at + HASH] = hash
    table[at + LENGTH] = length
    table[at + TERM] = UNKNOWN
    if (length <= INLINE_BYTES) {
      for (let offset = 0; offset < length; offset++) table[at + BYTES + (offset >> 2)]! |= bytes[start + offset]! << ((offset & 3) * 8)
    } else {
      if (this.arenaLength + length > this.arena.length) {
        const arena = new Uint8Array(Math.max(this.arena.length * 2, this.arenaLength + length))
        arena.set(this.arena.subarray(0, this.arenaLength))
        this.arena = arena
      }
      this.arena.set(bytes.subarray(start, end), this.arenaLength)
      table[at + BYTES] = this.arenaLength
      this.arenaLength += length
    }
    return at
  }

  /** The id of a token of non-ASCII text, a new token getting the next id. */
  stringToken(token: string): number {
    let id = this.byString.get(token)
    if (id === undefined) {
      id = this.terms.length
      this.terms.push(UNKNOWN)
      this.seen.push(0)
      this.byString.set(token, id)
    }
    return id
  }

  /** Whether the entry at `at` (of `length` bytes) is the token `bytes[start, start + length)`. */
  private holds(at: number, bytes: Uint8Array, start: number, length: number): boolean {
    const table = this.table
    if (length <= INLINE_BYTES) {
      for (let offset = 0; offset < length; offset++) {
        if (((table[at + BYTES + (offset >> 2)]! >>> ((offset & 3) * 8)) & 0xff) !== bytes[start + offset]) return false
      }
      return true
    }
    const { arena } = this
    const from = table[at + BYTES]!
    for (let offset = 0; offset < length; offset++) if (arena[from + offset] !== bytes[start + offset]) return false
    return true
  }

  /** Double the hash table; returns the new one. */
  private rehash(): Int32Array {
    const old = this.table
    const table = new Int32Array(old.length * 2)
    for (let from = 0; from < old.length; from += ENTRY) {
      if (old[from] === 0) continue
      let at = (old[from + HASH]! * ENTRY) & (table.length - 1)
      while (table[at] !== 0) at = (at + ENTRY) & (table.length - 1)
      for (let offset = 0; offset < ENTRY; offset++) table[at + offset] = old[from + offset]!
    }
    return (this.table = table)
  }
}

/** Integers per entry of a {@link TokenCache}'s hash table, and what they hold where. */
const ENTRY = 8
const HASH = 1
const LENGTH = 2
const TERM = 3
const SEEN = 4
const BYTES = 5
/** Bytes of a token that fit in its entry. */
const INLINE_BYTES = (ENTRY - BYTES) * 4

/**
 * ASCII code units at which `tokenize` splits (1) or not (0), derived from `tokenize` itself: a
 * single character splits `a?a` in two exactly when it belongs to the separator class.
 */
const ASCII_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) =>
  tokenize(`a${String.fromCharCode(code)}a`).length > 1 ? 1 : 0,
)

/**
 * A plain http(s) URL, for which the WHATWG URL parser (that `splitUrl` runs) provably changes
 * nothing but the host's case, so `splitHref` may skip it:
 *
 * - lower-case `http://` or `https://`, exactly two slashes;
 * - a host name of dot-separated labels of ASCII letters and digits, with single hyphens inside:
 *   no `xn--` label (punycode is validated), no empty label, no `%`, `_`, `@` (user info) or
 *   `[` (IPv6); its last label starts with a letter, so it is no IPv4 address (numbers, `0x…`);
 * - an optional port, 1 to 5 digits (checked to be at most 65535 by `plainHttpUrl`);
 * - a path and a query of characters that are neither percent-encoded nor special in their part
 *   (no space, quote, `<`, `>`, `\`, backquote, braces, `^`, `|`; no `'` in the query); dot
 *   segments (`.`, `..`, `%2e`), which the parser resolves, are turned away by `plainHttpUrl`;
 * - an optional fragment of printable ASCII (no tab or line break, which the parser removes).
 *
 * Its groups: host, port, path (starting with `/`), query (without `?`).
 */
const PLAIN_HTTP_URL =
  /^https?:\/\/((?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)(?::([0-9]{1,5}))?(\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*)?(?:\?([A-Za-z0-9\-._~!$&()*+,;=:@/?%]*))?(?:#[!-~]*)?$/
/** A path with a segment that the URL parser would resolve: `.`, `..` or anything with `%2e`. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)|%2e/i

/**
 * `splitUrl(href)`, the same result, without `new URL` for a {@link PLAIN_HTTP_URL}: its
 * `hostname` is the host in lower case, its `pathname` the path (`/` when there is none), its
 * `search` `?` and the query. What follows is `splitUrl`'s own (search-terms.js); keep the two alike.
 */
export function splitHref(href: string): { host: string; path: string } {
  const match = plainHttpUrl(href)
  return match === null ? splitUrl(href) : splitPlainHttpUrl(match)
}

/** `splitHref` for a URL that {@link plainHttpUrl} matched. */
function splitPlainHttpUrl(match: RegExpExecArray): { host: string; path: string } {
  const words = (match[3] ?? '/') + ' ' + (match[4] ?? '')
  // Without a `%`, decoding changes nothing (and cannot fail).
  const path = words.includes('%') ? decodeURIComponentSafe(words) : words
  return { host: plainHost(match[1]!), path: path.replace(/[/?&=_.+-]+/g, ' ').trim() }
}

/**
 * `href` matched by {@link PLAIN_HTTP_URL}, if it is a plain http(s) URL: a port of at most 65535,
 * no dot segment. Its groups: host name, port, path (starting with `/`), query (without `?`).
 */
function plainHttpUrl(href: string): RegExpExecArray | null {
  const match = PLAIN_HTTP_URL.exec(href)
  if (match === null) return null
  const port = match[2]
  const pathname = match[3]
  if ((port !== undefined && Number(port) > 65535) || (pathname !== undefined && DOT_SEGMENT.test(pathname))) return null
  return match
}

/** The host `splitUrl` gives for the host name of a plain http(s) URL: in lower case, without `www.`. */
function plainHost(hostname: string): string {
  const host = hostname.toLowerCase()
  return host.startsWith('www.') ? host.slice(4) : host
}

/** Characters that `splitUrl` turns into spaces in the path words. */
const PATH_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) => ('/?&=_.+-'.includes(String.fromCharCode(code)) ? 1 : 0))
const SPACE = 0x20
const PERCENT = 0x25

/**
 * The path words of a plain http(s) URL (the path, a space, the query) written to `bytes`, with a
 * space for every character `splitUrl` replaces and without leading or trailing spaces; returns
 * their length, or -1 when they have a `%` (they are then decoded: see `splitHref`). The text
 * differs from `splitHref`'s path only in how many spaces separate words, which the tokenizer
 * does not see: it has the same tokens.
 */
function writePathWords(match: RegExpExecArray, bytes: Uint8Array): number {
  const pathname = match[3] ?? '/'
  const query = match[4] ?? ''
  let length = 0
  for (let index = 0; index < pathname.length; index++) {
    const code = pathname.charCodeAt(index)
    if (code === PERCENT) return -1
    if (PATH_SEPARATOR[code] === 0) bytes[length++] = code
    else if (length > 0) bytes[length++] = SPACE
  }
  if (length > 0) bytes[length++] = SPACE
  for (let index = 0; index < query.length; index++) {
    const code = query.charCodeAt(index)
    if (code === PERCENT) return -1
    if (PATH_SEPARATOR[code] === 0) bytes[length++] = code
    else if (length > 0) bytes[length++] = SPACE
  }
  while (length > 0 && bytes[length - 1] === SPACE) length--
  return length
}

/** `decodeURIComponent`, or the text as it is when it is no valid percent-encoding (as `splitUrl`). */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
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

/** What `serializeJson` escapes. */
const UNSAFE_IN_HTML = /[<\u2028\u2029]/

/**
 * JSON for a static file. `<`, U+2028 and U+2029 are escaped anyway, so the same text is also safe
 * if it is ever inlined into a page.
 */
export function serializeJson(value: unknown): string {
  return escapeJson(JSON.stringify(value))
}

/** JSON text with `<`, U+2028 and U+2029 escaped (see {@link serializeJson}). */
function escapeJson(json: string): string {
  // Most files have none of them: one scan to find out beats three replacing ones.
  return UNSAFE_IN_HTML.test(json)
    ? json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
    : json
}
