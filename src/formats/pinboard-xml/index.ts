/**
 * The Pinboard / Delicious v1 XML export and API answer: `<posts user=… [update|dt] tag=""
 * [total]>` holding `<post href= description= extended= tag= time= shared= toread= hash= meta=
 * others=/>`. Each post is a bookmark at the root, in file order (fields as in
 * `pinboard-post.ts`); the root's own attributes (`user`, `update`, `dt`, `tag`, `total`) are kept
 * as the root folder's attributes, and the title is "Bookmarks of <user>". Comments after the
 * root element (Delicious' servers appended one) are fine.
 *
 * fast-xml-parser reads the XML as the XBEL fallback does: validator first (errors with
 * line:column), no DOCTYPE or entity ever expanded (the DOCTYPE is blanked; references are decoded
 * by `xml-text.ts`), names such as `__proto__` masked so that none becomes an object key, nesting bounded.
 */
import { BookgenError } from '../../model/errors.js'
import { verbatimXmlParser, type XmlLibrary } from '../shared/xml-library.js'
import { createFolder, createRecord, type Folder } from '../../model/tree.js'
import { LineIndex } from '../shared/line-index.js'
import { scanStartTags } from '../xbel/strict.js'
import { skipDeclaration } from '../xbel/scan.js'
import { MAX_XML_DEPTH } from '../xbel/tree.js'
import { decodeXmlAttribute } from '../xbel/xml-text.js'
import { pinboardPost } from '../shared/pinboard-post.js'
import { ExportReader, Fields, type At } from '../shared/service.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'

/** A node of fast-xml-parser's `preserveOrder` output. */
type FxpNode = Record<string, unknown>
const ATTRIBUTES = ':@'
const TEXT = '#text'
/**
 * Names that must never become object keys; the parser sees them masked with `#`. Masking is
 * idempotent (fast-xml-parser transforms a self-closing tag's name twice).
 */
const UNSAFE_NAMES = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
])
const mask = (name: string): string => (UNSAFE_NAMES.has(name) ? `#${name}` : name)
const unmask = (name: string): string =>
  name.startsWith('#') && UNSAFE_NAMES.has(name.slice(1)) ? name.slice(1) : name

/** An element of the file: its name, attributes (raw, then decoded), element children and start. */
interface PostsElement {
  readonly name: string
  readonly raw: Array<[name: string, value: string]>
  readonly attributes: Record<string, string>
  readonly children: PostsElement[]
  offset: number
}

let library: XmlLibrary | undefined

/** The parser, made the first time a file needs it (see `xml-library.ts`). */
function fastXmlParser(): XmlLibrary {
  library ??= verbatimXmlParser({
    maxNestedTags: MAX_XML_DEPTH,
    transformTagName: mask,
    transformAttributeName: mask,
  })
  return library
}

function readPinboardXml(input: SourceInput) {
  const decoded = input.text()
  const { text } = decoded
  const reader = new ExportReader(input.file, 'pinboard')
  reader.noteDecoding(decoded)
  const lines = new LineIndex(text)
  const root = parseRoot(text, input.file, lines, reader)
  const at = (element: PostsElement): At =>
    element.offset < 0 ? { line: 1, column: 1 } : lines.locate(element.offset)
  if (root.name !== 'posts') {
    throw new BookgenError(`Expected <posts> as the root element, found <${root.name}>`, {
      rule: 'pinboard/wrong-root',
      file: input.file,
      ...at(root),
    })
  }
  const folder: Folder = createFolder()
  for (const [name, value] of Object.entries(root.attributes)) reader.attribute(folder, name, value)
  for (const child of root.children) {
    if (child.name !== 'post') {
      reader.warn(at(child), 'unknown-element', `<${child.name}> is not a <post>; skipped`)
      continue
    }
    if (child.children.length > 0)
      reader.warn(
        at(child),
        'unknown-element',
        'Elements inside a <post> are not part of the format; skipped',
      )
    folder.children.push(pinboardPost(reader, new Fields(reader, child.attributes, at(child))))
  }
  const user = root.attributes['user']
  return reader.finish('pinboard-xml', user ? `Bookmarks of ${user}` : 'Pinboard', folder, decoded.encoding)
}

