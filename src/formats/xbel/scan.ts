/**
 * The fast way to read XBEL: one forward scan of the text that hands its elements to the reader,
 * for documents in a plain subset of well-formed XML — which is what XBEL writers produce.
 * Anything outside that subset (a malformed tag, an unmatched end tag, a bad reference, a `<` in
 * an attribute value, a non-ASCII name, nesting near the limit, an odd DOCTYPE, …) makes the scan
 * give up and return false; the reader then starts again on fast-xml-parser behind its validator
 * (`strict.ts`), which refuses malformed input with a precise message or reads what it
 * accepts. So the scan only ever accepts text that path accepts too, and hands over the same XML
 * (`test/formats/xbel/scan.test.ts` checks both). Where that path is lenient (an unescaped `&` in
 * an attribute value, `]]>` in text, `--` in a comment), the scan is too, so that both read the
 * same files.
 *
 * What the scan accepts:
 * - an optional byte-order mark, an XML declaration at the very start, comments, processing
 *   instructions, one DOCTYPE (skipped whole, internal subset included: nothing it declares is
 *   read) and white space around a single root element;
 * - start tags `<name attr="value" attr='value'>` and `<name …/>` with ASCII names, white space
 *   between attributes, no attribute twice, no `<` in values;
 * - end tags `</name>` (white space allowed before `>`) that close the element open;
 * - character data whose references are `&name;` (a short ASCII name), `&#digits;` or
 *   `&#xhex;`; CDATA sections, comments and processing instructions inside elements.
 *
 * Line and column are not tracked: elements carry their offset, located only when needed.
 */
import { MAX_XML_DEPTH, type SourceElement, type SourceNode, type XmlTreeHandler } from './tree.js'
import { fromUtf8ByteText } from '../shared/decode.js'
import { normalizeLineEnds } from './xml-text.js'

/** More attributes than this on one element: leave the duplicate check to the validator. */
const MAX_SCAN_ATTRIBUTES = 64

const LT = 0x3c
const GT = 0x3e
const SLASH = 0x2f
const BANG = 0x21
const QUESTION = 0x3f
const EQUALS = 0x3d
const QUOTE = 0x22
const APOSTROPHE = 0x27

/** ASCII characters of names: bit 1 may start a name, bit 2 may continue one. */
const NAME_CHARS = new Uint8Array(128)
for (let code = 0; code < 128; code++) {
  const c = String.fromCharCode(code)
  if (/[A-Za-z_:]/.test(c)) NAME_CHARS[code] = 3
  else if (/[0-9.-]/.test(c)) NAME_CHARS[code] = 2
}

/**
 * References the validator accepts and XML allows, with a name of at most 20 characters (the
 * validator's limit); anything else is left to the validator.
 */
