/**
 * (I/O) Writes a site's files into a staging folder (see \`StagingWriter\`), linking files that are
 * byte for byte what the previous build wrote; and the path guard every writer of the output
 * folder uses (\`targetPath\`).
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeSync,
  writevSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BookgenError } from '../model/errors.js'
import type { AssetCopy, OutputFile } from '../model/output.js'
import type { SiteBudget } from './site-budget.js'

/** The package's `templates/` folder (next to `dist/` and `src/`). */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url))

export interface WriteResult {
  files: number
  bytes: number
  /** How many of those files the previous build had already written, byte for byte: linked, not written. */
  unchanged: number
  /**
   * The previous site, moved aside when the new one was swapped in, when it could not be removed
   * (read-only files in it, …): the build succeeded, and this folder is left for the user.
   */
  leftover?: { dir: string; message: string } | undefined
}

const UTF8 = new TextEncoder()

/** Most chunks handed to one `writev` (the system's limit is 1024). */
const MAX_CHUNKS = 512

/** Write every chunk to `fd`, in order, whatever the system writes at a time; returns the bytes written. */
function writeAll(fd: number, chunks: readonly Uint8Array[]): number {
  let total = 0
  for (let start = 0; start < chunks.length; start += MAX_CHUNKS) {
    const batch = chunks.slice(start, start + MAX_CHUNKS)
    let size = 0
    for (const chunk of batch) size += chunk.byteLength
    const done = writevSync(fd, batch)
    if (done < size) {
      // A short write (rare, for a regular file): the rest, chunk by chunk.
      let offset = 0
      for (const chunk of batch) {
        const end = offset + chunk.byteLength
        for (let at = Math.max(done, offset); at < end;) at += writeSync(fd, chunk, at - offset)
        offset = end
      }
    }
    total += size
  }
  return total
}

function byteLength(chunks: readonly Uint8Array[]): number {
  let bytes = 0
  for (const chunk of chunks) bytes += chunk.byteLength
  return bytes
}

/** Largest buffer kept for encoding pages (three bytes per UTF-16 unit at most). */
const MAX_REUSED_BUFFER = 16 << 20

/**
 * Writes files into a staging folder: each path checked to stay inside it, each folder made once
 * (another writer of the same staging folder may make the same folders), no file written twice.
 *
 * Given the previous build's folder, a file whose bytes are exactly that build's file at the same
 * path is hard-linked from it instead of written (see `FileSink`).
 *
 * Synchronous writes, on purpose: into a fresh staging folder nothing else waits on this thread
 * but the next page to render, and one mkdir/write per file costs less CPU than the thread-pool
 * round trips (open, write, close) of an asynchronous write.
 */
export class StagingWriter {
  readonly written: WriteResult = { files: 0, bytes: 0, unchanged: 0 }
  /** Size and SHA-256 (base64url) of each written file `hashed` picks, by path: hashed as written, never read back. */
  readonly hashes = new Map<string, { size: number; hash: string }>()
  /**
   * Text is encoded into this buffer, reused from one file to the next. A new buffer per page is
   * memory outside the JavaScript heap, which V8 counts towards its next full garbage collection:
   * thousands of them made the collector run again and again.
   */
  private buffer = Buffer.allocUnsafeSlow(1 << 20)
  /** The previous file's bytes being compared, reused likewise. */
  private readonly window = { bytes: Buffer.allocUnsafeSlow(1 << 20) }
  private readonly directories = new Set<string>()
  /** Folders of the previous build, by relative path: whether each is a real folder (no symbolic link on the way). */
  private readonly previousDirectories = new Map<string, boolean>([['.', true]])
  private readonly root: string
  private previous: string | undefined

  private readonly budget: SiteBudget | undefined
  private readonly hashed: ((path: string) => boolean) | undefined

  /**
   * `previous`: the previous build's folder, if there is one; `budget`: the bytes the site may
   * take, counted as they are written (a write that would pass it throws, unwritten); `hashed`:
   * the files whose hashes to keep (`hashes`).
   */
  constructor(root: string, previous?: string, budget?: SiteBudget, hashed?: (path: string) => boolean) {
    this.root = root
    this.previous = previous
    this.budget = budget
    this.hashed = hashed
    this.directories.add(root)
  }

