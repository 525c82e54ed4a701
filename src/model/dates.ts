/**
 * Instants → text, as the formats and the pages write dates: W3C-DTF (XBEL, Atom, `<time>`) and
 * epoch seconds (Netscape). The readers' parsers are in `formats/shared/dates.ts`.
 */

/** First instant of the year 10000: below it (and from 1970), whole seconds take the fast path. */
const YEAR_10000 = 253_402_300_800_000

/** `00` … `99`. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : String(n)))

/** An instant as W3C-DTF in UTC, with milliseconds only when there are some: `2005-09-30T23:05:28Z`. */
export function formatW3cDate(value: number): string {
  // Fast path for whole seconds from 1970 to 9999 (nearly every date): the date of the day, made
  // once per day (a collection's dates fall on far fewer days than there are dates), then the time.
  if (value >= 0 && value < YEAR_10000 && value % 1000 === 0) {
    const days = Math.floor(value / 86_400_000)
    const seconds = (value - days * 86_400_000) / 1000
    const hour = Math.floor(seconds / 3600)
    const minute = Math.floor((seconds - hour * 3600) / 60)
    const second = seconds - hour * 3600 - minute * 60
    return `${dayPrefix(days)}${TWO_DIGITS[hour]!}:${TWO_DIGITS[minute]!}:${TWO_DIGITS[second]!}Z`
  }
  const iso = new Date(value).toISOString()
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso
}

/** Recent days' `YYYY-MM-DDT`, by day number, in a small direct-mapped cache. */
const DAY_CACHE_SIZE = 4096
const cachedDays = new Int32Array(DAY_CACHE_SIZE).fill(-1)
const cachedPrefixes = new Array<string>(DAY_CACHE_SIZE).fill('')

/**
 * `YYYY-MM-DDT` of day `days` since 1970-01-01 (below the year 10000): the calendar arithmetic of
 * toISOString without its cost (days → civil date, H. Hinnant's algorithm).
 */
function dayPrefix(days: number): string {
  const slot = days & (DAY_CACHE_SIZE - 1)
  if (cachedDays[slot] === days) return cachedPrefixes[slot]!
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  const prefix = `${TWO_DIGITS[Math.floor(year / 100)]!}${TWO_DIGITS[year % 100]!}-${TWO_DIGITS[month]!}-${TWO_DIGITS[day]!}T`
  cachedDays[slot] = days
  cachedPrefixes[slot] = prefix
  return prefix
}

/** An instant as whole seconds since the epoch, as Netscape files store it. */
export function formatEpochSeconds(value: number): string {
  return String(Math.floor(value / 1000))
}

/**
 * The day of an instant as people read it in `lang` (BCP 47), in UTC like `<time datetime>`:
 * `24 Feb 2002` (en-GB), `Feb 24, 2002` (en), `24. Feb. 2002` (de). Each day is formatted once.
 */
export function dayFormatter(lang: string): (time: number) => string {
  const format = new Intl.DateTimeFormat(lang, DAY_OPTIONS)
  const days = new Map<number, string>()
  return (time) => {
    const day = Math.floor(time / 86_400_000)
    let shown = days.get(day)
    if (shown === undefined) {
      // Bounded: a site's dates fall on a few thousand days.
      if (days.size >= 100_000) days.clear()
      shown = format.format(time)
      days.set(day, shown)
    }
    return shown
  }
}

/** What `dayFormatter` shows: day, short month, year, in UTC. */
export const DAY_OPTIONS: Intl.DateTimeFormatOptions = Object.freeze({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
