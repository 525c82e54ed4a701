/**
 * Which URLs may become links. Bookmark files are untrusted input: a `javascript:` bookmarklet that is
 * harmless in a browser menu is stored XSS on a published page. A URL is clickable only if, after
 * entity decoding (done by the readers) and WHATWG URL parsing, its scheme is on the allow-list.
 * Everything else is shown as inert text, and left out of the exports. The one check of the pages,
 * the feed, the search index and the exports.
 */
import { plainUrlHref } from './urls.js'

/** Schemes that are always safe to link to. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'ftp:'])

export interface SafeUrlOptions {
  /** Also allow `file:` links (off by default: they point into the reader's own disk). */
  allowFile?: boolean
}

/**
 * The normalized URL if it may be a link, else undefined.
 *
 * @example safeHref('https://example.com/a b') // → 'https://example.com/a%20b'
 * @example safeHref(' JaVaScRiPt:alert(1)') // → undefined
 */
export function safeHref(raw: string | undefined, options: SafeUrlOptions = {}): string | undefined {
  if (raw === undefined || raw === '') return undefined
  // A plain http(s) URL (nearly all) is what the parser would give, and its scheme is safe.
  const plain = plainUrlHref(raw)
  if (plain !== undefined) return plain
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined // relative or malformed: nothing to resolve it against on a static site
  }
  if (SAFE_SCHEMES.has(url.protocol) || (options.allowFile === true && url.protocol === 'file:')) {
    return url.href
  }
  return undefined
}

/** Whether a URL is a bookmarklet (shown as code rather than as a link). */
export function isBookmarklet(raw: string | undefined): boolean {
  // Same leniency as browsers: leading C0 controls/space are stripped, tabs/newlines ignored, any case.
  return (
    raw !== undefined && /^javascript:/i.test(raw.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, ''))
  )
}

/**
 * `href` without its user name and password (`https://alice:hunter2@host/` → `https://host/`), as
 * the site publishes it and the link store keeps it; `href` itself when it has none. A URL the
 * parser reads is given as it then writes it; one it cannot read loses what stands between its
 * scheme and the last `@` of its authority.
 *
 * @example withoutUserinfo('https://alice:hunter2@example.com/a') // → 'https://example.com/a'
 * @example withoutUserinfo('https://medium.com/@someone') // → the same string
 */
export function withoutUserinfo(href: string): string {
  if (!href.includes('@')) return href
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return href.replace(USERINFO, '$1')
  }
  if (url.username === '' && url.password === '') return href
  url.username = ''
  url.password = ''
  return url.href
}

/** A scheme, the slashes after it, and what comes up to the last `@` before the path, query or fragment. */
const USERINFO = /^([\u0000-\u0020]*[a-z][a-z0-9+.-]*:[\\/]*)[^\\/?#]*@/i
