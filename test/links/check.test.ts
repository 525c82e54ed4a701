import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { checkLinks, dueInOrder, interleaveByHost, type CheckOptions } from '../../src/links/check.js'
import { emptyStore, type LinkEntry, type LinkStore } from '../../src/links/store.js'
import { VERSION } from '../../src/model/version.js'
import {
  answer,
  closeServers,
  fakeLookup,
  startServer,
  type InFlightCounter,
  type TestServer,
} from './servers.js'

const T = Date.parse('2026-05-04T06:00:00Z')
const DAY = 86_400_000

afterEach(closeServers)

/** A server with one route per behaviour the checker must tell apart. */
function routes(): Promise<TestServer> {
  let busy = 0
  return startServer((request, response) => {
    const method = request.method
    const path = request.url ?? ''
    const hop = /^\/hops\/(\d+)$/.exec(path)
    if (hop !== null) return answer(response, 302, { location: `/hops/${Number(hop[1]) + 1}` })
    const five = /^\/five\/(\d+)$/.exec(path)
    if (five !== null)
      return Number(five[1]) < 5
        ? answer(response, 301, { location: `/five/${Number(five[1]) + 1}` })
        : answer(response, 200)
    switch (path) {
      case '/ok':
        return answer(response, 200)
      case '/moved':
        return answer(response, 301, { location: '/ok' })
      case '/moved-308':
        return answer(response, 308, { location: '/ok' })
      case '/temporary':
        return answer(response, 302, { location: '/ok' })
      case '/gone':
        return answer(response, 404)
      case '/removed':
        return answer(response, 410)
      case '/forbidden':
        return answer(response, 403)
      case '/no-head':
        return answer(response, method === 'HEAD' ? 405 : 200)
      case '/head-404':
        return answer(response, method === 'HEAD' ? 404 : 200)
      case '/busy-briefly':
        return busy++ === 0 ? answer(response, 429, { 'retry-after': '1' }) : answer(response, 200)
      case '/busy-for-a-day':
        return answer(response, 429, { 'retry-after': '86400' })
      case '/unavailable':
        return answer(response, 503)
      case '/slow':
        return // never answers: the client's timeout ends it
      case '/reset':
        return void request.socket.destroy()
      case '/loop-a':
        return answer(response, 301, { location: '/loop-b' })
      case '/loop-b':
        return answer(response, 301, { location: '/loop-a' })
      case '/cookie':
        return answer(response, 302, { location: '/landing', 'set-cookie': 'session=secret; Path=/' })
      case '/head-cookie':
        return answer(response, method === 'HEAD' ? 405 : 200, { 'set-cookie': 'session=secret; Path=/' })
      case '/landing':
        return answer(response, 200)
      default:
        return answer(response, 500)
    }
  })
}

/** A check of `urls`, at a rate per host that local servers do not need to be spared (unless `options` says). */
async function check(urls: string[], options: Partial<CheckOptions> = {}) {
  return checkLinks({ urls, store: emptyStore(), now: T, rate: 1000, ...options })
}

