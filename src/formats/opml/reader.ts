/**
 * Builds the model from OPML's XML as `xbel/scan.ts` or `xbel/strict.ts` hand it over (the same
 * element tree the XBEL reader gets): `<opml>`, `<body>` and every `<outline>` child by child, so
 * a large outline is never held as one tree; `<head>` whole. An outline becomes its node when it
 * closes, once its children are known (a link with children becomes a folder).
 *
 * `<head>`: `title` → the collection's and the root folder's title, `dateCreated` → the root's
 * `added`, `dateModified` → its `modified`; every other head element (ownerName, ownerEmail,
 * expansionState, windowTop, …) and `<opml>`'s own attributes (`version`, namespaces) are kept in
 * the root folder's `attributes` under their own names, their text as written.
 */
import { BookgenError } from '../../model/errors.js'
import {
  createFolder,
  createRecord,
  type Collection,
  type Folder,
  type Node,
  type Place,
} from '../../model/tree.js'
import { WarningCollector } from '../shared/limits.js'
import type { LineIndex } from '../shared/line-index.js'
import type { SourceCdata, SourceElement, SourceNode, XmlTreeHandler } from '../xbel/tree.js'
import { decodeXmlAttribute, decodeXmlText, type EntityReporter } from '../xbel/xml-text.js'
import { dataTitle } from '../shared/titles.js'
import { parseRfc822Instant } from '../shared/dates.js'
import { outlineNode } from './outline.js'

/** An element open in the document, taken child by child. */
type Frame =
  | { readonly kind: 'opml' }
  | { readonly kind: 'body' }
  | { readonly kind: 'outline'; readonly element: SourceElement; readonly children: Node[] }

export class OpmlReader implements XmlTreeHandler {
  private readonly file: string
  private readonly lines: LineIndex
  private readonly warnings: WarningCollector
  private readonly entityWarnings = new Set<string>()
  private readonly frames: Frame[] = []
  private root: Folder | undefined
  private rootElement: SourceElement | undefined
  private otherRoot: SourceElement | undefined
  private bodySeen = false
  private title: string | undefined
  /** The element whose text or attributes are being decoded: odd references are placed there. */
  private decoding: SourceElement | undefined
  private readonly reportEntity: EntityReporter = (reference, decoded) => this.entity(reference, decoded)

  constructor(file: string, lines: LineIndex) {
    this.file = file
    this.lines = lines
    this.warnings = new WarningCollector(file)
  }

  open(element: SourceElement): boolean {
    const top = this.frames[this.frames.length - 1]
    if (top === undefined) {
      if (this.root !== undefined || element.name !== 'opml') {
        this.otherRoot ??= element
        return false
      }
      this.rootElement = element
      this.root = this.readRoot(element)
      this.frames.push({ kind: 'opml' })
      return true
    }
    if (top.kind === 'opml') {
      if (element.name !== 'body') return false
      if (this.bodySeen)
        this.warn(
          this.placeOf(element),
          'second-body',
          'A second <body>: read its outlines after the first one’s',
        )
      this.bodySeen = true
      for (let i = 0; i < element.attributes.length; i += 2)
        this.warn(
          this.placeOf(element),
          'unknown-attribute',
          `<body ${element.attributes[i]!}> is not OPML; ignored it`,
        )
      this.frames.push({ kind: 'body' })
      return true
    }
    if (element.name !== 'outline') return false
    this.frames.push({ kind: 'outline', element, children: [] })
    return true
  }

  child(node: SourceNode): void {
    const top = this.frames[this.frames.length - 1]
    if (top === undefined) return // a root other than <opml>, noted in `open`
    if (typeof node === 'string' || node.type === 'cdata') {
      this.checkStrayText(node)
      return
    }
    if (top.kind === 'opml' && node.name === 'head') {
      this.readHead(node)
      return
    }
    const inside = top.kind === 'outline' ? 'outline' : top.kind
    this.warn(
      this.placeOf(node),
      'unknown-element',
      `<${node.name}> is not an OPML element inside <${inside}>; skipped it`,
    )
  }

  close(): void {
    const frame = this.frames.pop()
    if (frame === undefined || frame.kind !== 'outline') return
    const place = this.placeOf(frame.element)
    const node = outlineNode(this.attributes(frame.element), frame.children, place, (at, problem, message) =>
      this.warn(at, problem, message),
    )
    const parent = this.frames[this.frames.length - 1]
    if (parent?.kind === 'outline') parent.children.push(node)
    else this.root!.children.push(node)
  }

  /** The collection read, once the whole text has been handed over. */
  finish(encoding: string): Collection {
    const root = this.root
    if (root === undefined) {
      const place = this.otherRoot === undefined ? undefined : this.placeOf(this.otherRoot)
      throw new BookgenError(
        `The root element is <${this.otherRoot?.name ?? '?'}>, expected <opml>: this is not an OPML file`,
        {
          rule: 'opml/wrong-root',
          file: this.file,
          line: place?.line ?? 1,
          column: place?.column ?? 1,
        },
      )
    }
    if (!this.bodySeen) {
      const place = this.placeOf(this.rootElement!)
      throw new BookgenError('<opml> has no <body>: there are no outlines to read', {
        rule: 'opml/no-body',
        file: this.file,
        line: place?.line ?? 1,
        column: place?.column ?? 1,
      })
    }
    return {
      format: 'opml',
      file: this.file,
      encoding,
      title: this.title ?? '',
      root,
      warnings: this.warnings.finish(),
    }
  }

