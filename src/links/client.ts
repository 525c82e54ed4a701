/**
 * (I/O) The HTTP side of a link check: one request at a time per call, with no body, no cookies
 * and no credentials, a user agent that names bookgen, a timeout, and politeness limits (see
 * `politeness.ts`: so many requests at once per host and overall, so many per second to one host,
 * and a host that asked to wait left alone until then), a host being the address its name
 * resolves to, and the port. Redirects are not followed here (see `probe.ts`). Built on undici's
 * `request`, with its own connection pool (`Agent`), so DNS can be swapped for tests.
 */
import type { LookupFunction } from 'node:net'
import { Agent, request } from 'undici'
import { createPoliteness } from './politeness.js'
import { createAddressBook } from './resolver.js'
import type { LinkProblem } from './store-format.js'
import { PROJECT_URL, VERSION } from '../model/version.js'
import { withoutUserinfo } from '../model/safe-url.js'

/** Where people who see bookgen in their logs can read what it is. */
export { PROJECT_URL }

/** `bookgen/<version> (link check; +<project URL>)`. */
export const DEFAULT_USER_AGENT = `bookgen/${VERSION} (link check; +${PROJECT_URL})`

/** How much of a response body is read (so its connection can be reused) before it is dropped. */
const BODY_DRAIN_LIMIT = 16 * 1024

export interface ClientOptions {
  /** Requests in flight at once, over all hosts. */
  readonly concurrency: number
  /** Requests in flight at once to one host (address and port). */
  readonly perHost: number
  /** Requests started per second to one host. */
  readonly rate: number
  /** Time allowed for one request, from sending it to its headers and the bit of body read (ms). */
  readonly timeoutMs: number
  readonly userAgent: string
  /** DNS lookup for connections (default: the system resolver, as `dns.lookup`). */
  readonly lookup?: LookupFunction | undefined
  /** Stops everything: requests in flight reject with an `AbortError`. */
  readonly signal?: AbortSignal | undefined
}

/** A response's status and the headers a link check reads. */
export interface SentResponse {
  readonly status: number
  readonly location: string | undefined
  readonly retryAfter: string | undefined
  /** The server's `Date` (ms), for an HTTP-date `Retry-After`; the local clock when it sent none. */
  readonly date: number
}

/**
 * A request's outcome: a response, or why there was none; and how long it took (ms), from the
 * moment it was sent (its wait for a turn left out).
 */
export type Sent = ({ readonly response: SentResponse } | { readonly problem: LinkProblem }) & {
  readonly tookMs: number
}

export interface SendOptions {
  readonly limitMs?: number | undefined
  readonly followUp?: boolean | undefined
}

export interface LinkClient {
  /**
   * Send one bodiless request (HEAD or GET), given at most `limitMs` (and never more than the
   * client's `timeoutMs`) before it is a `timeout`; a `followUp` (a URL's request after its first)
   * goes before the host's new ones. Rejects only when the whole check is aborted.
   */
  send(url: URL, method: 'HEAD' | 'GET', options?: SendOptions): Promise<Sent>
  /** Send nothing to the host of `url` for `ms` from now. */
  pauseHost(url: URL, ms: number): Promise<void>
  /** Requests sent so far. */
  readonly requests: number
  /** Close the connections. */
  close(): Promise<void>
}

/** A client with its own connection pool. */
export function createLinkClient(options: ClientOptions): LinkClient {
  const addresses = createAddressBook(options.lookup, options.timeoutMs, options.signal)
  const agent = new Agent({
    connections: options.perHost,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, lookup: addresses.lookup },
  })
  const politeness = createPoliteness(options)
  let requests = 0

  return {
    send: async (url, method, { limitMs = Infinity, followUp = false } = {}) => {
      const endTurn = await politeness.turn(await addresses.hostOf(url), followUp)
      try {
        options.signal?.throwIfAborted()
        requests++
        const started = performance.now()
        const sent = await sendOnce(agent, url, method, options, Math.min(options.timeoutMs, limitMs))
        return { ...sent, tookMs: performance.now() - started }
      } finally {
        endTurn()
      }
    },
    pauseHost: async (url, ms) => politeness.pause(await addresses.hostOf(url), ms),
    get requests() {
      return requests
    },
    close: () => {
      politeness.close()
      return agent.close()
    },
  }
}

/** One request: headers only, then at most a few KiB of body, so the connection can be reused. */
async function sendOnce(
  agent: Agent,
  url: URL,
  method: 'HEAD' | 'GET',
  options: ClientOptions,
  timeoutMs: number,
): Promise<{ response: SentResponse } | { problem: LinkProblem }> {
  // A timer per request, cleared as soon as it is done (`AbortSignal.timeout` would keep each
  // signal alive for the whole timeout: thousands at a time in a large check).
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException('The link check timed out', 'TimeoutError'))
  }, timeoutMs)
  const stop = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', stop, { once: true })
  const signal = controller.signal
  try {
    // Never with the URL's `user:password@`: bookgen sends no credentials.
    const response = await request(withoutUserinfo(url.href), {
      method,
      dispatcher: agent,
      // Keep the connection after HEAD (undici closes it by default, for servers that wrongly
      // send a body with HEAD): a connection per HEAD costs hosts a handshake per link. Stray body
      // bytes would only make the next answer on that connection unparsable: `unknown`, not dead.
      reset: false,
      signal,
      headers: { 'user-agent': options.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    })
    // A body the server sends anyway is read a little (keeping the connection), else dropped.
    await response.body.dump({ limit: BODY_DRAIN_LIMIT, signal }).catch(() => undefined)
    return { response: responseOf(response.statusCode, response.headers) }
  } catch (error) {
    options.signal?.throwIfAborted()
    return { problem: timedOut ? 'timeout' : problemOf(error) }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', stop)
  }
}

function responseOf(status: number, headers: Record<string, string | string[] | undefined>): SentResponse {
  const one = (name: string): string | undefined => {
    const value = headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const date = Date.parse(one('date') ?? '')
  return {
    status,
    location: one('location'),
    retryAfter: one('retry-after'),
    date: Number.isNaN(date) ? Date.now() : date,
  }
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$)/

/** What kind of network failure an error from undici or the system is. */
export function problemOf(error: unknown): LinkProblem {
  const code = codeOf(error)
  switch (code) {
    case 'ENOTFOUND':
      return 'host-not-found'
    case 'EAI_AGAIN':
      return 'dns-temporary'
    case 'ECONNREFUSED':
      return 'connection-refused'
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return 'connection-reset'
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return 'timeout'
  }
  return code !== undefined && TLS_CODES.test(code) ? 'tls' : 'network'
}

/** The `code` of an error or of its cause. */
function codeOf(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 4;
    current = current.cause, depth++
  ) {
    const code = (current as NodeJS.ErrnoException).code
    if (typeof code === 'string') return code
  }
  return undefined
}
