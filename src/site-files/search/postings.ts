/**
 * The search index's terms and postings while documents are indexed, and their text for the term
 * shards: see `PostingsBuilder`.
 */
import { Buffer } from 'node:buffer'
import {
  FIELDS,
  MAX_SCORE_LEVEL,
  POSTING_DIGITS,
  SEARCH_OPTIONS,
  fieldScore,
  processTerm,
  scoreLevel,
  tokenize,
} from '#search-terms'
import { ASCII_SEPARATOR, FNV_OFFSET, FNV_PRIME, SEEN, TERM, TokenCache, UNKNOWN } from './tokens.js'
import { plainHost } from './urls.js'

const UTF8 = new TextEncoder()

/** Field ids by name. */
export const FIELD = Object.fromEntries(FIELDS.map((field, index) => [field, index])) as Record<
  'title' | 'tags' | 'folder' | 'description' | 'host' | 'path',
  number
>

/** Number of indexed fields: the stride of the per-(term, field) slots below. */
const FIELD_COUNT = FIELDS.length
/** Each field's boost, by field id. */
const BOOSTS = FIELDS.map((field) => (SEARCH_OPTIONS.boost as Record<string, number>)[field] ?? 1)
/** What a ranked document's level is multiplied by in its key (see `PostingsBuilder.rank`). */
const RANK_SHIFT = 2 ** 32

/** What scoring a term needs besides its postings. */
export interface ScoreStats {
  /** Documents in the index. */
  count: number
  /** Per field, each document's length, or 0 when the field's length does not rank (1). */
  lengths: ReadonlyArray<ArrayLike<number> | 0>
  /** Per field, its average length. */
  average: readonly number[]
}

/**
 * Terms and their postings while indexing, built for speed at 100,000 documents (two million
 * tokens, a hundred thousand distinct):
 *
 * - text is tokenized without making a string per token: ASCII text (nearly all of it) is
 *   encoded into a byte buffer and its tokens looked up by their bytes in a {@link TokenCache},
 *   so only a token never seen before becomes a string, to be processed (`processTerm`) once;
 * - occurrences are appended to one flat integer array, their slot (`term * FIELD_COUNT +
 *   fieldId`), in document order (each document's after the last one's, so where each document's
 *   start is all that says whose they are), and grouped by slot once at the end (a counting sort,
 *   stable, so each slot's documents stay ascending): no array per term or field, little for the
 *   collector, and at a million bookmarks 84 MB less than an array of documents beside the slots.
 */
export class PostingsBuilder {
  /** Every term, by id. */
  readonly terms: string[] = []
  private readonly termIds = new Map<string, number>()
  /**
   * Tokens of the tags field and of the others. `processTerm` depends on the field only through
   * whether it is `tags` (stop words stay in tags), so a token's term is the same in all the others.
   */
  private readonly tagTokens = new TokenCache(0)
  private readonly otherTokens: TokenCache
  /** Every occurrence of a term, in document order: its slot. */
  private occurrenceSlots: Int32Array<ArrayBuffer>
  private occurrences = 0
  /** Per document up to `lastDocument`, where its occurrences start in `occurrenceSlots`. */
  private documentStarts: Int32Array<ArrayBuffer>
  /** The last document with an occurrence (-1 before the first). */
  private lastDocument = -1
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
  /** Per document, the score of the term being ranked, and the documents it has one (see {@link rank}). */
  private scores: Float64Array | undefined
  private rankedDocs: Int32Array | undefined

  /**
   * `documents`: how many will be added, to size the occurrences, the documents' starts and the
   * token table (each grown if need be).
   */
  constructor(documents: number) {
    // Bookmarks have some twenty occurrences each (title, description, URL, tags, folder).
    this.occurrenceSlots = new Int32Array(Math.max(1024, documents * 24))
    this.documentStarts = new Int32Array(documents + 1)
    this.otherTokens = new TokenCache(distinctTokens(documents))
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
   * About how many documents a term is in: its documents summed over the fields it occurs in (a
   * document in two fields counts twice). Call once every document is added.
   */
  documentEstimate(termId: number): number {
    this.grouped ??= this.group()
    const { starts, ids } = this.grouped
    const base = termId * FIELD_COUNT
    let documents = 0
    for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId++) {
      const end = starts[base + fieldId + 1]!
      const from = starts[base + fieldId]!
      for (let at = from; at < end; at++) if (at === from || ids[at] !== ids[at - 1]) documents++
    }
    return documents
  }

