/**
 * A bookmark's URL → its host and path words for the index, exactly as `splitUrl`
 * (templates/default/search-terms.js) gives them, without the WHATWG URL parser for the plain
 * http(s) URLs that are nearly all of them (the parser is a large part of indexing time otherwise).
 */
import { splitUrl } from '#search-terms'
import { plainHttpUrl } from '../../model/urls.js'

/**
 * `splitUrl(href)`, the same result, without `new URL` for a plain http(s) URL (`plainHttpUrl`): its
 * `hostname` is the host in lower case, its `pathname` the path (`/` when there is none), its
 * `search` `?` and the query. What follows is `splitUrl`'s own (search-terms.js); keep the two alike.
 */
export function splitHref(href: string): { host: string; path: string } {
  const match = plainHttpUrl(href)
  return match === null ? splitUrl(href) : splitPlainHttpUrl(match)
}

/** `splitHref` for a URL that `plainHttpUrl` matched. */
export function splitPlainHttpUrl(match: RegExpExecArray): { host: string; path: string } {
  const words = (match[3] ?? '/') + ' ' + (match[4] ?? '')
  // Without a `%`, decoding changes nothing (and cannot fail).
  const path = words.includes('%') ? decodeURIComponentSafe(words) : words
  return { host: plainHost(match[1]!), path: path.replace(/[/?&=_.+-]+/g, ' ').trim() }
}

/** The host `splitUrl` gives for the host name of a plain http(s) URL: in lower case, without `www.`. */
export function plainHost(hostname: string): string {
  const host = hostname.toLowerCase()
  return host.startsWith('www.') ? host.slice(4) : host
}

/** Characters that `splitUrl` turns into spaces in the path words. */
const PATH_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) =>
  '/?&=_.+-'.includes(String.fromCharCode(code)) ? 1 : 0,
)
const SPACE = 0x20
const PERCENT = 0x25

/**
 * The path words of a plain http(s) URL (the path, a space, the query) written to `bytes`, with a
 * space for every character `splitUrl` replaces and without leading or trailing spaces; returns
 * their length, or -1 when they have a `%` (they are then decoded: see `splitHref`). The text
 * differs from `splitHref`'s path only in how many spaces separate words, which the tokenizer
 * does not see: it has the same tokens.
 */
export function writePathWords(match: RegExpExecArray, bytes: Uint8Array): number {
  const pathname = match[3] ?? '/'
  const query = match[4] ?? ''
  let length = 0
  for (let index = 0; index < pathname.length; index++) {
    const code = pathname.charCodeAt(index)
    if (code === PERCENT) return -1
    if (PATH_SEPARATOR[code] === 0) bytes[length++] = code
    else if (length > 0) bytes[length++] = SPACE
  }
  if (length > 0) bytes[length++] = SPACE
  for (let index = 0; index < query.length; index++) {
    const code = query.charCodeAt(index)
    if (code === PERCENT) return -1
    if (PATH_SEPARATOR[code] === 0) bytes[length++] = code
    else if (length > 0) bytes[length++] = SPACE
  }
  while (length > 0 && bytes[length - 1] === SPACE) length--
  return length
}

/** `decodeURIComponent`, or the text as it is when it is no valid percent-encoding (as `splitUrl`). */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
