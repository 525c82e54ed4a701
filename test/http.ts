/**
 * (I/O) Test helpers for the preview and dev servers: raw requests over real sockets (any Host
 * header, no URL normalization), requests the client hangs up on mid-response, and this process's
 * open file descriptors (the servers under test run in-process).
 */
import { existsSync, readdirSync } from 'node:fs'
import { request } from 'node:http'
import { expect } from 'vitest'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One request on its own connection; `host` replaces the Host header. */
export function rawRequest(
  port: number | string,
  rawPath: string,
  options: { method?: string; host?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: rawPath,
        method: options.method ?? 'GET',
        agent: false,
        headers: options.host === undefined ? {} : { host: options.host },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/**
 * A GET the client hangs up on once the first bytes of the body arrive (or the headers, for an
 * empty body). Resolves with the status once the socket is closed.
 */
export function abortedRequest(port: number | string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, agent: false }, (response) => {
      const status = response.statusCode ?? 0
      const hangUp = () => {
        req.socket?.once('close', () => resolve(status))
        req.destroy()
      }
      response.once('data', hangUp)
      response.once('end', hangUp)
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Our own hang-up surfaces as a reset on some paths; anything else is a real failure.
      if (error.code !== 'ECONNRESET') reject(error)
    })
    req.end()
  })
}

/** The status and headers of a GET, after which the client hangs up (for endless responses). */
export function responseHead(
  port: number | string,
  rawPath: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: rawPath, agent: false, headers: host === undefined ? {} : { host } },
      (response) => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers })
        req.destroy()
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error)
    })
    req.end()
  })
}

/** Run `total` aborted requests, `concurrency` at a time; the statuses seen, counted. */
export async function abortMany(
  port: number | string,
  rawPath: string,
  total: number,
  concurrency: number,
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>()
  let started = 0
  const worker = async () => {
    while (started < total) {
      started += 1
      const status = await abortedRequest(port, rawPath)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return statuses
}

/** Whether this platform lists a process's descriptors in /proc (Linux). */
export const CAN_COUNT_DESCRIPTORS = existsSync('/proc/self/fd')

/** How many file descriptors this process has open. */
export function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length
}

/**
 * Poll `check` until it returns true, `tries` times at most (with a short pause between), and
 * return its last answer: sockets and files close a few turns of the event loop after the
 * requests end.
 */
export async function pollUntil(check: () => boolean, tries = 200): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return check()
}

/**
 * 1,000 clients hang up mid-way through `rawPath` (20 at a time): each got a 200, the open
 * descriptors come back to within 10 of where they were, and the server still sends `body` whole.
 * `label` names the server in the figures `SERVE_DEBUG=1` prints.
 */
export async function expectAbortedClientsLeaveNothingOpen(
  port: number | string,
  rawPath: string,
  body: Buffer,
  label: string,
): Promise<void> {
  expect((await rawRequest(port, rawPath)).body.length).toBe(body.length)
  const before = openDescriptors()
  const statuses = await abortMany(port, rawPath, 1000, 20)
  expect(statuses).toEqual(new Map([[200, 1000]]))
  const settled = await pollUntil(() => openDescriptors() <= before + 10)
  const after = openDescriptors()
  if (process.env['SERVE_DEBUG']) console.info(`${label}: ${before} descriptors before, ${after} after`)
  expect(settled, `${before} descriptors before 1,000 aborted requests, ${after} after`).toBe(true)
  const next = await rawRequest(port, rawPath)
  expect(next.status).toBe(200)
  expect(next.body.equals(body)).toBe(true)
}
