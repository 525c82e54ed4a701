/**
 * XBEL 1.0/1.1 (and the freedesktop Desktop Bookmark dialect) → model.
 *
 * Safety first: the text must be well-formed XML (otherwise an error with its line:column),
 * nothing a DOCTYPE declares is expanded (entities are decoded by `xml-text.ts`: XML's five and
 * numeric references only), values stay strings, and names such as `__proto__` are plain names in
 * null-prototype records. Document order of bookmarks, folders, separators and aliases is kept,
 * and every node gets its source place.
 *
 * The XML is read in one of two ways into the same element tree (`tree.ts`): a fast scan that
 * accepts plain, strictly well-formed XML (`scan.ts`), and, for anything else, fast-xml-parser
 * behind its validator (`strict.ts`), which gives the precise error.
 */
import { BookgenError } from '../../model/errors.js'
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
} from '../../model/tree.js'
import { cleanHref } from '../../model/urls.js'
import { parseEpochDate, parseW3cDate } from '../shared/dates.js'
import { WarningCollector } from '../shared/limits.js'
import { fromUtf8ByteText } from '../shared/decode.js'
import { LineIndex, Utf8ByteLineIndex } from '../shared/line-index.js'
import { cleanDescription, lineIndent } from '../shared/description.js'
import { dataTitle } from '../shared/titles.js'
import { parseXmlStrictly } from './strict.js'
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
} from './metadata.js'
import { scanXml } from './scan.js'
import type { SourceCdata, SourceElement, SourceNode, XmlTreeHandler } from './tree.js'
import { decodeXmlAttribute, decodeXmlText, type EntityReporter } from './xml-text.js'

interface XbelOptions {
  /** The encoding the text was decoded from, recorded on the collection. Default: `utf-8`. */
  encoding?: string
  /**
   * The text is a file's UTF-8 bytes, a character each (`utf8ByteText`), not decoded: what is read
   * out of it is decoded, and places count characters as in the decoded text.
   */
  utf8Bytes?: boolean
  /** Told whether the careful path read the text (watch mode re-reads in part only what the scan read). */
  stats?: { careful: boolean }
}

/** Declarations the writer always makes; not kept as attributes. */
const STANDARD_NAMESPACES = new Set([
  `xmlns:bookmark=${BOOKMARK_NAMESPACE}`,
  `xmlns:mime=${MIME_NAMESPACE}`,
  `xmlns:bookgen=${BOOKGEN_NAMESPACE}`,
])

/** Read an XBEL file (already decoded to text). Throws `BookgenError` if it is not well-formed XBEL. */
export function parseXbel(text: string, file: string, options: XbelOptions = {}): Collection {
  const encoding = options.encoding ?? 'utf-8'
  if (options.utf8Bytes === true) {
    const reader = new XbelReader(file, encoding, new Utf8ByteLineIndex(text), text)
    if (scanXml(text, reader, true)) return reader.finish()
    // The careful path reads decoded text (it is the rare one: it says what is wrong).
    if (options.stats) options.stats.careful = true
    return parseXbel(fromUtf8ByteText(text), file, { encoding })
  }
  const lines = new LineIndex(text)
  const reader = new XbelReader(file, encoding, lines, text)
  if (scanXml(text, reader)) return reader.finish()
  // Not plain, well-formed XML: start again on the careful path, which says what is wrong.
  if (options.stats) options.stats.careful = true
  const careful = new XbelReader(file, encoding, lines, text)
  parseXmlStrictly(text, file, lines, careful)
  return careful.finish()
}

/**
 * Builds the collection from the XML as it is handed over: the root, folders and bookmarks child
 * by child, everything else (titles, metadata, separators, …) element by element.
 */
