/**
 * Binary property lists (`bplist00`), read by bplist-parser. The library trusts its input: it
 * follows object references recursively, with no check for a reference cycle or for one object
 * referenced from many places (a small file could then expand without bound), and logs to the
 * console on some malformed markers. So before it runs, one pass over the object table checks
 * what the library will read: the trailer, every marker one the library reads without complaint,
 * every object and offset in bounds, every reference in range, dictionary keys strings, and every
 * array and dictionary referenced from one place at most (the top one from none): what the library
 * walks is then a tree no larger than the file. A tree nested too deep for the library's recursion
 * fails it, and is reported like any file it cannot read. Where each bookmark dictionary starts is
 * found along the `Children` lists, for places (line 1, column = byte offset + 1).
 */
import { createRequire } from 'node:module'
import { BookgenError } from '../../model/errors.js'
import { isPlistDict, type PlistValue } from './plist-value.js'

const HEADER = 'bplist00'
const TRAILER_BYTES = 32
const DICT = 0xd
const ARRAY = 0xa
/** The one key the library cannot keep (it sets the dictionary's prototype instead). */
const PROTO = '__proto__'

/** A parsed binary plist: its top value, and where its bookmark dictionaries start. */
export interface BinaryPlist {
  readonly value: PlistValue
  /** Byte offsets of the dictionaries along `Children` lists, from the top. */
  readonly offsets: Map<object, number>
  /** Dictionary keys named `__proto__`, which the library cannot keep. */
  readonly unsafeKeys: number
}

interface Library {
  parseBuffer(buffer: Buffer): unknown[]
  setMaxObjectCount(value: number): void
}
let library: Library | undefined

function bplistParser(): Library {
  if (library === undefined) {
    library = createRequire(import.meta.url)('bplist-parser') as Library
    // The trailer check bounds the object count by the file's size; the library's own cap (32,768
    // objects, a few thousand bookmarks) would refuse real Safari files.
    library.setMaxObjectCount(2 ** 31)
  }
  return library
}

/** Whether `bytes` start like a binary plist. */
export function isBinaryPlist(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER.length) return false
  for (let i = 0; i < HEADER.length; i++) if (bytes[i] !== HEADER.charCodeAt(i)) return false
  return true
}

/** Parse a binary plist. Throws `BookgenError` `safari/bad-plist` with the byte offset. */
export function parseBinaryPlist(bytes: Uint8Array, file: string): BinaryPlist {
  const table = new ObjectTable(bytes, file)
  const unsafeKeys = table.check()
  let value: PlistValue
  try {
    value = bplistParser().parseBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    )[0] as PlistValue
  } catch (error) {
    throw plistError(
      file,
      0,
      `The binary plist could not be read: ${String(error instanceof Error ? error.message : error).slice(0, 200)}`,
      error,
    )
  }
  return { value, offsets: table.dictOffsets(value), unsafeKeys }
}

/** An object's marker, decoded. */
interface ObjectInfo {
  readonly type: number
  /** Where its content starts (after the marker and any length). */
  readonly start: number
  /** Elements (arrays), pairs (dictionaries), bytes (data, ASCII), code units (UTF-16). */
  readonly count: number
}

class ObjectTable {
  private readonly bytes: Uint8Array
  private readonly file: string
  private readonly offsetSize: number
  private readonly refSize: number
  private readonly count: number
  private readonly top: number
  private readonly tableOffset: number

