/**
 * Mozilla's LZ4 container (`.jsonlz4`, `.baklz4`, `.mozlz4`): the 8 bytes `mozLz40\0`, the
 * decompressed size as a little-endian uint32, then one raw LZ4 block (no frame, no checksum).
 * The declared size is checked before anything is allocated: at most 500 MiB (the largest source
 * bookgen reads, `MAX_SOURCE_BYTES`), no more than an LZ4 block of this length can produce (each
 * byte of a block yields at most 255), and no more than `inflationBudget` allows a file of this
 * size (32 times it): a small file that declares much more is a decompression bomb, whose million
 * bookmarks would make a site thousands of times its size.
 * The block is decompressed by lz4-wasm-nodejs (lz4_flex compiled to WebAssembly, loaded the
 * first time a file needs it), which checks every offset and length and that the output is exactly
 * the declared size. Errors name the byte offset; their place is line 1, column offset + 1.
 */
import { createRequire } from 'node:module'
import { BookgenError } from '../../model/errors.js'
import { inflationBudget, LIMITS, MAX_SOURCE_BYTES } from '../shared/limits.js'

export const MOZLZ4_MAGIC = 'mozLz40\0'
const HEADER_BYTES = 12
/** The most output one byte of an LZ4 block can give (a match length byte of 255). */
const MAX_RATIO = 255

interface Lz4 {
  decompress(input: Uint8Array): Uint8Array
}
let lz4: Lz4 | undefined

/** Whether `bytes` start with the container's magic. */
export function isMozLz4(bytes: Uint8Array): boolean {
  if (bytes.length < MOZLZ4_MAGIC.length) return false
  for (let i = 0; i < MOZLZ4_MAGIC.length; i++) if (bytes[i] !== MOZLZ4_MAGIC.charCodeAt(i)) return false
  return true
}

/** The decompressed content of a mozLz4 container. Throws `BookgenError` `firefox/bad-lz4`. */
export function decompressMozLz4(bytes: Uint8Array, file: string): Uint8Array {
  if (!isMozLz4(bytes)) throw lz4Error(file, 0, 'Not a mozLz4 file: it does not start with "mozLz40\\0"')
  if (bytes.length < HEADER_BYTES)
    throw lz4Error(file, bytes.length, 'The file ends inside its 12-byte header (it is truncated)')
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true)
  const block = bytes.length - HEADER_BYTES
  if (size > MAX_SOURCE_BYTES) {
    throw lz4Error(
      file,
      8,
      `The declared size, ${size} bytes, is over the ${MAX_SOURCE_BYTES / 2 ** 20} MiB bookgen reads`,
    )
  }
  if (size > block * MAX_RATIO) {
    throw lz4Error(
      file,
      8,
      `The declared size, ${size} bytes, is more than ${block} compressed bytes can hold: the file is truncated or corrupt`,
    )
  }
  if (size > inflationBudget(bytes.length)) {
    throw lz4Error(
      file,
      8,
      `The declared size, ${size} bytes, is more than ${LIMITS.inflation} times the file's ${bytes.length} bytes, as a decompression bomb's is; bookmark backups compress about 5 to one. If this is a backup Firefox made, build from its JSON form instead (Bookmarks › Manage bookmarks › Import and Backup › Backup… writes one)`,
    )
  }
  try {
    return library().decompress(bytes.subarray(8))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw lz4Error(
      file,
      HEADER_BYTES,
      `The LZ4 block is corrupt or truncated (${reason.slice(0, 200)})`,
      error,
    )
  }
}

function library(): Lz4 {
  lz4 ??= createRequire(import.meta.url)('lz4-wasm-nodejs') as Lz4
  return lz4
}

function lz4Error(file: string, offset: number, reason: string, cause?: unknown): BookgenError {
  return new BookgenError(`${reason} (at byte ${offset})`, {
    rule: 'firefox/bad-lz4',
    file,
    line: 1,
    column: offset + 1,
    cause,
  })
}
