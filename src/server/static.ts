/**
 * (I/O) A small static server for a built site, under its base path, as GitHub Pages would serve
 * it: `bookgen preview` (and the dev server, which adds live reload on top).
 *
 * Safe by default: binds 127.0.0.1, answers GET and HEAD only, serves only regular files inside
 * the output folder (no `..`, no encoded dots, no symbolic links out of it), with correct content
 * types and `nosniff`, and only to requests for a local name (see `host-check.ts`).
 *
 * Sturdy: an error while answering one request (a file swapped away by a rebuild, too many open
 * files, a failing hook, a client that hangs up) ends that request only, with a status if none
 * was sent yet; every file opened is closed, however the response ends.
 */
import { constants } from 'node:fs'
import { lstat, open, realpath } from 'node:fs/promises'
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Duplex } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { LOCAL_HOST } from '../config/options.js'
import { createHostCheck } from './host-check.js'

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.xbel': 'application/xml; charset=utf-8',
  '.gz': 'application/gzip',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
}

/** The content types sent gzipped: text, scripts, JSON, XML, SVG. */
const COMPRESSED = /^(text\/|application\/(json|xml|atom\+xml|manifest\+json)|image\/svg)/

export interface StaticServerOptions {
  /** The built site. */
  root: string
  /** Base path the site lives under (starts and ends with `/`). */
  base: string
  host?: string | undefined
  /** Port to listen on; `0` picks a free one. */
  port?: number | undefined
  /** Called first for every request; returns true when it answered it (the dev server's event stream). */
  extra?: ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined
  /** Called with the path below the base before a file is looked up (the dev server builds files on demand). */
  prepare?: ((relative: string) => Promise<void>) | undefined
  /** Rewrites HTML before it is sent (the dev server injects its reload client). */
  transformHtml?: ((html: string) => string) | undefined
  /**
   * Host names answered besides IP addresses, `localhost`, `*.localhost`, `host` and this
   * machine's name (a leading `.` allows subdomains); `true` answers any `Host`, turning off the
   * protection against DNS rebinding. Default: none
   */
  allowedHosts?: readonly string[] | true | undefined
}

export interface StaticServer {
  server: Server
  url: string
  close(): Promise<void>
}

