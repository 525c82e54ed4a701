/**
 * Event starts in Netscape bookmark HTML, found the way the Netscape reader reads tags
 * (`sources/netscape.ts`): names in any case, `<` that HTML reads as text skipped, `<DD>` text
 * running to the next `<DT>`, `<DL>`, `<DD>`, `<HR>`, `<H3>` or `<H1>` (an `<A>` inside a
 * description is text). What the reader treats specially and a scan cannot follow — `<script>`
 * and `<style>` contents — is a doubt.
 */
import type { EventKind, EventScanner, ScannedEvent } from './events.js'
import { HistoryDoubt } from './events.js'
import { BANG, isLetter, LT, nameEnd, nameIs, QUESTION, SLASH, skipBang, tagEnd, GT } from './scan-markup.js'

/** Tags that start an event, by lower-case name. */
const EVENT_TAGS: ReadonlyMap<string, EventKind> = new Map([
  ['a', 'bookmark'],
  ['h3', 'folder'],
  ['dl', 'list'],
  ['hr', 'separator'],
  ['h1', 'heading'],
])
/** Tags that end a description (the reader's `ENDS_DESCRIPTION`). */
const ENDS_DESCRIPTION = new Set(['dl', 'dt', 'dd', 'hr', 'h3', 'h1'])
/** Longest tag name looked up (`script`, `style`); longer names are none of ours. */
const LONGEST_NAME = 6

/** Scan for events from `start`: offset 0 or the start of an event found before. */
export function scanNetscape(bytes: Buffer, start: number): EventScanner {
  return new NetscapeScanner(bytes, start)
}

class NetscapeScanner implements EventScanner {
  private readonly bytes: Buffer
  private position: number
  private first = true
  /** Inside `<DD>` text, where an `<A>` is text. */
  private inDescription = false

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
    const bytes = this.bytes
    for (;;) {
      const at = bytes.indexOf(LT, this.position)
      if (at === -1) {
        this.position = bytes.length
        return undefined
      }
      const event = this.readTag(at)
      if (event !== undefined) return event
    }
  }

  /** Read the markup at `at` (a `<`), moving past it; the event it starts, if any. */
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
      const close = bytes.indexOf(GT, at + 2)
      if (close === -1) throw new HistoryDoubt('a processing instruction runs to the end of the file')
      this.position = close + 1
      return undefined
    }
    const closing = next === SLASH
    const nameStart = closing ? at + 2 : at + 1
    if (!isLetter(bytes[nameStart])) {
      this.position = at + 1 // a `<` that HTML reads as text
      return undefined
    }
    const end = nameEnd(bytes, nameStart)
    this.position = tagEnd(bytes, end)
    const name = end - nameStart <= LONGEST_NAME ? bytes.toString('latin1', nameStart, end).toLowerCase() : ''
    return closing ? this.closeTag(name, at) : this.openTag(name, at, nameStart, end)
  }

  private openTag(name: string, at: number, nameStart: number, end: number): ScannedEvent | undefined {
    if (
      nameIs(this.bytes, nameStart, end, 'script', true) ||
      nameIs(this.bytes, nameStart, end, 'style', true)
    )
      throw new HistoryDoubt(`<${name}> holds raw text`)
    if (this.inDescription) {
      if (!ENDS_DESCRIPTION.has(name)) return undefined
      this.inDescription = false
    }
    if (name === 'dd') {
      this.inDescription = true
      return undefined
    }
    const kind = EVENT_TAGS.get(name)
    return kind === undefined ? undefined : { kind, start: at, tagEnd: this.position }
  }

  private closeTag(name: string, at: number): ScannedEvent | undefined {
    if (this.inDescription) {
      if (name === 'dd' || name === 'dt') {
        this.inDescription = false
        return undefined
      }
      if (name !== 'dl') return undefined
      this.inDescription = false
    }
    return name === 'dl' ? { kind: 'close', start: at, tagEnd: this.position } : undefined
  }
}
