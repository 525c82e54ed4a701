/**
 * The `links` option: what users write, the link check's defaults and what they resolve to, and the
 * checks of the option and of `bookgen check`'s flags that set the same limits.
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
 * What is wrong with a rate (requests per second, above 0) or a count of requests at once (a
 * whole number, 1 or more) given as `name`; undefined when it is fine. Shared by the config's
 * `links` and `bookgen check`'s flags.
 */
export function linkLimitProblem(kind: 'rate' | 'perHost', value: unknown, name: string): string | undefined {
  if (kind === 'rate')
    return typeof value === 'number' && value > 0
      ? undefined
      : `${name} must be a number of requests per second above 0, such as 1 or 0.5`
  return Number.isInteger(value) && (value as number) >= 1
    ? undefined
    : `${name} must be a whole number, 1 or more`
}

/** Check the `links` config value; a message naming what is wrong, or undefined when it is fine. */
export function checkLinksOptions(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '"links" must be an object'
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue
    const key = `"links.${name}"`
    switch (name) {
      case 'store':
        if (typeof item !== 'string') return `${key} must be a string`
        break
      case 'maxTime':
      case 'maxLinkTime':
        if (typeof item !== 'string' || !isDuration(item))
          return `${key} must be a duration such as '30s', '30m' or '1h' (or '0' for no limit)`
        break
      case 'rate':
      case 'perHost': {
        const problem = linkLimitProblem(name, item, key)
        if (problem !== undefined) return problem
        break
      }
      default:
        return `Unknown option "links.${name}"; known: store, maxTime, maxLinkTime, rate, perHost`
    }
  }
  return undefined
}

function isDuration(text: string): boolean {
  try {
    parseDuration(text)
    return true
  } catch {
    return false
  }
}
