// search-query.js: the search box's query language, parsed in one place for the browser (the
// search page and its engine) and the tests. Plain ES module; the words go through the same term
// processing as the index (search-terms.js).
//
//   word          must match (the last word typed also matches as the start of a longer one)
//   "two words"   must match, the words next to each other in this order
//   #tag          must have the tag (#"two words" for a tag with spaces); case and accents ignored
//   site:host     links to the host or one of its subdomains (site:github.com finds gist.github.com)
//   folder:name   in a folder of that name or below it (folder:"two words")
//   after:DATE    added on or after the start of DATE: YYYY, YYYY-MM or YYYY-MM-DD
//   before:DATE   added before the start of DATE (after:2020 before:2021 is the year 2020)
//   is:toread     a flag the site publishes (see FLAGS)
//   a OR b        either (binds the terms on its two sides)
//   -term         must not match: -word, -#tag, -site:host, -folder:name, -"two words"
// Anything else that looks like an operator (`foo:bar`) is searched as words, and a notice says so.
import { processTerm, tokenize } from './search-terms.js'

/**
 * Flags that `is:` can ask for. A site publishes those its index lists in `flags` (`index.json`);
 * `dead` is published once `bookgen check` has found a dead link (the build reads its store).
 */
export const FLAGS = ['toread', 'dead']

/** Operators, by the name before the colon. */
export const OPERATORS = ['site', 'folder', 'after', 'before', 'is']

/**
 * @typedef {{ kind: 'word', term: string }
 *   | { kind: 'phrase', terms: string[], text: string }
 *   | { kind: 'tag', value: string, text: string }
 *   | { kind: 'site', value: string }
 *   | { kind: 'folder', value: string, text: string }
 *   | { kind: 'is', value: string }} QueryTerm
 * @typedef {{
 *   clauses: QueryTerm[][],
 *   exclude: QueryTerm[],
 *   after: number | undefined,
 *   before: number | undefined,
 *   prefix: boolean,
 *   notices: Notice[],
 * }} ParsedQuery
 *   `clauses`: every clause must match, a clause when one of its terms does (OR); `exclude`: no
 *   result matches any of these; `after`/`before`: day numbers (days since 1970-01-01, UTC),
 *   `after` inclusive, `before` exclusive; `prefix`: the last clause's word may be the start of a
 *   longer one (it is the last thing typed); `notices`: what the reader should know about the query.
 * @typedef {{ key: string, values: Record<string, string> }} Notice
 *   A notice as the key of its message in the search page's words (`notice.*`) and the values to fill in.
 */

