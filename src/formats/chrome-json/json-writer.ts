/**
 * JSON text as Chromium's `base::JSONWriter` writes it with `OPTIONS_PRETTY_PRINT`, so a written
 * `Bookmarks` file looks like one Chromium wrote: keys in sorted order, three spaces per level of
 * objects (lists add none), `[ a, b ]` and `[  ]` lists, `"key": value`, `<` and the line and
 * paragraph separators escaped, a final line break. Iterative: any depth is written.
 */

type JsonValue = unknown

type Frame =
  | { readonly kind: 'list'; readonly items: readonly JsonValue[]; index: number; readonly depth: number }
  | {
      readonly kind: 'dict'
      readonly record: Readonly<Record<string, JsonValue>>
      readonly keys: string[]
      index: number
      readonly depth: number
    }

/** `value` (strings, finite numbers, booleans, null, lists and plain objects) as Chromium's JSON. */
export function chromiumJson(value: JsonValue): string {
  const out: string[] = []
  const stack: Frame[] = []
  let next: JsonValue = value
  let depth = 0
  let pending = true
  for (;;) {
    if (pending) {
      const frame = openValue(next, depth, out)
      if (frame !== undefined) stack.push(frame)
      pending = false
    }
    const top = stack[stack.length - 1]
    if (top === undefined) break
    if (top.kind === 'list') {
      if (top.index >= top.items.length) {
        stack.pop()
        out.push(' ]')
        continue
      }
      if (top.index > 0) out.push(', ')
      next = top.items[top.index++]
      depth = top.depth
    } else {
      if (top.index >= top.keys.length) {
        stack.pop()
        out.push(`\n${indent(top.depth)}}`)
        continue
      }
      const key = top.keys[top.index++]!
      out.push(`${top.index > 1 ? ',\n' : ''}${indent(top.depth + 1)}${escapeJsonString(key)}: `)
      next = top.record[key]
      depth = top.depth + 1
    }
    pending = true
  }
  out.push('\n')
  return out.join('')
}

/** Write a scalar, or the opening of a container and return its frame. */
function openValue(value: JsonValue, depth: number, out: string[]): Frame | undefined {
  if (Array.isArray(value)) {
    out.push('[ ')
    return { kind: 'list', items: value, index: 0, depth }
  }
  if (typeof value === 'object' && value !== null) {
    out.push('{\n')
    const record = value as Record<string, JsonValue>
    const keys = Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    return { kind: 'dict', record, keys, index: 0, depth }
  }
  if (typeof value === 'string') out.push(escapeJsonString(value))
  else if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value))
  else if (typeof value === 'boolean') out.push(value ? 'true' : 'false')
  else out.push('null')
  return undefined
}

function indent(depth: number): string {
  return ' '.repeat(depth * 3)
}

const SPECIAL = /["\\\u0000-\u001f<\u2028\u2029]/
const SPECIALS = /["\\\u0000-\u001f<\u2028\u2029]/g
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
}

/** A JSON string literal, escaped as Chromium's `EscapeJSONString` does. */
export function escapeJsonString(text: string): string {
  if (!SPECIAL.test(text)) return `"${text}"`
  return `"${text.replace(SPECIALS, (char) => ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}"`
}
