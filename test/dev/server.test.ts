/**
 * The dev server over real sockets: clients that hang up mid-file leave no descriptor open, only
 * requests for a local name are answered (pages, event stream and client alike).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevServer, type DevServer } from '../../src/dev/server.js'
import {
  abortMany,
  CAN_COUNT_DESCRIPTORS,
  openDescriptors,
  pollUntil,
  rawRequest,
  responseHead,
} from '../http.js'

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
      expect((await rawRequest(port, '/sub/big.bin')).body.length).toBe(BIG.length)
      const before = openDescriptors()
      const statuses = await abortMany(port, '/sub/big.bin', 1000, 20)
      expect(statuses).toEqual(new Map([[200, 1000]]))
      const settled = await pollUntil(() => openDescriptors() <= before + 10)
      const after = openDescriptors()
      if (process.env['SERVE_DEBUG']) console.info(`dev: ${before} descriptors before, ${after} after`)
      expect(settled, `${before} descriptors before 1,000 aborted requests, ${after} after`).toBe(true)
      const next = await rawRequest(port, '/sub/big.bin')
      expect(next.status).toBe(200)
      expect(next.body.equals(BIG)).toBe(true)
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
})