  /** Write `file`; returns its size. */
  write(file: OutputFile): number {
    const target = targetPath(this.root, file.path)
    this.ensureDirectory(path.dirname(target))
    this.budget?.countFile()
    const sink = new FileSink(target, this.previousFile(file.path), this.window)
    const hash = this.hashed?.(file.path) === true ? createHash('sha256') : undefined
    const push = (chunks: Uint8Array[]): void => {
      if (this.budget !== undefined) this.budget.spend(byteLength(chunks))
      if (hash !== undefined) for (const chunk of chunks) hash.update(chunk)
      sink.push(chunks)
    }
    let size: number
    try {
      if (file.stream !== undefined) file.stream((chunk) => push(this.encode([chunk])))
      else push(this.encode(file.segments ?? [file.contents]))
      size = sink.finish()
    } finally {
      sink.close()
    }
    this.written.bytes += size
    if (hash !== undefined) this.hashes.set(file.path, { size, hash: hash.digest('base64url') })
    if (sink.linked) this.written.unchanged++
    // Hard links cannot be made here (another file system, or none): stop comparing.
    else if (sink.unlinkable) this.previous = undefined
    this.written.files++
    return size
  }

  /**
   * Text segments as UTF-8, one after the other in the reused buffer (each on its own when they are
   * too large to keep a buffer for, as the exports' whole text would be); byte chunks as they are.
   */
  private encode(segments: ReadonlyArray<string | Uint8Array>): Uint8Array[] {
    let room = 0
    for (const segment of segments) if (typeof segment === 'string') room += segment.length * 3
    if (room > MAX_REUSED_BUFFER)
      return segments.map((segment) => (typeof segment === 'string' ? Buffer.from(segment) : segment))
    if (room > this.buffer.byteLength)
      this.buffer = Buffer.allocUnsafeSlow(Math.max(room, this.buffer.byteLength * 2))
    const chunks: Uint8Array[] = []
    let used = 0
    for (const segment of segments) {
      if (typeof segment !== 'string') {
        chunks.push(segment)
        continue
      }
      const { written } = UTF8.encodeInto(segment, this.buffer.subarray(used))
      chunks.push(this.buffer.subarray(used, used + written))
      used += written
    }
    return chunks
  }

  /** Copy `asset` into the site; returns its size. */
  copy(asset: AssetCopy): number {
    const from = resolveAsset(asset)
    // Compared (or hashed) like any file when there is a previous build (theme files are small).
    if (this.previous !== undefined || this.hashed?.(asset.path) === true)
      return this.write({ path: asset.path, contents: readFileSync(from) })
    const target = targetPath(this.root, asset.path)
    this.ensureDirectory(path.dirname(target))
    const { size } = lstatSync(from)
    this.budget?.countFile()
    this.budget?.spend(size)
    copyFileSync(from, target, constants.COPYFILE_EXCL)
    this.written.bytes += size
    this.written.files++
    return size
  }

  /**
   * Rename a folder this writer filled (`from`, below the staging folder) to `to`, which must not
   * exist: a folder whose name is known only once its files are written (the search index's).
   */
  moveDirectory(from: string, to: string): void {
    const source = targetPath(this.root, from)
    const target = targetPath(this.root, to)
    this.ensureDirectory(path.dirname(target))
    renameSync(source, target)
    for (const [file, hash] of [...this.hashes])
      if (file.startsWith(`${from}/`)) {
        this.hashes.delete(file)
        this.hashes.set(`${to}${file.slice(from.length)}`, hash)
      }
    for (const directory of this.directories)
      if (directory === source || directory.startsWith(source + path.sep)) this.directories.delete(directory)
  }

  /** The previous build's file at `relative` as text (a regular file, no symbolic link on the way), if any. */
  previousText(relative: string): string | undefined {
    targetPath(this.root, relative)
    const file = this.previousFile(relative)
    if (file === undefined) return undefined
    try {
      return readFileSync(file.fd, 'utf8')
    } finally {
      closeSync(file.fd)
    }
  }

  private ensureDirectory(directory: string): void {
    if (this.directories.has(directory)) return
    this.ensureDirectory(path.dirname(directory))
    try {
      mkdirSync(directory)
    } catch (error) {
      // Made by another writer of the same staging folder.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !lstatSync(directory).isDirectory())
        throw error
    }
    this.directories.add(directory)
  }

  /** The previous build's regular file at `relative` (already checked by `targetPath`), opened; or none. */
  private previousFile(relative: string): PreviousFile | undefined {
    if (this.previous === undefined || !this.isPreviousDirectory(path.posix.dirname(relative)))
      return undefined
    const file = path.join(this.previous, relative)
    let fd: number
    try {
      fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
    } catch {
      return undefined
    }
    const stat = fstatSync(fd)
    if (stat.isFile()) return { path: file, fd, size: stat.size }
    closeSync(fd)
    return undefined
  }

  private isPreviousDirectory(relative: string): boolean {
    let known = this.previousDirectories.get(relative)
    if (known === undefined) {
      known =
        this.isPreviousDirectory(path.posix.dirname(relative)) &&
        lstatSync(path.join(this.previous!, relative), { throwIfNoEntry: false })?.isDirectory() === true
      this.previousDirectories.set(relative, known)
    }
    return known
  }
}

