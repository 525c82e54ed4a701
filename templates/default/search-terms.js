// search-terms.js: what makes a search term, shared by the build (which indexes) and the browser
// (which queries), so the two can never disagree. Plain ES module, no dependencies.

/** Version of the index layout; the browser refuses an index of another version. */
export const INDEX_VERSION = 5

/** Indexed fields, in the order documents carry them. */
export const FIELDS = ['title', 'tags', 'folder', 'description', 'host', 'path']

/**
 * Fields whose length takes part in ranking (a word in a short title weighs more than in a long
 * one). The others are short labels; their lengths are not shipped to the browser.
 */
export const LENGTH_FIELDS = ['title', 'description', 'path']

/** Longest field length the index records; longer fields count as this long. */
export const MAX_FIELD_LENGTH = 63

/**
 * Search options: a title or tag match outranks a URL match; every word must match. Prefix search
 * (for the word being typed) and typo tolerance are decided per query by `search-engine.js`.
 */
export const SEARCH_OPTIONS = {
  boost: { title: 3, tags: 2.5, folder: 1.2, description: 1, host: 1, path: 0.6 },
  combineWith: 'AND',
}

/** MiniSearch's defaults: the BM25+ parameters. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 }

/**
 * A term's score in a document, its BM25+ score summed over the fields it is in (field boosts
 * included), is worked out by the build, where every field length is known, and shipped as a
 * level: `2 ** ((level - SCORE_LEVEL_ONE) / SCORE_LEVEL_STEPS)`, a step of 0.27%, so the browser
 * ranks without the documents' field lengths. Levels run from 0 to `MAX_SCORE_LEVEL`, three
 * digits of a term's postings (see `POSTING_DIGITS`).
 */
export const SCORE_LEVEL_STEPS = 256
export const SCORE_LEVEL_ONE = 4096
export const MAX_SCORE_LEVEL = 8191

/**
 * The level of a score (see `SCORE_LEVEL_STEPS`).
 * @param {number} score
 */
export function scoreLevel(score) {
  const level = Math.round(Math.log2(score) * SCORE_LEVEL_STEPS) + SCORE_LEVEL_ONE
  return level < 0 ? 0 : level > MAX_SCORE_LEVEL ? MAX_SCORE_LEVEL : level
}

/**
 * The score a level stands for.
 * @param {number} level
 */
export function levelScore(level) {
  return 2 ** ((level - SCORE_LEVEL_ONE) / SCORE_LEVEL_STEPS)
}

/**
 * A term's BM25+ score in one field of a document, as MiniSearch computes it.
 * @param {number} frequency occurrences of the term in the field
 * @param {number} matching documents with the term in that field
 * @param {number} count documents in the index
 * @param {number} length the field's length in the document
 * @param {number} average the field's average length
 */
export function fieldScore(frequency, matching, count, length, average) {
  const { k, b, d } = BM25
  const idf = Math.log(1 + (count - matching + 0.5) / (matching + 0.5))
  return idf * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)))
}

/**
 * What a result chunk (`d<N>.json`) holds of each document, as one array in this order: its title,
 * its link (`''` when it may not be one), its folder (an index into the chunk's folders) and its
 * tags (indexes into the chunk's tags; left out when there are none and nothing follows), and its
 * favicon's file name in `assets/icons/` (left out when it has none). The build writes these
 * records (`resultRecord`) and the browser reads them (`readResult`); this list is their one
 * definition.
 */
export const RESULT_FIELDS = ['title', 'href', 'folder', 'tags', 'icon']

/**
 * A result as a chunk stores it: an `https:` link without its scheme (`//host/…`, which no link
 * bookgen makes starts with), and without its tags when it has none (most bookmarks: a few bytes
 * each, in every chunk).
 * @param {{title: string, href: string, folder: number, tags: number[], icon?: string | undefined}} result
 * @returns {Array<string | number | number[]>}
 */
export function resultRecord(result) {
  const record = RESULT_FIELDS.map((field) => result[/** @type {keyof typeof result} */ (field)])
  if (result.href.startsWith('https://')) record[1] = result.href.slice(6)
  if (result.icon === undefined) record.pop()
  if (record.length === 4 && result.tags.length === 0) record.pop()
  return /** @type {Array<string | number | number[]>} */ (record)
}

