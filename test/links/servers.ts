/**
 * (I/O) Local HTTP servers for the link checker's tests: node:http on 127.0.0.1 only, each
 * recording the requests it saw (method, path, headers, body size, arrival time) and how many it
 * served at once. `closeServers()` in `afterEach` closes every one started, connections included.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { LookupFunction } from 'node:net'

export interface SeenRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** Bytes of request body received. */
  bodyBytes: number
  /** When it came (`performance.now()`). */
  at: number
}

export interface TestServer {
  readonly port: number
  readonly origin: string
  url(path: string): string
  readonly requests: SeenRequest[]
  /** The most requests this server was answering at one time. */
  readonly maxInFlight: number
  /** Connections opened to this server. */
  readonly connections: number
}

/** Counts requests in flight over several servers. */
export interface InFlightCounter {
  now: number
  max: number
}

export type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
  seen: SeenRequest,
) => void | Promise<void>

const open = new Set<ReturnType<typeof createServer>>()

/** Start a server on 127.0.0.1 with `handler`; `shared` also counts its requests in flight. */
export async function startServer(handler: Handler, shared?: InFlightCounter): Promise<TestServer> {
  const requests: SeenRequest[] = []
  let inFlight = 0
  let maxInFlight = 0
  let connections = 0
  const server = createServer((request, response) => {
    const seen: SeenRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      bodyBytes: 0,
      at: performance.now(),
    }
    requests.push(seen)
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    if (shared !== undefined) shared.max = Math.max(shared.max, ++shared.now)
    response.on('close', () => {
      inFlight--
      if (shared !== undefined) shared.now--
    })
    request.on('data', (chunk: Buffer) => (seen.bodyBytes += chunk.length))
    request.on('end', () => void handler(request, response, seen))
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  open.add(server)
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  const origin = `http://127.0.0.1:${address.port}`
  return {
    port: address.port,
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    get maxInFlight() {
      return maxInFlight
    },
    get connections() {
      return connections
    },
  }
}

/** Close every server started, and their connections. */
export async function closeServers(): Promise<void> {
  const closing = [...open].map(
    (server) =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  open.clear()
  await Promise.all(closing)
}

/** Answer `status` with `headers` and a short body (none for HEAD). */
export function answer(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain', ...headers })
  response.end(response.req.method === 'HEAD' ? undefined : `status ${status}\n`)
}

/**
 * A DNS lookup that knows only `names` (name → IPv4 address) and answers every other name as
 * `code` (`ENOTFOUND`: the name does not exist): for tests, so that no query leaves the machine.
 */
export function fakeLookup(names: Record<string, string>, code = 'ENOTFOUND'): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = Object.hasOwn(names, hostname) ? names[hostname] : undefined
    process.nextTick(() => {
      if (address === undefined) {
        callback(
          Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), {
            code,
            hostname,
            syscall: 'getaddrinfo',
          }),
        )
      } else if (options.all === true) callback(null, [{ address, family: 4 }])
      else callback(null, address, 4)
    })
  }) as LookupFunction
}
