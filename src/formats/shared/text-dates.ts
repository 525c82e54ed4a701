/**
 * Text dates of the self-hosted managers' exports and OPML, as instants (ms since the epoch):
 * ISO 8601 as their APIs write it (`2020-09-26T09:46:23.006313Z`, through `parseW3cDate`) and
 * RFC 822 as OPML asks (`Thu, 13 Oct 2005 15:34:07 GMT`). Dates before 1970 (such as Go's zero
 * time, `0001-01-01T00:00:00Z`, used for "no date") or after 2200 are refused as corrupt.
 */
import { parseW3cDate, type DateResult } from './dates.js'

/** Earliest instant accepted as a bookmark date: the epoch itself is a common "no date" too. */
const EARLIEST = 1000
/** Latest instant accepted (2200-01-01), as in `dates.ts`. */
const LATEST = Date.UTC(2200, 0, 1)

/** An ISO 8601 date-time (the W3C-DTF profile) as an instant. */
export function parseIsoInstant(raw: string): DateResult {
  return inRange(parseW3cDate(raw), raw)
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** RFC 822 / RFC 2822 zone names, in minutes east of UTC. */
const ZONES: Readonly<Record<string, number>> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
}

const RFC_822 =
  /^(?:[A-Za-z]{2,9}\.?,?\s*)?(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?[\s-]+(\d{4}|\d{2})\s+(\d{1,2}):(\d\d)(?::(\d\d))?\s*(?:([+-])(\d\d):?(\d\d)|([A-Za-z]{1,5}))?$/

/**
 * An RFC 822 date (`[Day, ]DD Mon YYYY hh:mm[:ss] zone`, the form OPML's `created`,
 * `dateCreated` and `dateModified` use) as an instant. Two-digit years are read as RFC 2822 says
 * (00–49 → 20xx); a zone it does not know is read as UTC, with a note. ISO 8601 text, which some
 * OPML writers use instead, is read too, with a note.
 */
export function parseRfc822Instant(raw: string): DateResult {
  const value = raw.trim()
  if (value === '') return { ok: false, reason: 'it is empty' }
  const m = RFC_822.exec(value)
  if (m === null) {
    const iso = parseW3cDate(value)
    if (iso.ok && /^\d{4}-\d\d-\d\d/.test(value))
      return inRange({ ok: true, value: iso.value, note: `read "${value}" as an ISO 8601 date` }, value)
    return { ok: false, reason: `"${value}" is not an RFC 822 date such as "Thu, 13 Oct 2005 15:34:07 GMT"` }
  }
  const [, day, monthName, yearText, hour, minute, second, sign, zoneHours, zoneMinutes, zoneName] = m
  const month = MONTHS.indexOf(monthName!.slice(0, 3).toLowerCase())
  let year = Number(yearText)
  if (yearText!.length === 2) year += year < 50 ? 2000 : 1900
  let offset = 0
  let note: string | undefined
  if (sign !== undefined) {
    offset = (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes))
    if (Math.abs(offset) > 18 * 60)
      return { ok: false, reason: `"${value}" has an impossible time zone offset` }
  } else if (zoneName !== undefined) {
    const known = ZONES[zoneName.toUpperCase()]
    if (known === undefined) note = `"${value}": time zone "${zoneName}" is unknown; read it as UTC`
    else offset = known
  } else note = `"${value}" has no time zone; read it as UTC`
  const instant = civilInstant(year, month, Number(day), Number(hour), Number(minute), Number(second ?? 0))
  if (instant === undefined) return { ok: false, reason: `"${value}" is not a valid date` }
  const result: DateResult = { ok: true, value: instant - offset * 60_000 }
  if (note !== undefined) result.note = note
  return inRange(result, value)
}

/** The instant of a UTC civil date-time, or undefined when a field is out of range. */
function civilInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | undefined {
  if (month < 0 || hour > 23 || minute > 59 || second > 60 || day < 1) return undefined
  const instant = Date.UTC(year, month, day, hour, minute, Math.min(second, 59))
  // Date.UTC rolls 31 February over into March: such a day does not exist.
  if (new Date(instant).getUTCDate() !== day) return undefined
  return instant
}

/** Refuse instants before 1970 or after 2200: corrupt data or a "no date" marker, never a bookmark's date. */
function inRange(result: DateResult, raw: string): DateResult {
  if (!result.ok) return result
  if (result.value < EARLIEST) return { ok: false, reason: `"${raw.trim()}" is before 1970` }
  if (result.value > LATEST) return { ok: false, reason: `"${raw.trim()}" is after the year 2200` }
  return result
}