/**
 * A chunk's record as a result.
 * @param {ReadonlyArray<unknown>} record
 * @returns {{title: string, href: string, folder: number, tags: number[], icon?: string}}
 */
export function readResult(record) {
  /** @type {Record<string, unknown>} */
  const result = {}
  RESULT_FIELDS.forEach((field, index) => (result[field] = record[index]))
  result.tags ??= []
  const href = /** @type {string} */ (result.href)
  if (href.startsWith('//')) result.href = `https:${href}`
  return /** @type {{title: string, href: string, folder: number, tags: number[], icon?: string}} */ (result)
}

/**
 * Folder `index` of a result chunk (its `folders`), as results show it: its path ("Development ›
 * Web", `''` for the top level) and its page's URL. An entry is `[path, url]`, or, for a folder
 * below another folder of the chunk, `[name, rest, parent]`: the parent's path, ` › ` and the name
 * (the name alone below the top level), and the parent's URL followed by `rest`. A chunk holds
 * the documents of a few neighbouring folders, which share their ancestors: each ancestor's name
 * and URL is written once, not in the path and URL of every folder below it.
 * @param {ReadonlyArray<ReadonlyArray<string | number>>} folders
 * @param {number} index
 * @returns {{path: string, url: string} | undefined}
 */
export function chunkFolder(folders, index) {
  const entry = folders[index]
  if (entry === undefined) return undefined
  const [name, rest, parent] = /** @type {[string, string, number | undefined]} */ (entry)
  if (parent === undefined) return { path: name, url: rest }
  const above = chunkFolder(folders, parent)
  if (above === undefined) return { path: name, url: rest }
  return { path: above.path === '' ? name : `${above.path} › ${name}`, url: `${above.url}${rest}` }
}

/**
 * Tag `entry` of a result chunk (its `tags`) with its page's URL: a tag whose page is `<tagDir><tag>/`
 * is its name alone, any other `[name, rest]`, its URL `<tagDir><rest>` (`tagDir`, the folder of
 * the tag pages, is in `index.json`).
 * @param {string | ReadonlyArray<string>} entry
 * @param {string} tagDir
 * @returns {{tag: string, url: string}}
 */
export function chunkTag(entry, tagDir) {
  return typeof entry === 'string'
    ? { tag: entry, url: `${tagDir}${entry}/` }
    : { tag: String(entry[0]), url: `${tagDir}${entry[1]}` }
}

/**
 * The digits of a term's postings in a shard (`t<N>.json`): its numbers (see `search-engine.js`)
 * as one string, each number zigzagged (n ≥ 0 → 2n, n < 0 → -2n - 1) and written in base 32, most
 * significant digit first, the last digit from the first half of these characters and the others
 * from the second half, so no separator is needed: a gap of 40,000 documents is 4 characters
 * where JSON took 6, a gap of 12 one where it took 3.
 */
export const POSTING_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

const POSTING_DIGIT_VALUES = new Int8Array(128).fill(-1)
for (let digit = 0; digit < POSTING_DIGITS.length; digit++)
  POSTING_DIGIT_VALUES[POSTING_DIGITS.charCodeAt(digit)] = digit

/**
 * A term's postings from their digits (see `POSTING_DIGITS`).
 * @param {string} text
 * @returns {number[]}
 */
export function decodePostings(text) {
  /** @type {number[]} */
  const numbers = []
  let value = 0
  for (let index = 0; index < text.length; index++) {
    const digit = POSTING_DIGIT_VALUES[text.charCodeAt(index) & 127]
    if (digit >= 32) value = value * 32 + digit - 32
    else {
      value = value * 32 + digit
      numbers.push(value % 2 === 0 ? value / 2 : -(value + 1) / 2)
      value = 0
    }
  }
  return numbers
}

const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u

/**
 * Split text into words, as MiniSearch does by default (spaces and punctuation separate words).
 * @param {string} text
 * @returns {string[]}
 */
export function tokenize(text) {
  return text.split(SPACE_OR_PUNCTUATION)
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
