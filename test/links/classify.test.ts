import { describe, expect, it } from 'vitest'
import {
  classifyProbe,
  isCheckableUrl,
  isDead,
  isDue,
  needsGetFallback,
  nextEntry,
  type Probe,
} from '../../src/links/classify.js'
import type { LinkEntry } from '../../src/links/store.js'

const A = 'https://a.example/page'
const hops = (...list: Array<[string, number]>): Probe => ({
  hops: list.map(([url, status]) => ({ url, status })),
})
const DAY = 86_400_000
const T = Date.parse('2026-05-04T06:00:00Z')

describe('classifyProbe', () => {
  it('should call a 2xx alive, a 404 or 410 dead, and every other status unknown', () => {
    expect(classifyProbe(hops([A, 200]))).toEqual({ state: 'alive', status: 200 })
    expect(classifyProbe(hops([A, 204]))).toEqual({ state: 'alive', status: 204 })
    expect(classifyProbe(hops([A, 404]))).toEqual({ state: 'dead', status: 404 })
    expect(classifyProbe(hops([A, 410]))).toEqual({ state: 'dead', status: 410 })
    for (const status of [400, 401, 403, 429, 451, 500, 502, 503, 504, 300, 304, 999]) {
      expect(classifyProbe(hops([A, status]))).toEqual({ state: 'unknown', status })
    }
  })

  it('should call a permanent redirect to a live page redirected, with where the permanent redirects lead', () => {
    expect(classifyProbe(hops([A, 301], ['https://b/', 200]))).toEqual({
      state: 'redirected',
      status: 200,
      finalUrl: 'https://b/',
    })
    expect(classifyProbe(hops([A, 308], ['https://b/', 301], ['https://c/', 200]))).toMatchObject({
      finalUrl: 'https://c/',
    })
    // The temporary hop after the permanent one is not where the bookmark moved.
    expect(classifyProbe(hops([A, 301], ['https://b/', 302], ['https://b/login?s=1', 200]))).toEqual({
      state: 'redirected',
      status: 200,
      finalUrl: 'https://b/',
    })
  })

  it('should leave a URL that redirects temporarily alive, and a redirect to a failure as that failure', () => {
    for (const status of [302, 303, 307]) {
      expect(classifyProbe(hops([A, status], ['https://b/', 200]))).toEqual({ state: 'alive', status: 200 })
    }
    expect(classifyProbe(hops([A, 302], ['https://b/', 301], ['https://c/', 200]))).toEqual({
      state: 'alive',
      status: 200,
    })
    expect(classifyProbe(hops([A, 301], ['https://b/', 404]))).toEqual({ state: 'dead', status: 404 })
    expect(classifyProbe(hops([A, 301], ['https://b/', 403]))).toEqual({ state: 'unknown', status: 403 })
  })

  it('should call only a bookmarked host that does not exist dead, and every other problem unknown', () => {
    expect(classifyProbe({ hops: [], problem: 'host-not-found' })).toEqual({
      state: 'dead',
      status: null,
      error: 'host-not-found',
    })
    expect(classifyProbe({ hops: [{ url: A, status: 301 }], problem: 'host-not-found' })).toEqual({
      state: 'unknown',
      status: null,
      error: 'host-not-found',
    })
    for (const problem of [
      'dns-unavailable',
      'dns-temporary',
      'timeout',
      'tls',
      'connection-reset',
      'network',
    ] as const) {
      expect(classifyProbe({ hops: [], problem })).toEqual({ state: 'unknown', status: null, error: problem })
    }
    expect(classifyProbe({ hops: [{ url: A, status: 301 }], problem: 'redirect-loop' })).toEqual({
      state: 'unknown',
      status: 301,
      error: 'redirect-loop',
    })
    expect(classifyProbe({ hops: [{ url: A, status: 429 }], problem: 'retry-later', retryAfter: T })).toEqual(
      {
        state: 'unknown',
        status: 429,
        error: 'retry-later',
        retryAfter: T,
      },
    )
  })
})

describe('needsGetFallback', () => {
  it('should confirm with GET what servers often answer to HEAD alone, and nothing decisive', () => {
    for (const status of [403, 404, 405, 410, 501]) expect(needsGetFallback(status)).toBe(true)
    for (const status of [200, 301, 302, 401, 429, 503]) expect(needsGetFallback(status)).toBe(false)
  })
})

describe('nextEntry', () => {
  it('should count failures in a row, and reset them when the link works', () => {
    const first = nextEntry(undefined, { state: 'dead', status: 404 }, T)
    expect(first).toEqual({ state: 'dead', status: 404, checkedAt: T, failures: 1 })
    const second = nextEntry(first, { state: 'unknown', status: null, error: 'timeout' }, T + DAY)
    expect(second.failures).toBe(2)
    expect(nextEntry(second, { state: 'redirected', status: 200, finalUrl: 'https://b/' }, T).failures).toBe(
      0,
    )
    expect(nextEntry(second, { state: 'alive', status: 200 }, T)).toEqual({
      state: 'alive',
      status: 200,
      checkedAt: T,
      failures: 0,
    })
  })
})

describe('isDue and isDead', () => {
  const entry = (
    state: LinkEntry['state'],
    checkedAt: number,
    extra: Partial<LinkEntry> = {},
  ): LinkEntry => ({
    state,
    status: null,
    checkedAt,
    failures: 1,
    ...extra,
  })
  const week = { now: T, maxAge: 7 * DAY, onlyDead: false }

  it('should check what was never checked, or checked at least maxAge ago', () => {
    expect(isDue(undefined, week)).toBe(true)
    expect(isDue(entry('alive', T), week)).toBe(false)
    expect(isDue(entry('alive', T - 7 * DAY + 1), week)).toBe(false)
    expect(isDue(entry('alive', T - 7 * DAY), week)).toBe(true)
    expect(isDue(entry('alive', T), { ...week, maxAge: 0 })).toBe(true)
  })

  it('should wait for a Retry-After time', () => {
    expect(isDue(entry('unknown', T - 30 * DAY, { retryAfter: T + 1 }), week)).toBe(false)
    expect(isDue(entry('unknown', T - 30 * DAY, { retryAfter: T }), week)).toBe(true)
  })

  it('should check only dead entries with onlyDead', () => {
    const onlyDead = { ...week, onlyDead: true }
    expect(isDue(undefined, onlyDead)).toBe(false)
    expect(isDue(entry('unknown', T - 30 * DAY), onlyDead)).toBe(false)
    expect(isDue(entry('dead', T - 30 * DAY), onlyDead)).toBe(true)
    expect(isDue(entry('dead', T), onlyDead)).toBe(false)
  })

  it('should show a link as dead only after the failures asked for', () => {
    expect(isDead(entry('dead', T))).toBe(true)
    expect(isDead(entry('dead', T), 2)).toBe(false)
    expect(isDead(entry('dead', T, { failures: 2 }), 2)).toBe(true)
    expect(isDead(entry('unknown', T, { failures: 9 }))).toBe(false)
    expect(isDead(undefined)).toBe(false)
  })
})

describe('isCheckableUrl', () => {
  it('should check http and https URLs only', () => {
    for (const url of ['http://a/', 'HTTPS://a.example/x?y#z']) expect(isCheckableUrl(url)).toBe(true)
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'place:sort=8',
      'mailto:a@b',
      'ftp://a/',
      'https://',
      '',
    ]) {
      expect(isCheckableUrl(url)).toBe(false)
    }
  })
})
