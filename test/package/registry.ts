/**
 * A tiny npm registry on 127.0.0.1 for tests: it serves one package, bookgen, from a packed
 * tarball (so `npm install bookgen@VERSION` gets this checkout), or answers that it has no such
 * package (as the public registry does before bookgen's first release), and passes every other
 * request through to the real registry (bookgen's dependencies).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Registry {
  url: string
  close(): Promise<void>
}

/**
 * Start the registry: bookgen from `tarball`, or none (404) when it is undefined; `upstream`
 * answers what is not bookgen (default: the public registry).
 */
export async function startRegistry(
  tarball: string | undefined,
  upstream = 'https://registry.npmjs.org',
): Promise<Registry> {
  const bytes = tarball === undefined ? Buffer.alloc(0) : readFileSync(tarball)
  // The manifest the tarball carries, as a registry takes it from a publish.
  const manifest = (
    tarball === undefined
      ? { name: 'bookgen', version: '0.0.0' }
      : JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }))
  ) as { name: string; version: string }
  const file = `${manifest.name}-${manifest.version}.tgz`
  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    if (tarball === undefined && (url === `/${manifest.name}` || url.startsWith(`/${manifest.name}/`))) {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end('{"error":"Not found"}')
      return
    }
    if (url === `/${manifest.name}`) {
      const version = {
        ...manifest,
        _id: `${manifest.name}@${manifest.version}`,
        dist: {
          tarball: `${origin}/${manifest.name}/-/${file}`,
          shasum: createHash('sha1').update(bytes).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
        },
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          name: manifest.name,
          'dist-tags': { latest: manifest.version },
          versions: { [manifest.version]: version },
        }),
      )
      return
    }
    if (url === `/${manifest.name}/-/${file}`) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' })
      response.end(bytes)
      return
    }
    const accept = request.headers.accept
    fetch(`${upstream}${url}`, { headers: accept === undefined ? {} : { accept } })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer())
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/octet-stream',
        })
        response.end(body)
      })
      .catch((error: unknown) => {
        response.writeHead(502)
        response.end(String(error))
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
