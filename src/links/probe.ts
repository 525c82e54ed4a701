/**
 * (I/O) Probe one URL: `HEAD` first, following redirects by hand (so each hop is seen, and counted
 * against the limit), confirmed with `GET` when the `HEAD` answer is one servers give to `HEAD`
 * alone; a `Retry-After` within the cap is waited for and the request sent once more. The result
 * is a `Probe` for `classifyProbe`.
 */
import { isRedirect, isRetryLater, needsGetFallback, type Hop, type Probe } from './classify.js'
import type { LinkClient, Sent } from './client.js'
import { parseRetryAfter } from './retry-after.js'

export interface ProbeOptions {
  /** Redirects followed before giving up (`too-many-redirects`). */
  readonly maxRedirects: number
  /** The longest `Retry-After` waited for (ms); a longer one is recorded (`retry-later`). */
  readonly retryAfterCapMs: number
  /** The run's time (ms), from which a recorded `Retry-After` time is counted. */
  readonly now: number
  /** Whether DNS works here (see `resolver.ts`): a host not found counts only if it does. */
  readonly resolverWorks: () => Promise<boolean>
}

/** Probe `url` (http or https). Rejects only when the client's check is aborted. */
export async function probeUrl(client: LinkClient, url: string, options: ProbeOptions): Promise<Probe> {
  let probe = await followRedirects(client, url, 'HEAD', options)
  const last = probe.hops.at(-1)
  if (probe.problem === undefined && last !== undefined && needsGetFallback(last.status)) {
    probe = await followRedirects(client, url, 'GET', options)
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
): Promise<Probe> {
  const hops: Hop[] = []
  const seen = new Set<string>()
  let current = withoutFragment(new URL(url))
  for (;;) {
    seen.add(current.href)
    const { sent, retryAfter } = await sendPolitely(client, current, method, options)
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
 * Send, and on 429/503 with a `Retry-After` within the cap, leave the host alone that long and
 * send once more. A longer wait is not made: its time is returned, to be recorded.
 */
async function sendPolitely(
  client: LinkClient,
  url: URL,
  method: 'HEAD' | 'GET',
  options: ProbeOptions,
): Promise<{ sent: Sent; retryAfter?: number }> {
  const sent = await client.send(url, method)
  if (!('response' in sent) || !isRetryLater(sent.response.status)) return { sent }
  const wait = parseRetryAfter(sent.response.retryAfter, sent.response.date)
  if (wait === undefined) return { sent }
  if (wait > options.retryAfterCapMs) return { sent, retryAfter: options.now + wait }
  client.pauseHost(url.host, wait)
  return { sent: await client.send(url, method) }
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
