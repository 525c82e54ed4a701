/**
 * ISO 8601 dates of the self-hosted managers' exports, as their APIs write them
 * (`2020-09-26T09:46:23.006313Z`), as instants (ms since the epoch). Dates before 1970 (such as
 * Go's zero time, `0001-01-01T00:00:00Z`, used for "no date") or after 2200 are refused as corrupt.
 * RFC 822 dates (OPML) are read by `parseRfc822Instant` in `dates.ts`.
 */
import { inRange, parseW3cDate, type DateResult } from './dates.js'

/** An ISO 8601 date-time (the W3C-DTF profile) as an instant. */
export function parseIsoInstant(raw: string): DateResult {
  return inRange(parseW3cDate(raw), raw)
}
