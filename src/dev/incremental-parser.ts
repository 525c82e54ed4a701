/**
 * (I/O) Watch mode's source parser: keeps each source's parsed state between builds. A file whose
 * size and modification time did not change, and that no watcher event named, is not read again;
 * one that did is compared with the version kept and parsed again only where it changed (see
 * the format's `reread`).
 *
 * A large source is read into memory kept from its last version but one: this machine's kind
 * (a virtual machine, memory handed to it as it is first touched) spends seconds on the first touch
 * of 200 MB of new memory, and tens of milliseconds reading into memory already used.
 */
import { stat } from 'node:fs/promises'
import type { ParseTimings, SourceParser } from '../build/parser.js'
import { openRegularFile, type ReadSource } from '../build/read.js'
import { parseSourceState, reparseSource, type SourceState } from '../formats/index.js'
import type { Collection } from '../model/tree.js'

interface Kept {
  size: number
  mtimeMs: number
  state: SourceState
}

/** Bytes compared between two looks at the event loop (see `differs`). */
const COMPARE_BYTES = 1 << 24

/** From this size a source's memory is reused from one version to the next. */
export const REUSE_BYTES = 1 << 20

/**
 * Spare memories kept per file. Two: a save's stale check (`differs`) and the rebuild's read can
 * run at once, and each needs one. With one, the second got new memory and a spare was let go: at
 * a million bookmarks 230 MB of memory outside the JavaScript heap made anew on a save, which makes
 * V8 collect the whole heap (1.7 GB, 0.5–1.5 s of the next edit) for "external memory pressure".
 */
const SPARES = 2

/** Bytes of new memory first touched between two looks at the event loop (see `prepareSpares`). */
const TOUCH_BYTES = 1 << 24

export class IncrementalParser implements SourceParser {
  private readonly kept = new Map<string, Kept>()
  /** Per file, memory to read its next versions into (whole, as allocated), free to overwrite. */
  private readonly spare = new Map<string, Uint8Array[]>()
  /** Memory this parser handed out: only that is ever reused. */
  private readonly owned = new WeakSet<ArrayBufferLike>()
  /** From this size a source's memory is reused (see `REUSE_BYTES`). */
  private readonly reuseBytes: number

  constructor(options: { reuseBytes?: number } = {}) {
    this.reuseBytes = options.reuseBytes ?? REUSE_BYTES
  }
  /** Size and modification time of files about to be read, taken before reading them. */
  private readonly seen = new Map<string, { size: number; mtimeMs: number }>()

  async current(file: string, changed: boolean): Promise<Collection | undefined> {
    const info = await stat(file).catch(() => undefined)
    if (info === undefined) {
      this.seen.delete(file)
      return undefined
    }
    const kept = this.kept.get(file)
    if (kept !== undefined && !changed && kept.size === info.size && kept.mtimeMs === info.mtimeMs) {
      return kept.state.collection
    }
    this.seen.set(file, { size: info.size, mtimeMs: info.mtimeMs })
    return undefined
  }

  memory(file: string, size: number): Uint8Array {
    const spares = this.spare.get(file) ?? []
    const fits = spares.findIndex((spare) => spare.byteLength >= size)
    if (fits >= 0) return spares.splice(fits, 1)[0]!.subarray(0, size)
    if (size < this.reuseBytes) return new Uint8Array(size)
    // Room to grow by a sixteenth, so that the next versions of a file being edited fit.
    const memory = new ArrayBuffer(size + (size >> 4))
    this.owned.add(memory)
    return new Uint8Array(memory, 0, size)
  }

  /** `bytes` (from `memory`) are no longer needed: their memory is for the next read of `file`. */
  private release(file: string, bytes: Uint8Array): void {
    if (!this.owned.has(bytes.buffer)) return
    const spares = this.spare.get(file) ?? []
    if (spares.some((spare) => spare.buffer === bytes.buffer)) return
    // The largest are kept: a file that grows fits them longest.
    spares.push(new Uint8Array(bytes.buffer))
    spares.sort((a, b) => b.byteLength - a.byteLength)
    this.spare.set(file, spares.slice(0, SPARES))
  }

