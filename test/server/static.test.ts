/**
 * The preview server over real sockets: serving under the base path, refusing traversal and foreign
 * Host names, and staying up (every file closed) through clients that hang up, a site swapped away
 * mid-request, failing hooks and a descriptor limit.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import { request } from 'node:http'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStaticServer, type StaticServer } from '../../src/server/static.js'
import {
  expectAbortedClientsLeaveNothingOpen,
  CAN_COUNT_DESCRIPTORS,
  rawRequest,
  type RawResponse,
} from '../http.js'

/** 4 MiB: far more than one read, so a client that hangs up leaves the server mid-file. */
const BIG = Buffer.alloc(4 * 1024 * 1024, 'bookgen ')
/** A page big enough to be sent gzipped. */
const PAGE = `<ul>${'<li>bookgen</li>'.repeat(500)}</ul>`

let dir: string
let server: StaticServer

/** A raw request (no URL normalization by the client), so traversal attempts reach the server as sent. */
function get(
  rawPath: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, method }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-serve-'))
  const site = path.join(dir, 'site')
  mkdirSync(path.join(site, 'folder'), { recursive: true })
  writeFileSync(path.join(site, 'index.html'), '<p>home</p>')
  writeFileSync(path.join(site, 'folder', 'index.html'), '<p>folder</p>')
  writeFileSync(path.join(site, 'data.json'), '{}')
  writeFileSync(path.join(site, 'page.html'), PAGE)
  writeFileSync(path.join(site, 'big.bin'), BIG)
  writeFileSync(path.join(dir, 'secret.txt'), 'outside')
  symlinkSync(path.join(dir, 'secret.txt'), path.join(site, 'link.txt'))
  server = await startStaticServer({ root: site, base: '/sub/' })
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('static server', () => {
  it('should bind 127.0.0.1 and serve under the base path with content types', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sub\/$/)
    const home = await get('/sub/')
    expect(home).toMatchObject({ status: 200, body: '<p>home</p>' })
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(home.headers['x-content-type-options']).toBe('nosniff')
    expect((await get('/sub/data.json')).headers['content-type']).toBe('application/json; charset=utf-8')
    expect((await get('/sub/folder/')).body).toBe('<p>folder</p>')
  })

  it('should gzip text of 1 KiB or more for a client that takes it, as GitHub Pages does', async () => {
    const { port } = new URL(server.url)
    const fetchRaw = (path: string, encoding?: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const headers = encoding === undefined ? {} : { 'accept-encoding': encoding }
        request({ host: '127.0.0.1', port, path, headers }, (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
        })
          .on('error', reject)
          .end()
      })
    const zipped = await fetchRaw('/sub/page.html', 'gzip, deflate, br')
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['vary']).toBe('Accept-Encoding')
    expect(zipped.body.length).toBeLessThan(PAGE.length / 10)
    expect(gunzipSync(zipped.body).toString()).toBe(PAGE)
    // Not to a client that does not say it takes gzip, nor a small file, nor bytes that are not text.
    for (const [path, encoding] of [
      ['/sub/page.html', undefined],
      ['/sub/data.json', 'gzip'],
      ['/sub/big.bin', 'gzip'],
    ] as const) {
      const plain = await fetchRaw(path, encoding)
      expect(plain.headers['content-encoding'], path).toBeUndefined()
      expect(plain.body.length, path).toBe(Number(plain.headers['content-length']))
    }
  })

  it('should redirect folders to their trailing slash, and the bare base', async () => {
    expect(await get('/sub/folder')).toMatchObject({ status: 301, headers: { location: '/sub/folder/' } })
    expect(await get('/sub')).toMatchObject({ status: 301, headers: { location: '/sub/' } })
  })

  it('should refuse traversal, encoded dots, NUL and symbolic links out of the site', async () => {
    for (const attempt of [
      '/sub/../secret.txt',
      '/sub/%2e%2e/secret.txt',
      '/sub/%2E%2E%2Fsecret.txt',
      '/sub/folder/..%2F..%2Fsecret.txt',
      '/sub/%00',
      '/sub/link.txt',
      '/sub/..\\secret.txt',
    ]) {
      const response = await get(attempt)
      expect(response.status, attempt).toBeGreaterThanOrEqual(400)
      expect(response.body, attempt).not.toContain('outside')
    }
  })

  it('should answer GET and HEAD only', async () => {
    expect((await get('/sub/', 'HEAD')).status).toBe(200)
    const post = await get('/sub/', 'POST')
    expect(post.status).toBe(405)
    expect(post.headers['allow']).toBe('GET, HEAD')
  })

  it('should 404 outside the base and for missing files', async () => {
    expect((await get('/index.html')).status).toBe(404)
    expect((await get('/sub/missing.html')).status).toBe(404)
  })
})

