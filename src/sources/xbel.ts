/**
 * XBEL 1.0/1.1 (and the freedesktop Desktop Bookmark dialect) → model, on fast-xml-parser.
 *
 * Safety first: the text is validated before use (not well-formed → an error with the parser's
 * line:column), nothing a DOCTYPE declares is expanded (entities are decoded by `xml-text.ts`:
 * XML's five and numeric references only), values stay strings, and element or attribute names
 * such as `__proto__` are carried under a reversible mask, never as object keys. Document order of
 * bookmarks, folders, separators and aliases is kept. Every node gets its source place from a
 * cheap scan of start-tag offsets, paired in document order with the parsed elements.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { BookgenError } from '../errors.js'
import {
  createBookmark,
  createFolder,
  createRecord,
  normalizeTags,
  type Alias,
  type Application,
  type Bookmark,
  type Collection,
  type DesktopIcon,
  type Folder,
  type Metadata,
  type Node,
  type Place,
  type XmlElement,
  type XmlNode,
} from '../model.js'
import { parseEpochDate, parseW3cDate } from './dates.js'
import { WarningCollector } from './limits.js'
import { LineIndex } from './line-index.js'
import { cleanDescription } from './netscape.js'
import {
  BOOKGEN_FLAG_FIELDS,
  BOOKGEN_NAMESPACE,
  BOOKGEN_OWNER,
  BOOKGEN_TEXT_FIELDS,
  BOOKMARK_NAMESPACE,
  FREEDESKTOP_OWNER,
  localName,
  MIME_NAMESPACE,
  textOf,
} from './xbel-metadata.js'
import { decodeXmlAttribute, decodeXmlText } from './xml-text.js'

export interface XbelOptions {
  /** The encoding the text was decoded from, recorded on the collection. Default: `utf-8`. */
  encoding?: string
}

/** Deepest element nesting accepted (folders inside folders and their metadata). */
export const MAX_XML_DEPTH = 1000

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

/** Declarations the writer always makes; not kept as attributes. */
const STANDARD_NAMESPACES = new Set([
  `xmlns:bookmark=${BOOKMARK_NAMESPACE}`,
  `xmlns:mime=${MIME_NAMESPACE}`,
  `xmlns:bookgen=${BOOKGEN_NAMESPACE}`,
])

/** A node as fast-xml-parser's `preserveOrder` output gives it. */
type FxpNode = Record<string, unknown>
const ATTRIBUTES = ':@'
const TEXT = '#text'
const CDATA = '#cdata'
const OFFSET = Symbol('offset')

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: CDATA,
  allowBooleanAttributes: false,
  maxNestedTags: MAX_XML_DEPTH,
  // No callback needs the element path as a string; building it for every node is costly.
  jPath: false,
  transformTagName: maskName,
  transformAttributeName: maskName,
  onDangerousProperty: (name: string) => `#${name}`,
})

/** Read an XBEL file (already decoded to text). Throws `BookgenError` if it is not well-formed XBEL. */
export function parseXbel(text: string, file: string, options: XbelOptions = {}): Collection {
  return new XbelReader(text, file, options.encoding ?? 'utf-8').read()
}

class XbelReader {
  private readonly text: string
  private readonly file: string
  private readonly encoding: string
  private readonly lines: LineIndex
  private readonly warnings: WarningCollector
  private readonly entityWarnings = new Set<string>()
  private readonly ids = new Map<string, Place | undefined>()
  private readonly aliases: Alias[] = []
  private documentTitle: string | undefined

  constructor(text: string, file: string, encoding: string) {
    this.text = text
    this.file = file
    this.encoding = encoding
    this.lines = new LineIndex(text)
    this.warnings = new WarningCollector(file)
  }

