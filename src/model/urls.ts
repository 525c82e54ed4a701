/**
 * What the WHATWG URL parser makes of a URL, without running it for the plain `http(s)` URLs that
 * nearly every bookmark has (the readers, the duplicates, the search index): `new URL` costs about 2 µs a URL (0.23 s at 100,000 bookmarks), and
 * its `href` is a new string, where a plain URL's own string is already what it would give. Also
 * what every reader does to the URLs it reads (`cleanHref`) and says about those kept as written
 * that are no URL (`hrefNote`). Pure.
 */
import { shortenValue } from './message.js'

/**
 * A plain http(s) URL, which the WHATWG URL parser changes in nothing but the host's case, the
 * `/` an empty path gets and a default port (so its host and path are read without it, and its
 * `href` is known: see `plainUrlHref`). A regular expression, because URLs are usually slices of a
 * large source text, which the engine's matcher reads much faster than character-by-character code:
 *
 * - lower-case `http://` or `https://`, exactly two slashes;
 * - a host name of dot-separated labels of ASCII letters and digits, with single hyphens inside:
 *   no empty label, no `%`, `_`, `@` (user info) or `[` (IPv6); its last label starts with a
 *   letter, so it is no IPv4 address (numbers, `0x…`); `xn--` labels are turned away by
 *   `plainUrlHref` (the parser validates punycode);
 * - an optional port, 1 to 5 digits (checked to be at most 65535 by `plainHttpUrl`);
 * - a path and a query of characters that are neither percent-encoded nor special in their part
 *   (no space, quote, `<`, `>`, `\`, backquote, braces, `^`, `|`; no `'` in the query); dot
 *   segments (`.`, `..`, `%2e`), which the parser resolves, are turned away by `plainHttpUrl`;
 * - an optional fragment of the same characters as the query.
 *
 * Its groups: host, port, path (starting with `/`), query (without `?`).
 */
const PLAIN_HTTP_URL =
  /^https?:\/\/((?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)(?::([0-9]{1,5}))?(\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*)?(?:\?([A-Za-z0-9\-._~!$&()*+,;=:@/?%]*))?(?:#[A-Za-z0-9\-._~!$&()*+,;=:@/?%#]*)?$/
/** A path with a segment that the URL parser would resolve: `.`, `..` or anything with `%2e`. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)|%2e/i
/** What `plainUrlHref` leaves to the parser besides: an upper-case or punycode host name. */
const NOT_AS_WRITTEN = /[A-Z]|xn--/

/**
 * `href` matched by {@link PLAIN_HTTP_URL}, if it is a plain http(s) URL: a port of at most 65535,
 * no dot segment. Its groups: host name, port, path (starting with `/`), query (without `?`).
 */
export function plainHttpUrl(href: string): RegExpExecArray | null {
  const match = PLAIN_HTTP_URL.exec(href)
  if (match === null) return null
  const port = match[2]
  const pathname = match[3]
  if ((port !== undefined && Number(port) > 65535) || (pathname !== undefined && DOT_SEGMENT.test(pathname)))
    return null
  return match
}

/**
 * `new URL(href).href` without parsing, for a plain `http:` or `https:` URL (see `plainHttpUrl`)
 * with no port and a lower-case host name that is not punycode; undefined for any other, which
 * only the parser can tell about.
 */
export function plainUrlHref(href: string): string | undefined {
  const match = plainHttpUrl(href)
  if (match === null || match[2] !== undefined || NOT_AS_WRITTEN.test(match[1]!)) return undefined
  if (match[3] !== undefined) return href
  // No path: the parser gives the empty path as `/`, after the host name.
  const end = (href.charCodeAt(4) === 0x73 ? 8 : 7) + match[1]!.length
  return `${href.slice(0, end)}/${href.slice(end)}`
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
