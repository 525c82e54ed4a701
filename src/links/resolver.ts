/**
 * (I/O) Whether this machine's DNS works at all. A host name that does not resolve (`ENOTFOUND`)
 * is evidence that the host is gone only from a resolver that resolves names that exist: a
 * sandbox or an offline machine may answer "not found" for every name, and must not turn a whole
 * collection dead. So before the first such verdict, one name that always exists is looked up.
 */
import { lookup as systemLookup } from 'node:dns'
import type { LookupFunction } from 'node:net'

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
