/**
 * The link store's format (`bookmarks.links.json`): what a link check found for each URL, and its
 * text form. Pure. The text is meant to be committed beside the sources, so it is written the same
 * way every time: URLs sorted by code unit, a fixed field order, 2-space indent, a final newline.
 *
 * @example
 * {
 *   "version": 1,
 *   "links": {
 *     "https://example.com/gone": {
 *       "state": "dead",
 *       "status": 404,
 *       "checkedAt": "2026-05-04T06:00:00.000Z",
 *       "failures": 2
 *     }
 *   }
 * }
 */
import { BookgenError } from '../model/errors.js'
import { withoutUserinfo } from '../model/safe-url.js'
import { isJsonObject, parseJsonSource } from '../formats/shared/json.js'
import { LineIndex } from '../formats/shared/line-index.js'

/** The store format this bookgen reads and writes. */
export const LINK_STORE_VERSION = 1

/**
 * What the last check of a URL concluded:
 * - `alive`: it answered 2xx (directly, or after temporary redirects);
 * - `redirected`: it permanently redirects (301/308) to another URL that answers 2xx;
 * - `dead`: it answered 404 or 410, or its host name does not exist;
 * - `unknown`: anything else (401/403/429/5xx, timeouts, TLS and connection errors, redirect
 *   loops…): nothing certain either way.
 */
export type LinkState = 'alive' | 'redirected' | 'unknown' | 'dead'

export const LINK_STATES: readonly LinkState[] = ['alive', 'redirected', 'unknown', 'dead']

/** Why a check got no usable HTTP answer (or why a redirect could not be followed). */
export type LinkProblem =
  /** The host name does not exist (NXDOMAIN), on a resolver that does resolve other names. */
  | 'host-not-found'
  /** The host name did not resolve, but neither did a name that exists: no working DNS here. */
  | 'dns-unavailable'
  /** The resolver failed for now (`EAI_AGAIN`). */
  | 'dns-temporary'
  | 'timeout'
  | 'connection-refused'
  | 'connection-reset'
  | 'tls'
  | 'redirect-loop'
  | 'too-many-redirects'
  /** A redirect without a usable `Location` (missing, unparsable, or not http/https). */
  | 'bad-redirect'
  /** 429/503 with a `Retry-After` beyond what a check waits; see `retryAfter`. */
  | 'retry-later'
  /** Any other network error. */
  | 'network'

export const LINK_PROBLEMS: readonly LinkProblem[] = [
  'host-not-found',
  'dns-unavailable',
  'dns-temporary',
  'timeout',
  'connection-refused',
  'connection-reset',
  'tls',
  'redirect-loop',
  'too-many-redirects',
  'bad-redirect',
  'retry-later',
  'network',
]

/** One URL's record. Times are milliseconds since the epoch (ISO 8601 strings in the file). */
export interface LinkEntry {
  readonly state: LinkState
  /** The HTTP status that decided the state, or `null` when no response came. */
  readonly status: number | null
  /** `redirected` only: where the permanent redirects lead (the URL to update the bookmark to). */
  readonly finalUrl?: string
  /** Why there was no usable answer, when that is the reason for the state. */
  readonly error?: LinkProblem
  /** When the server asked to be asked again (`Retry-After` beyond the wait a check allows). */
  readonly retryAfter?: number
  readonly checkedAt: number
  /**
   * Checks in a row, ending with this one, that found the link not working (`dead` or `unknown`);
   * 0 after `alive` or `redirected`. A `dead` link with 2 or more failed twice in a row.
   */
  readonly failures: number
}

/**
 * Every URL's record, by URL as published: as bookmarked, but never with a user name or password
 * (`withoutUserinfo`), neither in a key nor in a `finalUrl`. The file is committed and may be
 * public: a store read with them (written by an older bookgen) loses them, and none is ever written.
 */
export interface LinkStore {
  readonly version: typeof LINK_STORE_VERSION
  readonly links: ReadonlyMap<string, LinkEntry>
}