  read(): Collection {
    this.validate()
    let tree: FxpNode[]
    try {
      tree = parser.parse(blankDoctype(this.text)) as FxpNode[]
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const tooDeep = /nest/i.test(message)
      throw new BookgenError(
        tooDeep ? `Elements are nested more than ${MAX_XML_DEPTH} deep` : `Not well-formed XML: ${message}`,
        {
          ruleId: tooDeep ? 'xbel/too-deep' : 'xbel/not-well-formed',
          file: this.file,
          line: 1,
          column: 1,
          cause: error,
        },
      )
    }
    this.assignOffsets(tree)
    const rootNode = tree.find((node) => elementName(node) !== undefined)
    if (rootNode === undefined) {
      throw new BookgenError('No root element: expected <xbel>', {
        ruleId: 'xbel/wrong-root',
        file: this.file,
        line: 1,
        column: 1,
      })
    }
    const rootName = unmaskName(elementName(rootNode)!)
    if (rootName !== 'xbel') {
      const place = this.placeOf(rootNode)
      throw new BookgenError(`The root element is <${rootName}>, expected <xbel>: this is not an XBEL file`, {
        ruleId: 'xbel/wrong-root',
        file: this.file,
        line: place?.line,
        column: place?.column,
      })
    }
    const root = this.readRoot(rootNode)
    this.checkAliases()
    const collection: Collection = {
      format: 'xbel',
      file: this.file,
      encoding: this.encoding,
      title: this.documentTitle ?? root.title,
      root,
      warnings: this.warnings.finish(),
    }
    const version = this.attributes(rootNode)['version']
    if (version !== undefined) collection.version = version
    return collection
  }

  // ---- well-formedness --------------------------------------------------------------------

  private validate(): void {
    const result = XMLValidator.validate(this.text, { allowBooleanAttributes: false })
    if (result === true) return
    const { msg, line, col } = result.err
    let message = msg
    // The validator lists unclosed elements as a JSON array: say it in words.
    const unclosed = /^Invalid '\[([\s\S]*)\]' found\.?$/.exec(msg)
    if (unclosed) {
      const names = (JSON.parse(`[${unclosed[1]}]`) as string[]).reverse()
      const end = this.lines.locate(this.text.length)
      throw new BookgenError(
        `The file ends before ${names.map((name) => `</${name}>`).join(', ')}: it is truncated or not closed`,
        {
          ruleId: 'xbel/not-well-formed',
          file: this.file,
          line: end.line,
          column: end.column,
        },
      )
    }
    if (msg === 'Start tag expected.') message = 'Not XML: expected a start tag such as <xbel>'
    throw new BookgenError(`Not well-formed XML: ${message}`, {
      ruleId: 'xbel/not-well-formed',
      file: this.file,
      line,
      column: col ?? 1,
    })
  }

  // ---- places -------------------------------------------------------------------------------

  /** Pair every parsed element, in document order, with its start tag's offset. */
  private assignOffsets(tree: FxpNode[]): void {
    const offsets = scanStartTags(this.text)
    let next = 0
    const stack: FxpNode[][] = [tree]
    const indexes: number[] = [0]
    const visited: FxpNode[] = []
    while (stack.length > 0) {
      const list = stack[stack.length - 1]!
      const index = indexes[indexes.length - 1]!
      if (index >= list.length) {
        stack.pop()
        indexes.pop()
        continue
      }
      indexes[indexes.length - 1] = index + 1
      const node = list[index]!
      const name = elementName(node)
      if (name === undefined) continue
      visited.push(node)
      const children = node[name]
      if (Array.isArray(children) && children.length > 0) {
        stack.push(children as FxpNode[])
        indexes.push(0)
      }
    }
    if (visited.length !== offsets.length) return // cannot pair them safely: no places
    for (const node of visited) (node as Record<symbol, number>)[OFFSET] = offsets[next++]!
  }

  private placeOf(node: FxpNode): Place | undefined {
    const offset = (node as Record<symbol, number | undefined>)[OFFSET]
    if (offset === undefined) return undefined
    const { line, column } = this.lines.locate(offset)
    return { file: this.file, line, column }
  }

  // ---- structure ----------------------------------------------------------------------------

