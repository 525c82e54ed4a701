/**
 * The `links` option: what users write, the link check's defaults and what they resolve to, and the
 * limits `bookgen check`'s flags set too.
 */
import { parseDuration } from './duration.js'

/** Where `bookgen check` keeps what it found, which the build reads, and how long and how hard it checks. */
export interface LinksOptions {
  /** The link store, relative to the config file. Default: `bookmarks.links.json` beside the first source */
  store?: string | undefined
  /**
   * How long one run of `bookgen check` may take (`--max-time`): `'30m'`, `'1h'`, or `'0'` for no
   * limit. The links not checked in time keep what they had, and the next run checks them first.
   * Default: `'1h'`
   */
  maxTime?: string | undefined
  /**
   * How long one link may take, its redirects, `GET` after `HEAD` and `Retry-After` wait included
   * (`--max-link-time`): `'30s'`, or `'0'` for no limit. Default: `'30s'`
   */
  maxLinkTime?: string | undefined
  /** Requests per second to one host, a host being the address its name resolves to and the port (`--rate`). Default: `1` */
  rate?: number | undefined
  /** Requests at once to one host (`--per-host`). Default: `2` */
  perHost?: number | undefined
}

/** The link check's limits, resolved: times in ms (0: no limit). */
export interface LinkCheckSettings {
  readonly maxTime: number
  readonly maxLinkTime: number
  readonly rate: number
  readonly perHost: number
}

const DAY = 86_400_000

/** Every default of `bookgen check` (times in ms). */
export const linkCheckDefaults = Object.freeze({
  /** Check again only links checked at least this long ago: 7 days. */
  maxAge: 7 * DAY,
  onlyDead: false,
  /** One whole run: 1 h (0: no limit). */
  maxTime: 3_600_000,
  /** One link, all its requests and waits: 30 s (0: no limit). */
  maxLinkTime: 30_000,
  /** Requests per second to one host. */
  rate: 1,
  /** Requests at once over all hosts. */
  concurrency: 16,
  /** Requests at once to one host. */
  perHost: 2,
  /** One request: 10 s. */
  timeoutMs: 10_000,
  /** Redirects followed per URL. */
  maxRedirects: 5,
  /** The longest `Retry-After` waited for (once per link, and only within its time): 15 s. */
  retryAfterCapMs: 15_000,
})

/** `links` from the config, under the flags. */
export function resolveLinkCheck(
  user: LinksOptions | undefined,
  flags: Partial<LinkCheckSettings> = {},
): LinkCheckSettings {
  const duration = (value: string | undefined) => (value === undefined ? undefined : parseDuration(value))
  return Object.freeze({
    maxTime: flags.maxTime ?? duration(user?.maxTime) ?? linkCheckDefaults.maxTime,
    maxLinkTime: flags.maxLinkTime ?? duration(user?.maxLinkTime) ?? linkCheckDefaults.maxLinkTime,
    rate: flags.rate ?? user?.rate ?? linkCheckDefaults.rate,
    perHost: flags.perHost ?? user?.perHost ?? linkCheckDefaults.perHost,
  })
}

/**
 * A rate (requests per second, above 0) and a count of requests at once (a whole number, 1 or
 * more): whether a value fits, and what it must be. Shared by the config's `links` and `bookgen
 * check`'s flags.
 */
export const LINK_LIMITS = {
  rate: [
    (value: unknown) => typeof value === 'number' && value > 0,
    'a number of requests per second above 0, such as 1 or 0.5',
  ],
  perHost: [
    (value: unknown) => Number.isInteger(value) && (value as number) >= 1,
    'a whole number, 1 or more',
  ],
} as const

/** Whether `value` is a duration `parseDuration` reads. */
export function isDuration(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    parseDuration(value)
    return true
  } catch {
    return false
  }
}
