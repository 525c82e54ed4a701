/**
 * Pocket's HTML export (`ril_export.html`): an HTML5 page titled "Pocket Export" whose `<h1>`
 * sections ("Unread", "Read Archive") each hold a `<ul>` of `<li><a href time_added tags>TITLE</a>`.
 * The Netscape reader would take these links bare, losing the sections and dates.
 *
 * Mapping (the same as for Pocket's CSV export, see `read-state.ts`): every `<h1>` becomes a folder
 * of that title, empty ones included, and the links that follow it (up to the next `<h1>`) go in
 * it; links of "Unread" are also `toRead: true`. Links before any `<h1>` sit at the root. A link's
 * text is its title (Pocket writes the URL when it had no title); `time_added` (Unix seconds) →
 * added; `tags`, comma-separated → tags; any other attribute of the `<a>` is kept as an attribute.
 * The collection's title is the page's `<title>`.
 *
 * htmlparser2's parser reads the page: one pass, no tree, entities decoded by the `entities`
 * package.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities/decode'
import { Parser } from 'htmlparser2'
import { createFolder, createRecord, type Collection, type Folder } from '../../model/tree.js'
import { LineIndex } from '../shared/line-index.js'
import { isUnreadList } from '../shared/read-state.js'
import { ExportReader, splitTags, type At } from '../shared/service.js'
import { collapseTitle } from '../shared/titles.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'

/** Attributes of `<a>` the mapping reads; the others are kept. */
const MAPPED = new Set(['href', 'time_added', 'tags'])

/** The state of reading one page. */
class PocketPage {
  readonly root = createFolder()
  title: string | undefined
  private section: Folder = this.root
  private readonly reader: ExportReader
  private readonly lines: LineIndex
  private readonly text: string
  /** What is being captured: the text of a <title>, <h1> or <a>. */
  private capture:
    | { tag: 'title' | 'h1' | 'a'; start: number; text: string; attributes: Array<[string, string]> }
    | undefined

  constructor(reader: ExportReader, text: string) {
    this.reader = reader
    this.text = text
    this.lines = new LineIndex(text)
  }

  read(): void {
    let attributes: Array<[string, string]> = []
    const parser = new Parser(
      {
        onopentagname: () => (attributes = []),
        onattribute: (name, value) => attributes.push([name, value]),
        onopentag: (name) => this.open(name, parser.startIndex, attributes),
        // Only end tags end a capture: a link is not cut where the parser would imply its end.
        onclosetag: (name, implied) => {
          if (!implied) this.close(name)
        },
        ontext: (text) => {
          if (this.capture !== undefined) this.capture.text += text
        },
      },
      { decodeEntities: false },
    )
    parser.end(this.text)
    if (this.capture?.tag === 'a') {
      this.reader.warn(
        this.at(this.capture.start),
        'truncated',
        'The file ends inside a link; its text may be cut',
      )
      this.close('a')
    }
  }

  private at(offset: number): At {
    return this.lines.locate(offset)
  }

  private open(name: string, start: number, attributes: Array<[string, string]>): void {
    if (name !== 'title' && name !== 'h1' && name !== 'a') return
    if (this.capture?.tag === 'a') this.close('a') // a link never holds another, nor a heading
    if (this.capture === undefined || name === 'a') this.capture = { tag: name, start, text: '', attributes }
  }

  private close(name: string): void {
    const capture = this.capture
    if (capture === undefined || capture.tag !== name) return
    this.capture = undefined
    const text = collapseTitle(decodeHTML(capture.text))
    if (name === 'title') this.title ??= text
    else if (name === 'h1') {
      this.section = this.reader.folder(text, this.at(capture.start))
      this.root.children.push(this.section)
    } else this.link(text, capture.attributes, this.at(capture.start))
  }

  private link(title: string, raw: Array<[string, string]>, at: At): void {
    const attributes = createRecord()
    for (const [name, value] of raw)
      if (!Object.hasOwn(attributes, name)) attributes[name] = decodeHTMLAttribute(value)
    const bookmark = this.reader.bookmark(at, title, attributes['href'])
    const added = this.reader.date(at, 'time_added', attributes['time_added'], 'epoch')
    if (added !== undefined) bookmark.added = added
    bookmark.tags = splitTags(attributes['tags'] ?? '', ',')
    if (isUnreadList(this.section.title) && this.section !== this.root) bookmark.toRead = true
    for (const [name, value] of Object.entries(attributes))
      if (!MAPPED.has(name)) this.reader.attribute(bookmark, name, value)
    this.section.children.push(bookmark)
  }
}

function readPocketHtml(input: SourceInput): Collection {
  const decoded = input.text()
  const reader = new ExportReader(input.file, 'pocket')
  reader.noteDecoding(decoded)
  const page = new PocketPage(reader, decoded.text)
  page.read()
  return reader.finish('pocket-html', page.title ?? 'Pocket Export', page.root, decoded.encoding)
}

export const pocketHtml: FormatEntry = {
  name: 'pocket-html',
  label: 'Pocket HTML export',
  where: 'Pocket: the old export page (getpocket.com/export), a file named ril_export.html.',
  sniff(head: SniffHead): boolean {
    const text = head.text
    if (/<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(text)) return false
    // XML (an XBEL or OPML file of a Pocket collection keeps its title) is not Pocket's HTML page.
    if (/^\s*<\?xml[\s?]/.test(text) || /<(?:xbel|opml)[\s>/]/i.test(text)) return false
    if (/<title>\s*Pocket Export\s*<\/title>/i.test(text)) return true
    return /<h1>\s*(?:Unread|Read Archive)\s*<\/h1>/i.test(text) && /\btime_added\s*=\s*["']?\d/i.test(text)
  },
  read: readPocketHtml,
}
