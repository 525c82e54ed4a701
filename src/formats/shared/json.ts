/**
 * JSON sources: parse once, and turn the engine's "at position N" into `file:line:column`, so a
 * broken export is reported like a broken XBEL file. The engine's parser is iterative (any depth
 * parses); readers that walk the value must not recurse either.
 */
import { BookgenError, isBookgenError } from '../../model/errors.js'
import { findJsonError } from './json-scan.js'
import { LineIndex } from './line-index.js'

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
