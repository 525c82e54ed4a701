/**
 * The one printer of messages (see `model/message.ts`) for every command: `build`, `inspect`,
 * `convert` and `dev` print warnings and errors the same way, control characters escaped.
 */
import { isBookgenError, type BookgenError } from '../model/errors.js'
import { formatMessage, NO_SITE_RULE, type Message } from '../model/message.js'
import { createColors, formatCount, plural, type Colors } from './output.js'

/** Warnings shown in full before the rest are counted by rule. */
export const WARNINGS_SHOWN = 5

/** Warnings as `file:line:col: message [rule]`, the first few, then a count by rule. */
export function formatWarnings(
  warnings: readonly Message[],
  limit = WARNINGS_SHOWN,
  c: Colors = createColors(false),
): string {
  const lines = [`${c.yellow(plural(warnings.length, 'warning'))}:`]
  for (const warning of warnings.slice(0, limit)) lines.push(`  ${safe(formatMessage(warning))}`)
  if (warnings.length > limit) {
    const byRule = new Map<string, number>()
    for (const warning of warnings) byRule.set(warning.rule, (byRule.get(warning.rule) ?? 0) + 1)
    lines.push(
      `  … ${formatCount(warnings.length - limit)} more (${[...byRule].map(([rule, count]) => `${formatCount(count)}× ${rule}`).join(', ')}); ` +
        '`bookgen inspect FILE --json` lists them all',
    )
  }
  return `${lines.join('\n')}\n`
}

/**
 * The warnings a command prints as text. That no site address is set matters where the site is
 * published, which is CI (the workflows `bookgen init` writes pass `--site`); a build to look at
 * locally (or `dev`) cannot act on it, so it is left out there (`--json` and the API still list it).
 */
export function warningsToPrint(warnings: readonly Message[], ci: boolean): readonly Message[] {
  return ci ? warnings : warnings.filter((warning) => warning.rule !== NO_SITE_RULE)
}

/** An error's lines: `prefix` and the error, then each error it gathers (several sources that failed), indented. */
export function formatError(error: BookgenError, prefix = 'error: '): string[] {
  const nested = error.cause instanceof AggregateError ? error.cause.errors.filter(isBookgenError) : []
  return [`${prefix}${safe(error.format())}`, ...nested.map((inner) => `  ${safe(inner.format())}`)]
}

/** Text from files, safe for a terminal: control characters shown escaped. */
export function safe(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  )
}
