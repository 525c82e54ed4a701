/**
 * The Pinboard / Delicious v1 XML export and API answer: `<posts user=… [update|dt] tag=""
 * [total]>` holding `<post href= description= extended= tag= time= shared= toread= hash= meta=
 * others=/>`. Each post is a bookmark at the root, in file order (fields as in
 * `pinboard-post.ts`); the root's own attributes (`user`, `update`, `dt`, `tag`, `total`) are kept
 * as the root folder's attributes, and the title is "Bookmarks of <user>". Comments after the
 * root element (Delicious' servers appended one) are fine.
 *
 * The XML is read the way XBEL is: the project's scan of plain well-formed XML, else fast-xml-parser
 * behind its validator (`xbel/strict.ts`: nothing a DOCTYPE declares is expanded, nesting bounded),
 * whose errors are reported under `pinboard/`; references are decoded by `xml-text.ts`.
 */
import { BookgenError } from '../../model/errors.js'
import { createFolder, createRecord, type Folder } from '../../model/tree.js'
import { LineIndex } from '../shared/line-index.js'
import type { SourceElement, SourceNode, XmlTreeHandler } from '../xbel/tree.js'
import { decodeXmlAttribute } from '../xbel/xml-text.js'
import { readXmlTree, rootElementName } from '../opml/index.js'
import { pinboardPost } from '../shared/pinboard-post.js'
import { ExportReader, Fields, type At } from '../shared/service.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'

/** Takes the root element child by child and each of its elements whole. */
class PostsHandler implements XmlTreeHandler {
  root: SourceElement | undefined
  readonly children: SourceElement[] = []

  open(element: SourceElement): boolean {
    this.root ??= element
    return this.root === element
  }

  child(node: SourceNode): void {
    if (typeof node !== 'string' && node.type === 'element') this.children.push(node)
  }

  close(): void {}
}

function readPinboardXml(input: SourceInput) {
  const decoded = input.text()
  const { text } = decoded
  const reader = new ExportReader(input.file, 'pinboard')
  reader.noteDecoding(decoded)
  const lines = new LineIndex(text)
  const { root, children } = parsePosts(text, input.file, lines)
  const at = (element: SourceElement): At =>
    element.offset < 0 ? { line: 1, column: 1 } : lines.locate(element.offset)
  const attributes = decodeAttributes(root, children, at, reader)
  if (root.name !== 'posts') {
    throw new BookgenError(`Expected <posts> as the root element, found <${root.name}>`, {
      rule: 'pinboard/wrong-root',
      file: input.file,
      ...at(root),
    })
  }
  const folder: Folder = createFolder()
  const own = attributes.get(root)!
  for (const [name, value] of Object.entries(own)) reader.attribute(folder, name, value)
  for (const child of children) {
    if (child.name !== 'post') {
      reader.warn(at(child), 'unknown-element', `<${child.name}> is not a <post>; skipped`)
      continue
    }
    if (child.children.some((node) => typeof node !== 'string' && node.type === 'element'))
      reader.warn(
        at(child),
        'unknown-element',
        'Elements inside a <post> are not part of the format; skipped',
      )
    folder.children.push(pinboardPost(reader, new Fields(reader, attributes.get(child)!, at(child))))
  }
  const user = own['user']
  return reader.finish('pinboard-xml', user ? `Bookmarks of ${user}` : 'Pinboard', folder, decoded.encoding)
}

/** The root element and its elements. Throws for XML that is not well-formed. */
function parsePosts(
  text: string,
  file: string,
  lines: LineIndex,
): { root: SourceElement; children: SourceElement[] } {
  const handler = readXmlTree(text, file, lines, () => new PostsHandler(), 'pinboard', 'posts')
  if (handler.root === undefined) {
    throw new BookgenError('No root element: expected <posts>', {
      rule: 'pinboard/wrong-root',
      file,
      line: 1,
      column: 1,
    })
  }
  return { root: handler.root, children: handler.children }
}

/**
 * The decoded attributes of every element, in document order, so that odd references are
 * reported before anything else the elements hold.
 */
function decodeAttributes(
  root: SourceElement,
  children: readonly SourceElement[],
  at: (element: SourceElement) => At,
  reader: ExportReader,
): Map<SourceElement, Record<string, string>> {
  const decoded = new Map<SourceElement, Record<string, string>>()
  const stack: SourceNode[] = [...children].reverse()
  stack.push(root)
  while (stack.length > 0) {
    const element = stack.pop()!
    if (typeof element === 'string' || element.type !== 'element') continue
    const report = (reference: string) =>
      reader.warn(at(element), 'unknown-entity', `${reference} is not an XML entity; kept as written`)
    const attributes = createRecord()
    for (let i = 0; i < element.attributes.length; i += 2)
      attributes[element.attributes[i]!] = decodeXmlAttribute(element.attributes[i + 1]!, report)
    decoded.set(element, attributes)
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]!)
  }
  return decoded
}

export const pinboardXml: FormatEntry = {
  name: 'pinboard-xml',
  label: 'Pinboard / Delicious XML',
  where: "Pinboard: Settings → Backup → XML; Delicious: the v1 API's posts/all.",
  sniff(head: SniffHead): boolean {
    return rootElementName(head.text) === 'posts'
  },
  read: readPinboardXml,
}
