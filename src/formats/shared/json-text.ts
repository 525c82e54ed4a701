/**
 * The text of a browser's JSON file. JSON is UTF-8 (RFC 8259) and browsers write it so: a
 * byte-order mark is honoured, nothing else is guessed (a `<meta charset>` inside a bookmark's
 * title must not change how the file is read). Bytes that are not UTF-8 become U+FFFD, with one
 * warning placed at the first of them.
 */
import { byteOrderMark } from './decode.js'
import { LineIndex } from './line-index.js'
import type { Message } from '../../model/message.js'

export interface JsonText {
  readonly text: string
  readonly encoding: string
  readonly warnings: Message[]
}

/** Decode `bytes` as UTF-8 (or the UTF-16 a byte-order mark names). */
export function decodeJsonBytes(bytes: Uint8Array, file: string, area: string): JsonText {
  const mark = byteOrderMark(bytes)
  const encoding = mark ?? 'utf-8'
  const body = bytes.subarray(mark === undefined ? 0 : mark === 'utf-8' ? 3 : 2)
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(body), encoding, warnings: [] }
  } catch {
    const text = new TextDecoder(encoding).decode(body)
    const { line, column } = new LineIndex(text).locate(Math.max(0, text.indexOf('\uFFFD')))
    const warning: Message = {
      file,
      line,
      column,
      rule: `${area}/invalid-utf8`,
      message: `The file is not valid ${encoding.toUpperCase()}; bytes that are not were read as U+FFFD`,
    }
    return { text, encoding, warnings: [warning] }
  }
}

/** What a JSON value is, in words, for messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return 'a string'
  return `a ${typeof value}`
}