  constructor(bytes: Uint8Array, file: string) {
    this.bytes = bytes
    this.file = file
    const length = bytes.length
    if (length < HEADER.length + TRAILER_BYTES + 1)
      throw plistError(file, length, 'The binary plist is truncated: it has no trailer')
    const trailer = length - TRAILER_BYTES
    this.offsetSize = bytes[trailer + 6]!
    this.refSize = bytes[trailer + 7]!
    this.count = this.uint(trailer + 8, 8)
    this.top = this.uint(trailer + 16, 8)
    this.tableOffset = this.uint(trailer + 24, 8)
    if (this.offsetSize < 1 || this.offsetSize > 8 || this.refSize < 1 || this.refSize > 8)
      throw plistError(file, trailer + 6, 'The binary plist trailer is corrupt (integer sizes out of range)')
    if (this.count < 1 || this.top >= this.count || this.tableOffset < HEADER.length)
      throw plistError(
        file,
        trailer + 8,
        'The binary plist trailer is corrupt (object count, top object or table offset)',
      )
    if (this.tableOffset + this.count * this.offsetSize > trailer)
      throw plistError(
        file,
        this.tableOffset,
        'The binary plist offset table runs past the trailer (the file is truncated)',
      )
  }

  /**
   * Check every object of the table, and that no array or dictionary is referenced from two places
   * (a cycle, or sharing that could expand far beyond the file). Returns how many dictionary keys
   * are `__proto__`.
   */
  check(): number {
    // How often each object is referenced; the top one counts as referenced by the file.
    const referenced = new Uint8Array(this.count)
    referenced[this.top] = 1
    let unsafeKeys = 0
    for (let index = 0; index < this.count; index++) {
      const { type, count } = this.info(index)
      if (type !== ARRAY && type !== DICT) continue
      const refs = this.refsOf(index)
      for (let at = 0; at < refs.length; at++) {
        const ref = refs[at]!
        const { type: child, count: length } = this.info(ref)
        if ((child === ARRAY || child === DICT) && referenced[ref]++ > 0)
          throw plistError(
            this.file,
            this.offset(ref),
            'The binary plist refers to one array or dictionary from two places (a cycle, or shared objects that would expand far beyond its size)',
          )
        if (type === DICT && at < count && length === PROTO.length && this.stringAt(ref) === PROTO)
          unsafeKeys++
      }
    }
    return unsafeKeys
  }

  /** Offsets of the dictionaries along `Children` lists from the top, paired with the parsed values. */
  dictOffsets(value: PlistValue): Map<object, number> {
    const offsets = new Map<object, number>()
    const stack: Array<{ value: PlistValue; index: number }> = [{ value, index: this.top }]
    while (stack.length > 0) {
      const { value: current, index } = stack.pop()!
      if (!isPlistDict(current) || this.info(index).type !== DICT) continue
      offsets.set(current, this.offset(index))
      const children = this.valueRef(index, 'Children')
      const list = Object.hasOwn(current, 'Children') ? current['Children'] : undefined
      if (children === undefined || !Array.isArray(list) || this.info(children).type !== ARRAY) continue
      const refs = this.refsOf(children)
      for (let i = 0; i < refs.length && i < list.length; i++)
        stack.push({ value: list[i]!, index: refs[i]! })
    }
    return offsets
  }

  /** The reference of the value under `key` in dictionary `index` (the last one, as the library keeps). */
  private valueRef(index: number, key: string): number | undefined {
    const { count } = this.info(index)
    const refs = this.refsOf(index)
    for (let i = count - 1; i >= 0; i--) if (this.stringAt(refs[i]!) === key) return refs[count + i]
    return undefined
  }

  /** References held by object `index` (dictionaries: keys, then values), checked. */
  private refsOf(index: number): number[] {
    const info = this.info(index)
    if (info.type !== ARRAY && info.type !== DICT) return []
    const total = info.type === DICT ? info.count * 2 : info.count
    const refs: number[] = new Array<number>(total)
    for (let i = 0; i < total; i++) {
      const ref = this.uint(info.start + i * this.refSize, this.refSize)
      if (ref >= this.count)
        throw plistError(
          this.file,
          info.start + i * this.refSize,
          'The binary plist refers to an object that does not exist',
        )
      refs[i] = ref
    }
    if (info.type === DICT) {
      for (let i = 0; i < info.count; i++) {
        const keyType = this.info(refs[i]!).type
        if (keyType !== 0x5 && keyType !== 0x6)
          throw plistError(
            this.file,
            this.offset(refs[i]!),
            'A dictionary key in the binary plist is not a string',
          )
      }
    }
    return refs
  }

