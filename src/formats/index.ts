/**
 * One entry point for every source file: recognise the format from the content (the registry's
 * sniffers; the extension only breaks ties) and run its reader.
 */
import { BookgenError } from '../model/errors.js'
import { MAX_SOURCE_BYTES } from './shared/limits.js'
import type { Collection, Folder, SourceFormat } from '../model/tree.js'
import { decodeSource, timedRead, type DecodedText } from './shared/decode.js'
import { FORMATS, formatNamed, sniffEntry, sniffHead, TEXT_FORMATS } from './registry.js'
import { commonPrefix } from './shared/line-index.js'
import { reconcileNodes, type Move } from './shared/reconcile.js'
import {
  SNIFF_BYTES,
  SNIFF_CHARACTERS,
  type FormatEntry,
  type Reread,
  type ReparseOptions,
  type SourceInput,
} from './types.js'

export { decodeSource } from './shared/decode.js'
export { FORMATS, formatNamed, siteExports, writableFormats } from './registry.js'
export type { FormatEntry, ReparseOptions, SiteExport, SniffHead, SourceInput } from './types.js'
export { SNIFF_BYTES, SNIFF_CHARACTERS } from './types.js'
export { MAX_SOURCE_BYTES } from './shared/limits.js'

/**
 * Parse a bookmark file from its bytes, in whichever format it is.
 *
 * @param bytes the file content
 * @param file the name used in places and messages (as the user gave it)
 * @throws BookgenError when the file is not a bookmark file bookgen reads, or cannot be used
 */
export function parseSource(bytes: Uint8Array, file: string): Collection {
  checkSourceSize(bytes, file)
  return readSource(bytes, file)
}

/** Refuse sources over `MAX_SOURCE_BYTES` before any work is spent on them. */
export function checkSourceSize(bytes: Uint8Array, file: string): void {
  if (bytes.length > MAX_SOURCE_BYTES) {
    throw new BookgenError(
      `The file is ${(bytes.length / 2 ** 20).toFixed(0)} MiB; bookgen reads sources up to ${MAX_SOURCE_BYTES / 2 ** 20} MiB`,
      { rule: 'source/too-large', file },
    )
  }
}

/** Read a source of any format (`parseSource` without the size check); `text`: its decoding, when made elsewhere. */
export function readSource(bytes: Uint8Array, file: string, text?: () => DecodedText): Collection {
  let decoded: DecodedText | undefined
  const input: SourceInput = { bytes, file, text: text ?? (() => (decoded ??= decodeSource(bytes))) }
  const entry = detectFormat(input)
  if (entry === undefined) throw unknownFormat(file)
  return entry.read(input)
}

/** A parsed source and what re-reading it after an edit needs. Treat as opaque. */
export interface SourceState {
  readonly file: string
  readonly bytes: Uint8Array
  readonly collection: Collection
  /** How this state was made from the previous one: read in full, in part, or not at all. */
  readonly read: 'full' | 'incremental' | 'unchanged'
  /** Set when the format's re-reader can update this version in part (see `FormatEntry.reread`). */
  readonly partial:
    { readonly entry: FormatEntry; readonly reread: Reread; readonly state: unknown } | undefined
}

/** Read a source in full, keeping what re-reading it in part needs. */
export function parseSourceState(bytes: Uint8Array, file: string, options: ReparseOptions = {}): SourceState {
  checkSourceSize(bytes, file)
  // Decoded when the reader asks (an XBEL file may be read from its bytes: see `utf8ByteText`).
  const { collection, partial } = timedRead(bytes, options.timings, (text) => {
    const input: SourceInput = { bytes, file, text }
    const entry = detectFormat(input)
    if (entry === undefined) throw unknownFormat(file)
    const reread = entry.reread
    if (reread === undefined) return { collection: entry.read(input), partial: undefined }
    const { collection, state } = reread.read(input)
    return { collection, partial: state === undefined ? undefined : { entry, reread, state } }
  })
  return { file, bytes, collection, read: 'full', partial }
}

/**
 * Read a source again after a save: the previous state when the bytes are the same, an update
 * by the format's re-reader when it can tell what a full read would give, a full read otherwise.
 * After a full read, nodes equal to the previous version's are replaced by those, so that
 * identity still tells what changed.
 *
 * @throws BookgenError as `parseSource` does (only ever from a full read)
 */
