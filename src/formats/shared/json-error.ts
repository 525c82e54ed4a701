/**
 * Where JSON text stops being JSON, and why. V8 on Node 20 no longer says "at position N" in its
 * JSON.parse errors (it quotes a snippet), so `parseJsonSource` (`json.ts`) would place every
 * syntax error at the end of the file. On failure, one iterative pass over the text (RFC 8259's
 * grammar, what JSON.parse accepts) finds the first offending character, and the error is placed
 * there.
 */
import { BookgenError, isBookgenError } from '../../model/errors.js'
import { LineIndex } from './line-index.js'
import { parseJsonSource } from './json.js'

/** Parse `text` as JSON; a syntax error becomes `BookgenError` `<rule>` at the offending character. */
export function parseJson(text: string, file: string, rule: string): unknown {
  try {
    return parseJsonSource(text, file, rule)
  } catch (error) {
    if (!isBookgenError(error) || error.ruleId !== rule) throw error
    const found = findJsonError(text)
    if (found === undefined) throw error
    const { line, column } = new LineIndex(text).locate(found.offset)
    throw new BookgenError(`Not valid JSON: ${found.reason}`, {
      ruleId: rule,
      file,
      line,
      column,
      cause: error,
    })
  }
}

export interface JsonError {
  readonly offset: number
  readonly reason: string
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const LITERAL = /true|false|null/y
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y

/** What the scanner expects next. */
type Expect = 'value' | 'key-or-end' | 'key' | 'colon' | 'comma-or-end'

/** The first place `text` is not JSON, or undefined when it is JSON. */
export function findJsonError(text: string): JsonError | undefined {
  const open: string[] = [] // '{' or '[' of each open container
  let expect: Expect = 'value'
  let i = 0
  let done = false
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
    if (i >= text.length)
      return done ? undefined : { offset: i, reason: 'the text ends before its JSON does' }
    const char = text[i]!
    if (done) return { offset: i, reason: `unexpected ${shown(char)} after the end of the JSON value` }
    const closer = open[open.length - 1] === '{' ? '}' : ']'
    switch (expect) {
      case 'colon':
        if (char !== ':') return { offset: i, reason: `expected ":" after a key, found ${shown(char)}` }
        i++
        expect = 'value'
        continue
      case 'comma-or-end':
        if (char === ',') {
          i++
          expect = closer === '}' ? 'key' : 'value'
          continue
        }
        if (char !== closer) return { offset: i, reason: `expected "," or "${closer}", found ${shown(char)}` }
        break
      case 'key-or-end':
      case 'key':
        if (char === '}' && expect === 'key-or-end') break
        if (char !== '"') return { offset: i, reason: `expected a key in quotes, found ${shown(char)}` }
        break
      case 'value':
        if (char === ']' && open[open.length - 1] === '[' && text[lastNonSpace(text, i)] === '[') break
        if (char === '}' || char === ']')
          return { offset: i, reason: `expected a value, found ${shown(char)}` }
    }
    if (char === '}' || char === ']') {
      open.pop()
      i++
      expect = 'comma-or-end'
      done = open.length === 0
      continue
    }
    const step = valueOrKey(text, i, expect, open)
    if ('reason' in step) return step
    i = step.next
    expect = step.expect
    done = open.length === 0 && step.expect === 'comma-or-end'
  }
}

/** One token where a value (or a key) may start. */
function valueOrKey(
  text: string,
  i: number,
  expect: Expect,
  open: string[],
): { next: number; expect: Expect } | JsonError {
  const char = text[i]!
  const isKey = expect === 'key' || expect === 'key-or-end'
  if (char === '"') {
    STRING_BODY.lastIndex = i + 1
    STRING_BODY.exec(text)
    const end = STRING_BODY.lastIndex
    if (text[end] !== '"') {
      if (end >= text.length) return { offset: end, reason: 'the text ends inside a string' }
      return { offset: end, reason: `${shown(text[end]!)} is not allowed here in a string` }
    }
    return { next: end + 1, expect: isKey ? 'colon' : 'comma-or-end' }
  }
  if (char === '{' || char === '[') {
    open.push(char)
    return { next: i + 1, expect: char === '{' ? 'key-or-end' : 'value' }
  }
  for (const pattern of [NUMBER, LITERAL]) {
    pattern.lastIndex = i
    if (pattern.exec(text) !== null && pattern.lastIndex > i)
      return { next: pattern.lastIndex, expect: 'comma-or-end' }
  }
  return { offset: i, reason: `expected a value, found ${shown(char)}` }
}

function lastNonSpace(text: string, before: number): number {
  let j = before - 1
  while (j >= 0 && ' \t\n\r'.includes(text[j]!)) j--
  return j
}

function shown(char: string): string {
  const code = char.charCodeAt(0)
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `"${char}"`
}