export class XbelReader implements XmlTreeHandler {
  private readonly file: string
  private readonly encoding: string
  private readonly lines: LineIndex
  private readonly warnings: WarningCollector
  private readonly entityWarnings = new Set<string>()
  private readonly ids = new Map<string, Place | undefined>()
  private readonly aliases: Alias[] = []
  /** Ids bookgen wrote as XML Names (`_0`) → the ids they stand for (`0`), from `<bookgen:id>`. */
  private readonly originalIds = new Map<string, string>()
  /** The root, folders and bookmarks open, outermost first. */
  private readonly items: Array<Folder | Bookmark> = []
  private root: Folder | undefined
  /** The root element when it is not `<xbel>`: `finish` refuses the file. */
  private otherRoot: SourceElement | undefined
  private documentTitle: string | undefined
  private version: string | undefined
  /** The element whose text or attributes are being decoded: odd references are placed there. */
  private decoding: SourceElement | undefined
  private readonly reportEntity: EntityReporter = (reference, decoded) =>
    this.entity(this.decoding, reference, decoded)

  /** The source text (a `<desc>`'s layout is the indentation of its line). */
  private readonly text: string

  constructor(file: string, encoding: string, lines: LineIndex, text: string) {
    this.text = text
    this.file = file
    this.encoding = encoding
    this.lines = lines
    this.warnings = new WarningCollector(file)
  }

  open(element: SourceElement): boolean {
    const parent = this.items[this.items.length - 1]
    if (parent === undefined) {
      // The root. Another root is refused only once the whole text is known to be well-formed,
      // since not being well-formed is the error to report first.
      if (element.name !== 'xbel') {
        this.otherRoot = element
        return false
      }
      this.root = this.readRoot(element)
      this.items.push(this.root)
      return true
    }
    if (parent.type !== 'folder') return false // what a bookmark holds comes whole
    let item: Folder | Bookmark
    if (element.name === 'folder') item = this.readFolder(element)
    else if (element.name === 'bookmark') item = this.readBookmark(element)
    else return false
    parent.children.push(item)
    this.items.push(item)
    return true
  }

  child(node: SourceNode): void {
    const item = this.items[this.items.length - 1]
    if (item === undefined) return // a root other than <xbel>, already noted
    if (typeof node === 'string' || node.type === 'cdata') {
      this.checkStrayText(node, item)
      return
    }
    switch (node.name) {
      case 'title':
        item.title = dataTitle(this.textContent(node))
        if (this.items.length === 1) this.documentTitle = item.title
        return
      case 'desc': {
        const description = cleanDescription(
          this.textContent(node),
          node.offset === -1 ? undefined : lineIndent(this.text, node.offset),
        )
        if (description !== '') item.description = description
        return
      }
      case 'info':
        this.readInfo(node, item)
        return
      case 'separator':
        if (item.type === 'folder') {
          item.children.push(this.readSeparator(node))
          return
        }
        break
      case 'alias':
        if (item.type === 'folder') {
          const alias = this.readAlias(node)
          if (alias !== undefined) item.children.push(alias)
          return
        }
        break
    }
    this.warn(
      this.placeOf(node),
      'xbel/unknown-element',
      `<${node.name}> is not an XBEL element inside <${this.items.length === 1 ? 'xbel' : item.type}>; skipped it`,
    )
  }

  close(): void {
    this.items.pop()
  }

  /** The collection read, once the whole text has been handed over. */
  finish(): Collection {
    const root = this.root
    if (root === undefined) {
      // Both ways of reading hand over a root element, so it is another one.
      const element = this.otherRoot!
      const place = this.placeOf(element)
      throw new BookgenError(
        `The root element is <${element.name}>, expected <xbel>: this is not an XBEL file`,
        {
          rule: 'xbel/wrong-root',
          file: this.file,
          line: place?.line,
          column: place?.column,
        },
      )
    }
    this.restoreIds()
    this.checkAliases()
    const collection: Collection = {
      format: 'xbel',
      file: this.file,
      encoding: this.encoding,
      title: this.documentTitle ?? root.title,
      root,
      warnings: this.warnings.finish(),
    }
    if (this.version !== undefined) collection.version = this.version
    return collection
  }

