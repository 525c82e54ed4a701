/**
 * Zip archives a service ships its export in (Pocket's CSV parts), read with bounds so that a zip
 * bomb is refused, not inflated: at most `ZIP_LIMITS.entries` members, and no more inflated in all
 * than `inflationBudget` allows an archive of its size (32 times it, at most 500 MiB), counted as
 * the data comes out, never trusting the sizes the archive declares. fflate's streaming `Unzip`
 * is fed the archive a small slice at a time, so one step inflates at most ~1000 times a slice
 * before the count is checked and reading stops.
 * (fflate's `unzipSync` inflates each member in one go into a buffer of its declared size: a
 * member that lies about its size cannot take more memory, but is inflated to the end all the same.)
 */
import { createRequire } from 'node:module'
import type { Unzip as UnzipType, UnzipInflate as UnzipInflateType, UnzipFile } from 'fflate'
import { BookgenError } from '../../model/errors.js'
import { inflationBudget, LIMITS, MAX_SOURCE_BYTES } from './limits.js'

/** fflate, loaded on first use (its CommonJS build, synchronously): only zip archives need it. */
let fflate: { Unzip: typeof UnzipType; UnzipInflate: typeof UnzipInflateType } | undefined
function library(): NonNullable<typeof fflate> {
  return (fflate ??= createRequire(import.meta.url)('fflate') as NonNullable<typeof fflate>)
}

export const ZIP_LIMITS = Object.freeze({
  /** Members (files and folders) in one archive. */
  entries: 1000,
})

/** Compressed bytes handed to the inflater at a time. */
const SLICE = 16 * 1024

/** One member read from an archive. */
export interface ZipMember {
  readonly name: string
  readonly bytes: Uint8Array
}

/** Whether `bytes` start like a zip archive (a local file header). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

/**
 * Names of the first members of the archive whose first bytes are `head`, read from their local
 * headers as far as the head reaches (up to `max`). For sniffing: no data is inflated.
 */
export function zipMemberNames(head: Uint8Array, max = 8): string[] {
  const names: string[] = []
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  let at = 0
  while (names.length < max && at + 30 <= head.length && view.getUint32(at, true) === 0x04034b50) {
    const flags = view.getUint16(at + 6, true)
    const compressed = view.getUint32(at + 18, true)
    const nameLength = view.getUint16(at + 26, true)
    const extraLength = view.getUint16(at + 28, true)
    if (at + 30 + nameLength > head.length) break
    const name = head.subarray(at + 30, at + 30 + nameLength)
    names.push(new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(name))
    if (flags & 0x8) break // sizes follow the data: the next header cannot be found without inflating
    at += 30 + nameLength + extraLength + compressed
  }
  return names
}

/**
 * Read the members of a zip archive that `wanted` picks by name, in archive order. Throws
 * `BookgenError` `<area>/bad-zip` for an archive fflate cannot read (cut short, unknown
 * compression) and `<area>/zip-too-large` past `ZIP_LIMITS`.
 */
export function readZip(
  bytes: Uint8Array,
  file: string,
  area: string,
  wanted: (name: string) => boolean,
): ZipMember[] {
  const budget = inflationBudget(bytes.length)
  const reading = new ZipReading(file, area, wanted, budget)
  const { Unzip, UnzipInflate } = library()
  const unzip = new Unzip((entry) => reading.onEntry(entry))
  unzip.register(UnzipInflate)
  try {
    for (let at = 0; at < bytes.length && reading.failure === undefined; at += SLICE) {
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length)
    }
  } catch (error) {
    reading.fail(
      'bad-zip',
      `Not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return reading.members()
}

/** The state of one `readZip`. */
class ZipReading {
  failure: BookgenError | undefined
  private entries = 0
  private inflated = 0
  private readonly found: Array<{ name: string; chunks: Uint8Array[]; done: boolean }> = []
  private readonly file: string
  private readonly area: string
  private readonly wanted: (name: string) => boolean
  /** Bytes this archive may inflate to (see `ZIP_LIMITS`). */
  private readonly budget: number

  constructor(file: string, area: string, wanted: (name: string) => boolean, budget: number) {
    this.file = file
    this.area = area
    this.wanted = wanted
    this.budget = budget
  }

  fail(problem: string, message: string): void {
    this.failure ??= new BookgenError(message, { rule: `${this.area}/${problem}`, file: this.file })
  }

  onEntry(entry: UnzipFile): void {
    if (this.failure !== undefined) return
    if (++this.entries > ZIP_LIMITS.entries) {
      this.fail('zip-too-large', `The zip archive has more than ${ZIP_LIMITS.entries} members; refused`)
      return
    }
    if (!this.wanted(entry.name)) return
    const member = { name: entry.name, chunks: [] as Uint8Array[], done: false }
    this.found.push(member)
    entry.ondata = (error, data, final) => {
      if (this.failure !== undefined) return
      if (error !== null) {
        this.fail('bad-zip', `${entry.name} in the zip archive cannot be read: ${error.message}`)
        return
      }
      this.inflated += data.length
      if (this.inflated > this.budget) {
        const why =
          this.budget >= MAX_SOURCE_BYTES
            ? 'the most bookgen reads'
            : `over ${LIMITS.inflation} times the archive's size, as a zip bomb's does`
        this.fail(
          'zip-too-large',
          `The zip archive inflates to more than ${(this.budget / 2 ** 20).toFixed(1)} MiB, ${why}; refused. If it is a real export, unzip it and build from what it holds`,
        )
        entry.terminate()
        return
      }
      if (data.length > 0) member.chunks.push(data)
      if (final) member.done = true
    }
    entry.start()
  }

  members(): ZipMember[] {
    const cut = this.found.find((member) => !member.done)
    if (this.failure === undefined && cut !== undefined)
      this.fail('bad-zip', `${cut.name} in the zip archive is cut short`)
    if (this.failure !== undefined) throw this.failure
    return this.found.map(({ name, chunks }) => ({ name, bytes: concat(chunks) }))
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}