const REFERENCE = /&(?:#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z_][A-Za-z0-9_]{0,19});/y

/** The DOCTYPE the fallback blanks is the first text that starts like this. */
const DOCTYPE = '<!DOCTYPE'

/**
 * Hand the XML of `text` to `handler` if it is plain, well-formed XML, and return true; return
 * false as soon as it is not (the handler may have seen part of it then: discard what it built,
 * and read the text through the validating fallback).
 */
export function scanXml(text: string, handler: XmlTreeHandler, utf8Bytes = false): boolean {
  return new XmlScanner(text, handler, utf8Bytes).scan()
}

/** A byte past ASCII, in `utf8ByteText`'s text. */
const HIGH_BYTE = /[\x80-\xff]/g

/**
 * Attributes and children of the many elements that have none (arrays grow by 16 slots at
 * once), shared and never changed. Made by emptying a filled array: a `[]` literal would have
 * another internal kind than the filled lists, and code reading both would be slower.
 */
const NO_ATTRIBUTES: readonly string[] = [''].slice(0, 0)
const NO_CHILDREN: readonly SourceNode[] = [''].slice(0, 0)

class XmlScanner {
  private readonly text: string
  private readonly handler: XmlTreeHandler
  /** Open elements, outermost first; the first `streamed` of them are taken child by child. */
  private readonly stack: SourceElement[] = []
  private streamed = 0
  /** Character data of the innermost open element not handed over yet; a comment does not end it. */
  private pending = ''
  /** Attributes of the tag being read, in the first `attributeCount` places. */
  private readonly attributes: string[] = []
  private attributeCount = 0
  /**
   * Whether the text is UTF-8 bytes, a character each (`utf8ByteText`): values with a byte past
   * ASCII are decoded as they are taken out. The next such byte at or after `highFrom` is at
   * `nextHigh` (-1: none), found lazily as the scan moves forward.
   */
  private readonly utf8Bytes: boolean
  private highFrom = 0
  private nextHigh = -2

  constructor(text: string, handler: XmlTreeHandler, utf8Bytes: boolean) {
    this.text = text
    this.handler = handler
    this.utf8Bytes = utf8Bytes
  }

  /** `value`, the text from `from` to `to`: decoded if the text is UTF-8 bytes and it has any past ASCII. */
  private value(value: string, from: number, to: number): string {
    if (!this.utf8Bytes) return value
    if (from < this.highFrom || (this.nextHigh !== -1 && this.nextHigh < from)) {
      HIGH_BYTE.lastIndex = from
      this.nextHigh = HIGH_BYTE.exec(this.text)?.index ?? -1
      this.highFrom = from
    }
    return this.nextHigh !== -1 && this.nextHigh < to ? fromUtf8ByteText(value) : value
  }

  scan(): boolean {
    const text = this.text
    const stack = this.stack
    const length = text.length
    const start = text.charCodeAt(0) === 0xfeff ? 1 : 0
    let rootSeen = false
    let doctypeSeen = false
    // Where the next `&` is at or after the text being checked (-1: none left), found lazily:
    // text without references costs nothing, and the document is searched for `&` at most once.
    let nextAmpersand = -2
    // The next `<` after the last start tag (-1: none), found when checking that tag.
    let nextLt = -2
    let i = start
    while (i < length) {
      const lt = nextLt >= i || nextLt === -1 ? nextLt : text.indexOf('<', i)
      const textEnd = lt === -1 ? length : lt
      if (textEnd > i) {
        if (stack.length === 0) {
          if (!isWhiteSpace(text, i, textEnd)) return false
        } else if (!(
          stack.length === this.streamed &&
          this.pending === '' &&
          isWhiteSpace(text, i, textEnd)
        )) {
          // (White space between the children of a streamed element is not handed over.)
          if (nextAmpersand !== -1 && nextAmpersand < i) nextAmpersand = text.indexOf('&', i)
          if (nextAmpersand !== -1 && nextAmpersand < textEnd) {
            const after = skipReferences(text, nextAmpersand, textEnd)
            if (after === undefined) return false
            nextAmpersand = after
          }
          const piece = this.value(text.slice(i, textEnd), i, textEnd)
          // Only a comment leaves text pending. fast-xml-parser normalizes line ends before it
          // reads, so a CR before a comment and an LF after it are two line ends: normalize the
          // pieces before joining them.
          this.pending =
            this.pending === '' ? piece : normalizeLineEnds(this.pending) + normalizeLineEnds(piece)
        }
      }
      if (lt === -1) break
      const next = text.charCodeAt(lt + 1)
      if (next === SLASH) {
        i = this.endTag(lt)
        if (i === -1) return false
      } else if (next === BANG) {
        if (text.startsWith('--', lt + 2)) {
          const close = text.indexOf('-->', lt + 4)
          if (close === -1) return false
          i = close + 3
        } else if (stack.length > 0 && text.startsWith('[CDATA[', lt + 2)) {
          const close = text.indexOf(']]>', lt + 9)
          if (close === -1) return false
          this.flush()
          this.add({
            type: 'cdata',
            value: normalizeLineEnds(this.value(text.slice(lt + 9, close), lt + 9, close)),
          })
          i = close + 3
        } else if (!rootSeen && !doctypeSeen && isDoctype(text, lt)) {
          const close = skipDeclaration(text, lt + 2)
          // The validator finds the end by counting `<` and `>`, the fallback blanks the first
          // `<!DOCTYPE` in the text: all must agree on this one.
          if (close === -1 || close !== skipDeclarationByBrackets(text, lt)) return false
          if (text.indexOf(DOCTYPE) !== lt) return false
          doctypeSeen = true
          i = close
        } else return false
      } else if (next === QUESTION) {
        const close = processingInstructionEnd(text, lt, start)
        if (close === -1) return false
        if (stack.length > 0) this.flush()
        i = close + 2
      } else {
        if (stack.length === 0) {
          if (rootSeen) return false // a second root
          rootSeen = true
        }
        const end = this.startTag(lt)
        if (end === -1) return false
        // No `<` in attribute values: the next one comes after the tag.
        nextLt = text.indexOf('<', lt + 1)
        if (nextLt !== -1 && nextLt < end) return false
        i = end
      }
    }
    if (stack.length > 0 || !rootSeen) return false
    // Without a DOCTYPE before the root, the fallback would blank a `<!DOCTYPE` found anywhere.
    return doctypeSeen || text.indexOf(DOCTYPE) === -1
  }

  /**
   * The end tag at `lt`: it must close the element open, `</name>` with optional white space
   * before `>`. Returns where the text goes on after it, -1 if it is not such a tag.
   */
  private endTag(lt: number): number {
    const text = this.text
    const stack = this.stack
    const element = stack[stack.length - 1]
    if (element === undefined || !text.startsWith(element.name, lt + 2)) return -1
    let j = lt + 2 + element.name.length
    while (isSpaceCode(text.charCodeAt(j))) j++
    if (text.charCodeAt(j) !== GT) return -1
    this.flush()
    stack.pop()
    if (stack.length < this.streamed) {
      this.streamed--
      this.handler.close()
    } else this.add(element)
    return j + 1
  }

  /**
   * The start tag at `lt`: its element is opened, or, when it is an empty-element tag, added.
   * Returns where the tag ends, -1 if it is not a well-formed one (or nests too deep for the scan).
   */
  private startTag(lt: number): number {
    const text = this.text
    const stack = this.stack
    const nameEnd = endOfName(text, lt + 1)
    if (nameEnd === lt + 1) return -1
    const end = this.readAttributes(nameEnd)
    if (end === -1) return -1
    const element: SourceElement = {
      type: 'element',
      name: text.slice(lt + 1, nameEnd),
      attributes: this.attributeCount === 0 ? NO_ATTRIBUTES : this.attributes.slice(0, this.attributeCount),
      children: NO_CHILDREN,
      offset: lt,
    }
    this.flush()
    // `readAttributes` ends a tag only at `>` or `/>`, so this tells an empty-element tag.
    const empty = text.charCodeAt(end - 2) === SLASH
    // Nesting near the limit is left to the fallback, which enforces it.
    if (!empty && stack.length >= MAX_XML_DEPTH) return -1
    if (stack.length === this.streamed && this.handler.open(element)) {
      if (empty) this.handler.close()
      else {
        stack.push(element)
        this.streamed++
      }
    } else if (empty) this.add(element)
    else stack.push(element)
    return end
  }

  /** Hand `node` to the innermost open element: to the handler if it is streamed. */
  private add(node: SourceNode): void {
    const stack = this.stack
    if (stack.length === this.streamed) {
      this.handler.child(node)
      return
    }
    const element = stack[stack.length - 1]!
    if (element.children === NO_CHILDREN) element.children = [node]
    else (element.children as SourceNode[]).push(node)
  }

  /** Hand over the pending character data, if any. */
  private flush(): void {
    if (this.pending === '') return
    const pending = this.pending
    this.pending = ''
    this.add(pending)
  }

  /**
   * Read the attributes of a start tag from `from` (just after its name) into `attributes`;
   * return the offset just past the tag's `>`, or -1 if the tag is not a plain one (a `<` in a
   * value is for the caller to check).
   */
  private readAttributes(from: number): number {
    const text = this.text
    const attributes = this.attributes
    let count = 0
    this.attributeCount = 0
    let j = from
    for (;;) {
      const code = text.charCodeAt(j)
      if (code === GT) return j + 1
      if (code === SLASH) return text.charCodeAt(j + 1) === GT ? j + 2 : -1
      // An attribute: white space first, then name = "value" (white space allowed around `=`).
      if (!isSpaceCode(code)) return -1
      do j++
      while (isSpaceCode(text.charCodeAt(j)))
      const next = text.charCodeAt(j)
      if (next === GT || next === SLASH) continue
      const nameEnd = endOfName(text, j)
      if (nameEnd === j) return -1
      const name = text.slice(j, nameEnd)
      j = nameEnd
      while (isSpaceCode(text.charCodeAt(j))) j++
      if (text.charCodeAt(j) !== EQUALS) return -1
      j++
      while (isSpaceCode(text.charCodeAt(j))) j++
      const quote = text.charCodeAt(j)
      if (quote !== QUOTE && quote !== APOSTROPHE) return -1
      const close = text.indexOf(quote === QUOTE ? '"' : "'", j + 1)
      if (close === -1) return -1
      const value = this.value(text.slice(j + 1, close), j + 1, close)
      if (count === 2 * MAX_SCAN_ATTRIBUTES) return -1
      for (let k = 0; k < count; k += 2) if (attributes[k] === name) return -1
      attributes[count++] = name
      attributes[count++] = value
      this.attributeCount = count
      j = close + 1
    }
  }
}

/** The end of the ASCII name starting at `from` (`from` itself when there is none). */
function endOfName(text: string, from: number): number {
  const first = text.charCodeAt(from)
  if (!(first < 128 && (NAME_CHARS[first]! & 1) !== 0)) return from
  let j = from + 1
  for (;;) {
    const code = text.charCodeAt(j)
    if (code < 128 && NAME_CHARS[code] !== 0) j++
    else if (code >= 128)
      return from // a non-ASCII name: the validator's call
    else return j
  }
}

/**
 * Check the references in character data from the `&` at `ampersand` up to `end`: return where
 * the next `&` at or after `end` is (-1: none), or undefined if a reference is not a plain one.
 */
function skipReferences(text: string, ampersand: number, end: number): number | undefined {
  let at = ampersand
  while (at !== -1 && at < end) {
    REFERENCE.lastIndex = at
    if (!REFERENCE.test(text)) return undefined
    at = text.indexOf('&', REFERENCE.lastIndex)
  }
  return at
}

/**
 * The offset of the `?` of the `?>` ending the processing instruction at `lt`, or -1 if it is not
 * a plain one: its target must be a name, an XML declaration must open the document, and a
 * quoted string must not hide the first `?>` (fast-xml-parser skips quotes there, its validator
 * does not, so such text is left to them).
 */
function processingInstructionEnd(text: string, lt: number, documentStart: number): number {
  const targetEnd = endOfName(text, lt + 2)
  if (targetEnd === lt + 2) return -1
  if (targetEnd === lt + 5 && text.startsWith('xml', lt + 2) && lt !== documentStart) return -1
  const close = text.indexOf('?>', targetEnd)
  if (close === -1) return -1
  for (let j = targetEnd; j < close; j++) {
    const code = text.charCodeAt(j)
    if (code === QUOTE || code === APOSTROPHE) {
      j = text.indexOf(code === QUOTE ? '"' : "'", j + 1)
      if (j === -1 || j > close) return -1
    }
  }
  return close
}

function isDoctype(text: string, lt: number): boolean {
  if (!text.startsWith(DOCTYPE, lt)) return false
  const code = text.charCodeAt(lt + DOCTYPE.length)
  return isSpaceCode(code) || code === GT || code === 0x5b /* [ */
}

/**
 * The offset just past the `>` that ends the declaration whose body starts at `from` (after
 * `<!`), with quoted strings, comments and an internal subset in brackets skipped; -1 if it does
 * not end.
 */
export function skipDeclaration(text: string, from: number): number {
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

/** Where fast-xml-parser's validator ends the DOCTYPE at `lt`: it counts `<` and `>`, nothing else. */
function skipDeclarationByBrackets(text: string, lt: number): number {
  let open = 1
  for (let j = lt + DOCTYPE.length; j < text.length; j++) {
    const c = text.charCodeAt(j)
    if (c === LT) open++
    else if (c === GT && --open === 0) return j + 1
  }
  return -1
}

function isSpaceCode(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d
}

function isWhiteSpace(text: string, from: number, to: number): boolean {
  for (let j = from; j < to; j++) if (!isSpaceCode(text.charCodeAt(j))) return false
  return true
}
