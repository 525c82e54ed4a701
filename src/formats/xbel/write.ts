/**
 * Model → XBEL 1.0, lossless for everything XBEL carries (opaque metadata of other owners
 * included). What only Netscape files carry (keyword, POST data, favicon data, feed, unknown
 * attributes, …) goes into a bookgen-owned `<metadata>` block, so nothing is lost; tags become
 * Desktop Bookmark groups. The writer reports, grouped per field, what it had to drop (control
 * characters XML forbids, aliases to missing ids) and what it kept in bookgen metadata.
 */
import { resolveAliases } from '../../model/aliases.js'
import { formatW3cDate } from '../../model/dates.js'
import {
  BOOKGEN_FLAG_FIELDS,
  BOOKGEN_NAMESPACE,
  BOOKGEN_OWNER,
  BOOKGEN_TEXT_FIELDS,
  BOOKMARK_NAMESPACE,
  FREEDESKTOP_OWNER,
  MIME_NAMESPACE,
} from './metadata.js'
import { isXmlChar } from './xml-text.js'
import { Utf8Chunks, wholeText } from '../shared/utf8-chunks.js'
import type {
  Alias,
  Bookmark,
  Collection,
  Folder,
  Metadata,
  Place,
  Separator,
  XmlNode,
} from '../../model/tree.js'
import type { Message } from '../../model/message.js'
import type { WrittenText } from '../types.js'
import { reference } from '../shared/references.js'
import { Losses } from '../shared/losses.js'

/**
 * Characters XML 1.0 forbids: C0 controls but tab and line ends, U+FFFE, U+FFFF and (in unicode
 * mode, where pairs are one character) unpaired surrogates.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/u
/**
 * What `escape` may change or drop in text: text without any is written as it is. Not in unicode
 * mode, which is twice as slow: every surrogate matches, and the slow path keeps those in pairs.
 */
const TEXT_SPECIAL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF&<>]/
/** What `escape` may change or drop in a double-quoted attribute value. */
const ATTRIBUTE_SPECIAL = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF&<>"]/
/**
 * Written as character references: markup, line ends a reader would normalize, and DEL and the C1
 * controls, which XML 1.0 allows but which are no text to show (so they never reach the file raw).
 */