interface PreviousFile {
  path: string
  fd: number
  size: number
}

/** Bytes of the previous file read at a time when comparing. */
const WINDOW = 1 << 20

/**
 * Where one file's bytes go. Without a previous file, straight into the new file. With one, they
 * are only compared with it while they match: if all match, the previous file is hard-linked in
 * its place at the end; at the first difference the new file is made from the previous file's
 * matching start and the rest is written after it.
 */
class FileSink {
  /** The new file, once made. */
  private fd: number | undefined
  /** Bytes equal to the previous file's so far (while no new file is made). */
  private matched = 0
  /** The window's bytes are the previous file's from this offset. */
  private windowStart = 0
  private windowEnd = 0
  private written = 0
  linked = false
  unlinkable = false

  private readonly target: string
  private previous: PreviousFile | undefined
  private readonly window: { bytes: Buffer }

  constructor(target: string, previous: PreviousFile | undefined, window: { bytes: Buffer }) {
    this.target = target
    this.previous = previous
    this.window = window
    if (previous === undefined) this.fd = openSync(target, 'wx')
  }

  push(chunks: readonly Uint8Array[]): void {
    let start = 0
    if (this.fd === undefined) {
      while (start < chunks.length && this.matches(chunks[start]!))
        this.matched += chunks[start++]!.byteLength
      if (start === chunks.length) return
      this.diverge()
    }
    this.written += writeAll(this.fd!, start === 0 ? chunks : chunks.slice(start))
  }

  /** Ends the file; returns its size. */
  finish(): number {
    if (this.fd === undefined) {
      if (this.matched === this.previous!.size) {
        try {
          linkSync(this.previous!.path, this.target)
          this.linked = true
          return this.matched
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code
          // No hard links here (another file system, or none): copied below, and no more comparing.
          if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK')
            this.unlinkable = true
          // Removed meanwhile: copied below all the same, through the open descriptor.
          else if (code !== 'ENOENT') throw error
        }
      }
      this.diverge()
    }
    return this.written
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    if (this.previous !== undefined) closeSync(this.previous.fd)
    this.fd = undefined
    this.previous = undefined
  }

  private matches(chunk: Uint8Array): boolean {
    const from = this.matched
    const to = from + chunk.byteLength
    if (to > this.previous!.size) return false
    if (from < this.windowStart || to > this.windowEnd) {
      const length = Math.min(Math.max(chunk.byteLength, WINDOW), this.previous!.size - from)
      if (length > this.window.bytes.byteLength) this.window.bytes = Buffer.allocUnsafeSlow(length)
      readFully(this.previous!.fd, this.window.bytes, length, from)
      this.windowStart = from
      this.windowEnd = from + length
    }
    const at = from - this.windowStart
    return Buffer.compare(chunk, this.window.bytes.subarray(at, at + chunk.byteLength)) === 0
  }

  /** Make the new file, holding the previous file's bytes that matched so far. */
  private diverge(): void {
    const fd = openSync(this.target, 'wx')
    this.fd = fd
    for (let at = 0; at < this.matched;) {
      const length = Math.min(this.window.bytes.byteLength, this.matched - at)
      readFully(this.previous!.fd, this.window.bytes, length, at)
      this.written += writeAll(fd, [this.window.bytes.subarray(0, length)])
      at += length
    }
    // The window now holds other bytes.
    this.windowStart = this.windowEnd = 0
  }
}

/** Read exactly `length` bytes of `fd` from `position` into the start of `buffer`. */
function readFully(fd: number, buffer: Buffer, length: number, position: number): void {
  for (let done = 0; done < length;) {
    const read = readSync(fd, buffer, done, length - done, position + done)
    if (read === 0) throw new Error('the previous build changed while it was read')
    done += read
  }
}

/** Where an asset's bytes come from: an absolute path, `npm:<package>/<file>`, or a path below `templates/`. */
export function resolveAsset(asset: AssetCopy): string {
  if (path.isAbsolute(asset.source)) return asset.source
  if (!asset.source.startsWith('npm:')) return path.join(TEMPLATES_DIR, asset.source)
  const [name, ...rest] = asset.source.slice(4).split('/')
  let dir = path.dirname(createRequire(import.meta.url).resolve(name!))
  while (path.basename(dir) !== name && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return path.join(dir, ...rest)
}

/** A file's absolute path inside `root`; refuses anything that would land outside it. */
export function targetPath(root: string, relative: string): string {
  const target = path.resolve(root, relative)
  if (
    path.isAbsolute(relative) ||
    relative.split('/').includes('..') ||
    !target.startsWith(root + path.sep)
  ) {
    throw new BookgenError(`Refusing to write outside the output folder: ${relative}`, {
      rule: 'output/outside',
    })
  }
  return target
}