  /** The root folder, `<opml>`'s attributes kept on it. */
  private readRoot(element: SourceElement): Folder {
    const root = createFolder('')
    const place = this.placeOf(element)
    if (place !== undefined) root.place = place
    for (const [name, value] of this.attributes(element)) {
      root.attributes ??= createRecord()
      root.attributes[name] = value
    }
    const version = root.attributes?.['version']
    if (version !== undefined && !['1.0', '1.1', '2.0'].includes(version.trim()))
      this.warn(place, 'unknown-version', `OPML version "${version}" is not 1.0 or 2.0; read it as OPML 2.0`)
    return root
  }

  /** `<head>`: the title and dates into typed fields, every other field into the root's attributes. */
  private readHead(head: SourceElement): void {
    const root = this.root!
    for (const child of head.children) {
      if (typeof child === 'string' || child.type === 'cdata') {
        this.checkStrayText(child)
        continue
      }
      const text = this.textContent(child)
      if (
        child.attributes.length > 0 ||
        child.children.some((node) => typeof node !== 'string' && node.type === 'element')
      )
        this.warn(
          this.placeOf(child),
          'head-structure',
          `<${child.name}> in <head> holds markup; kept its text only`,
        )
      if (child.name === 'title' && this.title === undefined) {
        this.title = dataTitle(text)
        root.title = this.title
      } else if (
        (child.name === 'dateCreated' || child.name === 'dateModified') &&
        this.headDate(child, text)
      ) {
        continue
      } else if (root.attributes !== undefined && Object.hasOwn(root.attributes, child.name)) {
        this.warn(
          this.placeOf(child),
          'duplicate-head-field',
          `<${child.name}> appears twice in <head>; kept the first`,
        )
      } else {
        root.attributes ??= createRecord()
        root.attributes[child.name] = text
      }
    }
  }

  /** Set the root's `added`/`modified` from a head date; false when it cannot be read (kept as text then). */
  private headDate(element: SourceElement, text: string): boolean {
    const root = this.root!
    const field = element.name === 'dateCreated' ? 'added' : 'modified'
    if (root[field] !== undefined) return false
    const result = parseRfc822Instant(text)
    const place = this.placeOf(element)
    if (!result.ok) {
      this.warn(
        place,
        'invalid-date',
        `<${element.name}>: ${result.reason}; kept it as written, without a date`,
      )
      return false
    }
    if (result.note !== undefined) this.warn(place, 'nonstandard-date', `<${element.name}>: ${result.note}`)
    root[field] = result.value
    return true
  }

  /** Attribute names and values, references decoded, in source order. */
  private attributes(element: SourceElement): Map<string, string> {
    const map = new Map<string, string>()
    const raw = element.attributes
    this.decoding = element
    for (let i = 0; i < raw.length; i += 2)
      map.set(raw[i]!, decodeXmlAttribute(raw[i + 1]!, this.reportEntity))
    return map
  }

  /** All character data below an element, references decoded (head fields are small and shallow). */
  private textContent(element: SourceElement): string {
    let text = ''
    const stack: SourceNode[] = [...element.children].reverse()
    this.decoding = element
    while (stack.length > 0) {
      const node = stack.pop()!
      if (typeof node === 'string') text += decodeXmlText(node, this.reportEntity)
      else if (node.type === 'cdata') text += node.value
      else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
    }
    return text
  }

  private checkStrayText(node: string | SourceCdata): void {
    if (typeof node === 'string' && node.trim() === '') return
    this.warn(this.placeOf(this.rootElement), 'stray-text', 'Text outside any outline was ignored')
  }

  private entity(reference: string, decoded: string | undefined): void {
    const key = `${reference}:${decoded ?? ''}`
    if (this.entityWarnings.has(key)) return
    this.entityWarnings.add(key)
    const place = this.placeOf(this.decoding)
    if (decoded !== undefined)
      this.warn(
        place,
        'undeclared-entity',
        `${reference} is not an XML entity; read it as the HTML entity "${decoded}"`,
      )
    else
      this.warn(
        place,
        'unknown-entity',
        `${reference} is not a known entity or character; kept it as written`,
      )
  }

  private placeOf(element: SourceElement | undefined): Place | undefined {
    if (element === undefined || element.offset === -1) return undefined
    return { file: this.file, ...this.lines.locate(element.offset) }
  }

  private warn(place: Place | undefined, problem: string, message: string): void {
    this.warnings.add(place?.line ?? 1, place?.column ?? 1, `opml/${problem}`, message)
  }
}
