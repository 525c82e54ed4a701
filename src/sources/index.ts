/**
 * One entry point for every source file: decode the bytes, recognise the format from the content
 * (the extension only breaks ties), and run the matching reader.
 */
import { BookgenError } from '../errors.js'
import { createFolder, type Collection, type SourceFormat, type Warning } from '../model.js'
import { decodeSource, type DecodedText, type DecodeWarning } from './decode.js'

export { decodeSource } from './decode.js'
import { floccusSeparators } from '../history/floccus.js'
import { enforceLimits } from './limits.js'
import { LineIndex } from './line-index.js'
import { parseNetscape, type NetscapeStats } from './netscape.js'
import { parseXbel } from './xbel.js'

export { parseNetscape } from './netscape.js'
export { parseXbel } from './xbel.js'

/**
 * Largest source accepted, in bytes (256 MiB). Real exports stay far below (a 100k-bookmark export
 * is about 30 MB); beyond this a file is more likely a mistake than a bookmark collection.
 */
export const MAX_SOURCE_BYTES = 256 * 1024 * 1024

/**
 * Parse a bookmark file from its bytes.
 *
 * @param bytes the file content
 * @param file the name used in places and messages (as the user gave it)
 * @throws BookgenError when the file is not a bookmark file or is not well-formed XBEL
 */
export function parseSource(bytes: Uint8Array, file: string): Collection {
  checkSourceSize(bytes, file)
  return parseDecoded(decodeSource(bytes), file)
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

/**
 * Parse text already decoded by `decodeSource` (the second half of `parseSource`). `stats` is
 * filled in when the file is read as Netscape bookmark HTML (see `incremental.ts`).
 */
export function parseDecoded(decoded: DecodedText, file: string, stats?: NetscapeStats): Collection {
  const format = sniffFormat(decoded.text, file)
  if (format === undefined) {
    throw new BookgenError(
      'Not a bookmark file: expected a Netscape bookmark file (<!DOCTYPE NETSCAPE-Bookmark-file-1>, <DL>/<DT> lists) or an XBEL file (<xbel>)',
      { ruleId: 'source/unknown-format', file, line: 1, column: 1 },
    )
  }
  if (decoded.text.trim() === '') return emptyCollection(format, file, decoded.encoding)
  const collection =
    format === 'xbel'
      ? parseXbel(decoded.text, file, { encoding: decoded.encoding })
      : parseNetscape(
          decoded.text,
          file,
          stats === undefined ? { encoding: decoded.encoding } : { encoding: decoded.encoding, stats },
        )
  enforceLimits(collection)
  if (decoded.text.includes('separator.floccus.org')) floccusSeparators(collection)
  if (decoded.warnings.length > 0) {
    collection.warnings.unshift(...placeDecodeWarnings(decoded.warnings, decoded.text, file))
  }
  return collection
}

/** Characters at the start of a text that `sniffFormat` looks at first. */
export const SNIFF_CHARACTERS = 8192

/**
 * Which reader a text needs: `xbel` for XML whose root is (or may be) `<xbel>`, `netscape` for
 * bookmark HTML, undefined when it is neither. Whitespace-only text falls back to the extension.
 */
export function sniffFormat(text: string, file: string): SourceFormat | undefined {
  const head = text.slice(0, SNIFF_CHARACTERS)
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase()
  if (/<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(head)) return 'netscape'
  if (/<!DOCTYPE\s+xbel\b/i.test(head) || /<xbel[\s>/]/.test(head)) return 'xbel'
  if (/^\s*<\?xml[\s?]/.test(head)) return 'xbel' // any other XML: the XBEL reader names the wrong root
  if (/<(dl|dt|h3)[\s>]/i.test(head) || /<a\s[^>]*href/i.test(head)) return 'netscape'
  if (extension === 'xbel' || extension === 'xml') return 'xbel'
  if (text.trim() === '') return 'netscape'
  if (/<(dl|dt|h3)[\s>]/i.test(text) || /<a\s[^>]*href/i.test(text)) return 'netscape'
  return undefined
}

function emptyCollection(format: SourceFormat, file: string, encoding: string): Collection {
  return {
    format,
    file,
    encoding,
    title: '',
    root: createFolder(''),
    warnings: [
      { file, line: 1, column: 1, rule: 'source/empty', message: 'The file is empty; it holds no bookmarks' },
    ],
  }
}

function placeDecodeWarnings(warnings: DecodeWarning[], text: string, file: string): Warning[] {
  const lines = new LineIndex(text)
  return warnings.map(({ offset, rule, message }) => ({ file, ...lines.locate(offset), rule, message }))
}
