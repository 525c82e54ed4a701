/**
 * What the WHATWG URL parser makes of a URL, without running it for the plain `http(s)` URLs that
 * nearly every bookmark has: `new URL` costs about 2 µs a URL (0.23 s at 100,000 bookmarks), and
 * its `href` is a new string, where a plain URL's own string is already what it would give. Also
 * what every reader does to the URLs it reads (`cleanHref`) and says about those kept as written
 * that are no URL (`hrefNote`). Pure.
 */
import { shortenValue } from './message.js'

/**
 * URLs that `new URL` gives back as they are (but for the `/` an empty path gets): `http(s)://`, a
 * lowercase name of letters, digits and inner hyphens whose last label starts with a letter (so
 * not an IPv4 address), no port or user, then only characters kept as they are in a path, query
 * or fragment. A regular expression, because URLs are usually slices of a large source text,
 * which the engine's matcher reads much faster than character-by-character code.
 */
const PLAIN_URL =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z](?:[a-z0-9-]*[a-z0-9])?(?:[/?#][A-Za-z0-9\-._~!$&()*+,;=:@/%?#]*)?$/
/** What the parser would still change: dot segments (`/.`, `/%2e`), punycode names (checked). */
const NOT_PLAIN = /\/\.|%2e|xn--/i

/**
 * `new URL(href).href` without parsing, for a plain `http:` or `https:` URL (see `PLAIN_URL`);
 * undefined for any other, which only the parser can tell about.
 */
export function plainUrlHref(href: string): string | undefined {
  if (!PLAIN_URL.test(href) || NOT_PLAIN.test(href)) return undefined
  // The end of the host name: the first `/`, `?` or `#` after the scheme.
  const from = href.charCodeAt(4) === 0x73 ? 8 : 7
  let end = href.indexOf('/', from)
  const query = href.indexOf('?', from)
  const fragment = href.indexOf('#', from)
  if (end === -1 || (query !== -1 && query < end)) end = query
  if (end === -1 || (fragment !== -1 && fragment < end)) end = fragment
  if (end === -1) return `${href}/`
  return href.charCodeAt(end) === 0x2f ? href : `${href.slice(0, end)}/${href.slice(end)}`
}

/** ASCII tab and line breaks, which the URL parser removes wherever they are. */
const TAB_OR_NEWLINE = /[\t\n\r]/g
const HAS_TAB_OR_NEWLINE = /[\t\n\r]/
/** C0 controls and white space at either end (the parser strips C0 controls and space). */
const ENDS = /^[\u0000-\u0020\s]+|[\u0000-\u0020\s]+$/g

/**
 * A URL as a source wrote it, cleaned the way the WHATWG URL parser starts: every ASCII tab and
 * line break removed, and C0 controls and space trimmed from both ends (and, as the readers have
 * always done and Firefox's importer does, other white space such as a no-break space); otherwise
 * as written. `''` when nothing is left. Every reader passes the URLs it reads through this.
 *
 * @example cleanHref(' https://a.example/x\n  y ') // → 'https://a.example/x  y'
 */
export function cleanHref(raw: string): string {
  const text = (HAS_TAB_OR_NEWLINE.test(raw) ? raw.replace(TAB_OR_NEWLINE, '') : raw).trim()
  // `trim` leaves C0 controls other than white space; they are rare, so checked for first.
  if (text.length === 0 || (text.charCodeAt(0) > 0x20 && text.charCodeAt(text.length - 1) > 0x20)) return text
  return text.replace(ENDS, '')
}

/** What a URL kept as written needs to be told about: no scheme, or not parsable. */
export interface HrefNote {
  /** `relative-href` or `unparsable-href` (a reader puts its area in front). */
  readonly problem: 'relative-href' | 'unparsable-href'
  readonly message: string
}

/** A URL scheme at the start of a URL (RFC 3986). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

/**
 * The note a reader gives (for information: the value is kept as written) about a URL that is
 * relative or no URL at all, as `field` (`HREF`, `URL`) of its source; undefined for a URL. A plain
 * `http(s)` URL, which the parser would give back as it is (`plainUrlHref`), is not handed to the
 * parser.
 */
export function hrefNote(href: string, field: string): HrefNote | undefined {
  if (!SCHEME.test(href)) {
    return {
      problem: 'relative-href',
      message: `${field} "${shortenValue(href)}" is relative (no scheme); kept as written: it resolves against whatever page shows it`,
    }
  }
  if (plainUrlHref(href) === undefined && !URL.canParse(href)) {
    return {
      problem: 'unparsable-href',
      message: `${field} "${shortenValue(href)}" is not a URL that can be parsed; kept as written`,
    }
  }
  return undefined
}
