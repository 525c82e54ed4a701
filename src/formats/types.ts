/**
 * What a bookmark file format is to bookgen: one entry of the format registry. Each format lives in
 * its own folder under `src/formats/` and exports one `FormatEntry`; sniffing, reading, `convert
 * --to`, the site's exports and the download links all come from the registry's list of them.
 */
import type { Collection } from '../model/tree.js'
import type { DecodedText } from './shared/decode.js'
import type { Message } from '../model/message.js'

/** The start of a file, as sniffers see it. */
export interface SniffHead {
  /** The first bytes of the file (up to `SNIFF_BYTES`). */
  readonly bytes: Uint8Array
  /** Those bytes as text: UTF-8 (a byte-order mark skipped, invalid bytes as U+FFFD). */
  readonly text: string
  /** The file name as given (the extension only breaks ties; content decides). */
  readonly file: string
}

/** Bytes of a file that sniffers look at. */
export const SNIFF_BYTES = 64 * 1024

/** Characters at the start of a text that the sniffers of markup formats look at. */
export const SNIFF_CHARACTERS = 8192

/** A file a writer made, and the warnings of what its format cannot carry. */
export interface WrittenText {
  text: string
  warnings: Message[]
}

/** A source file handed to a reader. */
export interface SourceInput {
  /** The whole file. */
  readonly bytes: Uint8Array
  /** The name used in places and messages (as the user gave it). */
  readonly file: string
  /** The bytes decoded as text (byte-order mark, declared charset, UTF-8, else windows-1252), once. */
  text(): DecodedText
}

/** One format of the registry. */
export interface FormatEntry {
  /** Stable id, `Collection.format` and `inspect --json`'s `format`: `xbel`, `chrome-json`… */
  readonly name: string
  /** What users call it: `Chromium Bookmarks JSON`. */
  readonly label: string
  /** Where users find such a file, one sentence (README and refusal messages). */
  readonly where: string
  /** Whether the file is of this format, from its content. Cheap: looks at the head only. */
  sniff(head: SniffHead): boolean
  /**
   * For a text whose first bytes no sniffer claims (another charset, markup further on, nothing
   * at all): whether this format takes it as a last resort (see `sniffFormat`).
   */
  claimsText?(text: string, file: string): boolean
  /**
   * Read the file into the model. Throws `BookgenError` (with `file:line:col`, a byte offset or a
   * CSV row) when it cannot be used; repairs are warnings on the collection.
   */
  read(input: SourceInput): Collection
  /** Serialize a collection in this format; what it cannot carry comes back as warnings. */
  write?(collection: Collection): WrittenText
  /**
   * Whether the site offers its published collection in this format, and how: the file written
   * at the site's root, streamed, and the words of the download links ("Download this collection:
   * browser HTML (imports into any browser) · XBEL").
   */
  readonly siteExport?: SiteExport | undefined
  /** Rule ids of the reader's warnings that mean the file ends early (a save caught half-way). */
  readonly cutShortRules?: readonly string[] | undefined
  /** Reading a file again after an edit by reading only what changed (watch mode, the history). */
  readonly reread?: Reread | undefined
}

/**
 * A format's re-reader: after an edit it reads only the part of the file that changed, and gives
 * what a full read would (`parseSourceState` and `reparseSource` in `formats/index.ts` use it).
 * What it keeps from one version to the next (`state`) is its own.
 */
export interface Reread {
  /** Read the file in full, as `read` does, and the state an update starts from: undefined when this file is read in full again after every change. */
  read(input: SourceInput): { collection: Collection; state: unknown }
  /**
   * The version `bytes` of the file, from the previous one, whose first `prefix` bytes it shares
   * (and whose head the same sniffer claims): the collection and the new state, or why only a
   * full read is certain.
   */
  update(
    previous: RereadVersion,
    bytes: Uint8Array,
    prefix: number,
    options: ReparseOptions,
  ): { collection: Collection; state: unknown } | string
}

/** A version of a file as a re-reader left it. */
export interface RereadVersion {
  readonly file: string
  readonly bytes: Uint8Array
  readonly collection: Collection
  readonly state: unknown
}

/** How `parseSourceState` and `reparseSource` read. */
export interface ReparseOptions {
  /** Largest run (in bytes) read again before a full read is cheaper. Default: by file size. */
  maxRegionBytes?: number
  /** Filled in with the milliseconds spent comparing and decoding, and reading. */
  timings?: { decode: number; parse: number }
  /** Told why a change was read in full (for tests and diagnostics). */
  onFullRead?: (reason: string) => void
}

/**
 * A download of the whole published collection that the site offers (see `FormatEntry.siteExport`);
 * its words are in the site's catalogue (`download.<format name>`).
 */
export interface SiteExport {
  /** Path below the site's base: `bookmarks.html`. */
  readonly path: string
  /** Write the collection as UTF-8, chunk by chunk; what it cannot carry comes back as warnings. */
  stream(collection: Collection, sink: (chunk: Uint8Array) => void): Message[]
}
