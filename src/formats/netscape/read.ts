/**
 * Netscape bookmark HTML → model.
 *
 * Built on htmlparser2's tokenizer, with a small state machine that rebuilds the tree the way
 * browsers' importers do: `<DL>` opens the list of the folder whose `<H3>` came before it, `<DT>`
 * wrappers and `<p>` are optional, `<DD>` describes the item before it, `<HR>` is a separator.
 * Closing tags may be missing, names may be any case, attributes quoted any way, items may share a
 * line or span several. Whatever cannot be recovered becomes a warning with line and column; the
 * reader never throws on bad structure. It refuses only a text that is no bookmark file at all:
 * without the doctype and without a single entry in a bookmark list (an ordinary web page).
 *
 * The tokenizer runs in its XML mode, so that no element switches it into raw-text mode: an
 * unclosed `<title>`, `<script>` or `<textarea>` in a description cannot swallow the rest of the
 * file, as it would in a browser. HTML's own text rules are applied before tokenizing, keeping
 * offsets: a `<` that HTML reads as text (`a <= b`, `1<2`) and the contents of closed `<script>`
 * and `<style>` elements are masked so the tokenizer sees text there too.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities/decode'
import { Tokenizer } from 'htmlparser2'
import {
  createBookmark,
  createFolder,
  createRecord,
  forEachNode,
  normalizeTags,
  type Alias,
  type Bookmark,
  type Collection,
  type Folder,
  type Node,
  type Place,
} from '../../model/tree.js'
import { BookgenError } from '../../model/errors.js'
import { shortenValue } from '../../model/message.js'
import { cleanHref, hrefNote } from '../../model/urls.js'
import { parseEpochDate } from '../shared/dates.js'
import { WarningCollector } from '../shared/limits.js'
import { LineIndex } from '../shared/line-index.js'
import { cleanDescription, lineIndent } from '../shared/description.js'
import { collapseTitle } from '../shared/titles.js'

interface NetscapeOptions {
  /** The encoding the text was decoded from, recorded on the collection. Default: `utf-8`. */
  encoding?: string
  /** Filled in, when given, with figures about the whole file that an incremental re-read needs. */
  stats?: NetscapeStats
  /**
   * The indentation of the text's first line when the text is a run cut from a file (incremental
   * reads): a `<DD>` on that line is laid out by it.
   */
  firstLineIndent?: number
}

/** File-wide facts that no single node records (see `incremental.ts`). */
export interface NetscapeStats {
  /** `TAGS` values holding a comma: any one makes the whole file comma-separated. */
  commaTags: number
  /**
   * Signs of a producer that separates tags with spaces (Shaarli, Scuttle, Delicious, …): `PRIVATE`
   * on entries, and the producer's name before the first entry. Without a comma in any `TAGS`,
   * any one makes spaces separate tags; without one, a value is one tag (or a comma list).
   */
  spaceSigns: number
  /** `TAGS` values that were split on spaces (the warning counts them). */
  spaceSplits: number
  /** Whether the file has `<script>` or `<style>` elements (their content is raw text). */
  rawText: boolean
}

/** Stand-in for a `<` that HTML reads as text; a noncharacter, so it never occurs in real text. */
const MASK = '\uFFFF'
const MASK_PATTERN = /\uFFFF/g

/** Tags that end an open `<A>`, `<H3>` or `<DD>` even without their closing tag. */
const STRUCTURAL = new Set(['dl', 'dt', 'dd', 'hr', 'h3', 'a', 'h1'])
/** Tags that are harmless after the end of the list (`</DL><p>`, closing wrappers). */
const HARMLESS = new Set(['p', 'br', 'html', 'head', 'body', 'meta', 'link'])
/** Tags that end a `<DD>`; other markup inside a description is kept as text. */
const ENDS_DESCRIPTION = new Set(['dl', 'dt', 'dd', 'hr', 'h3', 'h1'])

