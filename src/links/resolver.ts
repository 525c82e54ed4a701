/**
 * (I/O) Host names during a link check. Each name is looked up once per run (`createAddressBook`):
 * the answer names the host for politeness and is where its connections go, so that `localhost`
 * and `127.0.0.1`, or two names of one server, count as one host.
 *
 * And whether this machine's DNS works at all. A host name that does not resolve (`ENOTFOUND`)
 * is evidence that the host is gone only from a resolver that resolves names that exist: a
 * sandbox or an offline machine may answer "not found" for every name, and must not turn a whole
 * collection dead. So before the first such verdict, one name that always exists is looked up.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'

/**
 * A name that exists for as long as DNS does: `example.com` is reserved for documentation by
 * RFC 2606 and IANA keeps it resolving. Only looked up, never requested.
 */
export const DEFAULT_DNS_CANARY = 'example.com'

/**
 * A function that tells, once per run (the answer is kept), whether `canary` resolves through
 * `lookup` within `timeoutMs`.
 */
export function createResolverCheck(
  lookup: LookupFunction = systemLookup as LookupFunction,
  canary = DEFAULT_DNS_CANARY,
  timeoutMs = 10_000,
): () => Promise<boolean> {
  let answer: Promise<boolean> | undefined
  return () => (answer ??= resolves(lookup, canary, timeoutMs))
}

function resolves(lookup: LookupFunction, name: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    timer.unref()
    lookup(name, { all: true }, (error, addresses) => {
      clearTimeout(timer)
      resolve(
        error === null && (Array.isArray(addresses) ? addresses.length > 0 : typeof addresses === 'string'),
      )
    })
  })
}

/** The addresses of a run's hosts, each name looked up once. */
export interface AddressBook {
  /**
   * The host a URL's requests go to, for politeness: its address and port (`127.0.0.1:80`,
   * `[::1]:443`); its name and port when the name does not resolve (in time).
   */
  hostOf(url: URL): Promise<string>
  /** A lookup (as `dns.lookup`) that answers from the book: connections go where `hostOf` says. */
  readonly lookup: LookupFunction
}

/**
 * An empty book that asks `lookup`, giving up on an answer to `hostOf` after `timeoutMs` or when
 * `signal` aborts.
 */
export function createAddressBook(
  lookup: LookupFunction = systemLookup as LookupFunction,
  timeoutMs = 10_000,
  signal?: AbortSignal,
): AddressBook {
  const known = new Map<string, Promise<LookupAddress[]>>()
  const addressesOf = (name: string): Promise<LookupAddress[]> => {
    let answer = known.get(name)
    if (answer === undefined) {
      answer = new Promise((resolve, reject) =>
        lookup(name, { all: true }, (error, addresses) =>
          error === null ? resolve(listOf(addresses)) : reject(error),
        ),
      )
      // Kept for the run, failures too: no name is asked twice (the connections ask the book).
      answer.catch(() => undefined)
      known.set(name, answer)
    }
    return answer
  }
  const firstAddress = (name: string): Promise<string | undefined> =>
    new Promise((resolve) => {
      const give = () => resolve(undefined)
      const timer = setTimeout(give, timeoutMs)
      signal?.addEventListener('abort', give, { once: true })
      addressesOf(name)
        .then(
          (addresses) => resolve(addresses[0]?.address),
          () => resolve(undefined),
        )
        .finally(() => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', give)
        })
    })
  const hostOf = async (url: URL): Promise<string> => {
    const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port
    const name = url.hostname.replace(/^\[(.*)\]$/, '$1')
    const address = isIP(name) !== 0 ? name : ((await firstAddress(name)) ?? name)
    return isIP(address) === 6 ? `[${address}]:${port}` : `${address}:${port}`
  }
  // The host of each origin, worked out once.
  const hosts = new Map<string, Promise<string>>()

  return {
    hostOf: (url) => {
      let host = hosts.get(url.origin)
      if (host === undefined) hosts.set(url.origin, (host = hostOf(url)))
      return host
    },
    lookup: ((name, options, callback) => {
      addressesOf(name).then(
        (all) => {
          const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
          const addresses = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all
          const first = addresses[0]
          if (first === undefined) lookup(name, options, callback)
          else if (options.all === true) callback(null, addresses)
          else callback(null, first.address, first.family)
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      )
    }) as LookupFunction,
  }
}

function listOf(addresses: string | LookupAddress[]): LookupAddress[] {
  return Array.isArray(addresses) ? addresses : [{ address: addresses, family: isIP(addresses) }]
}
