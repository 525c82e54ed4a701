/**
 * (I/O) A source file's bytes, read with a bound. Only a regular file is read: the path is looked
 * at before it is opened, and a folder, a pipe, a socket or a device is refused at once, saying
 * what it is (a pipe without a writer would block the open, and a device such as `/dev/zero`
 * never ends). A file over the limit (`sourceLimit`) is refused unread, and one whose first bytes
 * show it is no bookmark file before the rest is read. Used by `build` (and so by watch mode) and
 * by `inspect` and `convert`.
 */
import { constants, type Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { open, stat } from 'node:fs/promises'
import os from 'node:os'
import { BookgenError, isBookgenError } from '../model/errors.js'
import { MAX_SOURCE_BYTES, refuseByHead, SNIFF_BYTES } from '../formats/index.js'
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

/** Bytes asked for at a time from a file whose size changed while it was read. */
const CHUNK_BYTES = 64 * 1024

/**
 * `open`'s flags for a source: read only, and never waiting. A FIFO put in a source's place between
 * the `stat` that found a regular file and the `open` would otherwise block the open, in a thread
 * of the pool that exiting the process waits for, until something writes into it.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/** A regular file opened for reading (see `openRegularFile`), and its size. */
export interface OpenedSource {
  handle: FileHandle
  size: number
}

/**
 * Open the source `file` (shown as `name`) if it is a regular file. Anything else is refused at
 * once, saying what it is (`source/unreadable`): a folder, a pipe, a socket or a device is looked
 * at, never opened, so that nothing waits on a pipe without a writer or a device without end.
 */
export async function openRegularFile(file: string, name: string): Promise<OpenedSource> {
  const found = await stat(file).catch(async (error: unknown) => {
    throw await unreadable(error, name)
  })
  if (!found.isFile()) throw notAFile(name, found)
  let handle: FileHandle
  try {
    handle = await open(file, OPEN_FLAGS)
  } catch (error) {
    throw await unreadable(error, name)
  }
  try {
    // The file opened may not be the one looked at: replaced meanwhile.
    const info = await handle.stat()
    if (!info.isFile()) throw notAFile(name, info)
    return { handle, size: info.size }
  } catch (error) {
    await handle.close().catch(() => {})
    throw isBookgenError(error) ? error : await unreadable(error, name)
  }
}

/**
 * Read the source `file`; `name` is how messages show it. Only a regular file is read (see
 * `openRegularFile`); one over the limit is refused unread, and one whose first bytes show it is no
 * bookmark file (`refuseByHead`) before the rest is read. Throws `BookgenError`
 * (`source/unreadable`, `source/too-large`, `source/unknown-format`).
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
  const { handle, size: found } = await openRegularFile(file, name)
  try {
    if (found > limit) throw tooLarge(name, `The file is ${size(found)}`, limit, why)
    return await readRegular(handle, found, name, { limit, why }, options)
  } catch (error) {
    if (isBookgenError(error)) throw error
    throw await unreadable(error, name)
  } finally {
    await handle.close().catch(() => {})
  }
}

/**
 * A regular file of `size` bytes, read whole: its head first, and
 * the rest only if the head may be a bookmark file's. One whose size changes while it is read is
 * read again from its start, as it comes, with the same bound.
 */
async function readRegular(
  handle: FileHandle,
  size: number,
  name: string,
  limit: Bound,
  options: ReadSourceOptions,
): Promise<Uint8Array> {
  const head = new Uint8Array(Math.min(size, SNIFF_BYTES))
  const { bytesRead: headRead } = await handle.read(head, 0, head.byteLength, 0)
  const refusal = refuseByHead(head.subarray(0, headRead), name)
  if (refusal !== undefined) throw refusal
  if (headRead < head.byteLength) return await readBounded(handle, name, limit)
  const bytes = options.memory?.(size) ?? new Uint8Array(size)
  bytes.set(head)
  for (let done = head.byteLength; done < bytes.byteLength;) {
    const { bytesRead } = await handle.read(bytes, done, bytes.byteLength - done, done)
    if (bytesRead === 0) return await readBounded(handle, name, limit)
    done += bytesRead
  }
  const { bytesRead } = await handle.read(new Uint8Array(1), 0, 1, bytes.byteLength)
  return bytesRead === 0 ? bytes : await readBounded(handle, name, limit)
}

/** Read the file from its start to its end as the bytes come, refusing more than `limit`. */
async function readBounded(handle: FileHandle, name: string, { limit, why }: Bound): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, total)
    if (bytesRead === 0) break
    total += bytesRead
    if (total > limit) throw tooLarge(name, `More than ${size(limit)} came from the file`, limit, why)
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
    rule: 'source/too-large',
    file: name,
  })
}

/** Why a source that is not a regular file is refused, saying what it is and what to do. */
function notAFile(name: string, info: Stats): BookgenError {
  const what = info.isDirectory()
    ? 'a folder'
    : info.isFIFO()
      ? 'a pipe (FIFO)'
      : info.isSocket()
        ? 'a socket'
        : info.isCharacterDevice()
          ? 'a device'
          : info.isBlockDevice()
            ? 'a disk (block device)'
            : 'not a regular file'
  const fix = info.isDirectory()
    ? ''
    : '; bookgen reads regular files only: save what it gives to a file, and build from that'
  return new BookgenError(`The source is ${what}, not a bookmark file${fix}`, {
    rule: 'source/unreadable',
    file: name,
  })
}

/** An error looking at, opening or reading a source, in words. */
async function unreadable(error: unknown, name: string): Promise<BookgenError> {
  if (!isSystemError(error)) throw error
  if (error.code === 'ENOENT')
    return new BookgenError('Source not found', { rule: 'source/unreadable', file: name, cause: error })
  const reason = describeIoError(error, {
    action: 'Cannot read the source',
    path: error.path,
    flag: 'source',
  })
  return new BookgenError(reason, { rule: 'source/unreadable', file: name, cause: error })
}

/** `500 MiB`, or `1000 bytes` below a mebibyte. */
function size(bytes: number): string {
  return bytes < 2 ** 20 ? `${bytes} bytes` : `${(bytes / 2 ** 20).toFixed(0)} MiB`
}
