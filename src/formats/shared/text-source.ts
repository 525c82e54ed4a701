/**
 * Reading a text format (Netscape HTML, XBEL) from a source: the decoded text, an empty file as an
 * empty collection with a warning, the limits enforced, and what decoding said as placed warnings.
 */
import { createFolder, type Collection } from '../../model/tree.js'
import { enforceLimits } from './limits.js'
import { LineIndex } from './line-index.js'
import { mayHoldSeparatorBookmarks, readSeparatorBookmarks } from './separator-bookmarks.js'
import { placeWarnings, type DecodedText } from './decode.js'
import type { SourceInput } from '../types.js'

/**
 * Read `input` as text with `parse`; `format` names the collection of an empty file. `decoded`:
 * the text to read, when not `input.text()` (see `utf8ByteText`).
 */
export function readText(
  input: SourceInput,
  format: string,
  parse: (text: string, file: string, encoding: string) => Collection,
  decoded: DecodedText = input.text(),
): Collection {
  if (decoded.text.trim() === '') return emptyCollection(format, input.file, decoded.encoding)
  const collection = parse(decoded.text, input.file, decoded.encoding)
  enforceLimits(collection)
  // Floccus (XBEL, HTML) and Vivaldi (HTML) write separators as bookmarks.
  if (mayHoldSeparatorBookmarks(decoded.text)) readSeparatorBookmarks(collection)
  if (decoded.warnings.length > 0)
    collection.warnings.unshift(...placeWarnings(decoded.warnings, new LineIndex(decoded.text), input.file))
  return collection
}

/** The collection of a file that is empty or only white space, in every format: no bookmarks, a warning. */
export function emptyCollection(format: string, file: string, encoding: string): Collection {
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