  private readRoot(node: FxpNode): Folder {
    const root = createFolder('')
    const place = this.placeOf(node)
    if (place !== undefined) root.place = place
    const attributes = this.attributes(node)
    const version = attributes['version']
    if (version !== undefined && version !== '1.0' && version !== '1.1') {
      this.warn(
        place,
        'xbel/unknown-version',
        `XBEL version "${version}" is neither 1.0 nor 1.1; read it as XBEL 1.1`,
      )
    }
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'version') continue
      if (name === 'id') this.setId(root, value, place)
      else if (name === 'added') this.setDate(root, 'added', value, place)
      else if (name === 'xmlns' || name.startsWith('xmlns:')) {
        // Namespace declarations: the writer declares the Desktop Bookmark and bookgen ones itself;
        // any other (used by some owner's metadata) is kept so it can be written back.
        if (!STANDARD_NAMESPACES.has(`${name}=${value}`)) {
          root.attributes ??= createRecord()
          root.attributes[name] = value
        }
      } else this.keepUnknown(root, name, value, place, 'xbel')
    }
    // Iterative over folders: each frame is a folder and its parsed children.
    const stack: Array<{ folder: Folder; children: FxpNode[]; index: number; element: string }> = [
      { folder: root, children: childrenOf(node), index: 0, element: 'xbel' },
    ]
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!
      if (frame.index >= frame.children.length) {
        stack.pop()
        continue
      }
      const child = frame.children[frame.index++]!
      const name = elementName(child)
      if (name === undefined) {
        this.checkStrayText(child, frame.folder)
        continue
      }
      switch (unmaskName(name)) {
        case 'title':
          frame.folder.title = collapse(this.textContent(child))
          if (frame.folder === root) this.documentTitle = frame.folder.title
          break
        case 'desc': {
          const description = cleanDescription(this.textContent(child))
          if (description !== '') frame.folder.description = description
          break
        }
        case 'info':
          this.readInfo(child, frame.folder)
          break
        case 'folder': {
          const folder = this.readFolder(child)
          frame.folder.children.push(folder)
          stack.push({ folder, children: childrenOf(child), index: 0, element: 'folder' })
          break
        }
        case 'bookmark':
          frame.folder.children.push(this.readBookmark(child))
          break
        case 'separator':
          frame.folder.children.push(this.readSeparator(child))
          break
        case 'alias': {
          const alias = this.readAlias(child)
          if (alias !== undefined) frame.folder.children.push(alias)
          break
        }
        default:
          this.warn(
            this.placeOf(child),
            'xbel/unknown-element',
            `<${unmaskName(name)}> is not an XBEL element inside <${frame.element}>; skipped it`,
          )
      }
    }
    if (this.documentTitle === undefined) this.documentTitle = root.title
    return root
  }

  private readFolder(node: FxpNode): Folder {
    const folder = createFolder('')
    const place = this.placeOf(node)
    if (place !== undefined) folder.place = place
    folder.folded = true // the DTD's default is folded="yes"
    for (const [name, value] of Object.entries(this.attributes(node))) {
      switch (name) {
        case 'id':
          this.setId(folder, value, place)
          break
        case 'added':
          this.setDate(folder, 'added', value, place)
          break
        case 'folded':
          folder.folded = this.yesNo(value, name, place) ?? true
          break
        case 'toolbar':
          if (this.yesNo(value, name, place) === true) folder.toolbar = true
          break
        case 'icon':
          if (value !== '') folder.iconName = value
          break
        default:
          this.keepUnknown(folder, name, value, place, 'folder')
      }
    }
    return folder
  }

  private readBookmark(node: FxpNode): Bookmark {
    const bookmark = createBookmark('')
    const place = this.placeOf(node)
    if (place !== undefined) bookmark.place = place
    for (const [name, value] of Object.entries(this.attributes(node))) {
      switch (name) {
        case 'href':
          if (value.trim() !== '') bookmark.href = value.trim()
          break
        case 'id':
          this.setId(bookmark, value, place)
          break
        case 'added':
        case 'modified':
        case 'visited':
          this.setDate(bookmark, name, value, place)
          break
        case 'icon':
          if (value !== '') bookmark.iconName = value
          break
        default:
          this.keepUnknown(bookmark, name, value, place, 'bookmark')
      }
    }
    if (bookmark.href === undefined) {
      this.warn(place, 'xbel/missing-href', '<bookmark> has no href; kept it as text without a link')
    }
    for (const child of childrenOf(node)) {
      const name = elementName(child)
      if (name === undefined) {
        this.checkStrayText(child, bookmark)
        continue
      }
      switch (unmaskName(name)) {
        case 'title':
          bookmark.title = collapse(this.textContent(child))
          break
        case 'desc': {
          const description = cleanDescription(this.textContent(child))
          if (description !== '') bookmark.description = description
          break
        }
        case 'info':
          this.readInfo(child, bookmark)
          break
        default:
          this.warn(
            this.placeOf(child),
            'xbel/unknown-element',
            `<${unmaskName(name)}> is not an XBEL element inside <bookmark>; skipped it`,
          )
      }
    }
    return bookmark
  }

  private readSeparator(node: FxpNode): Node {
    const place = this.placeOf(node)
    for (const name of Object.keys(this.attributes(node))) {
      this.warn(
        place,
        'xbel/unknown-attribute',
        `<separator> has an attribute "${name}" XBEL does not define; ignored it`,
      )
    }
    return place === undefined ? { type: 'separator' } : { type: 'separator', place }
  }

  private readAlias(node: FxpNode): Alias | undefined {
    const place = this.placeOf(node)
    const ref = this.attributes(node)['ref']
    if (ref === undefined || ref.trim() === '') {
      this.warn(place, 'xbel/alias-without-ref', '<alias> has no ref attribute; skipped it')
      return undefined
    }
    const alias: Alias = { type: 'alias', ref: ref.trim() }
    if (place !== undefined) alias.place = place
    this.aliases.push(alias)
    return alias
  }

  private checkAliases(): void {
    for (const alias of this.aliases) {
      if (!this.ids.has(alias.ref)) {
        this.warn(
          alias.place,
          'xbel/dangling-alias',
          `<alias ref="${alias.ref}"> names no bookmark or folder id in this file`,
        )
      }
    }
  }

  // ---- metadata -----------------------------------------------------------------------------

  private readInfo(node: FxpNode, item: Folder | Bookmark): void {
    for (const child of childrenOf(node)) {
      const name = elementName(child)
      if (name === undefined) {
        this.checkStrayText(child, item)
        continue
      }
      const place = this.placeOf(child)
      if (unmaskName(name) !== 'metadata') {
        this.warn(
          place,
          'xbel/unknown-element',
          `<${unmaskName(name)}> inside <info> is not <metadata>; kept it in an owner-less block`,
        )
      }
      const attributes = this.attributes(child)
      const owner = attributes['owner']
      if (owner === undefined) {
        this.warn(place, 'xbel/metadata-without-owner', '<metadata> has no owner attribute; kept it as it is')
      }
      const rest = createRecord()
      for (const [key, value] of Object.entries(attributes)) if (key !== 'owner') rest[key] = value
      const children = this.opaqueChildren(child)
      let leftover: XmlNode[] = children
      if (owner === FREEDESKTOP_OWNER && item.type === 'bookmark')
        leftover = this.readDesktopMetadata(children, item, place)
      else if (owner === BOOKGEN_OWNER) leftover = this.readBookgenMetadata(children, item, place)
      if (
        owner !== undefined &&
        (owner === FREEDESKTOP_OWNER || owner === BOOKGEN_OWNER) &&
        leftover.length === 0
      )
        continue
      const metadata: Metadata = { owner: owner ?? '', attributes: rest, children: leftover }
      item.info ??= []
      item.info.push(metadata)
    }
  }

  /** Desktop Bookmark fields → typed fields; returns the children not understood. */
  private readDesktopMetadata(children: XmlNode[], bookmark: Bookmark, place: Place | undefined): XmlNode[] {
    const leftover: XmlNode[] = []
    for (const child of children) {
      if (typeof child === 'string') continue
      const attributes = child.attributes
      switch (localName(child.name)) {
        case 'mime-type':
          if (attributes['type'] !== undefined) bookmark.mimeType = attributes['type']
          else leftover.push(child)
          break
        case 'groups': {
          const groups: string[] = []
          for (const group of child.children) {
            if (typeof group !== 'string' && localName(group.name) === 'group') groups.push(textOf(group))
          }
          bookmark.tags = normalizeTags([...bookmark.tags, ...groups])
          break
        }
        case 'applications': {
          const applications: Application[] = []
          for (const entry of child.children) {
            if (typeof entry === 'string' || localName(entry.name) !== 'application') continue
            const application = this.readApplication(entry, place)
            if (application !== undefined) applications.push(application)
          }
          if (applications.length > 0) bookmark.applications = applications
          break
        }
        case 'icon': {
          const { href, name, type } = attributes
          if (href === undefined)
            this.warn(place, 'xbel/icon-without-href', '<bookmark:icon> has no href attribute')
          const icon: DesktopIcon = {
            ...(href === undefined ? {} : { href }),
            ...(name === undefined ? {} : { name }),
            ...(type === undefined ? {} : { type }),
          }
          bookmark.desktopIcon = icon
          break
        }
        case 'private':
          bookmark.private = true
          break
        default:
          leftover.push(child)
      }
    }
    return leftover
  }

  private readApplication(entry: XmlElement, place: Place | undefined): Application | undefined {
    const attributes = entry.attributes
    const name = attributes['name']
    if (name === undefined || name === '') {
      this.warn(place, 'xbel/application-without-name', '<bookmark:application> has no name; skipped it')
      return undefined
    }
    const application: { -readonly [K in keyof Application]: Application[K] } = { name }
    if (attributes['exec'] !== undefined) application.exec = attributes['exec']
    if (attributes['count'] !== undefined) {
      const count = Number(attributes['count'])
      if (Number.isSafeInteger(count) && count >= 0) application.count = count
      else
        this.warn(
          place,
          'xbel/invalid-count',
          `Application "${name}": count "${attributes['count']}" is not a number`,
        )
    }
    if (attributes['modified'] !== undefined) {
      const result = parseW3cDate(attributes['modified'])
      if (result.ok) application.modified = result.value
      else
        this.warn(place, 'xbel/invalid-date', `Application "${name}": modified ${result.reason}; left it out`)
    }
    if (attributes['timestamp'] !== undefined) {
      const result = parseEpochDate(attributes['timestamp'])
      if (result.ok) application.timestamp = result.value
      else
        this.warn(
          place,
          'xbel/invalid-date',
          `Application "${name}": timestamp ${result.reason}; left it out`,
        )
    }
    return application
  }

  /** bookgen's own block (what only Netscape carries) → typed fields. */
  private readBookgenMetadata(
    children: XmlNode[],
    item: Folder | Bookmark,
    place: Place | undefined,
  ): XmlNode[] {
    const leftover: XmlNode[] = []
    const fields = item as unknown as Record<string, unknown>
    for (const child of children) {
      if (typeof child === 'string') continue
      const name = localName(child.name)
      const value = textOf(child)
      if (name in BOOKGEN_TEXT_FIELDS) {
        fields[BOOKGEN_TEXT_FIELDS[name as keyof typeof BOOKGEN_TEXT_FIELDS]] = value
      } else if (name in BOOKGEN_FLAG_FIELDS) {
        fields[BOOKGEN_FLAG_FIELDS[name as keyof typeof BOOKGEN_FLAG_FIELDS]] = value.trim() === 'true'
      } else if (name === 'modified' && item.type === 'folder') {
        this.setDate(item, 'modified', value, place)
      } else if (name === 'attribute' && child.attributes['name'] !== undefined) {
        item.attributes ??= createRecord()
        item.attributes[child.attributes['name']] = value
      } else if (name === 'document-title' && item.type === 'folder') {
        this.documentTitle = value
      } else leftover.push(child)
    }
    return leftover
  }

  /** Children of an element as opaque XML: whitespace-only text between elements dropped. */
  private opaqueChildren(node: FxpNode): XmlNode[] {
    const convert = (children: FxpNode[]): XmlNode[] => {
      const hasElements = children.some((child) => elementName(child) !== undefined)
      const result: XmlNode[] = []
      for (const child of children) {
        const name = elementName(child)
        if (name === undefined) {
          const text = this.textContent(child)
          if (hasElements && text.trim() === '') continue
          if (text !== '') result.push(text)
          continue
        }
        // Opaque metadata is small and shallow (MAX_XML_DEPTH bounds it), so recursion is safe here.
        result.push({
          name: unmaskName(name),
          attributes: this.attributes(child),
          children: convert(childrenOf(child)),
        })
      }
      return result
    }
    return convert(childrenOf(node))
  }

  // ---- values -------------------------------------------------------------------------------

  /** Attributes with references decoded and unsafe names unmasked, in a null-prototype record. */
  private attributes(node: FxpNode): Record<string, string> {
    const raw = node[ATTRIBUTES] as Record<string, unknown> | undefined
    const result = createRecord()
    if (raw === undefined) return result
    for (const [name, value] of Object.entries(raw)) {
      result[unmaskName(name)] = decodeXmlAttribute(String(value), (reference, decoded) =>
        this.entity(node, reference, decoded),
      )
    }
    return result
  }

  /** All character data below a node, references decoded. */
  private textContent(node: FxpNode): string {
    let text = ''
    const stack: FxpNode[] = [node]
    while (stack.length > 0) {
      const current = stack.pop()!
      if (TEXT in current) {
        text += decodeXmlText(String(current[TEXT]), (reference, decoded) =>
          this.entity(node, reference, decoded),
        )
        continue
      }
      if (CDATA in current) {
        for (const part of current[CDATA] as FxpNode[]) text += String(part[TEXT] ?? '')
        continue
      }
      const name = Object.keys(current).find((key) => key !== ATTRIBUTES)
      const children = name === undefined ? undefined : current[name]
      if (Array.isArray(children))
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as FxpNode)
    }
    return text
  }

  private checkStrayText(node: FxpNode, item: Folder | Bookmark): void {
    if (CDATA in node || (TEXT in node && String(node[TEXT]).trim() !== '')) {
      this.warn(
        item.place,
        'xbel/stray-text',
        `Text outside any element in "${item.title || item.type}" was ignored`,
      )
    }
  }

  private entity(node: FxpNode, reference: string, decoded: string | undefined): void {
    const key = `${reference}:${decoded ?? ''}`
    if (this.entityWarnings.has(key)) return
    this.entityWarnings.add(key)
    const place = this.placeOf(node)
    if (decoded !== undefined) {
      this.warn(
        place,
        'xbel/undeclared-entity',
        `${reference} is not an XML entity; read it as the HTML entity "${decoded}"`,
      )
    } else {
      this.warn(
        place,
        'xbel/unknown-entity',
        `${reference} is not a known entity or character; kept it as written`,
      )
    }
  }

  private setId(item: Folder | Bookmark, value: string, place: Place | undefined): void {
    const id = value.trim()
    if (id === '') return
    if (this.ids.has(id))
      this.warn(place, 'xbel/duplicate-id', `id "${id}" is used more than once; aliases point at the first`)
    else this.ids.set(id, place)
    item.id = id
  }

  private setDate(
    item: Folder | Bookmark,
    field: 'added' | 'modified' | 'visited',
    value: string,
    place: Place | undefined,
  ): void {
    const result = parseW3cDate(value)
    if (!result.ok) {
      this.warn(place, 'xbel/invalid-date', `${field}: ${result.reason}; left the date out`)
      return
    }
    if (result.note !== undefined) this.warn(place, 'xbel/nonstandard-date', `${field}: ${result.note}`)
    if (field === 'visited') {
      if (item.type === 'bookmark') item.visited = result.value
    } else item[field] = result.value
  }

  private yesNo(value: string, name: string, place: Place | undefined): boolean | undefined {
    const v = value.trim().toLowerCase()
    if (v === 'yes') return true
    if (v === 'no') return false
    this.warn(place, 'xbel/invalid-value', `${name}="${value}" should be "yes" or "no"; ignored it`)
    return undefined
  }

  private keepUnknown(
    item: Folder | Bookmark,
    name: string,
    value: string,
    place: Place | undefined,
    element: string,
  ): void {
    item.attributes ??= createRecord()
    item.attributes[name] = value
    this.warn(
      place,
      'xbel/unknown-attribute',
      `<${element}> has an attribute "${name}" XBEL does not define; kept it`,
    )
  }

  private warn(place: Place | undefined, rule: string, message: string): void {
    this.warnings.add(place?.line ?? 1, place?.column ?? 1, rule, message)
  }
}