export function reparseSource(
  previous: SourceState,
  bytes: Uint8Array,
  file: string,
  options: ReparseOptions = {},
): SourceState {
  const started = performance.now()
  checkSourceSize(bytes, file)
  const sameLength = previous.bytes.length === bytes.length
  const partial = file === previous.file ? previous.partial : undefined
  // The bytes are compared once: for the same bytes, and as where an update starts.
  const prefix =
    file === previous.file && (sameLength || partial !== undefined) ? commonPrefix(previous.bytes, bytes) : -1
  if (sameLength && prefix === bytes.length) {
    if (options.timings !== undefined) options.timings.decode += performance.now() - started
    return previous.read === 'unchanged' ? previous : { ...previous, read: 'unchanged' }
  }
  if (partial !== undefined) {
    // A change to the head may make the file another format's: the sniffers must claim it alike.
    const next =
      prefix < SNIFF_BYTES && sniffEntry(sniffHead(bytes, file)) !== partial.entry
        ? 'head'
        : partial.reread.update({ ...previous, state: partial.state }, bytes, prefix, options)
    if (options.timings !== undefined) options.timings.parse += performance.now() - started
    if (typeof next !== 'string') {
      const { collection, state } = next
      return { file, bytes, collection, read: 'incremental', partial: { ...partial, state } }
    }
    options.onFullRead?.(next)
  } else {
    options.onFullRead?.(file === previous.file ? 'not re-readable in part' : 'renamed')
  }
  const full = parseSourceState(bytes, file, options)
  return file === previous.file ? shareUnchanged(full, previous) : full
}

/**
 * After a full read, the nodes equal to the previous version's (places aside) replaced by those:
 * identity then tells unchanged parts of the tree whatever way the file was read (see
 * `reconcileNodes`; nodes whose place moved get their new place).
 */
function shareUnchanged(next: SourceState, previous: SourceState): SourceState {
  const moves: Move[] = []
  const root = reconcileNodes([next.collection.root], [previous.collection.root], moves)[0] as Folder
  for (const { node, place } of moves) node.place = place
  return root === next.collection.root ? next : { ...next, collection: { ...next.collection, root } }
}

function unknownFormat(file: string): BookgenError {
  return new BookgenError(
    `Not a bookmark file: it is in none of the formats bookgen reads (${FORMATS.map((entry) => entry.label).join(', ')})`,
    { rule: 'source/unknown-format', file, line: 1, column: 1 },
  )
}

/**
 * The format of a source: the first sniffer of the registry that claims its head; failing that,
 * unless the head is binary (`isBinaryHead`), a text that is XML by its extension (XBEL), empty,
 * or bookmark HTML further on (Netscape).
 */
export function detectFormat(input: SourceInput): FormatEntry | undefined {
  const head = sniffHead(input.bytes, input.file)
  const claimed = sniffEntry(head)
  if (claimed !== undefined || isBinaryHead(head.bytes)) return claimed
  const name = sniffFormat(input.text().text, input.file)
  return name === undefined ? undefined : formatNamed(name)
}

/**
 * Whether a head no sniffer claims shows binary data: a NUL byte, which none of the text formats
 * bookgen reads holds (UTF-16 starts with a byte-order mark, and is claimed by its sniffer).
 */
function isBinaryHead(head: Uint8Array): boolean {
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)
  return !utf16 && head.includes(0)
}

/**
 * The error `readSource` would give a source whose first bytes (`SNIFF_BYTES`) are `head`, when they alone
 * show it is no bookmark file (no sniffer claims them, and they are binary); else undefined. A
 * reader calls it before reading the rest of a large file: 300 MB of NUL bytes are refused unread.
 */
export function refuseByHead(head: Uint8Array, file: string): BookgenError | undefined {
  const sniffed = sniffHead(head, file)
  if (sniffEntry(sniffed) !== undefined || !isBinaryHead(sniffed.bytes)) return undefined
  return unknownFormat(file)
}

/**
 * Which format's reader a text needs, by name: that of the format whose sniffer claims its start
 * (of those that take texts as a last resort, `TEXT_FORMATS`), else that of the first of those
 * that takes it (`FormatEntry.claimsText`); undefined when none does.
 */
export function sniffFormat(text: string, file: string): SourceFormat | undefined {
  const head = { bytes: new Uint8Array(), text: text.slice(0, SNIFF_CHARACTERS), file }
  const entry =
    TEXT_FORMATS.find((format) => format.sniff(head)) ??
    TEXT_FORMATS.find((format) => format.claimsText?.(text, file))
  return entry?.name
}
