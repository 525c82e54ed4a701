/**
 * Source values kept in `attributes` (string → string): a string as it is, anything else as JSON
 * text. Written iteratively and cut short past the attribute limit, so a hostile value nested
 * 100,000 deep or megabytes long neither overflows the stack (JSON.stringify recurses) nor grows
 * without bound. Plist values are written the way their JSON reading is obvious: dates as ISO
 * 8601 strings, data as base64 strings, big integers as numbers.
 */
import { LIMITS } from './limits.js'

/** `value` as an attribute value, or undefined when it would be longer than `limit` characters. */
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
