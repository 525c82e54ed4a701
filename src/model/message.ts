/**
 * One shape for everything bookgen tells a user about their files, warning or error, as unified's
 * `VFileMessage` has it: the rule (`area/problem`), what is wrong, where, and whether it stopped
 * the work (`fatal`). Readers record warnings as messages on the collection; errors are
 * `BookgenError`s (`errors.ts`), messages that are thrown. One printer (`report/messages.ts`) prints
 * both for `build`, `inspect`, `convert` and `dev`.
 */

export interface Message {
  /** `area/problem`, e.g. `xbel/not-well-formed`. */
  readonly rule: string
  /** What is wrong, and what bookgen did about it. */
  readonly message: string
  /** The file as the user named it; `''` for a message about no file (the config as a whole). */
  readonly file: string
  /** 1-based; 0 for a message about a whole file. */
  readonly line: number
  /** 1-based; 0 when only the line is known. */
  readonly column: number
  /** An error that stopped the work, rather than a warning. */
  readonly fatal?: boolean
}

/**
 * `file:line:col: message [rule]`, the form editors and terminals turn into links; `file: ` for a
 * message about a whole file, nothing for one about no file.
 *
 * @example formatMessage({message: 'Expected <xbel>', rule: 'xbel/root', file: 'a.xbel', line: 2, column: 1})
 * // → 'a.xbel:2:1: Expected <xbel> [xbel/root]'
 */
export function formatMessage(message: Message): string {
  const { file, line, column } = message
  let where = ''
  if (file !== '') where = line > 0 ? `${file}:${line}${column > 0 ? `:${column}` : ''}: ` : `${file}: `
  return `${where}${message.message} [${message.rule}]`
}

/** A value from a source short enough to quote in a message (80 characters at most). */
export function shortenValue(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}…` : value
}
/** The rule of the note that no site address is set (printed only in CI: see `report/messages.ts`). */
export const NO_SITE_RULE = 'config/no-site'
