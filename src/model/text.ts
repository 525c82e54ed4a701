/**
 * Text from a source on its way into an output file (a page, the search index, the history's
 * cache): control characters (C0 except tab and line breaks, DEL, C1) never reach one; they are
 * invisible at best and terminal or parser tricks at worst.
 */
const HAS_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g

/** `text` without control characters. */
export function cleanText(text: string): string {
  return HAS_CONTROL.test(text) ? text.replace(CONTROLS, '') : text
}
