/**
 * Event starts in XBEL: an item (`<bookmark>`, `<folder>`, `<separator>`, `<alias>`), a folder's
 * end, the root's start and end — wherever they stand directly in a folder or the root, never
 * inside another item's content (its `<info>` may hold any XML). Names are exact, as XML's are.
 * Comments, CDATA, processing instructions and the DOCTYPE are skipped whole; an end tag with no
 * element open, or any other oddity, is a doubt.
 */
import type { EventKind, EventScanner, ScannedEvent } from './events.js'
import { HistoryDoubt } from './events.js'
import { after, BANG, GT, LT, nameEnd, nameIs, QUESTION, SLASH, skipBang, tagEnd } from './scan-markup.js'

/** Scan for events from `start`: offset 0 or the start of an event found before. */
export function scanXbel(bytes: Buffer, start: number): EventScanner {
  return new XbelScanner(bytes, start)
}

class XbelScanner implements EventScanner {
  private readonly bytes: Buffer
  private position: number
  private first = true
  /** Elements open inside the current event (a folder's title, a bookmark and its content). */
  private depth = 0

  constructor(bytes: Buffer, start: number) {
    this.bytes = bytes
    this.position = start
  }

  next(): ScannedEvent | undefined {
    if (this.first) {
      this.first = false
      const at = this.position
      const event = this.readTag(at)
      if (event !== undefined) return event
      if (at !== 0) throw new HistoryDoubt('an event no longer starts where one did')
      return { kind: 'head', start: 0, tagEnd: 0 }
    }
    for (;;) {
      const at = this.bytes.indexOf(LT, this.position)
      if (at === -1) {
        this.position = this.bytes.length
        if (this.depth > 0) throw new HistoryDoubt('an element is open at the end of the file')
        return undefined
      }
      const event = this.readTag(at)
      if (event !== undefined) return event
    }
  }

  /** Read the markup at `at`, moving past it; the event it starts, if any. */
  private readTag(at: number): ScannedEvent | undefined {
    const bytes = this.bytes
    if (bytes[at] !== LT) {
      this.position = at + 1
      return undefined
    }
    const next = bytes[at + 1]
    if (next === BANG) {
      this.position = skipBang(bytes, at)
      return undefined
    }
    if (next === QUESTION) {
      this.position = after(bytes, at + 2, '?>', 'a processing instruction')
      return undefined
    }
    if (next === SLASH) return this.endTag(at)
    const end = nameEnd(bytes, at + 1)
    if (end === at + 1) throw new HistoryDoubt('a tag without a name')
    this.position = tagEnd(bytes, end)
    const selfClosing = bytes[this.position - 2] === SLASH
    if (this.depth > 0) {
      if (!selfClosing) this.depth++
      return undefined
    }
    const kind = itemKind(bytes, at + 1, end, selfClosing)
    if (kind === undefined || kind === 'bookmark' || kind === 'separator' || kind === 'alias') {
      if (!selfClosing) this.depth++
      if (kind === undefined) return undefined
    }
    if (kind === 'root' && selfClosing) throw new HistoryDoubt('an empty <xbel/>')
    return { kind, start: at, tagEnd: this.position }
  }

  private endTag(at: number): ScannedEvent | undefined {
    const bytes = this.bytes
    const end = nameEnd(bytes, at + 2)
    const close = bytes.indexOf(GT, end)
    if (close === -1) throw new HistoryDoubt('an end tag runs to the end of the file')
    this.position = close + 1
    if (this.depth > 0) {
      this.depth--
      return undefined
    }
    if (nameIs(bytes, at + 2, end, 'folder', false))
      return { kind: 'close', start: at, tagEnd: this.position }
    if (nameIs(bytes, at + 2, end, 'xbel', false)) return { kind: 'end', start: at, tagEnd: this.position }
    throw new HistoryDoubt('an end tag with no element open')
  }
}

/** The event a start tag begins when it stands in a folder: undefined for a title, info or desc. */
function itemKind(bytes: Buffer, start: number, end: number, selfClosing: boolean): EventKind | undefined {
  if (nameIs(bytes, start, end, 'bookmark', false)) return 'bookmark'
  if (nameIs(bytes, start, end, 'folder', false)) return selfClosing ? 'empty-folder' : 'folder'
  if (nameIs(bytes, start, end, 'separator', false)) return 'separator'
  if (nameIs(bytes, start, end, 'alias', false)) return 'alias'
  if (nameIs(bytes, start, end, 'xbel', false)) return 'root'
  return undefined
}
