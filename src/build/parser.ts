/**
 * How `loadSources` turns what it read into collections. A build reads every source in full
 * (`fullParser`); watch mode keeps what it parsed and reads again only what changed, incrementally
 * where it can (`dev/incremental-parser.ts`), so that only `bookgen dev` loads the incremental
 * reader.
 */
import { timedRead } from '../formats/shared/decode.js'
import { checkSourceSize, readSource } from '../formats/index.js'
import { ownStrings } from '../formats/shared/own-strings.js'
import type { Collection } from '../model/tree.js'
import type { ReadSource } from './read.js'

/** Milliseconds spent decoding and parsing, added to by parsers. */
export interface ParseTimings {
  decode: number
  parse: number
}

export interface SourceParser {
  /**
   * Before `file` is read: a collection kept from an earlier read that is still current (then it
   * is not read at all), or undefined. `changed`: a watcher said the file changed.
   */
  current(file: string, changed: boolean): Promise<Collection | undefined>
  /** Parse a source that was read. Throws `BookgenError` when it cannot be used. */
  parse(source: ReadSource, timings: ParseTimings): Collection
  /** `file` could not be read or used: let go of anything kept for it. */
  forget(file: string): void
  /** The sources are now `files`: let go of anything kept for others. */
  retain(files: readonly string[]): void
  /** Memory to read `size` bytes of `file` into (see `ReadSourceOptions.memory`); default: new memory. */
  memory?(file: string, size: number): Uint8Array
}

/**
 * From this many bytes a source's collection gets strings of its own (`ownStrings`), so the
 * decoded text can go once it is parsed: two fifths of a parsed tree's memory (the text is 440 MB
 * at a million bookmarks, in two bytes per character), for about 15% more parsing time. Smaller
 * sources, whose builds are bound by time more than memory, keep the text.
 */
export const OWN_STRINGS_BYTES = 64 * 1024 * 1024

/** Every source read and parsed in full. */
export const fullParser: SourceParser = {
  current: () => Promise.resolve(undefined),
  parse({ bytes, name }, timings) {
    checkSourceSize(bytes, name)
    // Decoded when a reader asks (an XBEL file may be read from its bytes: see `utf8ByteText`).
    return timedRead(bytes, timings, (text) => {
      const read = readSource(bytes, name, text)
      return bytes.byteLength >= OWN_STRINGS_BYTES ? ownStrings(read) : read
    })
  },
  forget() {},
  retain() {},
}
