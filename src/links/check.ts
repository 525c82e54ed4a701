/**
 * (I/O) `checkLinks`: check the URLs of a collection that are due, politely and in parallel, and
 * return the updated store with a summary. URLs checked recently are left alone, so a second run
 * the same day sends no request; the longest unchecked go first, so a run that runs out of time
 * (`maxTime`) or is aborted returns what it found so far and leaves the rest for the next run.
 */
import { setMaxListeners } from 'node:events'
import type { LookupFunction } from 'node:net'
import pLimit from 'p-limit'
import { classifyProbe, isCheckableUrl, isDue, nextEntry, type DueOptions } from './classify.js'
import { createLinkClient, DEFAULT_USER_AGENT } from './client.js'
import { probeUrl } from './probe.js'
import { createResolverCheck, DEFAULT_DNS_CANARY } from './resolver.js'
import { LINK_STORE_VERSION, type LinkEntry, type LinkState, type LinkStore } from './store-format.js'
import { linkCheckDefaults } from '../config/options.js'

/**
 * URLs under way per request slot: enough that a slot freed finds a URL for a host with room,
 * even when many of the URLs under way wait for a few busy hosts (many names can share a server);
 * few enough to keep memory low (64 per slot: +30 MB peak for 10,000 URLs, 16: none measurable).
 */
const URLS_PER_SLOT = 16

/** Every default (the limits are `linkCheckDefaults` in the config), with the user agent and the DNS canary. */
export const checkDefaults = Object.freeze({
  ...linkCheckDefaults,
  userAgent: DEFAULT_USER_AGENT,
  dnsCanary: DEFAULT_DNS_CANARY,
})

export interface CheckOptions {
  /** URLs as bookmarked: repeats are checked once; anything but http(s) is not checked. */
  urls: Iterable<string>
  /** What earlier checks found (`emptyStore()` the first time). Not changed. */
  store: LinkStore
  /** The time of this run (ms since the epoch): what is recorded, and what ages are counted from. */
  now: number
  /** Check again only entries at least this old (ms). Default: 7 days */
  maxAge?: number | undefined
  /** Check only entries that are `dead` (and still at least `maxAge` old). Default: `false` */
  onlyDead?: boolean | undefined
  /** Requests at once over all hosts. Default: 16 */
  concurrency?: number | undefined
  /** Requests at once to one host (the address its name resolves to, and the port). Default: 2 */
  perHost?: number | undefined
  /** Requests started per second to one host (`Infinity`: no spacing). Default: 1 */
  rate?: number | undefined
  /** Time allowed for one request (ms). Default: 10 000 */
  timeoutMs?: number | undefined
  /** Time allowed for one URL, all its requests and its `Retry-After` wait (ms); 0: no limit. Default: 30 000 */
  maxLinkTime?: number | undefined
  /**
   * Time allowed for the whole run (ms); 0: no limit. When it is up, the requests under way are
   * stopped and the URLs not checked keep their entries. Default: 3 600 000 (1 h)
   */
  maxTime?: number | undefined
  /** Redirects followed per URL. Default: 5 */
  maxRedirects?: number | undefined
  /** The longest `Retry-After` waited for, once per URL (ms); longer ones are recorded. Default: 15 000 */
  retryAfterCapMs?: number | undefined
  /** Default: `bookgen/<version> (link check; +https://github.com/bookgen/bookgen)` */
  userAgent?: string | undefined
  /** Called after each URL is checked. */
  onProgress?: ((progress: CheckProgress) => void) | undefined
  /** Stops the check; the result then holds what was checked before. */
  signal?: AbortSignal | undefined
  /** DNS lookup (as `dns.lookup`), for tests. Default: the system resolver */
  lookup?: LookupFunction | undefined
  /** A name that always resolves on a working resolver (see `resolver.ts`). Default: `example.com` */
  dnsCanary?: string | undefined
}

export interface CheckProgress {
  /** URLs checked so far in this run. */
  done: number
  /** URLs this run checks. */
  total: number
  url: string
  entry: LinkEntry
}

