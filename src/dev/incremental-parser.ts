/**
 * (I/O) Watch mode's source parser: keeps each source's parsed state between builds. A file whose
 * size and modification time did not change, and that no watcher event named, is not read again;
 * one that did is compared with the version kept and parsed again only where it changed (see
 * `formats/incremental/`).
 */
import { stat } from 'node:fs/promises'
import type { ParseTimings, SourceParser } from '../build/parser.js'
import type { ReadSource } from '../build/read.js'
import { parseSourceState, reparseSource, type SourceState } from '../formats/incremental/index.js'
import type { Collection } from '../model/tree.js'

interface Kept {
  size: number
  mtimeMs: number
  state: SourceState
}

export class IncrementalParser implements SourceParser {
  private readonly kept = new Map<string, Kept>()
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

  parse(source: ReadSource, timings: ParseTimings): Collection {
    const { file, name, bytes } = source
    const previous = this.kept.get(file)?.state
    const spent = { decode: 0, parse: 0 }
    const state =
      previous === undefined
        ? parseSourceState(bytes, name, { timings: spent })
        : reparseSource(previous, bytes, name, { timings: spent })
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
  }

  retain(files: readonly string[]): void {
    const wanted = new Set(files)
    for (const file of this.kept.keys()) if (!wanted.has(file)) this.kept.delete(file)
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
