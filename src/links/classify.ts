/**
 * What a link check concludes, conservatively: a link is `dead` only on evidence that rarely lies
 * (404, 410, a host name that does not exist); whatever else fails is `unknown`. Also which URLs
 * are checked at all, which are due for a check, and how a new result updates the old entry. Pure.
 */
import type { LinkEntry, LinkProblem, LinkState } from './store-format.js'

/** One response on the way: the URL requested and the status it answered. */
export interface Hop {
  readonly url: string
  readonly status: number
}

/** What requesting a URL, and following its redirects, found. */
export interface Probe {
  /** Every response, in order: the redirects followed, then (unless `problem`) the final one. */
  readonly hops: readonly Hop[]
  /** Why the chain ended without a final response (or with one that is no answer, e.g. 429). */
  readonly problem?: LinkProblem
  /** When the server asked to be asked again (`Retry-After`), if beyond what the check waits. */
  readonly retryAfter?: number
}

/** A probe's conclusion: the entry's fields apart from time and count. */
export interface Verdict {
  readonly state: LinkState
  readonly status: number | null
  readonly finalUrl?: string
  readonly error?: LinkProblem
  readonly retryAfter?: number
}

/** When a check is due; see `isDue`. */
export interface DueOptions {
  readonly now: number
  /** Entries checked less than this long ago (ms) are not checked again. */
  readonly maxAge: number
  /** Check only entries that are `dead` now. */
  readonly onlyDead: boolean
}

const PERMANENT = new Set([301, 308])
const REDIRECTS = new Set([301, 302, 303, 307, 308])
/**
 * Statuses that servers give to `HEAD` when they would answer `GET`: not allowed (405), not
 * implemented (501), and, from servers that route only GET, 400/403/404/406/410/500. A link is
 * never concluded dead (or left unknown) on a HEAD answer alone.
 */
const HEAD_DOUBTFUL = new Set([400, 403, 404, 405, 406, 410, 500, 501])

/** Whether bookgen checks this URL: http and https only (not javascript:, file:, place:, mailto:…). */
export function isCheckableUrl(href: string): boolean {
  return /^https?:\/\//i.test(href) && URL.canParse(href)
}

/** Whether a status is a redirect to follow (with its `Location`). */
export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status)
}

/** Whether a `HEAD` answer must be confirmed with `GET` before concluding anything. */
export function needsGetFallback(status: number): boolean {
  return HEAD_DOUBTFUL.has(status)
}

/** Whether a status asks to come back later (`Retry-After` is honoured on these). */
export function isRetryLater(status: number): boolean {
  return status === 429 || status === 503
}

/**
 * The verdict on a probe:
 * - a final 404 or 410 is `dead`; a host name that does not exist is `dead` when it is the
 *   bookmarked URL's own (one a redirect leads to is `unknown`);
 * - a final 2xx is `redirected` when the first response was a permanent redirect (301/308), with
 *   `finalUrl` where the leading permanent redirects lead; else `alive` (temporary redirects
 *   302/303/307 leave the bookmark's URL as it is);
 * - anything else is `unknown`.
 */
export function classifyProbe(probe: Probe): Verdict {
  const last = probe.hops.at(-1)
  if (probe.problem !== undefined) {
    const state = probe.problem === 'host-not-found' && probe.hops.length === 0 ? 'dead' : 'unknown'
    const verdict: Verdict = {
      state,
      status: answered(probe.problem) ? (last?.status ?? null) : null,
      error: probe.problem,
    }
    return probe.retryAfter === undefined ? verdict : { ...verdict, retryAfter: probe.retryAfter }
  }
  if (last === undefined) throw new TypeError('A probe without a problem has a final response')
  if (last.status === 404 || last.status === 410) return { state: 'dead', status: last.status }
  if (last.status < 200 || last.status > 299) return { state: 'unknown', status: last.status }
  const permanent = leadingPermanent(probe.hops)
  if (permanent === 0) return { state: 'alive', status: last.status }
  return { state: 'redirected', status: last.status, finalUrl: probe.hops[permanent]!.url }
}

/** The entry after a check that gave `verdict` at `now`, counting failures in a row. */
export function nextEntry(previous: LinkEntry | undefined, verdict: Verdict, now: number): LinkEntry {
  const working = verdict.state === 'alive' || verdict.state === 'redirected'
  return { ...verdict, checkedAt: now, failures: working ? 0 : (previous?.failures ?? 0) + 1 }
}

/**
 * Whether a URL with this entry (none: never checked) is checked now: when it was last checked
 * at least `maxAge` ago, and no `Retry-After` time asked to wait longer; with `onlyDead`, only
 * `dead` entries are (and URLs never checked are not).
 */
export function isDue(entry: LinkEntry | undefined, options: DueOptions): boolean {
  if (entry === undefined) return !options.onlyDead
  if (options.onlyDead && entry.state !== 'dead') return false
  if (entry.retryAfter !== undefined && entry.retryAfter > options.now) return false
  return options.now - entry.checkedAt >= options.maxAge
}

/**
 * Whether a site should show a link as dead: `dead`, and found so in `minFailures` checks in a
 * row (2 leaves out a server that was down on the day of one check).
 */
export function isDead(entry: LinkEntry | undefined, minFailures = 1): boolean {
  return entry?.state === 'dead' && entry.failures >= minFailures
}

/** How many hops from the start are permanent redirects. */
function leadingPermanent(hops: readonly Hop[]): number {
  let count = 0
  while (count < hops.length - 1 && PERMANENT.has(hops[count]!.status)) count++
  return count
}

/** Problems that come with a response whose status is worth keeping. */
function answered(problem: LinkProblem): boolean {
  return (
    problem === 'retry-later' ||
    problem === 'redirect-loop' ||
    problem === 'too-many-redirects' ||
    problem === 'bad-redirect'
  )
}
