/**
 * One error class for everything a user can fix: a source that cannot be used, a bad config, an
 * unsafe output directory. It carries a place and a rule id, like unified's `VFileMessage`.
 * Anything else that is thrown is a bug in bookgen.
 */
import { errorMessage, formatMessage } from './message.js'

export interface ErrorAt {
  /** `area/problem`, e.g. `xbel/not-well-formed`. */
  readonly ruleId: string
  readonly file?: string | undefined
  readonly line?: number | undefined
  readonly column?: number | undefined
  readonly cause?: unknown
}

export class BookgenError extends Error {
  readonly ruleId: string
  readonly file: string | undefined
  readonly line: number | undefined
  readonly column: number | undefined

  constructor(reason: string, at: ErrorAt) {
    super(reason, at.cause === undefined ? undefined : { cause: at.cause })
    this.name = 'BookgenError'
    this.ruleId = at.ruleId
    this.file = at.file
    this.line = at.line
    this.column = at.column
  }

  /**
   * `file:line:col: reason [rule]`, the form editors and terminals turn into links.
   *
   * @example new BookgenError('Expected <xbel>', {ruleId: 'xbel/root', file: 'a.xbel', line: 2, column: 1}).format()
   * // → 'a.xbel:2:1: Expected <xbel> [xbel/root]'
   */
  format(): string {
    return formatMessage(errorMessage(this))
  }
}

/** Whether `error` is a `BookgenError` (across module copies too). */
export function isBookgenError(error: unknown): error is BookgenError {
  return error instanceof BookgenError || (error instanceof Error && error.name === 'BookgenError')
}
