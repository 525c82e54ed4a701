// search-terms.js: what makes a search term, shared by the build (which indexes) and the browser
// (which queries), so the two can never disagree. Plain ES module, no dependencies.

/** Version of the index layout; the browser refuses an index of another version. */
export const INDEX_VERSION = 1

/** Indexed fields, in the order documents carry them. */
export const FIELDS = ['title', 'tags', 'folder', 'description', 'host', 'path']

/** Default search options: a title or tag match outranks a URL match; prefix and typo tolerant. */
export const SEARCH_OPTIONS = {
  boost: { title: 3, tags: 2.5, folder: 1.2, description: 1, host: 1, path: 0.6 },
  prefix: true,
  fuzzy: 0.2,
  combineWith: 'AND',
}

/**
 * English words too common to help a search; dropped from the index and from queries alike.
 * Tags are never stop words' victims: a tag is matched as a whole field.
 */
export const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
])

/**
 * Case- and accent-insensitive terms: `Café` and `CAFE` both become `cafe`, `numérique` becomes
 * `numerique`. Returns null for empty terms and stop words (MiniSearch then drops them).
 * @param {string} term
 * @param {string} [fieldName]
 * @returns {string | null}
 */
export function processTerm(term, fieldName) {
  // ASCII needs no Unicode normalization: the common case stays cheap.
  const folded = /^[\x00-\x7f]*$/.test(term)
    ? term.toLowerCase()
    : term
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
  if (folded === '') return null
  return fieldName !== 'tags' && STOP_WORDS.has(folded) ? null : folded
}

/**
 * URL → host and path words: `https://developer.mozilla.org/en-US/docs/Web` gives
 * host `developer.mozilla.org` and path `en-US docs Web`.
 * @param {string} href
 * @returns {{host: string, path: string}}
 */
export function splitUrl(href) {
  try {
    const url = new URL(href)
    const host = url.hostname.replace(/^www\./, '')
    const path = decodeURIComponentSafe(url.pathname + ' ' + url.search.slice(1))
    return { host, path: path.replace(/[/?&=_.+-]+/g, ' ').trim() }
  } catch {
    return { host: '', path: href }
  }
}

/** @param {string} text */
function decodeURIComponentSafe(text) {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
