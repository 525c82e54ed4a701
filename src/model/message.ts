/**
 * One shape for everything bookgen tells a user about their files, warning or error, as unified's
 * `VFileMessage` has it: what is wrong (`reason`), the rule (`area/problem`), where, and whether it
 * stopped the work (`fatal`). Readers record warnings as `Warning` (with `rule` and `message`, the
 * keys `inspect --json` has always shown); errors are `BookgenError`s; both become a `Message` to
 * be printed, by one printer (`report/messages.ts`) for `build`, `inspect`, `convert` and `dev`.
 */
import type { Warning } from './tree.js'

export interface Message {
  readonly reason: string
  readonly ruleId: string
  /** The file as the user named it; undefined (or '') for a message about no file. */
  readonly file?: string | undefined
  /** 1-based; 0 or undefined for a message about a whole file. */
  readonly line?: number | undefined
  readonly column?: number | undefined
  /** An error that stopped the work, rather than a warning. */
  readonly fatal: boolean
}

/** A reader's or the model step's warning as a message. */
export function warningMessage(warning: Warning): Message {
  const { file, line, column, rule, message } = warning
  return { reason: message, ruleId: rule, file, line, column, fatal: false }
}

/** An error (a `BookgenError`) as a message. */
export function errorMessage(error: {
  readonly message: string
  readonly ruleId: string
  readonly file?: string | undefined
  readonly line?: number | undefined
  readonly column?: number | undefined
}): Message {
  const { file, line, column, ruleId, message } = error
  return { reason: message, ruleId, file, line, column, fatal: true }
}

/**
 * `file:line:col: reason [rule]`, the form editors and terminals turn into links; `file: ` for a
 * message about a whole file, nothing for one about no file.
 *
 * @example formatMessage({reason: 'Expected <xbel>', ruleId: 'xbel/root', file: 'a.xbel', line: 2, column: 1, fatal: true})
 * // → 'a.xbel:2:1: Expected <xbel> [xbel/root]'
 */
export function formatMessage(message: Message): string {
  const { file, line, column } = message
  let where = ''
  if (file !== undefined && file !== '') {
    where =
      line !== undefined && line > 0
        ? `${file}:${line}${column === undefined ? '' : `:${column}`}: `
        : `${file}: `
  }
  return `${where}${message.reason} [${message.ruleId}]`
}

/** A value from a source short enough to quote in a message (80 characters at most). */
export function shortenValue(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}…` : value
}