/** The root element, its descendants and their places. Throws for XML that is not well-formed. */
function parseRoot(text: string, file: string, lines: LineIndex, reader: ExportReader): PostsElement {
  const { parser, validator } = fastXmlParser()
  const valid = validator.validate(text, { allowBooleanAttributes: false })
  if (valid !== true) {
    const { msg, line, col } = valid.err
    throw new BookgenError(`Not well-formed XML: ${msg}`, {
      rule: 'pinboard/not-well-formed',
      file,
      line,
      column: col ?? 1,
    })
  }
  let tree: FxpNode[]
  try {
    tree = parser.parse(blankDoctype(text)) as FxpNode[]
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new BookgenError(`Not well-formed XML: ${message}`, {
      rule: 'pinboard/not-well-formed',
      file,
      line: 1,
      column: 1,
      cause: error,
    })
  }
  const elements = toElements(tree)
  const root = elements[0]
  if (root === undefined) {
    throw new BookgenError('No root element: expected <posts>', {
      rule: 'pinboard/wrong-root',
      file,
      line: 1,
      column: 1,
    })
  }
  const offsets = scanStartTags(text)
  if (offsets.length === elements.length)
    elements.forEach((element, index) => (element.offset = offsets[index]!))
  for (const element of elements) {
    const at = element.offset < 0 ? { line: 1, column: 1 } : lines.locate(element.offset)
    const report = (reference: string) =>
      reader.warn(at, 'unknown-entity', `${reference} is not an XML entity; kept as written`)
    for (const [name, value] of element.raw) element.attributes[name] = decodeXmlAttribute(value, report)
  }
  return root
}

/**
 * Every element of the parsed tree, in document order (iteratively: any depth), the root first:
 * well-formed XML has one root, so the first element is it and every other one is inside it.
 */
function toElements(tree: FxpNode[]): PostsElement[] {
  const all: PostsElement[] = []
  const stack: Array<{ nodes: FxpNode[]; index: number; into: PostsElement[] }> = [
    { nodes: tree, index: 0, into: [] },
  ]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.index >= frame.nodes.length) {
      stack.pop()
      continue
    }
    const node = frame.nodes[frame.index++]!
    const key = Object.keys(node).find((name) => name !== ATTRIBUTES && name !== TEXT)
    if (key === undefined) continue
    const attributes = Object.entries((node[ATTRIBUTES] ?? {}) as Record<string, unknown>)
    const element: PostsElement = {
      name: unmask(key),
      raw: attributes.map(([name, value]) => [unmask(name), String(value)]),
      attributes: createRecord(),
      children: [],
      offset: -1,
    }
    frame.into.push(element)
    all.push(element)
    const children = node[key]
    if (Array.isArray(children) && children.length > 0)
      stack.push({ nodes: children as FxpNode[], index: 0, into: element.children })
  }
  return all
}

/** The text with its DOCTYPE (internal subset included) blanked, line breaks kept. */
function blankDoctype(text: string): string {
  const start = text.search(/<!DOCTYPE[\s>[]/)
  if (start === -1) return text
  const end = skipDeclaration(text, start + 2)
  const stop = end === -1 ? text.length : end
  return text.slice(0, start) + text.slice(start, stop).replace(/[^\n]/g, ' ') + text.slice(stop)
}

/** Offset of the first element's `<`: past white space, the XML declaration, comments and PIs. */
function afterProlog(text: string): number {
  let at = 0
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++
    const close = text.startsWith('<!--', at) ? '-->' : text.startsWith('<?', at) ? '?>' : undefined
    if (close === undefined) return at
    const end = text.indexOf(close, at + 2)
    if (end === -1) return text.length
    at = end + close.length
  }
}

export const pinboardXml: FormatEntry = {
  name: 'pinboard-xml',
  label: 'Pinboard / Delicious XML',
  where: "Pinboard: Settings → Backup → XML; Delicious: the v1 API's posts/all.",
  sniff(head: SniffHead): boolean {
    return /^<posts[\s>/]/.test(head.text.slice(afterProlog(head.text)))
  },
  read: readPinboardXml,
}
