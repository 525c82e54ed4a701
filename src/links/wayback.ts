/**
 * Links to the Internet Archive's Wayback Machine for a bookmarked URL. Pure.
 *
 * A capture is addressed as `https://web.archive.org/web/<timestamp>/<url>`, where the timestamp is
 * `YYYYMMDDhhmmss` (UTC) and the Wayback Machine redirects to the capture nearest to it. For the
 * latest capture, the form used is `https://web.archive.org/web/<url>` with no timestamp: that is
 * the Wayback Machine's Memento TimeGate for the URL (RFC 7089), which, asked without an
 * `Accept-Datetime`, redirects to the most recent capture. (`/web/2/<url>` works too, but only as
 * a partial timestamp that happens to sort after every capture; it is a trick, not the interface.)
 */

const WAYBACK = 'https://web.archive.org/web/'

/**
 * The Wayback Machine's capture of `url` nearest to `added` (when the bookmark was saved, ms since
 * the epoch), or its latest capture when there is no usable date. Undefined for URLs that are not
 * http or https (the archive has nothing for `javascript:` or `file:`).
 *
 * @example waybackUrl('https://example.com/a', Date.UTC(2019, 0, 2, 3, 4, 5))
 * // → 'https://web.archive.org/web/20190102030405/https://example.com/a'
 * @example waybackUrl('https://example.com/a') // → 'https://web.archive.org/web/https://example.com/a'
 */
export function waybackUrl(url: string, added?: number): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined
  const timestamp = added === undefined ? undefined : waybackTimestamp(added)
  return timestamp === undefined ? `${WAYBACK}${url}` : `${WAYBACK}${timestamp}/${url}`
}

/** `YYYYMMDDhhmmss` in UTC, for an instant in years 1000–9999; undefined otherwise. */
export function waybackTimestamp(instant: number): string | undefined {
  if (!Number.isFinite(instant)) return undefined
  const date = new Date(instant)
  const year = date.getUTCFullYear()
  if (Number.isNaN(year) || year < 1000 || year > 9999) return undefined
  const two = (n: number) => String(n).padStart(2, '0')
  return `${year}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}`
}