/** Producers that separate tags with spaces, as they name themselves at the top of their exports. */
const SPACE_PRODUCER = /\b(?:shaarli|scuttle|semanticscuttle)\b/i

type Capture = 'none' | 'title' | 'h1' | 'h3' | 'a' | 'dd'

interface Attribute {
  name: string
  value: string | undefined
}

/** Read a Netscape bookmark file (already decoded to text). */
export function parseNetscape(text: string, file: string, options: NetscapeOptions = {}): Collection {
  const reader = new NetscapeReader(text, file, options.encoding ?? 'utf-8')
  reader.firstLineIndent = options.firstLineIndent
  const collection = reader.read()
  if (options.stats !== undefined) Object.assign(options.stats, reader.stats)
  return collection
}

class NetscapeReader {
  private readonly source: string
  private readonly lines: LineIndex
  private readonly warnings: WarningCollector
  private readonly root: Folder = createFolder('')
  /** Open folders; `stack[0]` is the root. `anonymous` marks a `<DL>` without a heading. */
  private readonly stack: Array<{ folder: Folder; anonymous: boolean; start: number }> = []
  private pendingFolder: Folder | undefined
  private lastItem: Folder | Bookmark | undefined
  private rootListOpened = false
  private rootListClosed = false
  private trailingWarned = false
  private documentTitle: string | undefined
  private heading: string | undefined
  private sawDoctype = false
  /** Whether a link, folder or separator stood in a list or right after a `<DT>` (`refuseIfNotBookmarks`). */
  private sawEntry = false
  /** Where the first link, folder or separator outside a list was, and the first `<DT>`. */
  private firstStray: number | undefined
  private firstDt: number | undefined
  /** The tag opened last (`<DT>` before an entry makes it one). */
  private previousTag = ''

  private capture: Capture = 'none'
  private captureParts: string[] = []
  private captureTarget: Folder | Bookmark | undefined
  /** Where the captured element's tag is (the `<DD>`'s indentation is its layout). */
  private captureStart = 0

  /** Raw TAGS values, split once the whole file is read (the separator is a per-file choice). */
  private readonly rawTags: Array<{ bookmark: Bookmark; value: string }> = []

  /** ALIASOF entries, resolved once the whole file is read. */
  private readonly aliasCandidates: Array<{ bookmark: Bookmark; parent: Folder; ref: string }> = []

  // Tag being tokenized (`inTag` until its `>`).
  private inTag = false
  private tagName = ''
  private tagStart = 0
  private attributes: Attribute[] = []
  private attributeName = ''
  private attributeValue: string | undefined

  private readonly file: string
  private readonly encoding: string
  /** See `NetscapeOptions`. */
  firstLineIndent: number | undefined
  readonly stats: NetscapeStats = { commaTags: 0, spaceSigns: 0, spaceSplits: 0, rawText: false }

  constructor(text: string, file: string, encoding: string) {
    this.file = file
    this.encoding = encoding
    this.warnings = new WarningCollector(file)
    // Mask `<` that HTML treats as text, and drop the (invalid) noncharacter used as the mask.
    let source = text.includes(MASK) ? text.replace(MASK_PATTERN, '\uFFFD') : text
    if (/<(?![A-Za-z/!?])/.test(source)) source = source.replace(/<(?![A-Za-z/!?])/g, MASK)
    // Script and style contents are raw text in HTML: nothing inside is a tag. (Only closed ones:
    // an unclosed <script> would hide the rest of the file, which a browser would lose.)
    if (/<(script|style)\b/i.test(source)) {
      this.stats.rawText = true
      source = source.replace(
        /(<(script|style)\b[^>]*>)([\s\S]*?)(<\/\2\s*>)/gi,
        (_match, open: string, _name: string, body: string, close: string) =>
          open + body.replace(/</g, MASK) + close,
      )
    }
    this.source = source
    this.lines = new LineIndex(source)
    this.stack.push({ folder: this.root, anonymous: false, start: 0 })
    this.lastItem = undefined
  }

