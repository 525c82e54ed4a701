/**
 * The static server (`bookgen preview`) in its own process, limited to 64 file descriptors, under
 * 100 clients that each ask for a big file and read only its first bytes: it keeps running.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import { rawRequest } from '../http.js'

let dir: string

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-serve-'))
  mkdirSync(path.join(dir, 'site'))
  writeFileSync(path.join(dir, 'site', 'data.json'), '{}')
  // 4 MiB: far more than one read, so a client that stops reading holds the file open.
  writeFileSync(path.join(dir, 'site', 'big.bin'), Buffer.alloc(4 * 1024 * 1024, 'bookgen '))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('static server out of file descriptors', () => {
  it.skipIf(process.platform === 'win32')(
    'should keep running when it runs out of file descriptors, answering 503 or dropping the connection',
    async () => {
      // A server in its own process, limited to 64 descriptors, and 100 clients that each ask for
      // the big file and read only its first bytes: accepts and opens run out.
      const script = `
        const { createJiti } = await import('jiti')
        const { startStaticServer } = await createJiti(${JSON.stringify(REPO_ROOT + '/')}).import(
          ${JSON.stringify(path.join(REPO_ROOT, 'src', 'server', 'static.ts'))},
        )
        const server = await startStaticServer({ root: ${JSON.stringify(path.join(dir, 'site'))}, base: '/' })
        console.log(server.url)`
      const child = spawn(
        'sh',
        ['-c', 'ulimit -n 64 && exec "$0" --input-type=module -e "$1"', process.execPath, script],
        { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      )
      let exitCode: number | null | undefined
      const exited = new Promise<void>((resolve) =>
        child.on('exit', (code) => {
          exitCode = code
          resolve()
        }),
      )
      const sockets: Socket[] = []
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
          child.once('exit', () => reject(new Error('the server did not start')))
        })
        const port = Number(new URL(url).port)
        const outcomes = await Promise.all(
          Array.from(
            { length: 100 },
            () =>
              new Promise<string>((resolve) => {
                const socket = connect(port, '127.0.0.1')
                sockets.push(socket)
                socket.once('data', (chunk: Buffer) => {
                  socket.pause()
                  resolve(chunk.toString().split('\r\n')[0]!)
                })
                socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
                socket.on('close', () => resolve('closed'))
                socket.write('GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n')
              }),
          ),
        )
        const counts = new Map<string, number>()
        for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
        if (process.env['SERVE_DEBUG']) console.info('descriptor limit:', counts)
        for (const outcome of counts.keys()) {
          expect(['HTTP/1.1 200 OK', 'HTTP/1.1 503 Service Unavailable', 'ECONNRESET', 'closed']).toContain(
            outcome,
          )
        }
        expect(counts.get('HTTP/1.1 200 OK') ?? 0).toBeLessThan(100)
        for (const socket of sockets) socket.destroy()
        // Once the clients are gone, the server answers again.
        let after: number | string = 'none'
        for (let attempt = 0; attempt < 100 && after !== 200; attempt++) {
          after = await rawRequest(port, '/data.json').then(
            (response) => response.status,
            (error: NodeJS.ErrnoException) => error.code ?? 'error',
          )
          if (after !== 200) await new Promise((resolve) => setTimeout(resolve, 20))
        }
        expect(after).toBe(200)
        expect(exitCode).toBeUndefined()
      } finally {
        for (const socket of sockets) socket.destroy()
        child.kill()
        await exited
      }
    },
  )
})