/** The element name of a parsed node, or undefined for text, CDATA and comments. */
function elementName(node: FxpNode): string | undefined {
  for (const key in node) {
    if (key !== ATTRIBUTES && key !== TEXT && key !== CDATA) return key
  }
  return undefined
}

function childrenOf(node: FxpNode): FxpNode[] {
  const name = elementName(node)
  const children = name === undefined ? undefined : node[name]
  return Array.isArray(children) ? (children as FxpNode[]) : []
}

function collapse(text: string): string {
  return text.replace(/[ \t\n\r]+/g, ' ').trim()
}

/**
 * Offsets of every start tag in document order, skipping comments, CDATA, processing
 * instructions, declarations (with their internal subset) and end tags. In well-formed XML a `<`
 * cannot appear inside an attribute value, so this pairs one-to-one with the parsed elements.
 */
export function scanStartTags(text: string): number[] {
  const offsets: number[] = []
  const length = text.length
  let i = text.indexOf('<')
  while (i !== -1 && i < length) {
    const next = text.charCodeAt(i + 1)
    let resume: number
    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', i)) resume = after(text.indexOf('-->', i + 4), 3)
      else if (text.startsWith('<![CDATA[', i)) resume = after(text.indexOf(']]>', i + 9), 3)
      else resume = skipDeclaration(text, i + 2)
    } else if (next === 0x3f /* ? */) {
      resume = after(text.indexOf('?>', i + 2), 2)
    } else if (next === 0x2f /* / */) {
      resume = i + 2
    } else {
      offsets.push(i)
      resume = i + 1
    }
    if (resume === -1) break
    i = text.indexOf('<', resume)
  }
  return offsets
}