const TEXT_ESCAPES = /[&<>\r\u007F-\u009F]/g
const ATTRIBUTE_ESCAPES = /[&<>"\n\r\t\u007F-\u009F]/g
const TEXT_FIELDS = Object.entries(BOOKGEN_TEXT_FIELDS)
const FLAG_FIELDS = Object.entries(BOOKGEN_FLAG_FIELDS)
const NO_METADATA: readonly Metadata[] = []

const DOCTYPE =
  '<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">'

const DOCTYPE_1_1 =
  '<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.1//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel-1.1.dtd">'

/**
 * One level of indentation more, up to 32 spaces (16 levels): a tree hundreds of folders deep would
 * otherwise be mostly spaces.
 */
function deeper(indent: string): string {
  return indent.length >= 32 ? indent : `${indent}  `
}

/** Serialize a collection as XBEL. */
export function writeXbel(collection: Collection): WrittenText {
  return wholeText((sink) => new XbelWriter(collection, sink).write())
}

/**
 * The same file as UTF-8, handed to `sink` in chunks of about 128 KiB as it is made (the site's
 * export is written that way, never held whole). Returns the warnings.
 */
export function streamXbel(collection: Collection, sink: (chunk: Uint8Array) => void): Message[] {
  return new XbelWriter(collection, sink).write()
}

class XbelWriter {
  private readonly out: Utf8Chunks
  private readonly collection: Collection
  private readonly lost = new Losses()
  private readonly kept = new Map<string, number>()
  private keptItems = 0
  private keptFirst: Place | undefined
  /** Resolved at the first alias: most files have none. */
  private aliasTargets: Map<Alias, Bookmark | Folder> | undefined
  /** Ids written as other names (see `idNames`). */
  private ids: ReadonlyMap<string, string> = new Map()

  constructor(collection: Collection, sink: (chunk: Uint8Array) => void) {
    this.collection = collection
    this.out = new Utf8Chunks(sink)
  }

  write(): Message[] {
    const { collection } = this
    const root = collection.root
    const survey = surveyTree(root)
    this.ids = idNames(survey)
    // `toolbar` is XBEL 1.1's: a file that uses it declares 1.1 (and its DTD), so it stays valid.
    const version = collection.version === '1.1' || survey.toolbar ? '1.1' : '1.0'
    const attributes: Array<[string, string]> = [['version', version]]
    if (root.id !== undefined) attributes.push(['id', this.idName(root.id)])
    if (root.added !== undefined) attributes.push(['added', formatW3cDate(root.added)])
    for (const [name, value] of namespaceDeclarations(root, collection.format === 'xbel'))
      attributes.push([name, value])
    for (const [name, value] of this.xmlAttributes(root, ROOT_ATTRIBUTES)) attributes.push([name, value])

    this.out.push(`<?xml version="1.0" encoding="UTF-8"?>\n${version === '1.1' ? DOCTYPE_1_1 : DOCTYPE}\n`)
    this.out.push(`<xbel${this.attributeList(attributes, root.place)}>\n`)
    this.out.push(
      this.head(
        root,
        '  ',
        collection.title !== '' && collection.title !== root.title ? collection.title : undefined,
      ),
    )
    this.writeChildren(root, '  ')
    this.out.push('</xbel>\n')
    this.out.end()
    return this.warnings()
  }

  /** The id as written: itself, or the XML Name it is written as (see `idNames`). */
  private idName(id: string): string {
    return this.ids.size === 0 ? id : (this.ids.get(id) ?? id)
  }

  /** Folders iteratively, so depth never exhausts the stack. */
  private writeChildren(folder: Folder, indent: string): void {
    // `outer`: where the folder's own tags go (its children go at `indent`, theirs at `inner`).
    const stack: Array<{ folder: Folder; index: number; outer: string; indent: string; inner: string }> = [
      { folder, index: 0, outer: '', indent, inner: deeper(indent) },
    ]
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.index >= top.folder.children.length) {
        stack.pop()
        if (stack.length > 0) this.out.push(`${top.outer}</folder>\n`)
        continue
      }
      const node = top.folder.children[top.index++]!
      if (node.type === 'folder') {
        this.openFolder(node, top.indent)
        stack.push({ folder: node, index: 0, outer: top.indent, indent: top.inner, inner: deeper(top.inner) })
      } else if (node.type === 'bookmark') this.writeBookmark(node, top.indent, top.inner)
      else this.writeLeaf(node, top.indent)
    }
  }

  private openFolder(folder: Folder, indent: string): void {
    const attributes: Array<[string, string]> = []
    if (folder.id !== undefined) attributes.push(['id', this.idName(folder.id)])
    if (folder.added !== undefined) attributes.push(['added', formatW3cDate(folder.added)])
    if (folder.folded !== undefined) attributes.push(['folded', folder.folded ? 'yes' : 'no'])
    if (folder.toolbar === true) attributes.push(['toolbar', 'yes'])
    if (folder.iconName !== undefined) attributes.push(['icon', folder.iconName])
    for (const [name, value] of this.xmlAttributes(folder, FOLDER_ATTRIBUTES)) attributes.push([name, value])
    this.out.push(`${indent}<folder${this.attributeList(attributes, folder.place)}>\n`)
    this.out.push(this.head(folder, `${indent}  `, undefined))
  }

  private writeLeaf(node: Separator | Alias, indent: string): void {
    if (node.type === 'separator') {
      this.out.push(`${indent}<separator/>\n`)
      return
    }
    this.aliasTargets ??= resolveAliases([this.collection])
    if (!this.aliasTargets.has(node))
      this.lost.add('dangling-alias', node.place, 'aliases whose target id is missing (written anyway)')
    this.out.push(`${indent}<alias ref="${this.escape(this.idName(node.ref), node.place, true)}"/>\n`)
  }

  /** The hot path: one string per bookmark, no attribute lists (constant names need no check). */
  private writeBookmark(bookmark: Bookmark, indent: string, inner: string): void {
    const place = bookmark.place
    let attributes = ''
    if (bookmark.href !== undefined) attributes += ` href="${this.escape(bookmark.href, place, true)}"`
    else
      this.lost.add(
        'missing-href',
        bookmark.place,
        'bookmarks without a URL (XBEL requires href; written without it)',
      )
    if (bookmark.id !== undefined) attributes += ` id="${this.escape(this.idName(bookmark.id), place, true)}"`
    // Formatted dates never need escaping.
    if (bookmark.added !== undefined) attributes += ` added="${formatW3cDate(bookmark.added)}"`
    if (bookmark.modified !== undefined) attributes += ` modified="${formatW3cDate(bookmark.modified)}"`
    if (bookmark.visited !== undefined) attributes += ` visited="${formatW3cDate(bookmark.visited)}"`
    if (bookmark.iconName !== undefined)
      attributes += ` icon="${this.escape(bookmark.iconName, place, true)}"`
    if (bookmark.attributes !== undefined)
      attributes += this.attributeList(this.xmlAttributes(bookmark, BOOKMARK_ATTRIBUTES), place)
    this.out.push(
      `${indent}<bookmark${attributes}>\n${this.head(bookmark, inner, undefined)}${indent}</bookmark>\n`,
    )
  }

  /** `<title>`, `<info>`, `<desc>` (the DTD's order) of the xbel root, a folder or a bookmark. */
  private head(item: Folder | Bookmark, indent: string, documentTitle: string | undefined): string {
    const place = item.place
    let head = `${indent}<title>${this.escape(item.title, place, false)}</title>\n`
    let blocks = ''
    if (item.type === 'bookmark') {
      const desktop = this.desktopBlock(item)
      if (desktop !== undefined) blocks += `${indent}  ${desktop}\n`
    }
    const bookgen = this.bookgenBlock(item, documentTitle)
    if (bookgen !== undefined) blocks += `${indent}  ${bookgen}\n`
    if (item.info !== undefined) {
      for (const metadata of item.info) {
        if (item.type === 'bookmark' && metadata.owner === FREEDESKTOP_OWNER) continue // merged into the block above
        if (metadata.owner === BOOKGEN_OWNER) continue
        blocks += `${indent}  ${this.metadataElement(metadata, '', place)}\n`
      }
    }
    if (blocks !== '') head += `${indent}<info>\n${blocks}${indent}</info>\n`
    if (item.description !== undefined && item.description !== '') {
      head += `${indent}<desc>${this.escape(item.description, place, false)}</desc>\n`
    }
    return head
  }

  /**
   * Unknown attributes read from an XBEL file go back as attributes; those read from any other
   * format (often not XML names, or named like XBEL's own: `id`, `added`), and any that are not
   * XML names or are one of the element's own, go into the bookgen block instead.
   */
  private xmlAttributes(item: Folder | Bookmark, own: ReadonlySet<string>): Array<[string, string]> {
    if (item.attributes === undefined || this.collection.format !== 'xbel') return []
    return Object.entries(item.attributes).filter(([name]) => rawAttribute(name, own))
  }

  /** The Desktop Bookmark block: MIME type, groups (tags), applications, icon, private, and leftovers. */
  private desktopBlock(bookmark: Bookmark): string | undefined {
    const place = bookmark.place
    let parts = ''
    if (bookmark.mimeType !== undefined)
      parts += `<mime:mime-type type="${this.escape(bookmark.mimeType, place, true)}"/>`
    const tags = bookmark.tags
    if (tags.length > 0) {
      let groups = ''
      for (let i = 0; i < tags.length; i++)
        groups += `<bookmark:group>${this.escape(tags[i]!, place, false)}</bookmark:group>`
      parts += `<bookmark:groups>${groups}</bookmark:groups>`
    }
    if (bookmark.applications !== undefined && bookmark.applications.length > 0) {
      const applications = bookmark.applications.map((application) => {
        const attributes: Array<[string, string]> = [['name', application.name]]
        if (application.exec !== undefined) attributes.push(['exec', application.exec])
        if (application.modified !== undefined)
          attributes.push(['modified', formatW3cDate(application.modified)])
        if (application.count !== undefined) attributes.push(['count', String(application.count)])
        if (application.timestamp !== undefined)
          attributes.push(['timestamp', String(Math.floor(application.timestamp / 1000))])
        return `<bookmark:application${this.attributeList(attributes, place)}/>`
      })
      parts += `<bookmark:applications>${applications.join('')}</bookmark:applications>`
    }
    if (bookmark.desktopIcon !== undefined) {
      const attributes: Array<[string, string]> = []
      for (const key of ['href', 'name', 'type'] as const) {
        const value = bookmark.desktopIcon[key]
        if (value !== undefined) attributes.push([key, value])
      }
      parts += `<bookmark:icon${this.attributeList(attributes, place)}/>`
    }
    if (bookmark.private === true) parts += '<bookmark:private/>'
    const leftover = ownedBy(bookmark.info, FREEDESKTOP_OWNER)
    if (parts === '' && leftover.length === 0) return undefined
    if (leftover.length > 0) {
      const attributes = Object.assign({}, ...leftover.map((metadata) => metadata.attributes)) as Record<
        string,
        string
      >
      const children = leftover.flatMap((metadata) => metadata.children)
      return this.metadataElement({ owner: FREEDESKTOP_OWNER, attributes, children }, parts, place)
    }
    return `<metadata owner="${FREEDESKTOP_OWNER}">${parts}</metadata>`
  }

  /** bookgen's block: fields XBEL has no place for. */
  private bookgenBlock(item: Folder | Bookmark, documentTitle: string | undefined): string | undefined {
    const place = item.place
    let parts = ''
    const fields = item as unknown as Record<string, unknown>
    for (const [element, field] of TEXT_FIELDS) {
      const value = fields[field]
      if (typeof value === 'string') {
        parts += `<bookgen:${element}>${this.escape(value, place, false)}</bookgen:${element}>`
        this.keep(field)
      }
    }
    for (const [element, field] of FLAG_FIELDS) {
      const value = fields[field]
      // private=true has a Desktop Bookmark home; only an explicit "not private" needs ours.
      if (typeof value !== 'boolean' || (field === 'private' && (value || item.type !== 'bookmark'))) continue
      parts += `<bookgen:${element}>${value ? 'true' : 'false'}</bookgen:${element}>`
      this.keep(field)
    }
    if (item.type === 'folder' && item.modified !== undefined) {
      parts += `<bookgen:modified>${formatW3cDate(item.modified)}</bookgen:modified>`
      this.keep('modified')
    }
    if (item.attributes !== undefined) {
      const raw = this.collection.format === 'xbel'
      const own =
        item === this.collection.root
          ? ROOT_ATTRIBUTES
          : item.type === 'folder'
            ? FOLDER_ATTRIBUTES
            : BOOKMARK_ATTRIBUTES
      for (const [name, value] of Object.entries(item.attributes)) {
        if (raw && rawAttribute(name, own)) continue
        parts += `<bookgen:attribute name="${this.escape(name, place, true)}">${this.escape(value, place, false)}</bookgen:attribute>`
        this.keep('attributes')
      }
    }
    if (item.id !== undefined && this.ids.has(item.id)) {
      // Written as an XML Name (aliases need one): the id itself goes here.
      parts += `<bookgen:id>${this.escape(item.id, place, false)}</bookgen:id>`
      this.keep('id')
    }
    if (documentTitle !== undefined) {
      parts += `<bookgen:document-title>${this.escape(documentTitle, place, false)}</bookgen:document-title>`
      this.keep('documentTitle')
    }
    const leftover = ownedBy(item.info, BOOKGEN_OWNER)
    if (parts === '' && leftover.length === 0) return undefined
    if (parts !== '') {
      this.keptItems++
      this.keptFirst ??= place
    }
    if (leftover.length === 0) return `<metadata owner="${BOOKGEN_OWNER}">${parts}</metadata>`
    const children = leftover.flatMap((metadata) => metadata.children)
    return this.metadataElement({ owner: BOOKGEN_OWNER, attributes: {}, children }, parts, place)
  }

  private keep(field: string): void {
    this.kept.set(field, (this.kept.get(field) ?? 0) + 1)
  }

  /** A `<metadata>` element: serialized parts first, then opaque children as they were read. */
  private metadataElement(metadata: Metadata, parts: string, place: Place | undefined): string {
    const attributes: Array<[string, string]> = [['owner', metadata.owner]]
    for (const [name, value] of Object.entries(metadata.attributes)) attributes.push([name, value])
    const children = metadata.children.map((child) => this.xmlNode(child, place)).join('')
    return `<metadata${this.attributeList(attributes, place)}>${parts}${children}</metadata>`
  }

  /** An opaque node, iteratively. */
  private xmlNode(node: XmlNode, place: Place | undefined): string {
    const out: string[] = []
    const stack: Array<XmlNode | { close: string }> = [node]
    while (stack.length > 0) {
      const next = stack.pop()!
      if (typeof next === 'string') out.push(this.escape(next, place, false))
      else if ('close' in next) out.push(next.close)
      else {
        const name = this.name(next.name, place)
        const attributes = Object.entries(next.attributes).map(
          ([key, value]) => [this.name(key, place), value] as [string, string],
        )
        if (next.children.length === 0) out.push(`<${name}${this.attributeList(attributes, place)}/>`)
        else {
          out.push(`<${name}${this.attributeList(attributes, place)}>`)
          stack.push({ close: `</${name}>` })
          for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!)
        }
      }
    }
    return out.join('')
  }

  private attributeList(attributes: Array<[string, string]>, place: Place | undefined): string {
    let out = ''
    for (const [name, value] of attributes)
      out += ` ${this.name(name, place)}="${this.escape(value, place, true)}"`
    return out
  }

  /** Names must be XML names; anything else could not be written back as the same name. */
  private name(name: string, place: Place | undefined): string {
    if (/^[A-Za-z_][-A-Za-z0-9_.:]*$/.test(name)) return name
    this.lost.add('name', place, 'element or attribute names XML cannot carry (renamed)')
    return `_${name.replace(/[^-A-Za-z0-9_.:]/g, '_')}`
  }

  /** Escape for XML text or a double-quoted attribute; characters XML forbids are dropped and reported. */
  private escape(value: string, place: Place | undefined, attribute: boolean): string {
    if (!(attribute ? ATTRIBUTE_SPECIAL : TEXT_SPECIAL).test(value)) return value
    let text = value
    if (FORBIDDEN.test(text)) {
      let cleaned = ''
      for (const char of text) if (isXmlChar(char.codePointAt(0)!)) cleaned += char
      if (cleaned !== text)
        this.lost.add(
          'control-characters',
          place,
          'characters XML 1.0 does not allow (C0 control characters other than tab and line ends, unpaired surrogates, U+FFFE, U+FFFF; removed)',
        )
      text = cleaned
    }
    // One pass: no entity contains a character another replacement would change.
    return text.replace(attribute ? ATTRIBUTE_ESCAPES : TEXT_ESCAPES, reference)
  }

  private warnings(): Message[] {
    const file = this.collection.file
    const warnings = this.lost.warnings(file, 'XBEL cannot carry', false)
    if (this.keptItems > 0) {
      const fields = [...this.kept.entries()].map(([field, count]) => `${field} (${count})`).join(', ')
      warnings.push({
        file,
        line: this.keptFirst?.line ?? 1,
        column: this.keptFirst?.column ?? 1,
        rule: 'convert/kept-in-metadata',
        message: `${this.keptItems} item${this.keptItems === 1 ? '' : 's'}: ${fields} kept in bookgen metadata (owner ${BOOKGEN_OWNER}); other XBEL readers will ignore them`,
      })
    }
    return warnings
  }
}

