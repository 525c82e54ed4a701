/**
 * (I/O) A source file's bytes, read with a bound. The opened file is looked at before anything is
 * read: a regular file over the limit (`MAX_SOURCE_BYTES`) is refused unread; a pipe or a
 * character device (`bookgen build <(curl …)`, `/dev/stdin`) has no size, so it is read as it
 * comes and refused as soon as more than the limit has arrived (`/dev/zero` never ends); a folder,
 * a socket or a disk is refused with a message that says what it is. Used by `build` (and so by
 * watch mode) and by `inspect` and `convert`.
 */
import type { FileHandle } from 'node:fs/promises'
import { open, stat } from 'node:fs/promises'
import os from 'node:os'
import { BookgenError, isBookgenError } from '../model/errors.js'
import { MAX_SOURCE_BYTES } from '../formats/index.js'
import { describeIoError, isSystemError } from './io-error.js'

/** A source file as read from disk, before decoding. */
export interface ReadSource {
  /** Absolute path. */
  file: string
  /** The path as messages show it. */
  name: string
  bytes: Uint8Array
}

/** How `readSourceBytes` reads. */
export interface ReadSourceOptions {
  /** Most bytes accepted. Default: `sourceLimit()` (at most `MAX_SOURCE_BYTES`, 500 MiB). */
  limit?: number | undefined
  /**
   * Put a regular file's bytes in a `SharedArrayBuffer`, so that a worker thread gets the same
   * bytes rather than a copy (35 MB for a 100k-bookmark XBEL file). Default: `false`.
   */
  shared?: boolean | undefined
  /**
   * Memory to read a regular file of `size` bytes into (`size` bytes long), instead of new memory:
   * watch mode reuses the memory of a version it no longer needs (see `IncrementalParser.memory`).
   */
  memory?: ((size: number) => Uint8Array) | undefined
}

/** The environment variable that sets the largest source a build reads, in MiB. */
export const SOURCE_LIMIT_VARIABLE = 'BOOKGEN_MAX_SOURCE_MB'

/**
 * The share of the machine's memory a source may be by default: a build's peak memory is a few
 * times its source (about 8x for a million bookmarks), so a tenth keeps it clear of the machine's limit.
 */
const MEMORY_SHARE = 10

/** The largest source a build reads here, and why, in words for the error that refuses one. */
export interface SourceLimit {
  bytes: number
  why: string
}

/**
 * The largest source read by default: `BOOKGEN_MAX_SOURCE_MB` if set, else a tenth of the machine's
 * memory; never more than `MAX_SOURCE_BYTES`, the most one string of text can hold.
 */
export function sourceLimit(env: NodeJS.ProcessEnv = process.env, memory = os.totalmem()): SourceLimit {
  const ceiling = `the most bookgen reads, ${size(MAX_SOURCE_BYTES)}: a source's text must fit in one string`
  const set = env[SOURCE_LIMIT_VARIABLE]?.trim() ?? ''
  const mib = set === '' ? NaN : Number(set)
  if (Number.isFinite(mib) && mib > 0) {
    const bytes = Math.floor(mib * 2 ** 20)
    if (bytes >= MAX_SOURCE_BYTES) return { bytes: MAX_SOURCE_BYTES, why: ceiling }
    return { bytes, why: `${SOURCE_LIMIT_VARIABLE}=${set}` }
  }
  const share = Math.floor(memory / MEMORY_SHARE / 2 ** 20) * 2 ** 20
  if (share >= MAX_SOURCE_BYTES) return { bytes: MAX_SOURCE_BYTES, why: ceiling }
  const gib = (memory / 2 ** 30).toFixed(1)
  return {
    bytes: Math.max(share, 2 ** 20),
    why: `a tenth of this machine's ${gib} GiB of memory; ${SOURCE_LIMIT_VARIABLE}=${(MAX_SOURCE_BYTES / 2 ** 20).toFixed(0)} raises it, to ${size(MAX_SOURCE_BYTES)} at most`,
  }
}

/** Bytes asked for at a time from a pipe or a device (a pipe hands over 64 KiB at most). */
const CHUNK_BYTES = 64 * 1024

/**
 * Read the source `file`; `name` is how messages show it. Throws `BookgenError`
 * (`source/unreadable`, `source/too-large`) for anything that cannot be read as a source.
 *
 * @example await readSourceBytes('/home/me/bookmarks.html', 'bookmarks.html') // → Uint8Array
 */