/**
 * The text with its DOCTYPE declaration (internal subset included) replaced by spaces, line breaks
 * kept: a DOCTYPE is accepted and ignored, so the parser never reads entity declarations at all.
 */
export function blankDoctype(text: string): string {
  const start = text.search(/<!DOCTYPE[\s>[]/)
  if (start === -1) return text
  const end = skipDeclaration(text, start + 2)
  const stop = end === -1 ? text.length : end
  return text.slice(0, start) + text.slice(start, stop).replace(/[^\n]/g, ' ') + text.slice(stop)
}

function after(index: number, length: number): number {
  return index === -1 ? -1 : index + length
}

function skipDeclaration(text: string, from: number): number {
  let depth = 0
  for (let j = from; j < text.length; j++) {
    const c = text.charCodeAt(j)
    if (c === 0x22 || c === 0x27) {
      const close = text.indexOf(String.fromCharCode(c), j + 1)
      if (close === -1) return -1
      j = close
    } else if (c === 0x5b) depth++
    else if (c === 0x5d) depth--
    else if (c === 0x3e && depth <= 0) return j + 1
    else if (c === 0x3c && text.startsWith('<!--', j)) {
      const close = text.indexOf('-->', j + 4)
      if (close === -1) return -1
      j = close + 2
    }
  }
  return -1
}