  /**
   * A term's documents, best first: each as `(MAX_SCORE_LEVEL - level) * 2^32 + id`, ascending, where
   * `level` is the term's score in the document (BM25+ summed over its fields, with their boosts,
   * as MiniSearch scores a term; see `scoreLevel`). Read them with {@link writeRanked}. Valid
   * until the next call. Call once every document is added.
   */
  rank(termId: number, stats: ScoreStats): Float64Array {
    this.grouped ??= this.group()
    const { starts, ids } = this.grouped
    const scores = (this.scores ??= new Float64Array(stats.count))
    const docs = (this.rankedDocs ??= new Int32Array(stats.count))
    const base = termId * FIELD_COUNT
    let found = 0
    for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId++) {
      const end = starts[base + fieldId + 1]!
      const from = starts[base + fieldId]!
      if (from === end) continue
      let matching = 1
      for (let next = from + 1; next < end; next++) if (ids[next] !== ids[next - 1]) matching++
      const lengths = stats.lengths[fieldId]
      const average = stats.average[fieldId]!
      const boost = BOOSTS[fieldId]!
      let at = from
      while (at < end) {
        const id = ids[at]!
        let frequency = 1
        while (++at < end && ids[at] === id) frequency++
        const length = lengths === 0 || lengths === undefined ? 1 : lengths[id]!
        if (scores[id] === 0) docs[found++] = id
        scores[id] += boost * fieldScore(frequency, matching, stats.count, length, average)
      }
    }
    const keys = new Float64Array(found)
    for (let index = 0; index < found; index++) {
      const id = docs[index]!
      keys[index] = (MAX_SCORE_LEVEL - scoreLevel(scores[id]!)) * RANK_SHIFT + id
      scores[id] = 0
    }
    return keys.sort()
  }

  /**
   * Documents `[from, to)` of a term's ranked documents (`rank`), as the numbers
   * `[level, n, gap, …, drop, n, gap, …]`: each level's documents (the first level as it is, each
   * next one as how far it is below the previous), their number and their ids as gaps (the first
   * from -1); written as a JSON string of their digits (`POSTING_DIGITS`, search-terms.js).
   */
  writeRanked(keys: Float64Array, from: number, to: number, out: AsciiWriter): void {
    out.byte(QUOTE)
    let previousLevel = -1
    let at = from
    while (at < to) {
      const rank = Math.floor(keys[at]! / RANK_SHIFT)
      let end = at + 1
      while (end < to && Math.floor(keys[end]! / RANK_SHIFT) === rank) end++
      const level = MAX_SCORE_LEVEL - rank
      out.posting(previousLevel < 0 ? level : previousLevel - level)
      out.posting(end - at)
      let previous = -1
      for (; at < end; at++) {
        const id = keys[at]! - rank * RANK_SHIFT
        out.posting(id - previous)
        previous = id
      }
      previousLevel = level
    }
    out.byte(QUOTE)
  }

  /** One occurrence of term `term` (-1 for a dropped token: none) in field `fieldId` of document `id`. */
  private occur(term: number, fieldId: number, id: number): void {
    if (term < 0) return
    if (id !== this.lastDocument) this.startDocument(id)
    if (this.occurrences === this.occurrenceSlots.length) this.occurrenceSlots = grow(this.occurrenceSlots)
    this.occurrenceSlots[this.occurrences++] = term * FIELD_COUNT + fieldId
  }

  /** Document `id`'s first occurrence is the next (the documents between had none). */
  private startDocument(id: number): void {
    if (id < this.lastDocument)
      throw new Error(`Documents are indexed in ascending order: ${id} came after ${this.lastDocument}`)
    while (id >= this.documentStarts.length) this.documentStarts = grow(this.documentStarts)
    for (let document = this.lastDocument + 1; document <= id; document++)
      this.documentStarts[document] = this.occurrences
    this.lastDocument = id
  }

  /** The occurrences' documents grouped by slot, in slot order, each slot's in document order. */
  private group(): { starts: Int32Array; ids: Int32Array } {
    const slots = this.occurrenceSlots
    const starts = new Int32Array(this.terms.length * FIELD_COUNT + 1)
    for (let index = 0; index < this.occurrences; index++) starts[slots[index]! + 1]!++
    for (let slot = 1; slot < starts.length; slot++) starts[slot]! += starts[slot - 1]!
    const next = starts.slice(0, -1)
    const ids = new Int32Array(this.occurrences)
    const documentStarts = this.documentStarts
    const last = this.lastDocument
    for (let document = 0, index = 0; document <= last; document++) {
      const end = document < last ? documentStarts[document + 1]! : this.occurrences
      for (; index < end; index++) ids[next[slots[index]!]!++] = document
    }
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

export const COMMA = 0x2c
const QUOTE = 0x22
/** `POSTING_DIGITS` as bytes. */
const DIGITS = Uint8Array.from(POSTING_DIGITS, (digit) => digit.charCodeAt(0))

/** ASCII text written byte by byte (JSON numbers and punctuation), read back as one string. */
export class AsciiWriter {
  private bytes: Buffer
  private length = 0

  /** `capacity`: the bytes it starts with (it grows as needed). */
  constructor(capacity = 1 << 16) {
    // Never read past `length`, so the bytes need not be zeroed.
    this.bytes = Buffer.allocUnsafeSlow(Math.max(16, capacity))
  }

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

  /** A number of a term's postings as `decodePostings` reads it (search-terms.js). */
  posting(value: number): void {
    if (this.length + 8 > this.bytes.length) this.grow()
    const zigzag = value >= 0 ? value * 2 : -value * 2 - 1
    let shift = 0
    while (shift < 30 && zigzag >>> (shift + 5) > 0) shift += 5
    for (; shift > 0; shift -= 5) this.bytes[this.length++] = DIGITS[32 + ((zigzag >>> shift) & 31)]!
    this.bytes[this.length++] = DIGITS[zigzag & 31]!
  }

  text(): string {
    return this.bytes.toString('latin1', 0, this.length)
  }

  clear(): void {
    this.length = 0
  }

  private grow(): void {
    const grown = Buffer.allocUnsafeSlow(this.bytes.length * 2)
    this.bytes.copy(grown, 0, 0, this.length)
    this.bytes = grown
  }
}

/**
 * Room to make for the distinct tokens of `documents` bookmarks' text (more may come: the table
 * grows). Measured on generated collections: 171,580 at 100,000 bookmarks, 557,016 at a million:
 * two a bookmark up to 100,000, then one for every two more. Two a bookmark throughout made a
 * 134 MB table an eighth full at a million.
 */
function distinctTokens(documents: number): number {
  return documents <= 100_000 ? documents * 2 : 200_000 + Math.ceil((documents - 100_000) / 2)
}

/** `array`, twice as long. */
function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2)
  grown.set(array)
  return grown
}
