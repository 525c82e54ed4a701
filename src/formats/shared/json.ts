/**
 * JSON sources: decoding a browser's JSON file, parsing once (the engine's "at position N" turned
 * into `file:line:column`, so a broken export is reported like a broken XBEL file), and values
 * kept as attribute text. The engine's parser is iterative (any depth parses); readers that walk
 * the value must not recurse either.
 */
import { BookgenError, isBookgenError } from '../../model/errors.js'
import { findJsonError } from './json-scan.js'
import { LineIndex } from './line-index.js'
import { byteOrderMark } from './decode.js'
import { LIMITS } from './limits.js'
import type { Message } from '../../model/message.js'

/** Parse `text` as JSON; a syntax error becomes `BookgenError` `<rule>` at the place it was found. */
export function parseJsonSource(text: string, file: string, rule = 'json/syntax'): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const at = /at position (\d+)/.exec(message)
    const offset = at === null ? text.length : Number(at[1])
    const { line, column } = new LineIndex(text).locate(offset)
    const reason = message
      .replace(/\s*in JSON at position \d+.*$/s, '')
      .replace(/^Unexpected end of JSON input$/, 'The file ends before its JSON does')
    throw new BookgenError(`Not valid JSON: ${reason}`, { rule: rule, file, line, column, cause: error })
  }
}

/**
 * `parseJsonSource`, with a syntax error placed at the offending character (`findJsonError`)
 * rather than where the engine says, which Node 20's engine does not.
 */
export function parseJson(text: string, file: string, rule: string): unknown {
  try {
    return parseJsonSource(text, file, rule)
  } catch (error) {
    if (!isBookgenError(error) || error.rule !== rule) throw error
    const found = findJsonError(text)
    if (found === undefined) throw error
    const { line, column } = new LineIndex(text).locate(found.offset)
    throw new BookgenError(`Not valid JSON: ${found.reason}`, {
      rule: rule,
      file,
      line,
      column,
      cause: error,
    })
  }
}

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export interface JsonText {
  readonly text: string
  readonly encoding: string
  readonly warnings: Message[]
}

/**
 * Decode a browser's JSON file: UTF-8 (RFC 8259), or the UTF-16 a byte-order mark names; nothing
 * else is guessed (a `<meta charset>` inside a title must not change how the file is read). Bytes
 * that are not UTF-8 become U+FFFD, with one warning placed at the first of them.
 */
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

/**
 * `value` as an attribute value (string → string): a string as it is, anything else as JSON text
 * (plist dates as ISO 8601 strings, data as base64, big integers as numbers); undefined when it
 * would be longer than `limit` characters. Iterative and cut short past the limit, so a hostile
 * value nested 100,000 deep or megabytes long neither overflows the stack (JSON.stringify
 * recurses) nor grows without bound.
 */
export function attributeValue(value: unknown, limit: number = LIMITS.attributeLength): string | undefined {
  if (typeof value === 'string') return value.length > limit ? undefined : value
  return attributeJson(value, limit)
}

type Frame =
  | { readonly kind: 'array'; readonly items: readonly unknown[]; index: number }
  | {
      readonly kind: 'object'
      readonly record: Readonly<Record<string, unknown>>
      readonly keys: string[]
      index: number
    }

/** `value` as JSON text, or undefined when it would be longer than `limit` characters. */
export function attributeJson(value: unknown, limit: number = LIMITS.attributeLength): string | undefined {
  const parts: string[] = []
  let length = 0
  const push = (part: string): boolean => {
    parts.push(part)
    length += part.length
    return length <= limit
  }
  const stack: Frame[] = []
  let next: unknown = value
  let pending = true
  for (;;) {
    if (pending) {
      const frame = containerFrame(next)
      if (frame === undefined) {
        if (!push(scalarJson(next))) return undefined
      } else {
        if (!push(frame.kind === 'array' ? '[' : '{')) return undefined
        stack.push(frame)
      }
      pending = false
    }
    const top = stack[stack.length - 1]
    if (top === undefined) return parts.join('')
    const size = top.kind === 'array' ? top.items.length : top.keys.length
    if (top.index >= size) {
      stack.pop()
      if (!push(top.kind === 'array' ? ']' : '}')) return undefined
      continue
    }
    const separator = top.index > 0 ? ',' : ''
    if (top.kind === 'array') {
      next = top.items[top.index++]
      if (!push(separator)) return undefined
    } else {
      const key = top.keys[top.index++]!
      next = top.record[key]
      if (!push(`${separator}${JSON.stringify(key)}:`)) return undefined
    }
    pending = true
  }
}

/** A frame for arrays and plain objects; undefined for scalars (dates and data included). */
function containerFrame(value: unknown): Frame | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (value instanceof Date || value instanceof Uint8Array) return undefined
  if (Array.isArray(value)) return { kind: 'array', items: value, index: 0 }
  const record = value as Record<string, unknown>
  return { kind: 'object', record, keys: Object.keys(record), index: 0 }
}

function scalarJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'bigint':
      return value.toString()
    case 'boolean':
      return value ? 'true' : 'false'
    default:
      break
  }
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'null' : JSON.stringify(value.toISOString())
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString('base64'))
  return 'null'
}
