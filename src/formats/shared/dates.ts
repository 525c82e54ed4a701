/**
 * Date parsing for the markup formats. Every date becomes an instant (milliseconds since the epoch, UTC).
 *
 * Netscape files store epoch numbers whose unit varies by exporter (seconds: Firefox, Chrome;
 * milliseconds: Google Takeout; microseconds: Google Bookmarks), and a few store text dates. XBEL
 * and Desktop Bookmark files use the W3C-DTF profiles of ISO 8601; OPML, RFC 822
 * (`parseRfc822Instant`, which the text dates of Netscape files go through too).
 */

/** A parsed date, or why it was not usable. `note` says the value was read but was not standard. */
export type DateResult = { ok: true; value: number; note?: string } | { ok: false; reason: string }

/** Latest instant accepted as a real bookmark date (2200-01-01). Later values are corrupt data. */
const LATEST = Date.UTC(2200, 0, 1)
/** Earliest instant a text date may name: the epoch itself is a common "no date" too. */
const EARLIEST = 1000

/**
 * Parse a Netscape epoch date (`ADD_DATE`, `LAST_VISIT`, `LAST_MODIFIED`). The unit is inferred
 * from the magnitude and the result is whole seconds, the format's own precision.
 *
 * @example parseEpochDate('1466271584') // → {ok: true, value: 1466271584000}
 */
export function parseEpochDate(raw: string): DateResult {
  const value = raw.trim()
  if (value === '') return { ok: false, reason: 'it is empty' }
  if (/^[+-]?\d+(\.\d+)?$/.test(value)) {
    const number = Number(value)
    if (!Number.isFinite(number) || number <= 0) return { ok: false, reason: `${value} is not after 1970` }
    const scale = number < 1e11 ? 1 : number < 1e14 ? 1e3 : number < 1e17 ? 1e6 : 0
    if (scale === 0)
      return {
        ok: false,
        reason: `${value} is too large to be a date in seconds, milliseconds or microseconds`,
      }
    const ms = Math.floor(number / scale) * 1000
    // A fraction of the first second (`0.000001`) is the same instant as 0: no date either.
    if (ms <= 0) return { ok: false, reason: `${value} is not after 1970` }
    if (ms > LATEST) return { ok: false, reason: `${value} is after the year 2200` }
    if (scale === 1) return { ok: true, value: ms }
    return {
      ok: true,
      value: ms,
      note: `read ${value} as ${scale === 1e3 ? 'milliseconds' : 'microseconds'}`,
    }
  }
  const text = parseTextDate(value)
  if (text !== undefined)
    return { ok: true, value: Math.floor(text / 1000) * 1000, note: `read text date "${value}"` }
  return { ok: false, reason: `"${value}" is not a number of seconds since 1970` }
}

const MONTHS: Readonly<Record<string, number>> = Object.fromEntries(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((name, index) => [
    name,
    index,
  ]),
)

/** Text dates seen in Netscape exports: Apache log form, RFC 2822, and ISO 8601. */
function parseTextDate(value: string): number | undefined {
  // Apache common log: 10/Oct/2000:13:55:36 +0300
  const m = /^(\d{1,2})\/([A-Za-z]{3})\/(\d{4}):(\d\d):(\d\d):(\d\d)\s*([+-]\d{4})?$/.exec(value)
  if (m)
    return build(+m[3]!, MONTHS[m[2]!.toLowerCase()], +m[1]!, +m[4]!, +m[5]!, +m[6]!, 0, offsetMinutes(m[7]))
  // RFC 822 / 2822: Sat, 06 Jun 2020 15:50:59 +0200
  const rfc = parseRfc822Instant(value)
  if (rfc.ok) return rfc.value
  const iso = parseW3cDate(value)
  return iso.ok ? iso.value : undefined
}

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || !/^[+-]\d{4}$/.test(zone)) return 0
  const sign = zone[0] === '-' ? -1 : 1
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)))
}