describe('checkLinks against local servers', () => {
  it('should call a 200 alive with one HEAD request that names bookgen and carries no body', async () => {
    const server = await routes()
    const { store, summary, requests } = await check([server.url('/ok')])
    expect(store.links.get(server.url('/ok'))).toEqual({
      state: 'alive',
      status: 200,
      checkedAt: T,
      failures: 0,
    })
    expect(requests).toBe(1)
    expect(server.requests.map((r) => r.method)).toEqual(['HEAD'])
    expect(server.requests[0]!.headers['user-agent']).toBe(
      `bookgen/${VERSION} (link check; +https://github.com/bookgen/bookgen)`,
    )
    expect(summary).toMatchObject({ total: 1, checked: 1, alive: 1, dead: 0 })
  })

  it('should call a permanent redirect to a live page redirected, with the final URL', async () => {
    const server = await routes()
    const { store } = await check([server.url('/moved'), server.url('/moved-308')])
    for (const path of ['/moved', '/moved-308']) {
      expect(store.links.get(server.url(path))).toMatchObject({
        state: 'redirected',
        status: 200,
        finalUrl: server.url('/ok'),
      })
    }
  })

  it('should leave a URL that redirects temporarily alive, with no final URL', async () => {
    const server = await routes()
    const { store } = await check([server.url('/temporary')])
    expect(store.links.get(server.url('/temporary'))).toEqual({
      state: 'alive',
      status: 200,
      checkedAt: T,
      failures: 0,
    })
  })

  it('should call 404 and 410 dead only after GET confirms what HEAD said', async () => {
    const server = await routes()
    const { store, requests } = await check([server.url('/gone'), server.url('/removed')])
    expect(store.links.get(server.url('/gone'))).toMatchObject({ state: 'dead', status: 404, failures: 1 })
    expect(store.links.get(server.url('/removed'))).toMatchObject({ state: 'dead', status: 410 })
    expect(requests).toBe(4)
    expect(server.requests.filter((r) => r.path === '/gone').map((r) => r.method)).toEqual(['HEAD', 'GET'])
  })

  it('should call 403 unknown, never dead', async () => {
    const server = await routes()
    const { store } = await check([server.url('/forbidden')])
    expect(store.links.get(server.url('/forbidden'))).toMatchObject({ state: 'unknown', status: 403 })
  })

  it('should fall back to GET when HEAD is refused (405) or wrongly 404', async () => {
    const server = await routes()
    const { store } = await check([server.url('/no-head'), server.url('/head-404')])
    expect(store.links.get(server.url('/no-head'))).toMatchObject({ state: 'alive', status: 200 })
    expect(store.links.get(server.url('/head-404'))).toMatchObject({ state: 'alive', status: 200 })
    expect(server.requests.filter((r) => r.path === '/no-head').map((r) => r.method)).toEqual(['HEAD', 'GET'])
  })

  it('should wait for a short Retry-After and ask once more', async () => {
    const server = await routes()
    const { store, requests } = await check([server.url('/busy-briefly')])
    expect(store.links.get(server.url('/busy-briefly'))).toMatchObject({ state: 'alive', status: 200 })
    expect(requests).toBe(2)
  })

  it('should not wait for a long Retry-After, but record it, and not ask again before then', async () => {
    const server = await routes()
    const url = server.url('/busy-for-a-day')
    const first = await check([url])
    expect(first.store.links.get(url)).toEqual({
      state: 'unknown',
      status: 429,
      error: 'retry-later',
      retryAfter: T + DAY,
      checkedAt: T,
      failures: 1,
    })
    expect(first.requests).toBe(1)
    const soon = await check([url], { store: first.store, now: T + DAY - 1, maxAge: 0 })
    expect(soon.requests).toBe(0)
    expect(soon.summary.fresh).toBe(1)
  })

  it('should call 503, a timeout and a connection reset unknown', async () => {
    const server = await routes()
    const { store } = await check([server.url('/unavailable'), server.url('/slow'), server.url('/reset')], {
      timeoutMs: 300,
    })
    expect(store.links.get(server.url('/unavailable'))).toMatchObject({ state: 'unknown', status: 503 })
    expect(store.links.get(server.url('/slow'))).toMatchObject({
      state: 'unknown',
      status: null,
      error: 'timeout',
    })
    expect(store.links.get(server.url('/reset'))).toMatchObject({
      state: 'unknown',
      status: null,
      error: 'connection-reset',
    })
  })

  it('should stop at redirect loops and after 5 redirects, as unknown', async () => {
    const server = await routes()
    const { store } = await check([server.url('/loop-a'), server.url('/hops/0'), server.url('/five/0')])
    expect(store.links.get(server.url('/loop-a'))).toMatchObject({
      state: 'unknown',
      status: 301,
      error: 'redirect-loop',
    })
    expect(store.links.get(server.url('/hops/0'))).toMatchObject({
      state: 'unknown',
      status: 302,
      error: 'too-many-redirects',
    })
    expect(server.requests.filter((r) => r.path.startsWith('/hops/'))).toHaveLength(6)
    // Exactly five redirects are followed.
    expect(store.links.get(server.url('/five/0'))).toMatchObject({
      state: 'redirected',
      finalUrl: server.url('/five/5'),
    })
  })

  it('should never send back cookies, credentials or a body', async () => {
    const server = await routes()
    const withCredentials = server.url('/landing').replace('http://', 'http://user:password@')
    const { store } = await check([server.url('/cookie'), server.url('/head-cookie'), withCredentials])
    expect(store.links.get(server.url('/cookie'))).toMatchObject({ state: 'alive' })
    expect(store.links.get(server.url('/head-cookie'))).toMatchObject({ state: 'alive' })
    expect(server.requests.map((r) => r.path).sort()).toEqual([
      '/cookie',
      '/head-cookie',
      '/head-cookie',
      '/landing',
      '/landing',
    ])
    for (const seen of server.requests) {
      expect(seen.headers.cookie).toBeUndefined()
      expect(seen.headers.authorization).toBeUndefined()
      expect(seen.headers['transfer-encoding']).toBeUndefined()
      expect(seen.headers['content-length'] ?? '0').toBe('0')
      expect(seen.bodyBytes).toBe(0)
    }
  })

  it('should check each URL once, and only http and https ones', async () => {
    const server = await routes()
    const ok = server.url('/ok')
    const { summary, requests, store } = await check([
      ok,
      ok,
      'javascript:alert(1)',
      'file:///etc/passwd',
      'place:sort=8',
      'mailto:a@b.example',
    ])
    expect(requests).toBe(1)
    expect([...store.links.keys()]).toEqual([ok])
    expect(summary).toMatchObject({ total: 1, ignored: 4 })
  })
})

