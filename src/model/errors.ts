/**
 * One error class for everything a user can fix: a source that cannot be used, a bad config, an
 * unsafe output directory. It is a `Message` (fatal), thrown. Anything else that is thrown is a
 * bug in bookgen.
 */
import { formatMessage, type Message } from './message.js'

/** Where and under which rule an error is, for `new BookgenError`. */
export interface ErrorAt {
  /** `area/problem`, e.g. `xbel/not-well-formed`. */
  readonly rule: string
  readonly file?: string | undefined
  readonly line?: number | undefined
  readonly column?: number | undefined
  readonly cause?: unknown
}

export class BookgenError extends Error implements Message {
  readonly rule: string
  /** `''`, 0 and 0 when the error has no file, line or column. */
  readonly file: string
  readonly line: number
  readonly column: number
  readonly fatal = true

  constructor(reason: string, at: ErrorAt) {
    super(reason, at.cause === undefined ? undefined : { cause: at.cause })
    this.name = 'BookgenError'
    this.rule = at.rule
    this.file = at.file ?? ''
    this.line = at.line ?? 0
    this.column = at.column ?? 0
  }

  /**
   * `file:line:col: reason [rule]`, the form editors and terminals turn into links.
   *
   * @example new BookgenError('Expected <xbel>', {rule: 'xbel/root', file: 'a.xbel', line: 2, column: 1}).format()
   * // → 'a.xbel:2:1: Expected <xbel> [xbel/root]'
   */
  format(): string {
    return formatMessage(this)
  }
}

/** Whether `error` is a `BookgenError` (across module copies too). */
export function isBookgenError(error: unknown): error is BookgenError {
  return error instanceof BookgenError || (error instanceof Error && error.name === 'BookgenError')
}