  read(): Collection {
    const source = this.source
    const tokenizer = new Tokenizer(
      { xmlMode: true, decodeEntities: false },
      {
        onattribdata: (start, end) => {
          this.attributeValue = (this.attributeValue ?? '') + source.slice(start, end)
        },
        onattribentity: () => {},
        onattribend: (_quote, _end) => {
          if (this.attributeName !== '')
            this.attributes.push({ name: this.attributeName, value: this.attributeValue })
          this.attributeName = ''
          this.attributeValue = undefined
        },
        onattribname: (start, end) => {
          this.attributeName = source.slice(start, end)
          this.attributeValue = undefined
        },
        oncdata: (start, end) => this.onText(start, end, false),
        onclosetag: (start, end) => this.onCloseTag(source.slice(start, end).toLowerCase(), start - 2),
        oncomment: () => {},
        ondeclaration: (start, end) => {
          if (/^doctype\s+netscape-bookmark-file/i.test(source.slice(start, end))) this.sawDoctype = true
        },
        onend: () => {},
        onopentagend: (end) => this.onOpenTag(end, false),
        onopentagname: (start, end) => {
          this.tagName = source.slice(start, end).toLowerCase()
          this.tagStart = start - 1
          this.attributes = []
          this.inTag = true
        },
        onprocessinginstruction: (start, end) => this.onRawMarkup(start - 1, end + 1),
        onselfclosingtag: (end) => this.onOpenTag(end, true),
        ontext: (start, end) => this.onText(start, end, true),
        ontextentity: () => {},
      },
    )
    tokenizer.write(source)
    tokenizer.end()
    if (this.inTag) {
      this.warn(
        this.tagStart,
        'netscape/truncated',
        `The file ends inside a <${this.tagName.toUpperCase()}> tag; it was ignored`,
      )
    }
    this.endCapture()
    this.finish()

    const root = this.root
    root.title = this.heading ?? this.documentTitle ?? ''
    return {
      format: 'netscape',
      file: this.file,
      encoding: this.encoding,
      title: this.documentTitle ?? this.heading ?? '',
      root,
      warnings: this.warnings.finish(),
    }
  }

  // ---- events -----------------------------------------------------------------------------

  private onOpenTag(end: number, selfClosing: boolean): void {
    this.inTag = false
    const name = this.tagName
    const start = this.tagStart
    const attributes = this.attributes
    this.attributes = []

    if (this.capture === 'dd' && !ENDS_DESCRIPTION.has(name)) {
      this.captureParts.push(this.raw(start, end + 1))
      return
    }
    if (this.capture !== 'none' && this.capture !== 'dd' && STRUCTURAL.has(name)) {
      this.warn(
        start,
        'netscape/unclosed-tag',
        `<${name.toUpperCase()}> before </${this.capture.toUpperCase()}>; closed it here`,
      )
      this.endCapture()
    } else if (this.capture === 'dd') {
      this.endCapture()
    }

    const afterDt = this.previousTag === 'dt'
    this.previousTag = name
    switch (name) {
      case 'dl':
        this.openList(start)
        break
      case 'h3':
        this.noteEntry(start, afterDt)
        this.openFolder(attributes, start)
        if (!selfClosing) this.beginCapture('h3', this.pendingFolder)
        break
      case 'a':
        if (this.capture === 'none') {
          this.noteEntry(start, afterDt)
          this.openBookmark(attributes, start)
          if (!selfClosing) this.beginCapture('a', this.lastItem)
        }
        break
      case 'dd':
        this.openDescription(start)
        break
      case 'hr':
        this.noteEntry(start, afterDt)
        this.addNode({ type: 'separator', place: this.place(start) }, start)
        this.lastItem = undefined
        break
      case 'h1':
        if (this.heading === undefined && this.stack.length === 1 && this.root.children.length === 0) {
          this.applyRootAttributes(attributes, start)
          this.lastItem = this.root
          if (!selfClosing) this.beginCapture('h1', undefined)
        }
        break
      case 'title':
        if (this.documentTitle === undefined && !selfClosing) this.beginCapture('title', undefined)
        break
      case 'dt':
        this.firstDt ??= start
        break
      default:
        if (this.capture === 'none' && !HARMLESS.has(name)) this.noteTrailing(start)
    }
  }

