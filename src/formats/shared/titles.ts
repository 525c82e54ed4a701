/**
 * Titles as the model keeps them, for the readers of the formats under `src/formats/`: as the
 * source's own text rules make them, never tidied further (collapsing white space for display is
 * the browser's job, and any page shows a title's runs of spaces as one). Pure.
 */

/** Runs of HTML's white space (ASCII only: a no-break space is content, not layout). */
const HTML_SPACE_RUN = /[ \t\n\r\f]{2}|[\t\n\r\f]/
const HTML_SPACES = /[ \t\n\r\f]+/g

/**
 * A title from HTML text (Netscape bookmark HTML, Pocket's HTML export), where white space is the
 * exporter's layout (a long title wrapped over lines): runs of it as one space, trimmed.
 */
export function collapseTitle(text: string): string {
  if (HTML_SPACE_RUN.test(text)) return text.replace(HTML_SPACES, ' ').replace(/^ | $/g, '')
  // No run: at most one space at either end.
  const start = text.charCodeAt(0) === 0x20 ? 1 : 0
  const end = text.length > start && text.charCodeAt(text.length - 1) === 0x20 ? text.length - 1 : text.length
  return start === 0 && end === text.length ? text : text.slice(start, end)
}

/**
 * A title from a format whose text is data (XML character data, a JSON string, a CSV cell): kept
 * as written, runs of spaces and line breaks inside included, with only the white space at either
 * end trimmed, as Floccus's XBEL reader trims it.
 *
 * @example dataTitle(' Spice and  Wolf\n') // → 'Spice and  Wolf'
 */
export function dataTitle(text: string): string {
  return text.trim()
}
