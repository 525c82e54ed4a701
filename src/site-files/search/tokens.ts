/**
 * Distinct tokens while indexing, found by their bytes (ASCII text) or by string (other text), each
 * with its term: see `TokenCache`. Part of the postings builder (`postings.ts`).
 */
import { tokenize } from '#search-terms'

/** A token id's term before it is known. */
export const UNKNOWN = -2

/** FNV-1a, over the bytes of ASCII tokens. */
export const FNV_OFFSET = 0x811c9dc5 | 0
export const FNV_PRIME = 16777619

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
export class TokenCache {
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
      if (table[at + HASH] === hash && table[at + LENGTH] === length && this.holds(at, bytes, start, length))
        return at
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
      for (let offset = 0; offset < length; offset++)
        table[at + BYTES + (offset >> 2)]! |= bytes[start + offset]! << ((offset & 3) * 8)
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
        if (((table[at + BYTES + (offset >> 2)]! >>> ((offset & 3) * 8)) & 0xff) !== bytes[start + offset])
          return false
      }
      return true
    }
    const { arena } = this
    const from = table[at + BYTES]!
    for (let offset = 0; offset < length; offset++)
      if (arena[from + offset] !== bytes[start + offset]) return false
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
export const ENTRY = 8
export const HASH = 1
export const LENGTH = 2
export const TERM = 3
export const SEEN = 4
export const BYTES = 5
/** Bytes of a token that fit in its entry. */
export const INLINE_BYTES = (ENTRY - BYTES) * 4

/**
 * ASCII code units at which `tokenize` splits (1) or not (0), derived from `tokenize` itself: a
 * single character splits `a?a` in two exactly when it belongs to the separator class.
 */
export const ASCII_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) =>
  tokenize(`a${String.fromCharCode(code)}a`).length > 1 ? 1 : 0,
)