describe('checkLinks and DNS', () => {
  const names = { 'example.com': '127.0.0.1' }

  it('should call a host that does not exist dead, when the resolver resolves a name that does', async () => {
    const url = 'http://nothing.invalid/'
    const { store, requests } = await check([url], { lookup: fakeLookup(names) })
    expect(store.links.get(url)).toEqual({
      state: 'dead',
      status: null,
      error: 'host-not-found',
      checkedAt: T,
      failures: 1,
    })
    expect(requests).toBe(1)
  })

  it('should not call anything dead when no name resolves at all (no working DNS here)', async () => {
    const { store } = await check(['http://nothing.invalid/'], { lookup: fakeLookup({}) })
    expect(store.links.get('http://nothing.invalid/')).toMatchObject({
      state: 'unknown',
      error: 'dns-unavailable',
    })
  })

  it('should call a temporary resolver failure unknown', async () => {
    const { store } = await check(['http://nothing.invalid/'], { lookup: fakeLookup(names, 'EAI_AGAIN') })
    expect(store.links.get('http://nothing.invalid/')).toMatchObject({
      state: 'unknown',
      error: 'dns-temporary',
    })
  })

  it('should resolve names through the lookup given', async () => {
    const server = await routes()
    const url = `http://bookmarks.test:${server.port}/ok`
    const { store } = await check([url], { lookup: fakeLookup({ 'bookmarks.test': '127.0.0.1' }) })
    expect(store.links.get(url)).toMatchObject({ state: 'alive' })
    expect(server.requests[0]!.headers.host).toBe(`bookmarks.test:${server.port}`)
  })
})

describe('checkLinks politeness', () => {
  /** A server that holds each answer a little, so requests overlap if the checker lets them. */
  const slowServer = (shared?: InFlightCounter) =>
    startServer(
      (_request, response: ServerResponse) => void setTimeout(() => answer(response, 200), 40),
      shared,
    )

  it('should send at most 2 requests at once to one host', async () => {
    const server = await slowServer()
    const urls = Array.from({ length: 12 }, (_, i) => server.url(`/page/${i}`))
    const { summary } = await check(urls)
    expect(summary.alive).toBe(12)
    expect(server.maxInFlight).toBe(2)
  })

  it('should keep its connections to a host open from one request to the next, HEAD included', async () => {
    const server = await startServer((request, response) =>
      answer(response, request.url === '/no-head' && request.method === 'HEAD' ? 405 : 200),
    )
    const urls = Array.from({ length: 10 }, (_, i) => server.url(`/page/${i}`))
    await check([...urls, server.url('/no-head')])
    expect(server.requests).toHaveLength(12)
    expect(server.connections).toBeLessThanOrEqual(2)
  })

  it('should take the hosts in turns', () => {
    const urls = [
      'http://a/1',
      'http://a/2',
      'http://a/3',
      'http://b/1',
      'http://c/1',
      'http://c/2',
      'http://a:81/1',
    ]
    expect(interleaveByHost(urls)).toEqual([
      'http://a/1',
      'http://b/1',
      'http://c/1',
      'http://a:81/1',
      'http://a/2',
      'http://c/2',
      'http://a/3',
    ])
  })

  it('should send at most `concurrency` requests at once overall', async () => {
    const shared: InFlightCounter = { now: 0, max: 0 }
    const servers = await Promise.all(Array.from({ length: 8 }, () => slowServer(shared)))
    const urls = servers.flatMap((server) => [1, 2, 3].map((i) => server.url(`/${i}`)))
    const { summary } = await check(urls, { concurrency: 4, perHost: 3 })
    expect(summary.alive).toBe(24)
    expect(shared.max).toBe(4)
    for (const server of servers) expect(server.maxInFlight).toBeLessThanOrEqual(3)
  })
})

