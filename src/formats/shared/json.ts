/**
 * JSON sources: parse once, and turn the engine's "at position N" into `file:line:column`, so a
 * broken export is reported like a broken XBEL file. The engine's parser is iterative (any depth
 * parses); readers that walk the value must not recurse either.
 */
import { BookgenError } from '../../model/errors.js'
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
    throw new BookgenError(`Not valid JSON: ${reason}`, { ruleId: rule, file, line, column, cause: error })
  }
}

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
