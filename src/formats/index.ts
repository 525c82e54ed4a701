/**
 * One entry point for every source file: recognise the format from the content (the registry's
 * sniffers; the extension only breaks ties) and run its reader.
 */
import { BookgenError } from '../model/errors.js'
import { MAX_SOURCE_BYTES } from './shared/limits.js'
import type { Collection, SourceFormat } from '../model/tree.js'
import { decodeSource, type DecodedText } from './shared/decode.js'
import { looksLikeNetscape, netscape, readNetscape, SNIFF_CHARACTERS } from './netscape/index.js'
import type { NetscapeStats } from './netscape/read.js'
import { formatNamed, sniffEntry, sniffHead } from './registry.js'
import type { FormatEntry, SourceInput } from './types.js'
import { xbel } from './xbel/index.js'

export { decodeSource } from './shared/decode.js'
export { parseNetscape } from './netscape/read.js'
export { parseXbel } from './xbel/read.js'
export { FORMATS, formatNamed, siteExports, writableFormats } from './registry.js'
export { SNIFF_CHARACTERS } from './netscape/index.js'
export type { FormatEntry, SiteExport, SniffHead, SourceInput } from './types.js'
export { SNIFF_BYTES } from './types.js'
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
      { ruleId: 'source/too-large', file },
    )
  }
}

/** How `readSource` reads. */
export interface ReadOptions {
  /** The bytes already decoded by `decodeSource` (text formats use it rather than decode again). */
  decoded?: DecodedText | undefined
  /** Filled in when the file is read as Netscape bookmark HTML (see `incremental/`). */
  stats?: NetscapeStats | undefined
}

/** Read a source of any format (`parseSource` without the size check). */
export function readSource(bytes: Uint8Array, file: string, options: ReadOptions = {}): Collection {
  let decoded = options.decoded
  const input: SourceInput = { bytes, file, text: () => (decoded ??= decodeSource(bytes)) }
  const entry = detectFormat(input)
  if (entry === undefined) throw unknownFormat(file)
  return entry === netscape && options.stats !== undefined
    ? readNetscape(input, options.stats)
    : entry.read(input)
}

function unknownFormat(file: string): BookgenError {
  return new BookgenError(
    'Not a bookmark file: expected a Netscape bookmark file (<!DOCTYPE NETSCAPE-Bookmark-file-1>, <DL>/<DT> lists) or an XBEL file (<xbel>)',
    { ruleId: 'source/unknown-format', file, line: 1, column: 1 },
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
 * Which of the two text readers a text needs: `xbel` for XML whose root is (or may be) `<xbel>`,
 * `netscape` for bookmark HTML, undefined when it is neither. Whitespace-only text falls back to
 * the extension.
 */
export function sniffFormat(text: string, file: string): SourceFormat | undefined {
  const head = { bytes: new Uint8Array(), text: text.slice(0, SNIFF_CHARACTERS), file }
  if (netscape.sniff(head)) return 'netscape'
  if (xbel.sniff(head)) return 'xbel'
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase()
  if (extension === 'xbel' || extension === 'xml') return 'xbel'
  if (text.trim() === '' || looksLikeNetscape(text)) return 'netscape'
  return undefined
}