describe('checkLinks across runs', () => {
  it('should send no request at all on a second run the same day', async () => {
    const server = await routes()
    const urls = ['/ok', '/gone', '/moved', '/forbidden'].map((path) => server.url(path))
    const first = await check(urls)
    const seen = server.requests.length
    const second = await check(urls, { store: first.store })
    expect(second.requests).toBe(0)
    expect(server.requests.length).toBe(seen)
    expect(second.store.links).toEqual(first.store.links)
    expect(second.summary).toMatchObject({
      total: 4,
      checked: 0,
      fresh: 4,
      alive: 1,
      dead: 1,
      redirected: 1,
      unknown: 1,
    })
  })

  it('should check again only dead links with onlyDead', async () => {
    const server = await routes()
    const [ok, gone, forbidden] = ['/ok', '/gone', '/forbidden'].map((path) => server.url(path))
    const first = await check([ok!, gone!, forbidden!])
    server.requests.length = 0
    const later = await check([ok!, gone!, forbidden!, server.url('/new')], {
      store: first.store,
      now: T + 8 * DAY,
      onlyDead: true,
    })
    expect(new Set(server.requests.map((r) => r.path))).toEqual(new Set(['/gone']))
    expect(later.store.links.get(gone!)).toMatchObject({ state: 'dead', failures: 2, checkedAt: T + 8 * DAY })
    expect(later.store.links.get(ok!)).toBe(first.store.links.get(ok!))
    expect(later.summary).toMatchObject({ checked: 1, notDead: 3, unchecked: 1 })
  })

  it('should count failures in a row across runs, and reset them when the link works again', async () => {
    let up = false
    const server = await startServer((_request, response) => answer(response, up ? 200 : 404))
    const url = server.url('/page')
    let store: LinkStore = emptyStore()
    const failures: number[] = []
    for (let run = 0; run < 4; run++) {
      if (run === 3) up = true
      store = (await check([url], { store, now: T + run * 8 * DAY })).store
      failures.push(store.links.get(url)!.failures)
    }
    expect(failures).toEqual([1, 2, 3, 0])
    expect(store.links.get(url)).toMatchObject({ state: 'alive' })
  })

  it('should keep entries of URLs it was not given', async () => {
    const server = await routes()
    const kept: LinkEntry = { state: 'dead', status: 404, checkedAt: T - DAY, failures: 3 }
    const store: LinkStore = { version: 1, links: new Map([['https://elsewhere.example/', kept]]) }
    const result = await check([server.url('/ok')], { store })
    expect(result.store.links.get('https://elsewhere.example/')).toBe(kept)
    expect(store.links.size).toBe(1)
  })
})