/** `-`, then `name:` or `#`, then a quoted or bare value; or a quoted phrase; or a bare word. */
const TOKEN = /(-?)(?:([A-Za-z]+):|(#))?(?:"([^"]*)"?|(\S+))/y
const SPACE = /\s*/y

/**
 * Parse what was typed into the search box.
 * @param {string} text
 * @returns {ParsedQuery}
 */
export function parseQuery(text) {
  /** @type {ParsedQuery} */
  const query = { clauses: [], exclude: [], after: undefined, before: undefined, prefix: false, notices: [] }
  /** Whether the next term joins the last clause (an `OR` came between them). */
  let join = false
  /** @param {QueryTerm} term */
  const include = (term) => {
    const last = query.clauses[query.clauses.length - 1]
    if (join && last !== undefined) last.push(term)
    else query.clauses.push([term])
    join = false
  }
  let position = 0
  for (;;) {
    SPACE.lastIndex = position
    SPACE.exec(text)
    position = SPACE.lastIndex
    if (position >= text.length) break
    TOKEN.lastIndex = position
    const match = TOKEN.exec(text)
    if (match === null) break
    position = TOKEN.lastIndex
    const [whole, minus, name, hash, quoted, bare] = match
    const negated = minus === '-' && whole.length > 1
    const value = quoted ?? bare ?? ''
    query.prefix = false
    if (!negated && name === undefined && hash === undefined && quoted === undefined && value === 'OR') {
      join = query.clauses.length > 0
      continue
    }
    /** @type {QueryTerm[]} */
    let terms = []
    if (hash !== undefined) {
      const tag = foldLabel(value)
      if (tag !== '') terms = [{ kind: 'tag', value: tag, text: value }]
    } else if (name !== undefined && OPERATORS.includes(name.toLowerCase())) {
      terms = operatorTerms(name.toLowerCase(), value, negated, query)
    } else if (name === undefined && quoted !== undefined) {
      const words = queryWords(value)
      if (words.length === 1) terms = [{ kind: 'word', term: words[0] }]
      else if (words.length > 1) terms = [{ kind: 'phrase', terms: words, text: value }]
    } else {
      if (name !== undefined) query.notices.push({ key: 'notice.operator', values: { name } })
      const words = queryWords(`${name === undefined ? '' : `${name} `}${value}`)
      terms = words.map((term) => ({ kind: 'word', term }))
      // A bare word being typed may be the start of a longer one.
      query.prefix = !negated && name === undefined && quoted === undefined && terms.length > 0
    }
    if (negated) query.exclude.push(...terms)
    else if (terms.length > 0) {
      include(terms[0])
      for (const term of terms.slice(1)) query.clauses.push([term])
    }
  }
  // The last thing typed is a word only if the text does not end with a space.
  if (/\s$/.test(text)) query.prefix = false
  return query
}

/**
 * The terms of `name:value`; dates go to `query.after`/`before`, odd values to its notices.
 * @param {string} name
 * @param {string} value
 * @param {boolean} negated
 * @param {ParsedQuery} query
 * @returns {QueryTerm[]}
 */
function operatorTerms(name, value, negated, query) {
  if (name === 'site') {
    const host = value
      .toLowerCase()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .replace(/[/?#].*$/, '')
      .replace(/^www\./, '')
      .replace(/\.$/, '')
    return host === '' ? [] : [{ kind: 'site', value: hostName(host) }]
  }
  if (name === 'folder') {
    const folder = foldLabel(value)
    return folder === '' ? [] : [{ kind: 'folder', value: folder, text: value }]
  }
  if (name === 'is') {
    const flag = value.toLowerCase()
    if (!FLAGS.includes(flag)) {
      const flags = FLAGS.map((f) => `is:${f}`).join(', ')
      query.notices.push({ key: 'notice.flag', values: { value, flags } })
      return []
    }
    return [{ kind: 'is', value: flag }]
  }
  // after: and before:
  const range = dateRange(value)
  if (range === undefined) {
    query.notices.push({ key: 'notice.date', values: { name, value } })
  } else if (negated) {
    query.notices.push({ key: 'notice.negated', values: { name } })
  } else if (name === 'after') {
    query.after = Math.max(query.after ?? -Infinity, range[0])
  } else {
    query.before = Math.min(query.before ?? Infinity, range[0])
  }
  return []
}

/**
 * A host as the index writes it: without its port, international names in punycode (the URL
 * parser's), `www.` left out.
 * @param {string} host
 */
function hostName(host) {
  try {
    return new URL(`http://${host}/`).hostname.replace(/^www\./, '') || host
  } catch {
    return host
  }
}

/**
 * The days a date of the query covers, `[first, end)` as day numbers; undefined if it is none.
 * @param {string} text YYYY, YYYY-MM or YYYY-MM-DD
 * @returns {[number, number] | undefined}
 */
export function dateRange(text) {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text)
  if (match === null) return undefined
  const year = Number(match[1])
  const month = match[2] === undefined ? undefined : Number(match[2])
  const day = match[3] === undefined ? undefined : Number(match[3])
  if (month !== undefined && (month < 1 || month > 12)) return undefined
  if (day !== undefined && (day < 1 || day > 31)) return undefined
  const first = dayNumber(year, (month ?? 1) - 1, day ?? 1)
  const end =
    day !== undefined
      ? first + 1
      : month !== undefined
        ? dayNumber(year, month, 1)
        : dayNumber(year + 1, 0, 1)
  // 2021-02-30 and the like roll over into the next month: not a date.
  if (day !== undefined && new Date(first * 86_400_000).getUTCDate() !== day) return undefined
  return [first, end]
}

/**
 * Days since 1970-01-01 of a date (UTC).
 * @param {number} year
 * @param {number} month 0-based
 * @param {number} day
 */
function dayNumber(year, month, day) {
  return Math.floor(Date.UTC(year, month, day) / 86_400_000)
}

/**
 * The indexed words of text typed as words (stop words dropped).
 * @param {string} text
 * @returns {string[]}
 */
export function queryWords(text) {
  /** @type {string[]} */
  const words = []
  for (const token of tokenize(text)) {
    const term = processTerm(token)
    if (term) words.push(term)
  }
  return words
}

/**
 * A tag or folder name as the query compares it: case, accents, spacing and double quotes (which
 * a query cannot hold inside quotes) ignored.
 * @param {string} text
 */
export function foldLabel(text) {
  return (processTerm(text.replace(/"/g, '').trim().replace(/\s+/g, ' '), 'tags') ?? '').trim()
}

/**
 * The operator that narrows to a value, for a link that adds it to the query: `#tag`, `site:host`,
 * `folder:name`, with quotes when the value has spaces or quotes cannot be avoided.
 * @param {'tag' | 'site' | 'folder' | 'year'} kind
 * @param {string} value
 */
export function operatorFor(kind, value) {
  if (kind === 'year') return `after:${value} before:${Number(value) + 1}`
  const text = /[\s"]/.test(value) || value === '' ? `"${value.replace(/"/g, '')}"` : value
  return kind === 'tag' ? `#${text}` : `${kind}:${text}`
}

/**
 * `query` with `operator` added (once).
 * @param {string} query
 * @param {string} operator
 */
export function addOperator(query, operator) {
  const trimmed = query.trim()
  if (` ${trimmed} `.includes(` ${operator} `)) return trimmed
  return trimmed === '' ? operator : `${trimmed} ${operator}`
}
