/**
 * The careful way to read XBEL, for text the fast scan (`scan.ts`) does not vouch for:
 * fast-xml-parser's validator first (not well-formed → an error with its line:column), then its
 * parser, with the DOCTYPE blanked so that nothing it declares is ever read. Element and attribute
 * names such as `__proto__` pass through the parser under a reversible mask, never as object keys.
 * The parsed nodes become the reader's element tree, handed over as the fast scan does, each
 * element placed at its start tag (the parser's metadata).
 */
import { BookgenError } from '../../model/errors.js'
import type { XMLMetaData, XMLParser } from 'fast-xml-parser'
import { verbatimXmlParser, type XmlLibrary } from '../shared/xml-library.js'
import { LIMITS } from '../shared/limits.js'
import type { LineIndex } from '../shared/line-index.js'
import { skipDeclaration } from './scan.js'
import { MAX_XML_DEPTH, type SourceElement, type SourceNode, type XmlTreeHandler } from './tree.js'

/** Names that must never become object keys; fast-xml-parser sees them masked with `#`. */
const UNSAFE_NAMES = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
])
const maskName = (name: string): string => (UNSAFE_NAMES.has(name) ? `#${name}` : name)
const unmaskName = (name: string): string =>
  name.startsWith('#') && UNSAFE_NAMES.has(name.slice(1)) ? name.slice(1) : name

/** A node as fast-xml-parser's `preserveOrder` output gives it. */
type FxpNode = Record<PropertyKey, unknown>
const ATTRIBUTES = ':@'
const TEXT = '#text'
const CDATA = '#cdata'

let library: XmlLibrary | undefined

/** The parser, made the first time a file needs it (see `xml-library.ts`). */
function fastXmlParser(): XmlLibrary {
  library ??= verbatimXmlParser({
    cdataPropName: CDATA,
    captureMetaData: true,
    // fast-xml-parser refuses an element that holds others beyond `maxNestedTags + 1` levels: so
    // one that holds others at level MAX_XML_DEPTH + 1 is refused, as the fast scan gives it up.
    maxNestedTags: MAX_XML_DEPTH - 1,
    transformTagName: maskName,
    transformAttributeName: maskName,
    onDangerousProperty: (name: string) => `#${name}`,
  })
  return library
}

/**
 * Validate and parse `text`, and hand its XML to `handler`. Throws `BookgenError` when the text is
 * not well-formed XML, nests too deep or has no root element.
 */
export function parseXmlStrictly(
  text: string,
  file: string,
  lines: LineIndex,
  handler: XmlTreeHandler,
): void {
  const root = parseRoot(text, file, lines)
  if (!handler.open(root)) {
    handler.child(root)
    return
  }
  // Iterative: each frame is an element the handler takes child by child.
  const stack: Array<{ children: readonly SourceNode[]; index: number }> = [
    { children: root.children, index: 0 },
  ]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.index >= frame.children.length) {
      stack.pop()
      handler.close()
      continue
    }
    const node = frame.children[frame.index++]!
    if (typeof node !== 'string' && node.type === 'element' && handler.open(node)) {
      stack.push({ children: node.children, index: 0 })
    } else handler.child(node)
  }
}

function parseRoot(text: string, file: string, lines: LineIndex): SourceElement {
  validate(text, file, lines)
  let tree: FxpNode[]
  try {
    tree = fastXmlParser().parser.parse(blankDoctype(text)) as FxpNode[]
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const deep = /nest/i.test(message) ? findTooDeep(text, MAX_XML_DEPTH) : undefined
    if (deep !== undefined) {
      const limit = MAX_XML_DEPTH.toLocaleString('en-US')
      throw new BookgenError(
        `<${deep.name}> is nested more than ${limit} elements deep; bookgen reads XML nested up to ${limit} deep ` +
          `(folders deeper than ${LIMITS.folderDepth} are merged into the folder at that depth)`,
        { rule: 'xbel/too-deep', file, ...lines.locate(deep.offset), cause: error },
      )
    }
    throw new BookgenError(`Not well-formed XML: ${message}`, {
      rule: 'xbel/not-well-formed',
      file,
      line: 1,
      column: 1,
      cause: error,
    })
  }
  const elements = toSourceNodes(tree).filter((node) => typeof node !== 'string' && node.type === 'element')
  const root = elements[0]
  if (root === undefined) {
    throw new BookgenError('No root element: expected <xbel>', {
      rule: 'xbel/wrong-root',
      file,
      line: 1,
      column: 1,
    })
  }
  return root as SourceElement
}

function validate(text: string, file: string, lines: LineIndex): void {
  const result = fastXmlParser().validator.validate(text, { allowBooleanAttributes: false })
  if (result === true) return
  const { msg, line, col } = result.err
  let message = msg
  // The validator lists unclosed elements as a JSON array: say it in words.
  const unclosed = /^Invalid '\[([\s\S]*)\]' found\.?$/.exec(msg)
  if (unclosed) {
    const names = (JSON.parse(`[${unclosed[1]}]`) as string[]).reverse()
    const end = lines.locate(text.length)
    throw new BookgenError(
      `The file ends before ${names.map((name) => `</${name}>`).join(', ')}: it is truncated or not closed`,
      { rule: 'xbel/not-well-formed', file, line: end.line, column: end.column },
    )
  }
  if (msg === 'Start tag expected.') message = 'Not XML: expected a start tag such as <xbel>'
  throw new BookgenError(`Not well-formed XML: ${message}`, {
    rule: 'xbel/not-well-formed',
    file,
    line,
    column: col ?? 1,
  })
}