describe('checkLinks aborted', () => {
  it('should add one listener to the signal given, however many requests are in flight', async () => {
    const server = await startServer((_request, response) => void setTimeout(() => answer(response, 200), 50))
    const controller = new AbortController()
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const urls = Array.from({ length: 40 }, (_, i) => server.url(`/${i}`))
      const { summary } = await check(urls, { signal: controller.signal, perHost: 16 })
      expect(summary.alive).toBe(40)
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning')
    // More requests at once than an AbortSignal takes listeners before Node warns.
    expect(server.maxInFlight).toBeGreaterThan(10)
  })

  it('should resolve with what was checked before the signal, and send nothing after it', async () => {
    const server = await routes()
    const controller = new AbortController()
    const urls = [
      server.url('/ok'),
      server.url('/slow'),
      ...Array.from({ length: 10 }, (_, i) => server.url(`/slow?${i}`)),
    ]
    const result = await check(urls, {
      signal: controller.signal,
      concurrency: 2,
      onProgress: ({ url }) => {
        if (url === server.url('/ok')) controller.abort()
      },
    })
    expect(result.aborted).toBe(true)
    expect([...result.store.links.keys()]).toEqual([server.url('/ok')])
    expect(result.summary).toMatchObject({ checked: 1, unchecked: 11 })
    expect(server.requests.length).toBeLessThanOrEqual(2)
  })
})

describe('checkLinks Retry-After, once per link', () => {
  /** `/hop/N` asks to come back in a second the first time each method asks, then redirects to `/hop/N+1` (200 at 3). */
  const everyHopBusy = () => {
    const asked = new Set<string>()
    return startServer((request, response) => {
      const key = `${request.method} ${request.url}`
      if (!asked.has(key)) {
        asked.add(key)
        return answer(response, 429, { 'retry-after': '1' })
      }
      const hop = /^\/hop\/(\d+)$/.exec(request.url ?? '')
      if (hop !== null && Number(hop[1]) < 3)
        return answer(response, 302, { location: `/hop/${Number(hop[1]) + 1}` })
      // `/head-refused`: HEAD is not allowed, so GET is asked, and is told to wait too.
      return answer(response, request.url === '/head-refused' && request.method === 'HEAD' ? 405 : 200)
    })
  }

  it('should wait once for a link whose every hop asks, and record the next ask instead of waiting again', async () => {
    const server = await everyHopBusy()
    const url = server.url('/hop/0')
    const { store } = await check([url], { retryAfterCapMs: 5000 })
    expect(store.links.get(url)).toEqual({
      state: 'unknown',
      status: 429,
      error: 'retry-later',
      retryAfter: T + 1000,
      checkedAt: T,
      failures: 1,
    })
    // Asked, waited, redirected, asked again: no second wait.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /hop/0',
      'HEAD /hop/0',
      'HEAD /hop/1',
    ])
  })

  it('should count the wait of HEAD against GET as well', async () => {
    const server = await everyHopBusy()
    const url = server.url('/head-refused')
    const { store } = await check([url], { retryAfterCapMs: 5000 })
    expect(store.links.get(url)).toMatchObject({ state: 'unknown', status: 429, error: 'retry-later' })
    expect(server.requests.map((r) => r.method)).toEqual(['HEAD', 'HEAD', 'GET'])
  })

  it("should not wait for a Retry-After beyond the cap, or beyond what is left of the link's time", async () => {
    const server = await everyHopBusy()
    const capped = server.url('/capped')
    const late = server.url('/late')
    const first = await check([capped], { retryAfterCapMs: 500 })
    const second = await check([late], { retryAfterCapMs: 5000, maxLinkTime: 800 })
    for (const [url, result] of [
      [capped, first],
      [late, second],
    ] as const) {
      expect(result.store.links.get(url)).toMatchObject({ status: 429, retryAfter: T + 1000 })
      expect(result.requests).toBe(1)
    }
  })
})

describe("checkLinks and a link's time", () => {
  it('should end a link whose hops take longer in all than its time, however quick each one is', async () => {
    // Each hop answers in 150 ms, well within the request timeout; five of them are not.
    const server = await startServer((request, response) => {
      const hop = Number(/^\/slow-hop\/(\d+)$/.exec(request.url ?? '')?.[1] ?? 5)
      setTimeout(
        () => answer(response, hop < 5 ? 302 : 200, hop < 5 ? { location: `/slow-hop/${hop + 1}` } : {}),
        150,
      )
    })
    const url = server.url('/slow-hop/0')
    const { store } = await check([url], { timeoutMs: 1000, maxLinkTime: 400 })
    expect(store.links.get(url)).toMatchObject({ state: 'unknown', status: null, error: 'timeout' })
    expect(server.requests.length).toBeLessThanOrEqual(3)
  })

  it('should end a request that hangs when the link has no time left, before the request timeout', async () => {
    const server = await routes()
    const url = server.url('/slow')
    const { store } = await check([url], { timeoutMs: 60_000, maxLinkTime: 300 })
    expect(store.links.get(url)).toMatchObject({ state: 'unknown', error: 'timeout' })
  })
})