describe('static server and the Host header', () => {
  it('should refuse requests for another host name (DNS rebinding) with a one-line reason', async () => {
    const { port } = new URL(server.url)
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `localhost.evil.example:${port}`,
      'a@localhost',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await rawRequest(port, '/sub/', { host, method })
        expect(response.status, `${method} ${host}`).toBe(403)
        expect(response.body.toString()).toMatch(method === 'GET' ? /^Blocked: .*DNS rebinding\n$/ : /^$/)
      }
    }
    // HTTP/1.0 allows a request without Host: refused too.
    const socket = connect(Number(port), '127.0.0.1')
    socket.end('GET /sub/ HTTP/1.0\r\n\r\n')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    await new Promise((resolve) => socket.on('close', resolve))
    expect(Buffer.concat(chunks).toString()).toMatch(/^HTTP\/1\.1 403 /)
  })

  it('should answer requests for localhost, 127.0.0.1, [::1], *.localhost and this machine’s name', async () => {
    const { port } = new URL(server.url)
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'localhost',
      `app.localhost:${port}`,
      `${os.hostname()}:${port}`,
    ]) {
      const response = await rawRequest(port, '/sub/', { host })
      expect(response.status, host).toBe(200)
      expect(response.body.toString()).toBe('<p>home</p>')
    }
  })

  it('should answer the names in allowedHosts too, or any with allowedHosts: true', async () => {
    const listed = await startStaticServer({
      root: path.join(dir, 'site'),
      base: '/',
      allowedHosts: ['.example.org'],
    })
    const open = await startStaticServer({ root: path.join(dir, 'site'), base: '/', allowedHosts: true })
    try {
      const listedPort = new URL(listed.url).port
      expect((await rawRequest(listedPort, '/', { host: 'example.org' })).status).toBe(200)
      expect((await rawRequest(listedPort, '/', { host: 'www.example.org:80' })).status).toBe(200)
      expect((await rawRequest(listedPort, '/', { host: 'evil.example' })).status).toBe(403)
      expect((await rawRequest(new URL(open.url).port, '/', { host: 'evil.example' })).status).toBe(200)
    } finally {
      await listed.close()
      await open.close()
    }
  })
})