  /**
   * Make the spare memories of each large source now (after the first build, while the session
   * waits for a save) rather than during the first saves: new memory counts against V8's limit for
   * memory outside its heap, and on a virtual machine its first touch is slow (1.6 s for 220 MB
   * here). Touched a slice at a time, so that requests are served meanwhile; a spare is offered only
   * once touched whole.
   */
  async prepareSpares(signal?: AbortSignal): Promise<void> {
    for (const [file, kept] of [...this.kept]) {
      const size = kept.state.bytes.byteLength
      if (size < this.reuseBytes) continue
      while ((this.spare.get(file)?.length ?? 0) < SPARES) {
        const memory = new ArrayBuffer(size + (size >> 4))
        const bytes = new Uint8Array(memory)
        for (let at = 0; at < bytes.byteLength; at += TOUCH_BYTES) {
          await new Promise((resolve) => setImmediate(resolve))
          if (signal?.aborted === true || !this.kept.has(file)) return
          bytes.fill(0, at, at + TOUCH_BYTES)
        }
        this.owned.add(memory)
        this.release(file, bytes)
      }
    }
  }

  /**
   * Whether `file` on disk now holds other bytes than `than` (read into the spare memory, given
   * back after); undefined when it cannot be read. When it does, `seen` (if given) is shown the
   * bytes read, valid only during the call: the stale check hashes them there rather than read a
   * file of hundreds of megabytes again into new memory.
   */
  async differs(
    file: string,
    than: Uint8Array,
    seen?: (bytes: Uint8Array) => void,
  ): Promise<boolean | undefined> {
    const opened = await openRegularFile(file, file).catch(() => undefined)
    if (opened === undefined) return undefined
    const { handle, size } = opened
    let bytes: Uint8Array | undefined
    try {
      if (size !== than.byteLength && seen === undefined) return true
      bytes = this.memory(file, size + 1)
      let done = 0
      for (let read = 1; read > 0 && done < bytes.byteLength; done += read)
        ({ bytesRead: read } = await handle.read(bytes, done, bytes.byteLength - done, done))
      let same = done === than.byteLength
      // A slice at a time, so that requests are served meanwhile.
      for (let at = 0; same && at < done; at += COMPARE_BYTES) {
        const end = Math.min(done, at + COMPARE_BYTES)
        same = Buffer.compare(than.subarray(at, end), bytes.subarray(at, end)) === 0
        await new Promise((resolve) => setImmediate(resolve))
      }
      if (!same) seen?.(bytes.subarray(0, done))
      return !same
    } catch {
      return undefined
    } finally {
      if (bytes !== undefined) this.release(file, bytes)
      await handle.close().catch(() => {})
    }
  }

  parse(source: ReadSource, timings: ParseTimings): Collection {
    const { file, name, bytes } = source
    const previous = this.kept.get(file)?.state
    const spent = { decode: 0, parse: 0 }
    let state =
      previous === undefined
        ? parseSourceState(bytes, name, { timings: spent })
        : reparseSource(previous, bytes, name, { timings: spent })
    if (previous !== undefined && state.bytes !== bytes) {
      // The same bytes as before: keep the copy just read (what a build last read is that one).
      state = { ...state, bytes }
    }
    if (previous !== undefined && previous.bytes !== bytes) this.release(file, previous.bytes)
    timings.decode += spent.decode
    timings.parse += spent.parse
    const info = this.seen.get(file)
    this.seen.delete(file)
    if (info !== undefined) this.kept.set(file, { ...info, state })
    else this.kept.delete(file)
    return state.collection
  }

  forget(file: string): void {
    this.kept.delete(file)
    this.seen.delete(file)
    this.spare.delete(file)
  }

  retain(files: readonly string[]): void {
    const wanted = new Set(files)
    for (const file of this.kept.keys()) if (!wanted.has(file)) this.kept.delete(file)
    for (const file of this.spare.keys()) if (!wanted.has(file)) this.spare.delete(file)
  }

  /** The bytes last parsed for `file`, if kept. */
  bytesOf(file: string): Uint8Array | undefined {
    return this.kept.get(file)?.state.bytes
  }

  /** Files with a parsed state kept. */
  files(): string[] {
    return [...this.kept.keys()]
  }
}
