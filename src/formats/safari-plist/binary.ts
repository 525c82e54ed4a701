/**
 * Binary property lists (`bplist00`), read in one pass over the object table: every marker, object,
 * offset and reference is checked to lie in bounds, dictionary keys must be strings, and every
 * array and dictionary may be referenced from one place at most (the top one from none), so the
 * values linked from the top form a tree no larger than the file, with no cycle. Values are
 * decoded as Apple's format defines them; each dictionary keeps its byte offset, for places
 * (line 1, column = byte offset + 1).
 */
import { BookgenError } from '../../model/errors.js'
import type { PlistDict, PlistValue } from './plist-value.js'

const HEADER = 'bplist00'
const TRAILER_BYTES = 32
const DICT = 0xd
const ARRAY = 0xa
/** A key no plain object can keep (assigning it sets the object's prototype instead). */
const PROTO = '__proto__'
/** Dates count seconds from 2001-01-01T00:00:00Z. */
const EPOCH_2001 = 978_307_200_000

/** A parsed binary plist: its top value, and where its dictionaries start. */
export interface BinaryPlist {
  readonly value: PlistValue
  /** Byte offsets of the dictionaries. */
  readonly offsets: Map<object, number>
  /** Dictionary keys named `__proto__`, which are left out. */
  readonly unsafeKeys: number
}

/** Whether `bytes` start like a binary plist. */
export function isBinaryPlist(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER.length) return false
  for (let i = 0; i < HEADER.length; i++) if (bytes[i] !== HEADER.charCodeAt(i)) return false
  return true
}

/** Parse a binary plist. Throws `BookgenError` `safari/bad-plist` with the byte offset. */
export function parseBinaryPlist(bytes: Uint8Array, file: string): BinaryPlist {
  return new ObjectTable(bytes, file).parse()
}

/** An object's marker, decoded. */
interface ObjectInfo {
  readonly type: number
  /** The low four bits of the marker. */
  readonly low: number
  /** Where its content starts (after the marker and any length). */
  readonly start: number
  /** Elements (arrays), pairs (dictionaries), bytes (data, ASCII), code units (UTF-16). */
  readonly count: number
}

class ObjectTable {
  private readonly bytes: Uint8Array
  private readonly view: DataView
  private readonly file: string
  private readonly offsetSize: number
  private readonly refSize: number
  private readonly count: number
  private readonly top: number
  private readonly tableOffset: number

  constructor(bytes: Uint8Array, file: string) {
    this.bytes = bytes
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
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
   * Check and decode every object of the table, then link the arrays and dictionaries to what they
   * refer to: no array or dictionary may be referenced from two places (a cycle, or sharing that
   * could expand far beyond the file).
   */
  parse(): BinaryPlist {
    const values = new Array<PlistValue>(this.count)
    const containers: Array<{ index: number; refs: number[] }> = []
    const offsets = new Map<object, number>()
    // How often each object is referenced; the top one counts as referenced by the file.
    const referenced = new Uint8Array(this.count)
    referenced[this.top] = 1
    let unsafeKeys = 0
    for (let index = 0; index < this.count; index++) {
      const info = this.info(index)
      if (info.type !== ARRAY && info.type !== DICT) {
        values[index] = this.scalar(info)
        continue
      }
      const refs = this.refsOf(info)
      for (let at = 0; at < refs.length; at++) {
        const ref = refs[at]!
        const { type: child, count: length } = this.info(ref)
        if ((child === ARRAY || child === DICT) && referenced[ref]++ > 0)
          throw plistError(
            this.file,
            this.offset(ref),
            'The binary plist refers to one array or dictionary from two places (a cycle, or shared objects that would expand far beyond its size)',
          )
        if (info.type === DICT && at < info.count && length === PROTO.length && this.stringAt(ref) === PROTO)
          unsafeKeys++
      }
      const container = info.type === ARRAY ? [] : {}
      if (info.type === DICT) offsets.set(container, this.offset(index))
      values[index] = container
      containers.push({ index, refs })
    }
    for (const { index, refs } of containers) {
      const container = values[index]!
      if (Array.isArray(container)) {
        for (const ref of refs) container.push(values[ref]!)
        continue
      }
      const pairs = refs.length / 2
      for (let i = 0; i < pairs; i++) {
        const key = values[refs[i]!] as string
        if (key !== PROTO) (container as PlistDict)[key] = values[refs[pairs + i]!]!
      }
    }
    return { value: values[this.top]!, offsets, unsafeKeys }
  }

  /** The value of an object that is neither an array nor a dictionary. */
  private scalar({ type, low, start, count }: ObjectInfo): PlistValue {
    switch (type) {
      case 0x0:
        return low === 8 ? false : low === 9 ? true : null
      case 0x1:
        return this.integer(start, 1 << low)
      case 0x2:
        return low === 2 ? this.view.getFloat32(start) : this.view.getFloat64(start)
      case 0x3:
        return new Date(EPOCH_2001 + 1000 * this.view.getFloat64(start))
      case 0x4:
        return this.bytes.subarray(start, start + count)
      case 0x8: {
        let uid = 0
        for (let i = 0; i < low + 1; i++) uid = uid * 256 + this.bytes[start + i]!
        return { UID: uid }
      }
      default:
        return type === 0x5
          ? Buffer.from(this.bytes.subarray(start, start + count)).toString('utf8')
          : this.utf16(start, count)
    }
  }

  /** A big-endian integer: unsigned, but for eight bytes (signed); past 2^53 as a bigint. */
  private integer(start: number, width: number): number | bigint {
    let value = 0n
    for (let i = 0; i < width; i++) value = (value << 8n) | BigInt(this.bytes[start + i]!)
    if (width === 8 && this.bytes[start]! >= 0x80) value -= 1n << 64n
    const safe = value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    return safe ? Number(value) : value
  }

  /** References held by an array or dictionary (dictionaries: keys, then values), checked. */
  private refsOf(info: ObjectInfo): number[] {
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
    return info.type === 0x6 ? this.utf16(info.start, info.count) : undefined
  }

  /** `count` UTF-16BE code units from `start`. */
  private utf16(start: number, count: number): string {
    let text = ''
    for (let i = 0; i < count; i++) text += String.fromCharCode(this.view.getUint16(start + 2 * i))
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
    return { type, low, start, count }
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
function plistError(file: string, offset: number, reason: string): BookgenError {
  return new BookgenError(`${reason} (at byte ${offset})`, {
    rule: 'safari/bad-plist',
    file,
    line: 1,
    column: offset + 1,
  })
}