/** A store with no entries (no check has run yet). */
export function emptyStore(): LinkStore {
  return { version: LINK_STORE_VERSION, links: new Map() }
}

/**
 * The store with entries only for `urls`: a bookmark removed, or no longer published (made
 * private, say), leaves no trace in a file that is committed and may be public.
 */
export function pruneStore(store: LinkStore, urls: Iterable<string>): LinkStore {
  const links = new Map<string, LinkEntry>()
  for (const url of urls) {
    const entry = store.links.get(url)
    if (entry !== undefined) links.set(url, entry)
  }
  return { version: store.version, links }
}

/** The store as text: stable bytes for the same content, whatever order entries were added in. */
export function serializeLinkStore(store: LinkStore): string {
  const links = publishedLinks(store.links)
  const urls = [...links.keys()].sort(compareCodeUnits)
  const entries = urls.map(
    (url) => `    ${JSON.stringify(url)}: ${indent(JSON.stringify(entryToJson(links.get(url)!), null, 2))}`,
  )
  const body = entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n  }`
  return `{\n  "version": ${store.version},\n  "links": ${body}\n}\n`
}

/**
 * `links` with no user name or password in a URL (the same map when there is none). Where two
 * keys become one, the entry of the key that had none is kept, else the first.
 */
function publishedLinks(links: ReadonlyMap<string, LinkEntry>): ReadonlyMap<string, LinkEntry> {
  let clean: Map<string, LinkEntry> | undefined
  let index = 0
  for (const [url, entry] of links) {
    const key = withoutUserinfo(url)
    const finalUrl = entry.finalUrl === undefined ? undefined : withoutUserinfo(entry.finalUrl)
    if (clean === undefined && key === url && finalUrl === entry.finalUrl) {
      index++
      continue
    }
    clean ??= new Map([...links].slice(0, index))
    if (key !== url && clean.has(key)) continue
    clean.set(key, finalUrl === entry.finalUrl ? entry : { ...entry, finalUrl: finalUrl! })
  }
  return clean ?? links
}

/** Parse a store's text; anything but a store this version understands is a `BookgenError` at its place. */
export function parseLinkStore(text: string, file: string): LinkStore {
  const value = parseJsonSource(text, file, 'links/store-syntax')
  const at = (key: string | undefined) => placeOf(text, key)
  if (!isJsonObject(value))
    throw storeError('A link store is a JSON object with "version" and "links"', file, at(undefined))
  if (value.version !== LINK_STORE_VERSION) {
    const found = JSON.stringify(value.version) ?? 'nothing'
    throw new BookgenError(
      `Link store version ${found} is not one this bookgen reads (${LINK_STORE_VERSION}); update bookgen, or delete the file to check every link again`,
      { rule: 'links/store-version', file, ...at('version') },
    )
  }
  if (!isJsonObject(value.links))
    throw storeError('"links" must be an object of entries by URL', file, at('links'))
  const links = new Map<string, LinkEntry>()
  // Most entries share their times (a run records one `checkedAt`): each is checked and parsed once.
  const times = new Map<string, number>()
  const entries = value.links
  for (const url in entries) {
    const raw = entries[url]
    const problem = entryProblem(raw, times)
    if (problem !== undefined) throw storeError(`The entry for ${url} ${problem}`, file, at(url))
    links.set(url, entryFromJson(raw as Record<string, unknown>, times))
  }
  return { version: LINK_STORE_VERSION, links: publishedLinks(links) }
}

/** The entry in the file's field order; absent fields are left out. */
function entryToJson(entry: LinkEntry): Record<string, unknown> {
  const json: Record<string, unknown> = { state: entry.state, status: entry.status }
  if (entry.finalUrl !== undefined) json.finalUrl = entry.finalUrl
  if (entry.error !== undefined) json.error = entry.error
  if (entry.retryAfter !== undefined) json.retryAfter = new Date(entry.retryAfter).toISOString()
  json.checkedAt = new Date(entry.checkedAt).toISOString()
  json.failures = entry.failures
  return json
}

/** An entry that `entryProblem` found sound; `times` holds the instant of each of its times. */
function entryFromJson(json: Record<string, unknown>, times: ReadonlyMap<string, number>): LinkEntry {
  const state = json.state as LinkState
  const status = json.status as number | null
  const checkedAt = times.get(json.checkedAt as string)!
  const failures = json.failures as number
  if (json.finalUrl === undefined && json.error === undefined && json.retryAfter === undefined)
    return { state, status, checkedAt, failures }
  return {
    state,
    status,
    ...(json.finalUrl === undefined ? {} : { finalUrl: json.finalUrl as string }),
    ...(json.error === undefined ? {} : { error: json.error as LinkProblem }),
    ...(json.retryAfter === undefined ? {} : { retryAfter: times.get(json.retryAfter as string)! }),
    checkedAt,
    failures,
  }
}

const KNOWN_FIELDS = new Set(['state', 'status', 'finalUrl', 'error', 'retryAfter', 'checkedAt', 'failures'])

/** What is wrong with an entry read from a file ("has …"), or undefined when it is sound. */
function entryProblem(raw: unknown, times: Map<string, number>): string | undefined {
  if (!isJsonObject(raw)) return 'is not an object'
  if (!LINK_STATES.includes(raw.state as LinkState))
    return `has "state" ${JSON.stringify(raw.state)}; expected one of ${LINK_STATES.join(', ')}`
  if (
    raw.status !== null &&
    !(Number.isInteger(raw.status) && (raw.status as number) >= 100 && (raw.status as number) <= 999)
  ) {
    return 'has a "status" that is neither an HTTP status nor null'
  }
  if (raw.finalUrl !== undefined && typeof raw.finalUrl !== 'string')
    return 'has a "finalUrl" that is not a string'
  if (raw.error !== undefined && !LINK_PROBLEMS.includes(raw.error as LinkProblem))
    return `has an unknown "error" ${JSON.stringify(raw.error)}`
  if (raw.retryAfter !== undefined && !isIsoTime(raw.retryAfter, times))
    return 'has a "retryAfter" that is not an ISO 8601 UTC time'
  if (!isIsoTime(raw.checkedAt, times)) return 'has a "checkedAt" that is not an ISO 8601 UTC time'
  if (!Number.isSafeInteger(raw.failures) || (raw.failures as number) < 0)
    return 'has a "failures" that is not a count'
  for (const key in raw) if (!KNOWN_FIELDS.has(key)) return `has a field this bookgen does not know: "${key}"`
  return undefined
}

/** `2026-05-04T06:00:00.000Z`, as `Date#toISOString` writes it (seconds and milliseconds optional). */
function isIsoTime(value: unknown, times: Map<string, number>): value is string {
  if (typeof value !== 'string') return false
  if (times.has(value)) return true
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?Z$/.test(value)) return false
  const instant = Date.parse(value)
  if (Number.isNaN(instant)) return false
  times.set(value, instant)
  return true
}

function storeError(reason: string, file: string, at: { line: number; column: number }): BookgenError {
  return new BookgenError(`${reason}; fix it by hand, or delete the file to check every link again`, {
    rule: 'links/store-invalid',
    file,
    ...at,
  })
}

/** Where `"key"` first appears in `text` (1:1 when it does not, or for no key). */
function placeOf(text: string, key: string | undefined): { line: number; column: number } {
  const offset = key === undefined ? -1 : text.indexOf(JSON.stringify(key))
  return offset === -1 ? { line: 1, column: 1 } : new LineIndex(text).locate(offset)
}

/** Nest a JSON text 4 spaces deeper (its first line stays where it is). */
function indent(json: string): string {
  return json.replaceAll('\n', '\n    ')
}

/** Order by UTF-16 code units: the same on every machine and locale, unlike `localeCompare`. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