  private onCloseTag(name: string, start: number): void {
    if (this.capture === 'dd') {
      if (name === 'dd' || name === 'dt') {
        this.endCapture()
        return
      }
      if (name !== 'dl') {
        this.captureParts.push(this.raw(start, this.source.indexOf('>', start) + 1 || this.source.length))
        return
      }
      this.endCapture()
    }
    if (this.capture !== 'none' && name === this.capture) {
      this.endCapture()
      return
    }
    if (name === 'dl') {
      if (this.capture !== 'none') {
        this.warn(
          start,
          'netscape/unclosed-tag',
          `</DL> before </${this.capture.toUpperCase()}>; closed it here`,
        )
        this.endCapture()
      }
      this.closeList(start)
    }
  }

  private onText(start: number, end: number, decode: boolean): void {
    if (this.capture === 'none') {
      if (this.rootListClosed && !this.trailingWarned && this.source.slice(start, end).trim() !== '') {
        this.noteTrailing(start)
      }
      return
    }
    const raw = this.raw(start, end)
    this.captureParts.push(decode ? decodeText(raw) : raw)
  }

  private onRawMarkup(start: number, end: number): void {
    if (this.capture === 'dd') this.captureParts.push(this.raw(start, end))
  }

  // ---- structure --------------------------------------------------------------------------

  private openList(start: number): void {
    this.lastItem = undefined
    if (this.pendingFolder !== undefined) {
      this.stack.push({ folder: this.pendingFolder, anonymous: false, start })
      this.pendingFolder = undefined
      return
    }
    if (this.stack.length === 1 && !this.rootListOpened) {
      this.rootListOpened = true
      this.stack[0] = { folder: this.root, anonymous: false, start }
      return
    }
    if (this.stack.length === 1 && this.rootListClosed) {
      // A second top-level list (some exporters write several): keep reading into the root.
      this.warn(
        start,
        'netscape/extra-list',
        'A second top-level <DL>; its entries were added to the top level',
      )
      this.rootListClosed = false
      return
    }
    this.warn(
      start,
      'netscape/list-without-heading',
      '<DL> without a folder heading (<H3>) before it; its entries were added to the enclosing folder',
    )
    this.stack.push({ folder: this.current(), anonymous: true, start })
  }

  private closeList(start: number): void {
    this.pendingFolder = undefined
    this.lastItem = undefined
    if (this.stack.length > 1) {
      this.stack.pop()
      return
    }
    if (this.rootListOpened && !this.rootListClosed) {
      this.rootListClosed = true
      return
    }
    this.warn(start, 'netscape/unbalanced-list', '</DL> without an open <DL>; ignored it')
  }

  private openFolder(attributes: Attribute[], start: number): void {
    const folder = createFolder('')
    folder.place = this.place(start)
    // Netscape folders are open unless marked FOLDED (XBEL's default is the opposite).
    folder.folded = false
    this.applyFolderAttributes(folder, attributes, start)
    this.addNode(folder, start)
    this.pendingFolder = folder
    this.lastItem = folder
  }

  private openBookmark(attributes: Attribute[], start: number): void {
    const bookmark = createBookmark('')
    bookmark.place = this.place(start)
    const aliasOf = this.applyBookmarkAttributes(bookmark, attributes, start)
    this.addNode(bookmark, start)
    if (aliasOf !== undefined) this.aliasCandidates.push({ bookmark, parent: this.current(), ref: aliasOf })
    this.lastItem = bookmark
  }