function build(
  year: number,
  month: number | undefined,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  offset: number,
): number | undefined {
  if (month === undefined || month < 0 || month > 11) return undefined
  if (day < 1 || day > daysInMonth(year, month) || hour > 24 || minute > 59 || second > 60) return undefined
  if (hour === 24 && (minute > 0 || second > 0 || ms > 0)) return undefined
  const date = new Date(Date.UTC(2000, month, day, hour, minute, Math.min(second, 59), ms))
  date.setUTCFullYear(year) // Date.UTC maps years 0-99 to 1900-1999
  const value = date.getTime() - offset * 60_000
  return Number.isFinite(value) && value <= LATEST ? value : undefined
}

/** Days in `month` (0 = January) of `year`, in the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 1) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return month === 3 || month === 5 || month === 8 || month === 10 ? 30 : 31
}

const W3C_DTF =
  /^(\d{4})(?:-?(\d\d)(?:-?(\d\d)(?:[Tt ](\d\d):?(\d\d)(?::?(\d\d)(?:[.,](\d+))?)?\s*(Z|z|[+-]\d\d(?::?\d\d)?)?)?)?)?$/

/**
 * Parse a W3C-DTF (ISO 8601 profile) date as XBEL and the Desktop Bookmark spec use it: `YYYY`,
 * `YYYY-MM`, `YYYY-MM-DD`, then `Thh:mm`, `:ss`, `.fraction`, and `Z` or `±hh:mm`. The compact
 * basic form GLib once wrote (`20050930T23:05:28Z`) is accepted too. A time without a zone is read
 * as UTC, with a note.
 *
 * @example parseW3cDate('2005-09-30T23:05:28Z') // → {ok: true, value: 1128121528000}
 */
export function parseW3cDate(raw: string): DateResult {
  const value = raw.trim()
  const m = W3C_DTF.exec(value)
  if (!m) return { ok: false, reason: `"${value}" is not an ISO 8601 (W3C-DTF) date` }
  const [, y, mo, d, h, mi, s, fraction, zone] = m
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000)
  let offset = 0
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'))
    if (Math.abs(offset) > 18 * 60)
      return { ok: false, reason: `"${value}" has an impossible time zone offset` }
  }
  const result = build(
    Number(y),
    mo === undefined ? 0 : Number(mo) - 1,
    d === undefined ? 1 : Number(d),
    h === undefined ? 0 : Number(h),
    mi === undefined ? 0 : Number(mi),
    s === undefined ? 0 : Number(s),
    ms,
    offset,
  )
  if (result === undefined) return { ok: false, reason: `"${value}" is not a valid date` }
  if (h !== undefined && zone === undefined)
    return { ok: true, value: result, note: `"${value}" has no time zone; read as UTC` }
  return { ok: true, value: result }
}

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
  const month = MONTHS[monthName!.slice(0, 3).toLowerCase()] ?? -1
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
export function inRange(result: DateResult, raw: string): DateResult {
  if (!result.ok) return result
  if (result.value < EARLIEST) return { ok: false, reason: `"${raw.trim()}" is before 1970` }
  if (result.value > LATEST) return { ok: false, reason: `"${raw.trim()}" is after the year 2200` }
  return result
}

/**
 * An ISO 8601 date of the self-hosted managers' exports (`2020-09-26T09:46:23.006313Z`) as an
 * instant; Go's zero time (`0001-01-01T00:00:00Z`, "no date") is refused by `inRange`.
 */
export function parseIsoInstant(raw: string): DateResult {
  return inRange(parseW3cDate(raw), raw)
}

/**
 * A browser's bookmark date, `ms` milliseconds since 1970, as a date result (after 1970 and
 * before 2200, as for Netscape dates; anything else is corrupt data); `raw` names it in the reason.
 */
export function instantResult(ms: number, raw: string): DateResult {
  if (!Number.isFinite(ms)) return { ok: false, reason: `${raw} is not a date` }
  if (ms <= 0) return { ok: false, reason: `${raw} is not after 1970` }
  if (ms > LATEST) return { ok: false, reason: `${raw} is after the year 2200` }
  return { ok: true, value: ms }
}
