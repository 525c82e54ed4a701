/**
 * (I/O) The dev server: the static server under the base path, plus a server-sent event stream
 * (`<base>__bookgen/events`) that tells open pages to reload or shows a build error over them,
 * and the small client that listens to it, injected into HTML responses only (the files on disk,
 * like a published site, carry no reload code). Site-wide files are built when first asked for.
 * Like the preview server, it answers only requests for a local name: the event stream and the
 * pages must not be reachable from another origin through DNS rebinding.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { startStaticServer, type StaticServer } from './static.js'
import { TEMPLATES_DIR } from '../build/output.js'

export interface DevServerOptions {
  root: string
  base: string
  host?: string | undefined
  port?: number | undefined
  /** Build a file on demand before it is served (path below the base). */
  prepare?: ((relative: string) => Promise<void>) | undefined
}

export interface DevServer extends StaticServer {
  /** Tell every open page to reload. */
  reload(): void
  /** Show a build error on every open page (and on pages opened until the next good build). */
  showError(message: string): void
  /** Clear the error after a good build. */
  clearError(): void
  /** Open event streams (pages listening). */
  readonly clients: number
}

const CLIENT = readFileSync(path.join(TEMPLATES_DIR, 'dev', 'client.js'), 'utf8')
/**
 * What the dev server answers for `<base>sw.js`: a worker that removes itself. A browser that has a
 * built site's service worker for the same address (`bookgen preview` on this port, say) checks
 * its script on every page it opens, gets this one, and stops serving its kept pages.
 */
const RETIRING_WORKER = readFileSync(path.join(TEMPLATES_DIR, 'dev', 'sw.js'), 'utf8')

/** Start the dev server. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const clients = new Set<ServerResponse>()
  let lastError: string | undefined
  /**
   * How many rebuilds the pages have been told of. A page carries the number it was served with
   * and gives it back when its event stream connects: a page that was loading, and not yet
   * listening, when a rebuild was announced is told to reload then.
   */
  let version = 0
  const endpoint = `${options.base}__bookgen/`
  const send = (response: ServerResponse, event: string, data: unknown) => {
    // A page that just went away may still be listed until its `close` event.
    if (response.writableEnded || response.destroyed) return
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  }

  const server = await startStaticServer({
    root: options.root,
    base: options.base,
    host: options.host,
    port: options.port,
    prepare: options.prepare,
    transformHtml: (html) =>
      html.replace(
        '</head>',
        `<script type="module" src="${endpoint}client.js?v=${version}"></script></head>`,
      ),
    extra: (request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      const pathname = url.pathname
      if (pathname === `${options.base}sw.js` && (request.method === 'GET' || request.method === 'HEAD')) {
        sendScript(request, response, RETIRING_WORKER)
        return true
      }
      if (!pathname.startsWith(endpoint)) return false
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return true
      }
      if (pathname === `${endpoint}client.js`) {
        sendScript(request, response, CLIENT)
        return true
      }
      if (pathname === `${endpoint}events`) {
        response.writeHead(200, {
          'Content-Type': 'text/event-stream',
          'Cache-Control': 'no-cache',
          Connection: 'keep-alive',
        })
        if (request.method === 'HEAD') {
          response.end()
          return true
        }
        response.write('retry: 500\n\n')
        clients.add(response)
        const seen = url.searchParams.get('v')
        if (seen !== null && seen !== String(version)) send(response, 'reload', {})
        else if (lastError !== undefined) send(response, 'build-error', { message: lastError })
        response.on('close', () => clients.delete(response))
        return true
      }
      response.writeHead(404).end()
      return true
    },
  })

  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) send(client, event, data)
  }
  return {
    ...server,
    reload() {
      lastError = undefined
      version++
      broadcast('reload', {})
    },
    showError(message) {
      lastError = message
      broadcast('build-error', { message })
    },
    clearError() {
      if (lastError === undefined) return
      lastError = undefined
      broadcast('build-ok', {})
    },
    get clients() {
      return clients.size
    },
    close: async () => {
      for (const client of clients) client.end()
      clients.clear()
      await server.close()
    },
  }
}

/** Answer with a script of the dev server's own (never cached: it changes with bookgen). */
function sendScript(request: IncomingMessage, response: ServerResponse, script: string): void {
  response.writeHead(200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  })
  response.end(request.method === 'HEAD' ? undefined : script)
}