/** The attributes the writer writes itself, per element: an unknown attribute of that name goes into metadata. */
const ROOT_ATTRIBUTES: ReadonlySet<string> = new Set(['version', 'id', 'added'])
const FOLDER_ATTRIBUTES: ReadonlySet<string> = new Set(['id', 'added', 'folded', 'toolbar', 'icon'])
const BOOKMARK_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'id',
  'added',
  'modified',
  'visited',
  'icon',
])
const XML_NAME = /^[A-Za-z_][-A-Za-z0-9_.:]*$/

/** Whether an unknown attribute of an XBEL source can go back as an attribute of the element. */
function rawAttribute(name: string, own: ReadonlySet<string>): boolean {
  return XML_NAME.test(name) && !own.has(name)
}

/** What the writer needs to know about the whole tree before its first line. */
interface TreeSurvey {
  /** Whether a folder is the toolbar (XBEL 1.1's `toolbar`). */
  toolbar: boolean
  /** Whether the tree has aliases. */
  aliases: boolean
  /** Every id of a bookmark or folder, root included. */
  ids: string[]
}

/** One walk over the tree, iteratively. */
function surveyTree(root: Folder): TreeSurvey {
  const survey: TreeSurvey = { toolbar: false, aliases: false, ids: [] }
  if (root.id !== undefined) survey.ids.push(root.id)
  const stack: Folder[] = [root]
  while (stack.length > 0) {
    for (const node of stack.pop()!.children) {
      if (node.type === 'alias') survey.aliases = true
      else if (node.type === 'folder') {
        if (node.toolbar === true) survey.toolbar = true
        if (node.id !== undefined) survey.ids.push(node.id)
        stack.push(node)
      } else if (node.type === 'bookmark' && node.id !== undefined) survey.ids.push(node.id)
    }
  }
  return survey
}