  private openDescription(start: number): void {
    const target = this.lastItem
    if (target === undefined) {
      // `<DD>` with nothing before it to describe; keep reading but drop the text.
      this.warn(
        start,
        'netscape/orphan-description',
        '<DD> does not follow a bookmark or folder; its text was ignored',
      )
      this.beginCapture('dd', undefined)
      return
    }
    this.beginCapture('dd', target)
    this.captureStart = start
  }

  private addNode(node: Node, start: number): void {
    this.pendingFolder = undefined
    if (this.stack.length === 1 && this.rootListClosed) {
      this.warn(
        start,
        'netscape/outside-list',
        'Entry after the end of the top-level list; added it to the top level',
      )
      this.rootListClosed = false
    }
    this.current().children.push(node)
  }

  private current(): Folder {
    return this.stack[this.stack.length - 1]!.folder
  }

  private finish(): void {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const open = this.stack[i]!
      this.warn(
        open.start,
        'netscape/unclosed-list',
        `<DL> of "${open.folder.title}" is never closed; closed it at the end of the file`,
      )
    }
    this.refuseIfNotBookmarks()
    this.splitTags()
    this.resolveAliases()
  }

  /** Note a link, folder or separator: an entry when it stands in a list or right after `<DT>`. */
  private noteEntry(start: number, afterDt: boolean): void {
    if (this.sawEntry) return
    const inList = this.stack.length > 1 || (this.rootListOpened && !this.rootListClosed)
    if (inList || afterDt) this.sawEntry = true
    else this.firstStray ??= start
  }

  /**
   * Refuse a text that is not a bookmark file: one without the `<!DOCTYPE NETSCAPE-Bookmark-file-1>`
   * line and without a single entry in a bookmark list (a `<DT><A>`, `<DT><H3>`, or a link, folder
   * or separator inside a `<DL>`), such as an ordinary web page or a file of bare `<DT>`s. Browsers
   * write the doctype; exports without it (Google Bookmarks) still have the list.
   */
  private refuseIfNotBookmarks(): void {
    if (this.sawDoctype || this.sawEntry || this.source.trim() === '') return
    const { line, column } = this.lines.locate(this.firstStray ?? this.firstDt ?? 0)
    throw new BookgenError(
      'Not a bookmark file: it has neither the <!DOCTYPE NETSCAPE-Bookmark-file-1> line nor a bookmark list (<DL> holding <DT><A HREF=…> or <DT><H3> entries), which browsers look for when they import bookmark HTML; it reads as an ordinary web page',
      { rule: 'netscape/not-bookmarks', file: this.file, line, column },
    )
  }

  /**
   * TAGS is a comma list (Firefox, Pinboard, Raindrop: "read later,web"), but Shaarli and its kin
   * separate tags with spaces ("private secret"). A file that uses a comma in any TAGS value is
   * read as comma-separated throughout, so tags with spaces survive. Otherwise spaces separate
   * only in a file with signs of such a producer (see `NetscapeStats.spaceSigns`), with a warning
   * that counts the values split; without any, a value is one tag ("read later").
   */
  private splitTags(): void {
    if (this.rawTags.length === 0) return
    for (const { value } of this.rawTags) if (value.includes(',')) this.stats.commaTags++
    if (SPACE_PRODUCER.test(this.head())) this.stats.spaceSigns++
    const spaces = spacesSeparate(this.stats.commaTags, this.stats.spaceSigns)
    let split = 0
    let first: Place | undefined
    for (const { bookmark, value } of this.rawTags) {
      if (spaces && /\S\s+\S/.test(value)) {
        split++
        first ??= bookmark.place
      }
      bookmark.tags = normalizeTags(spaces ? value.split(/\s+/) : value.split(','))
    }
    this.stats.spaceSplits = split
    if (split > 0) {
      this.warnAt(first, SPACE_SPLIT_RULE, spaceSplitMessage(split))
    }
  }

  /** The text before the first entry, where exporters name themselves. */
  private head(): string {
    const entry = /<dt[\s>]/i.exec(this.source.slice(0, 8192))
    return this.source.slice(0, entry === null ? 8192 : entry.index)
  }

  /** Turn `ALIASOF` entries into alias nodes when an `ALIASID` with that value exists. */
  private resolveAliases(): void {
    if (this.aliasCandidates.length === 0) return
    const ids = new Set<string>()
    forEachNode(this.root, (node) => {
      if ((node.type === 'bookmark' || node.type === 'folder') && node.id !== undefined) ids.add(node.id)
    })
    for (const { bookmark, parent, ref } of this.aliasCandidates) {
      if (!ids.has(ref)) {
        const place = bookmark.place
        this.warnAt(
          place,
          'netscape/dangling-alias',
          `ALIASOF="${ref}" names no ALIASID in this file; kept the entry as a plain bookmark`,
        )
        bookmark.attributes ??= createRecord()
        bookmark.attributes['ALIASOF'] = ref
        continue
      }
      const alias: Alias = { type: 'alias', ref }
      if (bookmark.place !== undefined) alias.place = bookmark.place
      const index = parent.children.indexOf(bookmark)
      if (index !== -1) parent.children[index] = alias
    }
  }

  // ---- capture of element text --------------------------------------------------------------

  private beginCapture(kind: Capture, target: Folder | Bookmark | undefined): void {
    this.capture = kind
    this.captureParts = []
    this.captureTarget = target
  }

  private endCapture(): void {
    const kind = this.capture
    if (kind === 'none') return
    const joined = this.captureParts.length === 1 ? this.captureParts[0]! : this.captureParts.join('')
    const text = joined.includes(MASK) ? joined.replace(MASK_PATTERN, '<') : joined
    const target = this.captureTarget
    this.capture = 'none'
    this.captureParts = []
    this.captureTarget = undefined
    switch (kind) {
      case 'title':
        this.documentTitle = collapseTitle(text)
        break
      case 'h1':
        this.heading = collapseTitle(text)
        break
      case 'h3':
      case 'a':
        if (target !== undefined) target.title = collapseTitle(text)
        break
      case 'dd': {
        const start = this.captureStart
        const indent =
          this.firstLineIndent !== undefined && this.source.lastIndexOf('\n', start - 1) === -1
            ? this.firstLineIndent
            : lineIndent(this.source, start)
        const description = cleanDescription(text, indent)
        if (target === undefined || description === '') break
        target.description =
          target.description === undefined ? description : `${target.description}\n\n${description}`
        break
      }
    }
  }

  // ---- attributes ---------------------------------------------------------------------------

  private applyRootAttributes(attributes: Attribute[], start: number): void {
    for (const { name, value } of attributes) {
      const key = name.toUpperCase()
      if (key === 'ADD_DATE') this.setDate(this.root, 'added', value, name, start)
      else if (key === 'LAST_MODIFIED') this.setDate(this.root, 'modified', value, name, start)
      else if (key === 'ALIASID' && value !== undefined && value.trim() !== '')
        this.root.id = attributeText(value).trim()
      else this.keepUnknown(this.root, name, value)
    }
  }

  private applyFolderAttributes(folder: Folder, attributes: Attribute[], start: number): void {
    for (const { name, value } of attributes) {
      switch (name.toUpperCase()) {
        case 'ADD_DATE':
          this.setDate(folder, 'added', value, name, start)
          break
        case 'LAST_MODIFIED':
          this.setDate(folder, 'modified', value, name, start)
          break
        case 'FOLDED':
          folder.folded = flag(value, true)
          break
        case 'PERSONAL_TOOLBAR_FOLDER':
          if (flag(value, true)) folder.toolbar = true
          break
        case 'UNFILED_BOOKMARKS_FOLDER':
          if (flag(value, true)) folder.unfiled = true
          break
        case 'ALIASID':
          if (value !== undefined && value.trim() !== '') folder.id = attributeText(value).trim()
          break
        case 'ICON':
          if (value !== undefined && value.trim() !== '') {
            folder.icon = attributeText(value).trim()
            this.noteIcon(folder.icon, start)
          }
          break
        case 'ICON_URI':
          if (value !== undefined && value.trim() !== '') folder.iconUri = attributeText(value).trim()
          break
        default:
          this.keepUnknown(folder, name, value)
      }
    }
  }

  /** Apply `<A>` attributes; returns the `ALIASOF` value, if any. */
  private applyBookmarkAttributes(
    bookmark: Bookmark,
    attributes: Attribute[],
    start: number,
  ): string | undefined {
    let aliasOf: string | undefined
    let descriptionAttribute: string | undefined
    const seen = new Set<string>()
    for (const { name, value } of attributes) {
      const key = name.toUpperCase()
      if (seen.has(key)) continue // HTML keeps the first of duplicated attributes
      seen.add(key)
      const text = value === undefined ? undefined : attributeText(value)
      switch (key) {
        case 'HREF': {
          const href = text === undefined ? '' : cleanHref(text)
          if (href !== '') {
            bookmark.href = href
            this.noteHref(href, start)
          }
          break
        }
        case 'ADD_DATE':
          this.setDate(bookmark, 'added', value, name, start)
          break
        case 'LAST_VISIT':
          this.setDate(bookmark, 'visited', value, name, start)
          break
        case 'LAST_MODIFIED':
          this.setDate(bookmark, 'modified', value, name, start)
          break
        case 'ICON':
          if (text !== undefined && text.trim() !== '') {
            bookmark.icon = text.trim()
            this.noteIcon(bookmark.icon, start)
          }
          break
        case 'ICON_URI':
          if (text !== undefined && text.trim() !== '') bookmark.iconUri = text.trim()
          break
        case 'SHORTCUTURL':
          if (text !== undefined && text !== '') bookmark.shortcutUrl = text
          break
        case 'POST_DATA':
          if (text !== undefined && text !== '') bookmark.postData = text
          break
        case 'LAST_CHARSET':
          if (text !== undefined && text !== '') bookmark.lastCharset = text
          break
        case 'FEED':
          bookmark.feed = flag(value, true)
          break
        case 'FEEDURL': {
          const feedUrl = text === undefined ? '' : cleanHref(text)
          if (feedUrl !== '') bookmark.feedUrl = feedUrl
          break
        }
        case 'WEBSLICE':
          bookmark.webSlice = flag(value, true)
          break
        case 'ISLIVEPREVIEW':
          bookmark.isLivePreview = flag(value, true)
          break
        case 'PREVIEWSIZE':
          if (text !== undefined && text !== '') bookmark.previewSize = text
          break
        case 'TAGS':
          if (text !== undefined && text.trim() !== '') this.rawTags.push({ bookmark, value: text })
          break
        case 'PRIVATE':
          bookmark.private = flag(value, true)
          this.stats.spaceSigns++
          break
        case 'TOREAD':
          bookmark.toRead = flag(value, true)
          break
        case 'ALIASID':
          if (text !== undefined && text.trim() !== '') bookmark.id = text.trim()
          break
        case 'ALIASOF':
          if (text !== undefined && text.trim() !== '') aliasOf = text.trim()
          break
        case 'DESCRIPTION':
          // Scuttle and SemanticScuttle put the note in an attribute instead of a <DD>.
          if (text !== undefined && text.trim() !== '') descriptionAttribute = cleanDescription(text)
          break
        default:
          this.keepUnknown(bookmark, name, value)
      }
    }
    if (bookmark.href === undefined && bookmark.feedUrl === undefined && aliasOf === undefined) {
      this.warn(
        start,
        'netscape/missing-href',
        'Expected an HREF on <A>, found none; kept the entry as text without a link',
      )
    }
    if (descriptionAttribute !== undefined) bookmark.description = descriptionAttribute
    return aliasOf
  }

  private setDate(
    item: Folder | Bookmark,
    field: 'added' | 'modified' | 'visited',
    value: string | undefined,
    name: string,
    start: number,
  ): void {
    if (value === undefined) return
    const result = parseEpochDate(attributeText(value))
    if (!result.ok) {
      this.warn(start, 'netscape/invalid-date', `${name.toUpperCase()}: ${result.reason}; left the date out`)
      return
    }
    if (result.note !== undefined) {
      this.warn(start, 'netscape/nonstandard-date', `${name.toUpperCase()}: ${result.note}`)
    }
    if (field === 'visited') {
      if (item.type === 'bookmark') item.visited = result.value
    } else item[field] = result.value
  }

  /** Say so (for information: the value is kept as written) when an HREF is relative or no URL. */
  private noteHref(href: string, start: number): void {
    const note = hrefNote(href, 'HREF')
    if (note !== undefined) this.warn(start, `netscape/${note.problem}`, note.message)
  }

  /** Say so (for information) when ICON holds something other than the image itself. */
  private noteIcon(icon: string, start: number): void {
    if (/^data:/i.test(icon)) return
    this.warn(
      start,
      'netscape/icon-not-data',
      `ICON "${shortenValue(icon)}" is not a data: URI (browsers write the image itself there, its address in ICON_URI); kept as written`,
    )
  }

  private keepUnknown(item: Folder | Bookmark, name: string, value: string | undefined): void {
    item.attributes ??= createRecord()
    if (!(name in item.attributes)) item.attributes[name] = value === undefined ? '' : attributeText(value)
  }

  // ---- helpers ------------------------------------------------------------------------------

  private noteTrailing(start: number): void {
    if (!this.rootListClosed || this.trailingWarned) return
    this.trailingWarned = true
    this.warn(start, 'netscape/trailing-content', 'Content after the end of the bookmark list was ignored')
  }

  private raw(start: number, end: number): string {
    return this.source.slice(start, end)
  }

  private place(offset: number): Place {
    const { line, column } = this.lines.locate(offset)
    return { file: this.file, line, column }
  }

  private warn(offset: number, rule: string, message: string): void {
    this.warnAt(this.place(offset), rule, message)
  }

  private warnAt(place: Place | undefined, rule: string, message: string): void {
    this.warnings.add(place?.line ?? 1, place?.column ?? 1, rule, message)
  }
}

