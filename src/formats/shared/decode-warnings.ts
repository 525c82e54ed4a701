/**
 * What decoding a source said (an assumed charset, invalid UTF-8), as warnings with a place, for
 * readers that get their text from `SourceInput.text()`. Lines end at CRLF, LF or a lone CR (old
 * Mac files), as XML counts them.
 */
import type { DecodedText } from './decode.js'
import type { Message } from '../../model/message.js'

/** The decoding warnings of `decoded`, placed in `file`. */
export function decodeWarnings(decoded: DecodedText, file: string): Message[] {
  return decoded.warnings.map(({ offset, rule, message }) => ({
    file,
    ...locateAnyLineEnd(decoded.text, offset),
    rule,
    message,
  }))
}

/** 1-based line and column of `offset` in `text`, counting CRLF, LF and CR as line ends. */
export function locateAnyLineEnd(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let start = 0
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++
      start = i + 1
    }
  }
  return { line, column: end - start + 1 }
}
