/**
 * OPML 1.0 and 2.0 outlines (link lists, blogrolls, feed subscription lists) → model. See
 * `outline.ts` for how outlines map and `reader.ts` for `<head>`.
 *
 * The XML is read the way XBEL is, by the project's own scan of plain well-formed XML and, for
 * anything else, fast-xml-parser behind its validator (nothing a DOCTYPE declares is expanded,
 * values stay strings, names such as `__proto__` are plain keys, nesting deeper than
 * `MAX_XML_DEPTH` is refused before the parser could recurse on it); their errors are reported
 * under `opml/`. Line ends are normalized first, as XML asks, so a file with classic-Mac CR-only
 * line ends gets true line numbers. The text comes from `SourceInput.text()`, which honours the
 * XML declaration's `encoding` (ISO-8859-1 is read as windows-1252, as WHATWG maps it).
 */
import { BookgenError, isBookgenError } from '../../model/errors.js'
import { enforceLimits } from '../shared/limits.js'
import { LineIndex } from '../shared/line-index.js'
import { parseXmlStrictly } from '../xbel/strict.js'
import { scanXml, skipDeclaration } from '../xbel/scan.js'
import { normalizeLineEnds } from '../xbel/xml-text.js'
import { decodeWarnings } from '../shared/decode.js'
import type { XmlTreeHandler } from '../xbel/tree.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'
import { OpmlReader } from './reader.js'

export const opml: FormatEntry = {
  name: 'opml',
  label: 'OPML outline',
  where:
    'Feed readers and outliners: "Export OPML" (subscriptions.opml), blogrolls and link lists published as .opml files.',
  sniff: (head: SniffHead) => rootElementName(head.text) === 'opml',
  read: readOpml,
}

function readOpml(input: SourceInput) {
  const decoded = input.text()
  const text = normalizeLineEnds(decoded.text)
  const lines = new LineIndex(text)
  const reader = readXmlTree(text, input.file, lines, () => new OpmlReader(input.file, lines), 'opml')
  const collection = reader.finish(decoded.encoding)
  collection.warnings.unshift(...decodeWarnings(decoded, input.file))
  enforceLimits(collection)
  return collection
}

/** Longest error message kept whole (a truncated file's message lists every element left open). */
const MESSAGE_LENGTH = 300

/**
 * Hand the XML of `text` to the handler `make` gives, through the XBEL scan or, for text it does
 * not vouch for, a new handler through the careful path, whose errors are told as the format's:
 * `<area>/…` rules, `<area>` for `<xbel>` (`root`, when the root element is named otherwise).
 */
export function readXmlTree<Handler extends XmlTreeHandler>(
  text: string,
  file: string,
  lines: LineIndex,
  make: () => Handler,
  area: string,
  root = area,
): Handler {
  const handler = make()
  if (scanXml(text, handler)) return handler
  // Not plain, well-formed XML: start again on the careful path, which says what is wrong.
  const careful = make()
  try {
    parseXmlStrictly(text, file, lines, careful)
  } catch (error) {
    if (!isBookgenError(error) || !error.rule.startsWith('xbel/')) throw error
    let message = error.message.replace(/<xbel>/g, `<${root}>`)
    if (message.length > MESSAGE_LENGTH) message = `${message.slice(0, MESSAGE_LENGTH)}…`
    throw new BookgenError(message, {
      rule: `${area}/${error.rule.slice('xbel/'.length)}`,
      file: error.file,
      line: error.line,
      column: error.column,
      cause: error,
    })
  }
  return careful
}

/**
 * The name of the first element of an XML text, past a byte-order mark, white space, the XML
 * declaration, comments, processing instructions and a DOCTYPE; undefined when the text does not
 * start like XML.
 */
export function rootElementName(text: string): string | undefined {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++
    if (text.charCodeAt(i) !== 0x3c /* < */) return undefined
    let end: number
    if (text.startsWith('<?', i)) end = after(text.indexOf('?>', i + 2), 2)
    else if (text.startsWith('<!--', i)) end = after(text.indexOf('-->', i + 4), 3)
    else if (text.startsWith('<!DOCTYPE', i)) end = skipDeclaration(text, i + 2)
    else return /^<([A-Za-z_][-\w.:]*)/.exec(text.slice(i, i + 256))?.[1]
    if (end === -1) return undefined
    i = end
  }
}

function after(index: number, length: number): number {
  return index === -1 ? -1 : index + length
}
