/**
 * (I/O) Probe one URL: `HEAD` first, following redirects by hand (so each hop is seen, and counted
 * against the limit), confirmed with `GET` when the `HEAD` answer is one servers give to `HEAD`
 * alone. One `Retry-After` per URL is waited for (within the cap and the URL's time) and the
 * request sent once more. Everything a URL does, every hop of `HEAD` and `GET`, and that wait,
 * comes out of one time budget; what is left of it bounds each request. (Waiting for a turn at a
 * busy host does not count: that is politeness, bounded by the run's own time.) The result is a
 * `Probe` for `classifyProbe`.
 */
import { isRedirect, isRetryLater, needsGetFallback, type Hop, type Probe } from './classify.js'
import type { LinkClient, Sent } from './client.js'
import { parseRetryAfter } from './retry-after.js'

export interface ProbeOptions {
  /** Redirects followed before giving up (`too-many-redirects`). */
  readonly maxRedirects: number
  /** The longest `Retry-After` waited for (ms); a longer one is recorded (`retry-later`). */
  readonly retryAfterCapMs: number
  /** The time one URL may take (ms), its requests and its wait; 0: no limit. */
  readonly maxLinkTime: number
  /** The run's time (ms), from which a recorded `Retry-After` time is counted. */
  readonly now: number
  /** Whether DNS works here (see `resolver.ts`): a host not found counts only if it does. */
  readonly resolverWorks: () => Promise<boolean>
}

/** What a URL may still spend (ms), whether it has sent a request yet, and waited for a `Retry-After`. */
interface Budget {
  left: number
  started: boolean
  waited: boolean
}

/** Probe `url` (http or https). Rejects only when the client's check is aborted. */
export async function probeUrl(client: LinkClient, url: string, options: ProbeOptions): Promise<Probe> {
  const budget: Budget = {
    left: options.maxLinkTime > 0 ? options.maxLinkTime : Infinity,
    started: false,
    waited: false,
  }
  let probe = await followRedirects(client, url, 'HEAD', options, budget)
  const last = probe.hops.at(-1)
  if (probe.problem === undefined && last !== undefined && needsGetFallback(last.status)) {
    probe = await followRedirects(client, url, 'GET', options, budget)
  }
  if (probe.problem === 'host-not-found' && !(await options.resolverWorks()))
    return { ...probe, problem: 'dns-unavailable' }
  return probe
}

/** Request `url`, then each `Location` in turn, until an answer that is not a redirect. */
async function followRedirects(
  client: LinkClient,
  url: string,
  method: 'HEAD' | 'GET',
  options: ProbeOptions,
  budget: Budget,
): Promise<Probe> {
  const hops: Hop[] = []
  const seen = new Set<string>()
  let current = withoutFragment(new URL(url))
  for (;;) {
    seen.add(current.href)
    const { sent, retryAfter } = await sendPolitely(client, current, method, options, budget)
    if ('problem' in sent) return { hops, problem: sent.problem }
    const { status, location } = sent.response
    hops.push({ url: current.href, status })
    if (retryAfter !== undefined) return { hops, problem: 'retry-later', retryAfter }
    if (!isRedirect(status)) return { hops }
    if (hops.length > options.maxRedirects) return { hops, problem: 'too-many-redirects' }
    const next = resolveLocation(location, current)
    if (next === undefined) return { hops, problem: 'bad-redirect' }
    if (seen.has(next.href)) return { hops, problem: 'redirect-loop' }
    current = next
  }
}

/**
 * Send, and on 429/503 with a `Retry-After`, the first time for this URL and when the wait is
 * within the cap and leaves time for the request, leave the host alone that long and send once
 * more. A wait not made is returned, to be recorded.
 */
async function sendPolitely(
  client: LinkClient,
  url: URL,
  method: 'HEAD' | 'GET',
  options: ProbeOptions,
  budget: Budget,
): Promise<{ sent: Sent; retryAfter?: number }> {
  const sent = await sendWithin(client, url, method, budget)
  const wait = retryWait(sent)
  if (wait === undefined) return { sent }
  if (budget.waited || wait > options.retryAfterCapMs || wait >= budget.left)
    return { sent, retryAfter: options.now + wait }
  budget.waited = true
  budget.left -= wait
  await client.pauseHost(url, wait)
  const again = await sendWithin(client, url, method, budget)
  const next = retryWait(again)
  return next === undefined ? { sent: again } : { sent: again, retryAfter: options.now + next }
}

/** Send with what is left of the URL's time, and take what the request took from it. */
async function sendWithin(
  client: LinkClient,
  url: URL,
  method: 'HEAD' | 'GET',
  budget: Budget,
): Promise<Sent> {
  if (budget.left <= 0) return { problem: 'timeout', tookMs: 0 }
  const sent = await client.send(url, method, { limitMs: budget.left, followUp: budget.started })
  budget.started = true
  budget.left -= sent.tookMs
  return sent
}

/** The wait a 429/503 answer asks for with `Retry-After` (ms), if any. */
function retryWait(sent: Sent): number | undefined {
  if (!('response' in sent) || !isRetryLater(sent.response.status)) return undefined
  return parseRetryAfter(sent.response.retryAfter, sent.response.date)
}

/** The next URL of a redirect: `Location` resolved against the current URL, http or https only. */
function resolveLocation(location: string | undefined, base: URL): URL | undefined {
  if (location === undefined || location.trim() === '') return undefined
  let next: URL
  try {
    next = new URL(location.trim(), base)
  } catch {
    return undefined
  }
  return next.protocol === 'http:' || next.protocol === 'https:' ? withoutFragment(next) : undefined
}

/** Fragments are never sent; two URLs that differ only there are one resource. */
function withoutFragment(url: URL): URL {
  url.hash = ''
  return url
}