export async function readSourceBytes(
  file: string,
  name: string,
  options: ReadSourceOptions = {},
): Promise<Uint8Array> {
  const { bytes: limit, why } =
    options.limit === undefined ? sourceLimit() : { bytes: options.limit, why: undefined }
  let handle: FileHandle
  try {
    handle = await open(file)
  } catch (error) {
    throw await unreadable(error, file, name)
  }
  try {
    const info = await handle.stat()
    if (info.isFile()) {
      if (info.size > limit) throw tooLarge(name, `The file is ${size(info.size)}`, limit, why)
      return await readRegular(handle, info.size, name, { limit, why }, options)
    }
    if (info.isFIFO() || info.isCharacterDevice()) {
      const what = info.isFIFO() ? 'this pipe' : 'this device'
      return await readBounded(handle, name, { limit, why }, what, false)
    }
    throw notAFile(
      name,
      info.isDirectory() ? 'a folder' : info.isBlockDevice() ? 'a disk (block device)' : 'not a regular file',
    )
  } catch (error) {
    if (isBookgenError(error)) throw error
    throw await unreadable(error, file, name)
  } finally {
    await handle.close().catch(() => {})
  }
}

/**
 * A regular file of `size` bytes, read whole (into shared memory if asked). One whose size changes
 * while it is read is read again from its start, as it comes, with the same bound.
 */
async function readRegular(
  handle: FileHandle,
  size: number,
  name: string,
  limit: Bound,
  options: ReadSourceOptions,
): Promise<Uint8Array> {
  const bytes =
    options.memory?.(size) ??
    new Uint8Array(options.shared === true ? new SharedArrayBuffer(size) : new ArrayBuffer(size))
  for (let done = 0; done < bytes.byteLength;) {
    const { bytesRead } = await handle.read(bytes, done, bytes.byteLength - done, done)
    if (bytesRead === 0) return await readBounded(handle, name, limit, 'the file', true)
    done += bytesRead
  }
  const { bytesRead } = await handle.read(new Uint8Array(1), 0, 1, bytes.byteLength)
  return bytesRead === 0 ? bytes : await readBounded(handle, name, limit, 'the file', true)
}

/** Read to the end as the bytes come (from the start, for a file), refusing more than `limit`. */
async function readBounded(
  handle: FileHandle,
  name: string,
  { limit, why }: Bound,
  what: string,
  positional: boolean,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, positional ? total : null)
    if (bytesRead === 0) break
    total += bytesRead
    if (total > limit) throw tooLarge(name, `More than ${size(limit)} came from ${what}`, limit, why)
    chunks.push(bytesRead === CHUNK_BYTES ? chunk : chunk.subarray(0, bytesRead))
  }
  return Buffer.concat(chunks, total)
}

/** The most bytes a read takes, and why (when it is the default, `sourceLimit`). */
interface Bound {
  limit: number
  why: string | undefined
}

function tooLarge(name: string, found: string, limit: number, why: string | undefined): BookgenError {
  const reason = why === undefined ? '' : ` (${why})`
  return new BookgenError(`${found}; bookgen reads sources up to ${size(limit)}${reason}`, {
    ruleId: 'source/too-large',
    file: name,
  })
}

function notAFile(name: string, what: string): BookgenError {
  return new BookgenError(`The source is ${what}, not a bookmark file`, {
    ruleId: 'source/unreadable',
    file: name,
  })
}

/** An error opening or reading `file`, in words. */
async function unreadable(error: unknown, file: string, name: string): Promise<BookgenError> {
  if (!isSystemError(error)) throw error
  if (error.code === 'ENOENT')
    return new BookgenError('Source not found', { ruleId: 'source/unreadable', file: name, cause: error })
  // A socket cannot be opened (ENXIO): say what it is.
  if (error.code === 'ENXIO' && (await stat(file).catch(() => undefined))?.isSocket() === true)
    return notAFile(name, 'a socket')
  const reason = describeIoError(error, { action: 'Cannot read the source', path: file, flag: 'source' })
  return new BookgenError(reason, { ruleId: 'source/unreadable', file: name, cause: error })
}

/** `500 MiB`, or `1000 bytes` below a mebibyte. */
function size(bytes: number): string {
  return bytes < 2 ** 20 ? `${bytes} bytes` : `${(bytes / 2 ** 20).toFixed(0)} MiB`
}