/** The parsed top-level nodes as the reader's tree (names unmasked, text as written). */
function toSourceNodes(tree: FxpNode[]): SourceNode[] {
  const metadata = (fastXmlParser().parser.constructor as typeof XMLParser).getMetaDataSymbol()
  const top: SourceNode[] = []
  // Iterative: each frame is a list of parsed nodes and the children list they become.
  const stack: Array<{ nodes: FxpNode[]; index: number; into: SourceNode[] }> = [
    { nodes: tree, index: 0, into: top },
  ]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.index >= frame.nodes.length) {
      stack.pop()
      continue
    }
    const node = frame.nodes[frame.index++]!
    if (TEXT in node) {
      frame.into.push(String(node[TEXT]))
      continue
    }
    if (CDATA in node) {
      let value = ''
      for (const part of node[CDATA] as FxpNode[]) value += String(part[TEXT] ?? '')
      frame.into.push({ type: 'cdata', value })
      continue
    }
    const name = elementName(node)
    if (name === undefined) continue
    const attributes: string[] = []
    const raw = node[ATTRIBUTES] as Record<string, unknown> | undefined
    if (raw !== undefined)
      for (const [key, value] of Object.entries(raw)) attributes.push(unmaskName(key), String(value))
    const children: SourceNode[] = []
    const element: SourceElement = {
      type: 'element',
      name: unmaskName(name),
      attributes,
      children,
      offset: (node[metadata as symbol] as XMLMetaData | undefined)?.startIndex ?? -1,
    }
    frame.into.push(element)
    const parsed = node[name]
    if (Array.isArray(parsed) && parsed.length > 0)
      stack.push({ nodes: parsed as FxpNode[], index: 0, into: children })
  }
  return top
}

/** The element name of a parsed node, or undefined for text, CDATA and comments. */
function elementName(node: FxpNode): string | undefined {
  for (const key in node) {
    if (key !== ATTRIBUTES && key !== TEXT && key !== CDATA) return key
  }
  return undefined
}

/**
 * Visit the tags of well-formed XML in document order: each start tag (the offset of its `<`,
 * and whether it closes itself) and each end tag, skipping comments, CDATA, processing
 * instructions and declarations (with their internal subset); quoted attribute values may hold
 * `>`. Stops when `visit` returns true.
 */
function walkTags(text: string, visit: (lt: number, tag: 'start' | 'empty' | 'end') => boolean | void): void {
  let i = text.indexOf('<')
  while (i !== -1) {
    const next = text.charCodeAt(i + 1)
    let resume: number
    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', i)) resume = after(text.indexOf('-->', i + 4), 3)
      else if (text.startsWith('<![CDATA[', i)) resume = after(text.indexOf(']]>', i + 9), 3)
      else resume = skipDeclaration(text, i + 2)
    } else if (next === 0x3f /* ? */) {
      resume = after(text.indexOf('?>', i + 2), 2)
    } else if (next === 0x2f /* / */) {
      if (visit(i, 'end') === true) return
      resume = i + 2
    } else {
      let end = i + 1
      for (let quote = 0; end < text.length; end++) {
        const c = text.charCodeAt(end)
        if (quote !== 0) {
          if (c === quote) quote = 0
        } else if (c === 0x22 || c === 0x27) quote = c
        else if (c === 0x3e /* > */) break
      }
      if (visit(i, text.charCodeAt(end - 1) === 0x2f /* / */ ? 'empty' : 'start') === true) return
      resume = end + 1
    }
    if (resume === -1) return
    i = text.indexOf('<', resume)
  }
}

/**
 * The first element (its name and the offset of its `<`) that holds content at a depth beyond
 * `limit` (the root is at depth 1), in text the validator found well-formed: where the parser's
 * `maxNestedTags` stopped.
 */
function findTooDeep(text: string, limit: number): { name: string; offset: number } | undefined {
  let depth = 0
  let found: { name: string; offset: number } | undefined
  walkTags(text, (lt, tag) => {
    if (tag === 'end') depth--
    else if (tag === 'start' && ++depth > limit) {
      found = { name: /^<([^\s/>]+)/.exec(text.slice(lt, lt + 256))?.[1] ?? '?', offset: lt }
      return true
    }
    return false
  })
  return found
}

/**
 * The text with its DOCTYPE declaration (internal subset included) replaced by spaces, line breaks
 * kept: a DOCTYPE is accepted and ignored, so the parser never reads entity declarations at all.
 */
function blankDoctype(text: string): string {
  const start = text.search(/<!DOCTYPE[\s>[]/)
  if (start === -1) return text
  const end = skipDeclaration(text, start + 2)
  const stop = end === -1 ? text.length : end
  return text.slice(0, start) + text.slice(start, stop).replace(/[^\n]/g, ' ') + text.slice(stop)
}

function after(index: number, length: number): number {
  return index === -1 ? -1 : index + length
}
