/**
 * Byte-level helpers shared by the event scanners: tag names, the end of a tag (quotes
 * respected), comments, CDATA, declarations and processing instructions skipped whole.
 * Positions are byte offsets into UTF-8 text; every delimiter looked for is ASCII.
 */
import { HistoryDoubt } from './events.js'

export const LT = 0x3c
export const GT = 0x3e
export const SLASH = 0x2f
export const BANG = 0x21
export const QUESTION = 0x3f
const EQUALS = 0x3d
const QUOTE = 0x22
const APOSTROPHE = 0x27
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/** Whether `byte` is ASCII white space as HTML and XML count it. */
export function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x09 || byte === 0x0d || byte === 0x0c
}

/** Whether `byte` is an ASCII letter. */
export function isLetter(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a))
}

/** End (exclusive) of the tag name starting at `at`: the first white space, `/` or `>`. */
export function nameEnd(bytes: Buffer, at: number): number {
  let end = at
  while (end < bytes.length) {
    const byte = bytes[end]!
    if (byte === GT || byte === SLASH || isSpace(byte)) break
    end++
  }
  return end
}

/** Whether `bytes[start, end)` spells `name` (ASCII, `lower` in lower case), ignoring case when asked. */
export function nameIs(
  bytes: Buffer,
  start: number,
  end: number,
  lower: string,
  ignoreCase: boolean,
): boolean {
  if (end - start !== lower.length) return false
  for (let i = 0; i < lower.length; i++) {
    const byte = bytes[start + i]!
    const code = lower.charCodeAt(i)
    if (byte !== code && !(ignoreCase && (byte | 0x20) === code && isLetter(byte))) return false
  }
  return true
}

/**
 * Offset just after the `>` that ends the tag whose attributes start at `at`: attribute values in
 * quotes may hold `>`. A tag cut off by the end of the text is a doubt.
 */
export function tagEnd(bytes: Buffer, at: number): number {
  let i = at
  for (;;) {
    while (isSpace(bytes[i])) i++
    const byte = bytes[i]
    if (byte === undefined) throw new HistoryDoubt('a tag runs to the end of the file')
    if (byte === GT) return i + 1
    if (byte === SLASH) {
      i++
      continue
    }
    while (
      i < bytes.length &&
      bytes[i] !== EQUALS &&
      bytes[i] !== GT &&
      bytes[i] !== SLASH &&
      !isSpace(bytes[i])
    )
      i++
    while (isSpace(bytes[i])) i++
    if (bytes[i] !== EQUALS) continue
    i++
    while (isSpace(bytes[i])) i++
    const quote = bytes[i]
    if (quote === QUOTE || quote === APOSTROPHE) {
      const close = bytes.indexOf(quote, i + 1)
      if (close === -1) throw new HistoryDoubt('an attribute value runs to the end of the file')
      i = close + 1
    } else {
      while (i < bytes.length && bytes[i] !== GT && !isSpace(bytes[i])) i++
    }
  }
}

/** Whether `bytes` holds `text` (ASCII) at `at`. */
export function startsWith(bytes: Buffer, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false
  return true
}

/** Offset after `terminator` searched from `from`, or a doubt when it never comes. */
export function after(bytes: Buffer, from: number, terminator: string, what: string): number {
  const found = bytes.indexOf(terminator, from, 'latin1')
  if (found === -1) throw new HistoryDoubt(`${what} runs to the end of the file`)
  return found + terminator.length
}

/**
 * Offset after markup starting `<!` at `at`: a comment, a CDATA section, or a declaration (a
 * DOCTYPE with an internal subset included).
 */
export function skipBang(bytes: Buffer, at: number): number {
  if (startsWith(bytes, at, '<!--')) return after(bytes, at + 4, '-->', 'a comment')
  if (startsWith(bytes, at, '<![CDATA[')) return after(bytes, at + 9, ']]>', 'a CDATA section')
  let i = at + 2
  let brackets = 0
  while (i < bytes.length) {
    const byte = bytes[i]!
    if (byte === QUOTE || byte === APOSTROPHE) {
      const close = bytes.indexOf(byte, i + 1)
      if (close === -1) break
      i = close + 1
      continue
    }
    if (byte === OPEN_BRACKET) brackets++
    else if (byte === CLOSE_BRACKET) brackets--
    else if (byte === GT && brackets <= 0) return i + 1
    i++
  }
  throw new HistoryDoubt('a declaration runs to the end of the file')
}