/** Start serving `root` under `base`. */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const host = options.host ?? LOCAL_HOST
  const allowsHost =
    options.allowedHosts === true
      ? () => true
      : createHostCheck([host, os.hostname(), ...(options.allowedHosts ?? [])])
  const server = createServer((request, response) => {
    if (!allowsHost(request.headers.host)) {
      send(
        response,
        403,
        `Blocked: this server answers only local names (localhost, 127.0.0.1, [::1], this machine's name or the --host value), not ${JSON.stringify(request.headers.host ?? '')}, to stop DNS rebinding`,
        request,
      )
      return
    }
    handle(request, response, options).catch((error: unknown) => fail(request, response, error))
  })
  server.on('clientError', answerClientError)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // Once listening, the only server errors are failed accepts (EMFILE: too many open files):
  // that one connection is dropped, and the server carries on.
  server.on('error', () => {})
  const address = server.address() as AddressInfo
  const shownHost = host.includes(':') ? `[${host}]` : host
  return {
    server,
    url: `http://${shownHost}:${address.port}${options.base}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  options: StaticServerOptions,
): Promise<void> {
  if (options.extra?.(request, response) === true) return
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD')
    send(response, 405, 'Method not allowed', request)
    return
  }
  let url: URL
  let pathname: string
  try {
    url = new URL(request.url ?? '/', 'http://localhost')
    pathname = decodeURIComponent(url.pathname)
  } catch {
    send(response, 400, 'Bad request', request)
    return
  }
  if (pathname === options.base.slice(0, -1)) {
    redirect(response, options.base)
    return
  }
  if (!pathname.startsWith(options.base)) {
    send(response, 404, `Not found. The site is served under ${options.base}`, request)
    return
  }
  const relative = pathname.slice(options.base.length)
  if (
    relative.includes('\0') ||
    relative.split(/[/\\]/).some((segment) => segment === '..' || segment === '.')
  ) {
    send(response, 403, 'Forbidden', request)
    return
  }
  await options.prepare?.(relative)
  const file = await resolveFile(options.root, relative)
  if (file === 'directory') {
    redirect(response, `${url.pathname}/${url.search}`)
    return
  }
  if (file === undefined) {
    const notFound = await resolveFile(options.root, '404.html')
    if (typeof notFound === 'string') await sendFile(request, response, notFound, 404, options)
    else send(response, 404, 'Not found', request)
    return
  }
  await sendFile(request, response, file, 200, options)
}

/** The regular file a path names inside `root` (index.html for folders), or undefined. */
async function resolveFile(root: string, relative: string): Promise<string | 'directory' | undefined> {
  const realRoot = await realpath(root).catch(() => undefined)
  if (realRoot === undefined) return undefined
  let candidate = path.resolve(realRoot, relative)
  if (candidate !== realRoot && !candidate.startsWith(realRoot + path.sep)) return undefined
  let stat = await lstat(candidate).catch(() => undefined)
  if (stat?.isDirectory()) {
    if (relative !== '' && !relative.endsWith('/')) return 'directory'
    candidate = path.join(candidate, 'index.html')
    stat = await lstat(candidate).catch(() => undefined)
  }
  if (stat === undefined || !stat.isFile()) return undefined // symbolic links are not followed
  const real = await realpath(candidate).catch(() => undefined)
  if (real === undefined || !real.startsWith(realRoot + path.sep)) return undefined
  return real
}

/**
 * Send a file from one open handle: its size and its bytes come from the same file even if a
 * rebuild replaces it meanwhile, and the handle is closed however the response ends.
 */
async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  status: number,
  options: StaticServerOptions,
): Promise<void> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) {
      // Replaced by a folder since it was looked up.
      send(response, 404, 'Not found', request)
      return
    }
    const size = stat.size
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
    const headers: OutgoingHttpHeaders = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    }
    if (options.transformHtml !== undefined && type.startsWith('text/html')) {
      const body = Buffer.from(options.transformHtml(await handle.readFile('utf8')))
      response.writeHead(status, { ...headers, 'Content-Length': body.length })
      response.end(request.method === 'HEAD' ? undefined : body)
      return
    }
    // Text compressed as GitHub Pages does (for a client that takes gzip), so pages weigh what they will there.
    const gzip =
      size >= 1024 && COMPRESSED.test(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
    response.writeHead(
      status,
      gzip
        ? { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }
        : { ...headers, 'Content-Length': size },
    )
    if (request.method === 'HEAD' || size === 0) {
      response.end()
      return
    }
    const bytes = handle.createReadStream({ start: 0, end: size - 1, autoClose: false })
    // pipeline destroys the file stream when the client hangs up, and rejects on any error.
    await (gzip ? pipeline(bytes, createGzip(), response) : pipeline(bytes, response))
  } finally {
    await handle.close()
  }
}

/** Answer a request that failed: with a status if none was sent, else by closing the connection. */
function fail(request: IncomingMessage, response: ServerResponse, error: unknown): void {
  if (response.headersSent || response.destroyed) {
    response.destroy()
    return
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') {
    // Gone between lookup and opening: a rebuild swapped the site.
    send(response, 404, 'Not found', request)
  } else if (code === 'EMFILE' || code === 'ENFILE') {
    response.setHeader('Retry-After', '1')
    send(response, 503, 'Too many open files; try again', request)
  } else {
    send(response, 500, `Internal error${typeof code === 'string' ? ` (${code})` : ''}`, request)
  }
}

/** A malformed request (bad header, too large, timed out): answer it if the socket still can, then close. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

function send(response: ServerResponse, status: number, message: string, request: IncomingMessage): void {
  const body = Buffer.from(`${message}\n`)
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': body.length,
  })
  response.end(request.method === 'HEAD' ? undefined : body)
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(301, { Location: location, 'Content-Length': 0 })
  response.end()
}