/** Counts over the distinct http(s) URLs given: how they stand after the run, and what was done. */
export interface CheckSummary extends Record<LinkState, number> {
  /** Distinct http(s) URLs. */
  total: number
  /** Checked in this run. */
  checked: number
  /** Not checked: checked less than `maxAge` ago, or asked (`Retry-After`) to wait. */
  fresh: number
  /** Not checked because `onlyDead` was asked and they are not dead (never-checked ones included). */
  notDead: number
  /** Never checked (a new URL with `onlyDead`, or a run stopped before it got there). */
  unchecked: number
  /** Due but not checked: the run ran out of time (`maxTime`) or was aborted first. Left for the next run. */
  left: number
  /** URLs given that are not http(s) (`javascript:`, `file:`, `mailto:`…), not checked. */
  ignored: number
}

export interface CheckResult {
  /** The store with this run's results; entries for URLs not given are kept as they were. */
  store: LinkStore
  summary: CheckSummary
  /** HTTP requests sent. */
  requests: number
  /** Whether `signal` stopped the run before every due URL was checked. */
  aborted: boolean
  /** Whether the run's time (`maxTime`) ran out before every due URL was checked. */
  outOfTime: boolean
}

/** Check the due URLs among `options.urls`. Resolves (never rejects) when aborted or out of time. */
export async function checkLinks(options: CheckOptions): Promise<CheckResult> {
  const settings = settingsOf(options)
  const { urls, ignored } = distinctCheckable(options.urls)
  const due = dueInOrder(urls, options.store, settings)
  const links = new Map(options.store.links)
  const stop = followSignal(options.signal)
  const clock = runClock(settings.maxTime, stop.abort)
  const client = createLinkClient({ ...settings, signal: stop.signal })
  const probeOptions = {
    maxRedirects: settings.maxRedirects,
    retryAfterCapMs: settings.retryAfterCapMs,
    maxLinkTime: settings.maxLinkTime,
    now: settings.now,
    resolverWorks: createResolverCheck(settings.lookup, settings.dnsCanary, settings.timeoutMs),
  }
  let done = 0
  const checkOne = async (url: string): Promise<void> => {
    // Once stopped, the URLs still in line are left as they are, at once.
    if (stop.signal.aborted) return
    const probe = await probeUrl(client, url, probeOptions)
    const entry = nextEntry(links.get(url), classifyProbe(probe), settings.now)
    links.set(url, entry)
    done++
    // (Not `?.({done: ++done})`: optional chaining would skip the count without a callback.)
    options.onProgress?.({ done, total: due.length, url, entry })
  }
  // Only so many URLs are under way at a time (each holds a little state); interleaved by host,
  // they keep every request slot busy within the politeness limits.
  const window = pLimit(settings.concurrency * URLS_PER_SLOT)
  try {
    await Promise.all(
      due.map((url) =>
        window(() => checkOne(url)).catch((error: unknown) => rethrowUnlessStopped(error, stop.signal)),
      ),
    )
  } finally {
    clock.stop()
    stop.release()
    await client.close()
  }
  const store: LinkStore = { version: LINK_STORE_VERSION, links }
  const left = due.length - done
  return {
    store,
    summary: summarize(urls, store, options.store, settings, { checked: done, left, ignored }),
    requests: client.requests,
    aborted: options.signal?.aborted === true && left > 0,
    outOfTime: clock.expired && left > 0,
  }
}

/** The options with their defaults applied. */
type Settings = Readonly<typeof checkDefaults & Pick<CheckOptions, 'now' | 'signal' | 'lookup'>>

/** The limits arrive checked: `LINK_LIMITS` validates the config's `links` and the flags. */
function settingsOf(options: CheckOptions): Settings {
  const settings: Record<string, unknown> = { ...checkDefaults }
  for (const key of Object.keys(checkDefaults) as Array<keyof typeof checkDefaults>)
    if (options[key] !== undefined) settings[key] = options[key]
  return {
    ...(settings as typeof checkDefaults),
    now: options.now,
    signal: options.signal,
    lookup: options.lookup,
  }
}

/** The http(s) URLs, each once, in first-seen order, and how many others there were. */
function distinctCheckable(all: Iterable<string>): { urls: string[]; ignored: number } {
  const urls = new Set<string>()
  const others = new Set<string>()
  for (const url of all) (isCheckableUrl(url) ? urls : others).add(url)
  return { urls: [...urls], ignored: others.size }
}

