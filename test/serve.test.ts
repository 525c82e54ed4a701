import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStaticServer, type StaticServer } from '../src/serve.js'

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
