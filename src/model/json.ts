/**
 * JSON for the site's static files (the search index, the history's cache): `<`, U+2028 and U+2029
 * escaped, so the same text is also safe if it is ever inlined into a page.
 */
/** What `serializeJson` escapes. */
const UNSAFE_IN_HTML = /[<\u2028\u2029]/

/**
 * JSON for a static file. `<`, U+2028 and U+2029 are escaped anyway, so the same text is also safe
 * if it is ever inlined into a page.
 */
export function serializeJson(value: unknown): string {
  return escapeJson(JSON.stringify(value))
}

/** JSON text with `<`, U+2028 and U+2029 escaped (see {@link serializeJson}). */
export function escapeJson(json: string): string {
  // Most files have none of them: one scan to find out beats three replacing ones.
  return UNSAFE_IN_HTML.test(json)
    ? json
        .replace(/</g, '\\u003c')
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029')
    : json
}
