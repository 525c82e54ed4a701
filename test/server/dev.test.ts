/**
 * The dev server over real sockets: clients that hang up mid-file leave no descriptor open, only
 * requests for a local name are answered (pages, event stream and client alike), and files built
 * on first request are built once for any number of concurrent first requests.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDev, type DevSession } from '../../src/dev/index.js'
import { startDevServer, type DevServer } from '../../src/server/dev.js'
import {
  expectAbortedClientsLeaveNothingOpen,
  CAN_COUNT_DESCRIPTORS,
  pollUntil,
  rawRequest,
  responseHead,
} from '../http.js'

/** Open the event stream at `rawPath` and resolve with the name of the first event it sends. */
function firstEvent(port: string, rawPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, agent: false }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        const event = /^event: (.+)$/m.exec(text)
        if (event === null) return
        req.destroy()
        resolve(event[1]!)
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** 4 MiB: far more than one read, so a client that hangs up leaves the server mid-file. */
const BIG = Buffer.alloc(4 * 1024 * 1024, 'bookgen ')

describe('dev server', () => {
  let dir: string
  let server: DevServer
  let port: string

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-server-'))
    writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body>home</body></html>')
    writeFileSync(path.join(dir, 'big.bin'), BIG)
    server = await startDevServer({ root: dir, base: '/sub/', port: 0 })
    port = new URL(server.url).port
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.skipIf(!CAN_COUNT_DESCRIPTORS)(
    'should close every file and socket when 1,000 clients hang up mid-response',
    async () => {
      await expectAbortedClientsLeaveNothingOpen(port, '/sub/big.bin', BIG, 'dev')
    },
  )

  it('should refuse requests for another host name (DNS rebinding), its event stream and client included', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`]) {
      for (const wanted of ['/sub/', '/sub/big.bin', '/sub/__bookgen/client.js']) {
        const response = await rawRequest(port, wanted, { host })
        expect(response.status, `${host} ${wanted}`).toBe(403)
        expect(response.body.toString()).toMatch(/^Blocked: .*DNS rebinding\n$/)
      }
      expect((await responseHead(port, '/sub/__bookgen/events', host)).status).toBe(403)
    }
    expect(server.clients).toBe(0)
  })

  it('should answer requests for localhost, 127.0.0.1 and [::1]', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const page = await rawRequest(port, '/sub/', { host })
      expect(page.status, host).toBe(200)
      expect(page.body.toString()).toContain('__bookgen/client.js')
      expect((await rawRequest(port, '/sub/__bookgen/client.js', { host })).status).toBe(200)
      const events = await responseHead(port, '/sub/__bookgen/events', host)
      expect(events.status).toBe(200)
      expect(events.headers['content-type']).toBe('text/event-stream')
    }
  })

  it('should tell a page that was not yet listening when a rebuild came to reload', async () => {
    const client = () => {
      const page = readFileSync(path.join(dir, 'index.html'), 'utf8') // what the server transforms
      expect(page).not.toContain('__bookgen')
      return rawRequest(port, '/sub/').then(
        (response) => /__bookgen\/client\.js\?v=(\d+)/.exec(response.body.toString())![1]!,
      )
    }
    const served = await client()
    server.reload() // a rebuild while the page loads: no stream is open to hear it
    expect(await firstEvent(port, `/sub/__bookgen/events?v=${served}`)).toBe('reload')
    // A page served after that rebuild is current: the first thing it hears is the next news.
    const current = await client()
    expect(current).not.toBe(served)
    const listening = firstEvent(port, `/sub/__bookgen/events?v=${current}`)
    expect(await pollUntil(() => server.clients === 1)).toBe(true)
    server.showError('broken')
    expect(await listening).toBe('build-error')
    server.clearError()
  })
})

describe('dev session: files built on first request', () => {
  let dir: string
  let session: DevSession | undefined

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-lazy-'))
  })
  afterEach(async () => {
    await session?.close()
    session = undefined
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('should answer 20 concurrent first requests for each lazily built file with the same bytes', async () => {
    // Enough bookmarks that building the search index, feed and sitemap takes a while.
    const entries = Array.from(
      { length: 3000 },
      (_, i) =>
        `<DT><A HREF="https://example.com/${i}" ADD_DATE="${1600000000 + i}" TAGS="t${i % 50}">Bookmark number ${i} about topic ${i % 97}</A>\n`,
    ).join('')
    writeFileSync(
      path.join(dir, 'bookmarks.html'),
      `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Dev</TITLE>\n<DL><p>\n<DT><H3>Folder</H3>\n<DL><p>\n${entries}</DL><p>\n</DL><p>\n`,
    )
    session = await startDev({
      cwd: dir,
      inline: { sources: ['bookmarks.html'], outDir: 'site', base: '/sub/' },
      port: 0,
    })
    expect(session.initial.ok).toBe(true)
    const { port } = new URL(session.url)
    const files = ['feed.xml', 'sitemap.xml', 'assets/search/index.json']
    const responses = await Promise.all(
      files.flatMap((file) => Array.from({ length: 20 }, () => rawRequest(port, `/sub/${file}`))),
    )
    for (const [index, file] of files.entries()) {
      const own = responses.slice(index * 20, index * 20 + 20)
      expect(
        own.map((response) => response.status),
        file,
      ).toEqual(Array(20).fill(200))
      const onDisk = readFileSync(path.join(dir, 'site', file))
      for (const response of own) expect(response.body.equals(onDisk), file).toBe(true)
    }
  })
})
