/** Titles as the model keeps them, for the readers of the formats under `src/formats/`. */

/** Runs of white space as one space, trimmed (as the XBEL reader collapses `<title>`). */
export function collapseTitle(text: string): string {
  return /[\t\n\r]| {2}/.test(text) ? text.replace(/[ \t\n\r]+/g, ' ').trim() : text.trim()
}