/** The warning that counts the TAGS values split on spaces (one per file, at the first). */
export const SPACE_SPLIT_RULE = 'netscape/space-separated-tags'

export function spaceSplitMessage(split: number): string {
  return `TAGS split on spaces in ${split} bookmark${split === 1 ? '' : 's'}: no TAGS value has a comma and the file looks like a Shaarli/Scuttle-style export (PRIVATE on entries, or the producer's name)`
}

/** Whether the reader splits TAGS on spaces, from the file's figures (see `NetscapeStats`). */
export function spacesSeparate(commaTags: number, spaceSigns: number): boolean {
  return commaTags === 0 && spaceSigns > 0
}

/** Warnings for information only, one per entry, about values kept as written. */
export const INFO_RULES: ReadonlySet<string> = new Set([
  'netscape/relative-href',
  'netscape/unparsable-href',
  'netscape/icon-not-data',
])

/** Attribute value with entities decoded (once) and masked `<` restored. */
function attributeText(value: string): string {
  const unmasked = value.includes(MASK) ? value.replace(MASK_PATTERN, '<') : value
  return unmasked.includes('&') ? decodeHTMLAttribute(unmasked) : unmasked
}

/** Text with entities decoded once (fast path for the common text without `&`). */
function decodeText(raw: string): string {
  return raw.includes('&') ? decodeHTML(raw) : raw
}

/** Valueless attributes (`FOLDED`) mean true; `0`, `false`, `no` mean false. */
function flag(value: string | undefined, valueless: boolean): boolean {
  if (value === undefined) return valueless
  const v = value.trim().toLowerCase()
  return !(v === '0' || v === 'false' || v === 'no' || v === 'off')
}