describe('static server under stress', () => {
  it('should send the same status and headers to HEAD as to GET, with the length of the body', async () => {
    const { port } = new URL(server.url)
    for (const wanted of ['/sub/', '/sub/data.json', '/sub/big.bin', '/sub/missing', '/sub/folder', '/x']) {
      const get = await rawRequest(port, wanted)
      const head = await rawRequest(port, wanted, { method: 'HEAD' })
      expect(head.status, wanted).toBe(get.status)
      for (const name of ['content-type', 'content-length', 'location']) {
        expect(head.headers[name], `${wanted} ${name}`).toBe(get.headers[name])
      }
      expect(head.body.length).toBe(0)
      expect(get.body.length, wanted).toBe(Number(get.headers['content-length']))
    }
  })

  it('should answer 500 to a request whose hook fails, and keep serving', async () => {
    const failing = await startStaticServer({
      root: path.join(dir, 'site'),
      base: '/',
      extra: (request) => {
        if (request.url === '/extra') throw new Error('extra failed')
        return false
      },
      prepare: async (relative) => {
        if (relative === 'data.json') throw new Error('prepare failed')
      },
      transformHtml: (html) => {
        if (html.includes('folder')) throw new Error('transform failed')
        return html
      },
    })
    try {
      const { port } = new URL(failing.url)
      for (const wanted of ['/extra', '/data.json', '/folder/']) {
        for (const method of ['GET', 'HEAD']) {
          expect((await rawRequest(port, wanted, { method })).status, `${method} ${wanted}`).toBe(500)
        }
      }
      expect((await rawRequest(port, '/')).body.toString()).toBe('<p>home</p>')
    } finally {
      await failing.close()
    }
  })

  it('should answer a malformed request with 400 and keep serving', async () => {
    const { port } = new URL(server.url)
    const socket = connect(Number(port), '127.0.0.1')
    socket.end('GET /sub/ HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    await new Promise((resolve) => socket.on('close', resolve))
    expect(Buffer.concat(chunks).toString()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect((await rawRequest(port, '/sub/')).status).toBe(200)
  })

  it.skipIf(!CAN_COUNT_DESCRIPTORS)(
    'should close every file and socket when 1,000 clients hang up mid-response',
    async () => {
      await expectAbortedClientsLeaveNothingOpen(new URL(server.url).port, '/sub/big.bin', BIG, 'preview')
    },
  )

  it('should answer a request for a file swapped away mid-request with an error, and keep serving', async () => {
    // A rebuild swaps the whole output folder: here two complete sites trade places over and over
    // (for a moment there is none) while clients keep asking for pages.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'bookgen-swap-'))
    const site = path.join(folder, 'site')
    const other = path.join(folder, 'other')
    const aside = path.join(folder, 'aside')
    for (const [root, text] of [
      [site, 'one'],
      [other, 'two'],
    ] as const) {
      mkdirSync(path.join(root, 'folder'), { recursive: true })
      writeFileSync(path.join(root, 'index.html'), `<p>${text}</p>`)
      writeFileSync(path.join(root, 'folder', 'index.html'), `<p>${text}</p>`)
      writeFileSync(path.join(root, 'page.txt'), text)
    }
    const swapping = await startStaticServer({ root: site, base: '/' })
    const { port } = new URL(swapping.url)
    expect((await rawRequest(port, '/page.txt')).body.toString()).toBe('one')
    let swaps = 0
    let stop = false
    const swapper = (async () => {
      while (!stop) {
        await rename(site, aside)
        await rename(other, site)
        await rename(aside, other)
        swaps += 1
        // A varying pause, so the swaps fall at every step of the requests, not always the same one.
        for (let turn = 0; turn < swaps % 5; turn++) await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    const seen = new Map<string, number>()
    try {
      const paths = ['/page.txt', '/', '/folder/', '/missing.txt']
      await Promise.all(
        Array.from({ length: 20 }, async (_, worker) => {
          for (let i = 0; i < 50; i++) {
            const wanted = paths[(worker + i) % paths.length]!
            const outcome = await rawRequest(port, wanted).then(
              (response: RawResponse) => String(response.status),
              (error: NodeJS.ErrnoException) => error.code ?? 'error',
            )
            seen.set(outcome, (seen.get(outcome) ?? 0) + 1)
            if (outcome === '200') continue
            // Anything but a page is a clean refusal of this one request: a status or a closed connection.
            expect(['404', '500', '503', 'ECONNRESET'], `${wanted}: ${outcome}`).toContain(outcome)
          }
        }),
      )
    } finally {
      stop = true
      await swapper
    }
    if (process.env['SERVE_DEBUG']) console.info(`swap: ${swaps} swaps`, seen)
    expect(swaps).toBeGreaterThan(0)
    expect(seen.get('200')).toBeGreaterThan(0)
    const after = await rawRequest(port, '/page.txt')
    expect(after.status).toBe(200)
    expect(['one', 'two']).toContain(after.body.toString())
    await swapping.close()
    rmSync(folder, { recursive: true, force: true })
  })
})
