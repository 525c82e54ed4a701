/**
 * `Retry-After` (RFC 9110 §10.2.3): a delay in seconds, or an HTTP date. Pure.
 */

/**
 * The wait the header asks for, in milliseconds from `now` (0 for a date in the past), or
 * undefined when there is no header or it is neither form.
 *
 * @example parseRetryAfter('120', now) // → 120000
 * @example parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2015-10-21T07:27:00Z')) // → 60000
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // An HTTP date names its weekday and its zone, which tells it from any other text Date.parse takes.
  if (!/^[A-Za-z]{3,9},? .*\d\d:\d\d:\d\d/.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