/** XML 1.0's Name production (fifth edition). */
const NAME_START = String.raw`:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}`
const NAME_MORE = String.raw`\-.0-9\u00B7\u0300-\u036F\u203F-\u2040`
// The spec's ranges include combining marks (U+0300–U+036F), on purpose.
// eslint-disable-next-line no-misleading-character-class
const XML_NAME_FULL = new RegExp(`^[${NAME_START}][${NAME_START}${NAME_MORE}]*$`, 'u')

/**
 * Ids to write under another name: in a file with aliases, `id` and `<alias ref>` are an XML ID
 * and IDREF, which must be XML Names (`0`, `12` are not), so each id that is not one gets a Name
 * of its own (`_0`), its aliases with it. A file without aliases keeps every id as it is: Floccus
 * numbers its items and needs those numbers back.
 */
function idNames(survey: TreeSurvey): Map<string, string> {
  const names = new Map<string, string>()
  if (!survey.aliases) return names
  const taken = new Set(survey.ids)
  for (const id of survey.ids) {
    if (names.has(id) || XML_NAME_FULL.test(id)) continue
    const base = `_${id.replace(/[^-A-Za-z0-9_.]/g, '_')}`
    let name = base
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`
    taken.add(name)
    names.set(id, name)
  }
  return names
}

/** The metadata blocks of one owner. */
function ownedBy(info: Metadata[] | undefined, owner: string): readonly Metadata[] {
  if (info === undefined || info.length === 0) return NO_METADATA
  return info.filter((metadata) => metadata.owner === owner)
}

/** Namespace declarations the document needs on `<xbel>`. */
function namespaceDeclarations(root: Folder, raw: boolean): Array<[string, string]> {
  return [
    ['xmlns:bookmark', BOOKMARK_NAMESPACE],
    ['xmlns:mime', MIME_NAMESPACE],
    ['xmlns:bookgen', BOOKGEN_NAMESPACE],
  ].filter(([name]) => !(raw && root.attributes !== undefined && name in root.attributes)) as Array<
    [string, string]
  >
}
