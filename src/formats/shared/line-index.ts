/**
 * Offsets → 1-based line and column, for messages and node places: line starts found once per
 * source text, then each lookup is a binary search. And the byte-level helpers of re-reading an
 * edited file: common prefixes and suffixes, line starts, and places as byte offsets.
 */
import type { Place } from '../../model/tree.js'
export interface LineColumn {
  line: number
  column: number
}

export class LineIndex {
  private readonly starts: Uint32Array

  constructor(text: string) {
    let count = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++
    const starts = new Uint32Array(count)
    let line = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1
    this.starts = starts
  }

  /** Line and column (both 1-based) of the UTF-16 offset `offset`. */
  locate(offset: number): LineColumn {
    const line = Math.max(1, upperBound(this.starts, offset))
    return { line, column: offset - this.starts[line - 1]! + 1 }
  }
}

/**
 * `LineIndex` over `utf8ByteText`'s text, whose offsets count bytes: a column counts what the
 * decoded line holds before it, in UTF-16 units as `LineIndex` does (a character of four bytes is
 * two of them), so places are the same as in the decoded text.
 */
export class Utf8ByteLineIndex extends LineIndex {
  private readonly text: string

  constructor(text: string) {
    super(text)
    this.text = text
  }

  override locate(offset: number): LineColumn {
    const place = super.locate(offset)
    const text = this.text
    let column = 1
    for (let at = offset - place.column + 1; at < offset; at++) {
      const byte = text.charCodeAt(at)
      // Continuation bytes (10xxxxxx) add nothing; a four-byte sequence's lead adds two.
      if (byte < 0x80 || byte >= 0xc0) column += byte >= 0xf0 ? 2 : 1
    }
    place.column = column
    return place
  }
}

const CHUNK = 1 << 16

/** Length of the common prefix of two byte arrays. */
export function commonPrefix(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length)
  let at = 0
  while (at + CHUNK <= length && Buffer.compare(a.subarray(at, at + CHUNK), b.subarray(at, at + CHUNK)) === 0)
    at += CHUNK
  while (at < length && a[at] === b[at]) at++
  return at
}

/** Length of the common suffix of two byte arrays, at most `limit`. */
export function commonSuffix(a: Uint8Array, b: Uint8Array, limit: number): number {
  let length = 0
  while (
    length + CHUNK <= limit &&
    Buffer.compare(
      a.subarray(a.length - length - CHUNK, a.length - length),
      b.subarray(b.length - length - CHUNK, b.length - length),
    ) === 0
  ) {
    length += CHUNK
  }
  while (length < limit && a[a.length - 1 - length] === b[b.length - 1 - length]) length++
  return length
}

export function findLineStarts(bytes: Uint8Array): Uint32Array {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  let count = 1
  for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) count++
  const starts = new Uint32Array(count)
  let line = 1
  for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) starts[line++] = at + 1
  return starts
}

/** Line starts of the new bytes: those before `start` kept, the run's found again, later ones moved. */
export function updateLineStarts(
  starts: Uint32Array,
  bytes: Uint8Array,
  start: number,
  oldEnd: number,
  delta: number,
): Uint32Array {
  const keep = upperBound(starts, start)
  const later = upperBound(starts, oldEnd)
  const inside: number[] = []
  for (let at = start; at < oldEnd + delta; at++) if (bytes[at] === 0x0a) inside.push(at + 1)
  const result = new Uint32Array(keep + inside.length + starts.length - later)
  result.set(starts.subarray(0, keep))
  result.set(inside, keep)
  for (let i = later, j = keep + inside.length; i < starts.length; i++, j++) result[j] = starts[i]! + delta
  return result
}

/** Index of the first entry greater than `value` in a sorted array. */
export function upperBound(values: Uint32Array, value: number): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (values[mid]! <= value) low = mid + 1
    else high = mid
  }
  return low
}

/** Longest column scanned to turn a place into a byte offset (a file written on one line is read in full). */
const MAX_COLUMN = 1 << 16

/** Byte offset of a place (line, column in UTF-16 units) in UTF-8 bytes. */
export function byteOffset(bytes: Uint8Array, starts: Uint32Array, place: Place): number | undefined {
  if (place.line < 1 || place.line > starts.length || place.column - 1 > MAX_COLUMN) return undefined
  let offset = starts[place.line - 1]!
  let units = place.column - 1
  while (units > 0) {
    const byte = bytes[offset]
    if (byte === undefined || byte === 0x0a) return undefined
    if (byte < 0x80) {
      offset++
      units--
    } else if (byte >= 0xf0) {
      offset += 4
      units -= 2
    } else {
      offset += byte >= 0xe0 ? 3 : 2
      units--
    }
  }
  return units === 0 ? offset : undefined
}