  private placeOf(element: SourceElement): Place | undefined {
    if (element.offset === -1) return undefined
    const { line, column } = this.lines.locate(element.offset)
    return { file: this.file, line, column }
  }

  // ---- structure ----------------------------------------------------------------------------

  /** The root folder from `<xbel>`'s attributes; its children come through `open` and `child`. */
  private readRoot(element: SourceElement): Folder {
    const root = createFolder('')
    const place = this.placeOf(element)
    if (place !== undefined) root.place = place
    const attributes = this.attributes(element)
    const version = valueOf(attributes, 'version')
    this.version = version
    if (version !== undefined && version !== '1.0' && version !== '1.1') {
      this.warn(
        place,
        'xbel/unknown-version',
        `XBEL version "${version}" is neither 1.0 nor 1.1; read it as XBEL 1.1`,
      )
    }
    for (let i = 0; i < attributes.length; i += 2) {
      const name = attributes[i]!
      const value = attributes[i + 1]!
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
    return root
  }

  private readFolder(element: SourceElement): Folder {
    const folder = createFolder('')
    const place = this.placeOf(element)
    if (place !== undefined) folder.place = place
    folder.folded = true // the DTD's default is folded="yes"
    const attributes = this.attributes(element)
    for (let i = 0; i < attributes.length; i += 2) {
      const name = attributes[i]!
      const value = attributes[i + 1]!
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

  /** A bookmark from its attributes; its children come through `child`. */
  private readBookmark(element: SourceElement): Bookmark {
    const bookmark = createBookmark('')
    const place = this.placeOf(element)
    if (place !== undefined) bookmark.place = place
    const attributes = this.attributes(element)
    for (let i = 0; i < attributes.length; i += 2) {
      const name = attributes[i]!
      const value = attributes[i + 1]!
      switch (name) {
        case 'href': {
          const href = cleanHref(value)
          if (href !== '') bookmark.href = href
          break
        }
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
    return bookmark
  }

  private readSeparator(element: SourceElement): Node {
    const place = this.placeOf(element)
    const attributes = this.attributes(element)
    for (let i = 0; i < attributes.length; i += 2) {
      const name = attributes[i]!
      this.warn(
        place,
        'xbel/unknown-attribute',
        `<separator> has an attribute "${name}" XBEL does not define; ignored it`,
      )
    }
    return place === undefined ? { type: 'separator' } : { type: 'separator', place }
  }

  private readAlias(element: SourceElement): Alias | undefined {
    const place = this.placeOf(element)
    const ref = valueOf(this.attributes(element), 'ref')
    if (ref === undefined || ref.trim() === '') {
      this.warn(place, 'xbel/alias-without-ref', '<alias> has no ref attribute; skipped it')
      return undefined
    }
    const alias: Alias = { type: 'alias', ref: ref.trim() }
    if (place !== undefined) alias.place = place
    this.aliases.push(alias)
    return alias
  }

  /** Aliases to ids bookgen wrote as XML Names point at the ids again (see `<bookgen:id>`). */
  private restoreIds(): void {
    if (this.originalIds.size === 0) return
    for (const [written, original] of this.originalIds) {
      if (this.ids.has(original)) continue
      this.ids.set(original, this.ids.get(written))
    }
    for (const alias of this.aliases) {
      const original = this.originalIds.get(alias.ref)
      if (original !== undefined) alias.ref = original
    }
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

  private readInfo(element: SourceElement, item: Folder | Bookmark): void {
    for (const child of element.children) {
      if (typeof child === 'string' || child.type === 'cdata') {
        this.checkStrayText(child, item)
        continue
      }
      // Places are found only for warnings: most blocks have none.
      if (child.name !== 'metadata') {
        this.warn(
          this.placeOf(child),
          'xbel/unknown-element',
          `<${child.name}> inside <info> is not <metadata>; kept it in an owner-less block`,
        )
      }
      const attributes = this.attributes(child)
      const owner = valueOf(attributes, 'owner')
      if (owner === undefined) {
        this.warn(
          this.placeOf(child),
          'xbel/metadata-without-owner',
          '<metadata> has no owner attribute; kept it as it is',
        )
      }
      const children = this.decodeOpaque(child)
      let leftover = children
      if (owner === FREEDESKTOP_OWNER && item.type === 'bookmark')
        leftover = this.readDesktopMetadata(children, item, child)
      else if (owner === BOOKGEN_OWNER)
        leftover = this.readBookgenMetadata(children, item, this.placeOf(child))
      if ((owner === FREEDESKTOP_OWNER || owner === BOOKGEN_OWNER) && leftover.length === 0) continue
      const rest = createRecord()
      for (let i = 0; i < attributes.length; i += 2) {
        if (attributes[i] !== 'owner') rest[attributes[i]!] = attributes[i + 1]!
      }
      const metadata: Metadata = { owner: owner ?? '', attributes: rest, children: leftover }
      item.info ??= []
      item.info.push(metadata)
    }
  }

  /** Desktop Bookmark fields → typed fields; returns the children not understood. */
  private readDesktopMetadata(children: XmlNode[], bookmark: Bookmark, metadata: SourceElement): XmlNode[] {
    const leftover: XmlNode[] = []
    for (const child of children) {
      if (typeof child === 'string') continue
      const attributes = child.attributes
      switch (localName(child.name)) {
        case 'mime-type': {
          const type = attributes['type']
          if (type !== undefined) bookmark.mimeType = type
          else leftover.push(child)
          break
        }
        case 'groups': {
          const groups: string[] = []
          for (const group of child.children) {
            if (typeof group !== 'string' && localName(group.name) === 'group') groups.push(textOf(group))
          }
          bookmark.tags = normalizeTags(bookmark.tags.length === 0 ? groups : [...bookmark.tags, ...groups])
          break
        }
        case 'applications': {
          const applications: Application[] = []
          for (const entry of child.children) {
            if (typeof entry === 'string' || localName(entry.name) !== 'application') continue
            const application = this.readApplication(entry, metadata)
            if (application !== undefined) applications.push(application)
          }
          if (applications.length > 0) bookmark.applications = applications
          break
        }
        case 'icon': {
          const href = attributes['href']
          const name = attributes['name']
          const type = attributes['type']
          if (href === undefined)
            this.warn(
              this.placeOf(metadata),
              'xbel/icon-without-href',
              '<bookmark:icon> has no href attribute',
            )
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

  private readApplication(entry: XmlElement, metadata: SourceElement): Application | undefined {
    const attributes = entry.attributes
    const name = attributes['name']
    if (name === undefined || name === '') {
      this.warn(
        this.placeOf(metadata),
        'xbel/application-without-name',
        '<bookmark:application> has no name; skipped it',
      )
      return undefined
    }
    const application: { -readonly [K in keyof Application]: Application[K] } = { name }
    const exec = attributes['exec']
    if (exec !== undefined) application.exec = exec
    const countValue = attributes['count']
    if (countValue !== undefined) {
      const count = Number(countValue)
      if (Number.isSafeInteger(count) && count >= 0) application.count = count
      else
        this.warn(
          this.placeOf(metadata),
          'xbel/invalid-count',
          `Application "${name}": count "${countValue}" is not a number`,
        )
    }
    const modified = attributes['modified']
    if (modified !== undefined) {
      const result = parseW3cDate(modified)
      if (result.ok) application.modified = result.value
      else
        this.warn(
          this.placeOf(metadata),
          'xbel/invalid-date',
          `Application "${name}": modified ${result.reason}; left it out`,
        )
    }
    const timestamp = attributes['timestamp']
    if (timestamp !== undefined) {
      const result = parseEpochDate(timestamp)
      if (result.ok) application.timestamp = result.value
      else
        this.warn(
          this.placeOf(metadata),
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
      } else if (name === 'id' && value.trim() !== '' && item.id !== undefined) {
        // The id as it was, where the writer had to write an XML Name instead (see `idNames`).
        this.originalIds.set(item.id, value.trim())
        item.id = value.trim()
      } else if (name === 'document-title' && item.type === 'folder') {
        this.documentTitle = value
      } else leftover.push(child)
    }
    return leftover
  }

  /**
   * Children of an element as opaque XML, references decoded: whitespace-only text between
   * elements dropped.
   */
  private decodeOpaque(element: SourceElement): XmlNode[] {
    const children = element.children
    const hasElements = children.some((child) => typeof child !== 'string' && child.type === 'element')
    // Started as a one-element literal: most metadata leaves hold one run of text, and an array
    // grown by `push` reserves room for 16.
    let result: XmlNode[] | undefined
    for (const child of children) {
      let node: XmlNode
      if (typeof child === 'string' || child.type === 'cdata') {
        // References in this text are reported without a place (line 1, column 1).
        const text = typeof child === 'string' ? this.decodeText(child, undefined) : child.value
        if ((hasElements && text.trim() === '') || text === '') continue
        node = text
      } else {
        const list = this.attributes(child)
        const attributes = createRecord()
        for (let i = 0; i < list.length; i += 2) attributes[list[i]!] = list[i + 1]!
        // Opaque metadata is small and shallow (MAX_XML_DEPTH bounds it): recursion is safe here.
        node = { name: child.name, attributes, children: this.decodeOpaque(child) }
      }
      if (result === undefined) result = [node]
      else result.push(node)
    }
    return result ?? []
  }

  // ---- values -------------------------------------------------------------------------------

  /** Attribute names and values, references decoded: `[name, value, name, value, …]`. */
  private attributes(element: SourceElement): readonly string[] {
    const raw = element.attributes
    let decoded: string[] | undefined
    this.decoding = element
    for (let i = 1; i < raw.length; i += 2) {
      const value = decodeXmlAttribute(raw[i]!, this.reportEntity)
      // Most values decode to themselves: copy the list only when one does not.
      if (value !== raw[i]) (decoded ??= raw.slice())[i] = value
    }
    return decoded ?? raw
  }

  /** All character data below an element, references decoded. */
  private textContent(element: SourceElement): string {
    const children = element.children
    // Nearly every title and description is a single run of text.
    if (children.length === 1 && typeof children[0] === 'string') return this.decodeText(children[0], element)
    let text = ''
    const stack: SourceNode[] = []
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!)
    while (stack.length > 0) {
      const current = stack.pop()!
      if (typeof current === 'string') text += this.decodeText(current, element)
      else if (current.type === 'cdata') text += current.value
      else for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!)
    }
    return text
  }

  /** Decode character data, odd references placed at `element` (or nowhere when undefined). */
  private decodeText(text: string, element: SourceElement | undefined): string {
    this.decoding = element
    return decodeXmlText(text, this.reportEntity)
  }

  private checkStrayText(node: string | SourceCdata, item: Folder | Bookmark): void {
    if (typeof node !== 'string' || node.trim() !== '') {
      this.warn(
        item.place,
        'xbel/stray-text',
        `Text outside any element in "${item.title || item.type}" was ignored`,
      )
    }
  }

  private entity(element: SourceElement | undefined, reference: string, decoded: string | undefined): void {
    const key = `${reference}:${decoded ?? ''}`
    if (this.entityWarnings.has(key)) return
    this.entityWarnings.add(key)
    const place = element === undefined ? undefined : this.placeOf(element)
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

/** The value of attribute `name` in a `[name, value, …]` list. */
function valueOf(attributes: readonly string[], name: string): string | undefined {
  for (let i = 0; i < attributes.length; i += 2) if (attributes[i] === name) return attributes[i + 1]
  return undefined
}