/**
 * The due URLs, in the order they are checked: those never checked first, then those checked
 * longest ago (first-seen order among equals), the hosts taking turns. A run that stops early
 * leaves the most recently checked for later, and the next run starts with the rest.
 */
export function dueInOrder(urls: readonly string[], store: LinkStore, options: DueOptions): string[] {
  const due: Array<{ url: string; checkedAt: number }> = []
  for (const url of urls) {
    const entry = store.links.get(url)
    if (isDue(entry, options)) due.push({ url, checkedAt: entry?.checkedAt ?? -Infinity })
  }
  // (Array#sort is stable: equals keep their order.)
  due.sort((a, b) => (a.checkedAt < b.checkedAt ? -1 : a.checkedAt > b.checkedAt ? 1 : 0))
  return interleaveByHost(due.map((item) => item.url))
}

/**
 * The URLs reordered so that hosts take turns (a, b, c, a, b, c…; first-seen order otherwise): a
 * collection's many links to one site then do not fill the URLs under way while other hosts wait.
 */
export function interleaveByHost(urls: readonly string[]): string[] {
  const byHost = new Map<string, string[]>()
  for (const url of urls) {
    const host = new URL(url).host
    let list = byHost.get(host)
    if (list === undefined) byHost.set(host, (list = []))
    list.push(url)
  }
  const result: string[] = []
  let lists = [...byHost.values()]
  for (let round = 0; lists.length > 0; round++) {
    for (const list of lists) result.push(list[round]!)
    lists = lists.filter((list) => list.length > round + 1)
  }
  return result
}

/**
 * A signal of our own that follows `signal` (and that the run's clock can abort): every request in
 * flight listens to it, more than an AbortSignal's 10 listeners before Node warns of a leak, and
 * the caller's signal gets only one.
 */
function followSignal(signal: AbortSignal | undefined): {
  signal: AbortSignal
  abort: (reason: unknown) => void
  release: () => void
} {
  const controller = new AbortController()
  setMaxListeners(0, controller.signal)
  const own = { signal: controller.signal, abort: (reason: unknown) => controller.abort(reason) }
  if (signal === undefined) return { ...own, release: () => {} }
  const abort = () => controller.abort(signal.reason)
  if (signal.aborted) abort()
  else signal.addEventListener('abort', abort, { once: true })
  return { ...own, release: () => signal.removeEventListener('abort', abort) }
}

/** The longest a timer waits (ms): a longer delay would fire at once. */
const MAX_TIMER = 2_147_483_647

/** The run's time: after `maxTime` ms (0: never), `abort` is called with a `TimeoutError`. */
function runClock(maxTime: number, abort: (reason: unknown) => void): { expired: boolean; stop: () => void } {
  const clock = { expired: false, stop: () => {} }
  if (!(maxTime > 0) || maxTime > MAX_TIMER) return clock
  const timer = setTimeout(() => {
    clock.expired = true
    abort(new DOMException('The link check ran out of time', 'TimeoutError'))
  }, maxTime)
  clock.stop = () => clearTimeout(timer)
  return clock
}

function rethrowUnlessStopped(error: unknown, signal: AbortSignal): void {
  if (!signal.aborted) throw error
}

function summarize(
  urls: readonly string[],
  store: LinkStore,
  before: LinkStore,
  settings: Settings,
  counts: { checked: number; left: number; ignored: number },
): CheckSummary {
  const summary: CheckSummary = {
    total: urls.length,
    checked: counts.checked,
    fresh: 0,
    notDead: 0,
    unchecked: 0,
    left: counts.left,
    ignored: counts.ignored,
    alive: 0,
    redirected: 0,
    unknown: 0,
    dead: 0,
  }
  for (const url of urls) {
    const entry = store.links.get(url)
    if (entry === undefined) summary.unchecked++
    else summary[entry.state]++
    const previous = before.links.get(url)
    if (isDue(previous, settings) || entry !== previous) continue
    if (settings.onlyDead && previous?.state !== 'dead') summary.notDead++
    else summary.fresh++
  }
  return summary
}