  /** The string object `index` (ASCII or UTF-16BE), or undefined for other objects. */
  private stringAt(index: number): string | undefined {
    const info = this.info(index)
    if (info.type === 0x5)
      return Buffer.from(this.bytes.subarray(info.start, info.start + info.count)).toString('latin1')
    if (info.type !== 0x6) return undefined
    let text = ''
    for (let i = 0; i < info.count; i++)
      text += String.fromCharCode(
        (this.bytes[info.start + 2 * i]! << 8) | this.bytes[info.start + 2 * i + 1]!,
      )
    return text
  }

  private offset(index: number): number {
    const offset = this.uint(this.tableOffset + index * this.offsetSize, this.offsetSize)
    if (offset < HEADER.length || offset >= this.tableOffset)
      throw plistError(
        this.file,
        this.tableOffset + index * this.offsetSize,
        'The binary plist offset table points outside the objects',
      )
    return offset
  }

  /** Decode and check object `index`'s marker, length and extent. */
  private info(index: number): ObjectInfo {
    const at = this.offset(index)
    const marker = this.bytes[at]!
    const type = marker >> 4
    const low = marker & 0xf
    let start = at + 1
    let count = low
    let width = 0
    switch (type) {
      case 0x0:
        if (low !== 0 && low !== 8 && low !== 9 && low !== 15) throw this.badMarker(at, marker)
        break
      case 0x1:
      case 0x2:
        if (low > 4 || (type === 0x2 && low !== 2 && low !== 3)) throw this.badMarker(at, marker)
        width = 1 << low
        break
      case 0x3:
        if (low !== 3) throw this.badMarker(at, marker)
        width = 8
        break
      case 0x8:
        width = low + 1
        break
      case 0x4:
      case 0x5:
      case 0x6:
      case ARRAY:
      case DICT: {
        if (low === 0xf) ({ start, count } = this.extendedCount(start))
        const unit = type === 0x6 ? 2 : type === ARRAY ? this.refSize : type === DICT ? this.refSize * 2 : 1
        width = count * unit
        break
      }
      default:
        throw this.badMarker(at, marker)
    }
    if (start + width > this.tableOffset)
      throw plistError(
        this.file,
        at,
        'An object of the binary plist runs past its end (the file is truncated)',
      )
    return { type, start, count }
  }

  /** A length written after the marker: an integer object of 1, 2, 4 or 8 bytes. */
  private extendedCount(at: number): { start: number; count: number } {
    const marker = this.bytes[at]
    if (marker === undefined || marker >> 4 !== 0x1 || (marker & 0xf) > 3)
      throw plistError(this.file, at, 'A length in the binary plist is not an integer')
    const width = 1 << (marker & 0xf)
    if (at + 1 + width > this.tableOffset)
      throw plistError(this.file, at, 'A length in the binary plist runs past its end')
    return { start: at + 1 + width, count: this.uint(at + 1, width) }
  }

  /** A big-endian unsigned integer; values past 2^53 are reported as out of range. */
  private uint(at: number, width: number): number {
    if (at + width > this.bytes.length) throw plistError(this.file, at, 'The binary plist is truncated')
    let value = 0
    for (let i = 0; i < width; i++) value = value * 256 + this.bytes[at + i]!
    if (value > Number.MAX_SAFE_INTEGER)
      throw plistError(this.file, at, 'A number in the binary plist is out of range')
    return value
  }

  private badMarker(at: number, marker: number): BookgenError {
    return plistError(
      this.file,
      at,
      `Unknown object marker 0x${marker.toString(16).padStart(2, '0')} in the binary plist`,
    )
  }
}

/** A binary plist error at byte `offset`: the message names it, the place is line 1, column offset + 1. */
export function plistError(file: string, offset: number, reason: string, cause?: unknown): BookgenError {
  return new BookgenError(`${reason} (at byte ${offset})`, {
    rule: 'safari/bad-plist',
    file,
    line: 1,
    column: offset + 1,
    cause,
  })
}
