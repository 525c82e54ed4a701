/**
 * The day a build is for: the home page picks its "from your collection" bookmark by it, so the
 * page changes once a day and stays the same for every build of that day. Set
 * `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds convention) to pin it.
 */

const DAY = 86_400_000

/**
 * 00:00 UTC of the build's day, in epoch milliseconds: of `SOURCE_DATE_EPOCH` when it holds a
 * whole number of seconds, else of `now`.
 *
 * @example buildDay({ SOURCE_DATE_EPOCH: '1700000000' }) // → 1699920000000 (2023-11-14)
 */
export function buildDay(env: Readonly<Record<string, string | undefined>>, now = Date.now()): number {
  const pinned = env['SOURCE_DATE_EPOCH']
  const time = pinned !== undefined && /^\d+$/.test(pinned.trim()) ? Number(pinned.trim()) * 1000 : now
  return Math.floor(time / DAY) * DAY
}