describe("checkLinks and the run's time", () => {
  it('should stop when the time is up, keep the entries it did not get to, and start the next run with them', async () => {
    const server = await startServer((_request, response) => void setTimeout(() => answer(response, 200), 40))
    const urls = Array.from({ length: 20 }, (_, i) => server.url(`/page/${i}`))
    const old: LinkEntry = { state: 'alive', status: 200, checkedAt: T - 30 * DAY, failures: 0 }
    const store: LinkStore = { version: 1, links: new Map(urls.map((url) => [url, old])) }
    const first = await check(urls, { store, perHost: 1, maxTime: 400 })
    const seen = server.requests.length

    expect(first.outOfTime).toBe(true)
    expect(first.aborted).toBe(false)
    const checked = urls.filter((url) => first.store.links.get(url)!.checkedAt === T)
    const left = urls.filter((url) => first.store.links.get(url) === old)
    expect(checked.length).toBeGreaterThan(0)
    expect(left.length).toBeGreaterThan(0)
    expect(checked.length + left.length).toBe(20)
    expect(first.summary).toMatchObject({ total: 20, checked: checked.length, left: left.length })
    // Nothing more is sent once the run is over.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.requests.length).toBe(seen)

    // A week later every link is due again: the ones left wait no longer, they go first.
    const second = await check(urls, { store: first.store, now: T + 7 * DAY, perHost: 1, maxTime: 0 })
    expect(second.outOfTime).toBe(false)
    expect(second.summary).toMatchObject({ checked: 20, left: 0 })
    const order = server.requests.slice(seen).map((r) => server.url(r.path))
    expect(order.slice(0, left.length)).toEqual(left)
  })

  it('should take the links never checked first, then those checked longest ago', () => {
    const entry = (days: number): LinkEntry => ({
      state: 'alive',
      status: 200,
      checkedAt: T - days * DAY,
      failures: 0,
    })
    const store: LinkStore = {
      version: 1,
      links: new Map([
        ['http://a/recent', entry(8)],
        ['http://a/old', entry(30)],
        ['http://b/fresh', entry(1)],
        ['http://b/older', entry(20)],
      ]),
    }
    const urls = ['http://a/recent', 'http://a/old', 'http://b/fresh', 'http://b/older', 'http://a/new']
    expect(dueInOrder(urls, store, { now: T, maxAge: 7 * DAY, onlyDead: false })).toEqual([
      'http://a/new',
      'http://b/older',
      'http://a/old',
      'http://a/recent',
    ])
  })
})

describe('checkLinks politeness by address, with a rate', () => {
  it('should count the names of one address as one host: localhost and 127.0.0.1', async () => {
    const server = await startServer((_request, response) => void setTimeout(() => answer(response, 200), 40))
    const urls = Array.from({ length: 6 }, (_, i) => [
      server.url(`/numeric/${i}`),
      `http://localhost:${server.port}/named/${i}`,
      `http://bookmarks.test:${server.port}/other/${i}`,
    ]).flat()
    const lookup = fakeLookup({ localhost: '127.0.0.1', 'bookmarks.test': '127.0.0.1' })
    const { summary } = await check(urls, { perHost: 1, lookup })
    expect(summary.alive).toBe(18)
    expect(server.maxInFlight).toBe(1)
  })

  it('should start the requests to one host no faster than the rate', async () => {
    const rate = 40
    const server = await startServer((_request, response) => answer(response, 200))
    const urls = Array.from({ length: 50 }, (_, i) => server.url(`/page/${i}`))
    const { summary } = await check(urls, { rate })
    expect(summary.alive).toBe(50)
    const times = server.requests.map((r) => r.at).sort((a, b) => a - b)
    const gaps = times.slice(1).map((time, i) => time - times[i]!)
    const spacing = 1000 / rate
    // From the server's clock: 49 spacings between the first and the last (give or take the
    // first one's delay), and the usual gap a spacing (a busy machine may bunch a few).
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(48 * spacing)
    expect(gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(0.8 * spacing)
  })
})
