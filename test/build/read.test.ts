/**
 * Reading a source with a bound: a regular file over the limit is refused before a byte is read;
 * a pipe or a device is read as it comes and refused as soon as more than the limit arrives; a
 * folder or a socket is refused saying what it is. Reads are counted at the `node:fs/promises`
 * boundary.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import type * as FsPromises from 'node:fs/promises'
import { writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_SOURCE_BYTES } from '../../src/formats/index.js'
import { readSourceBytes, sourceLimit } from '../../src/build/read.js'

/** Bytes asked for through file handles opened since the test began. */
const reads = vi.hoisted(() => ({ bytes: 0 }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  const open = async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args)
    const read = handle.read.bind(handle) as (...rest: unknown[]) => Promise<{ bytesRead: number }>
    return Object.assign(handle, {
      read: async (...rest: unknown[]) => {
        const result = await read(...rest)
        reads.bytes += result.bytesRead
        return result
      },
    })
  }
  const mocked = { ...real, open }
  return { ...mocked, default: mocked }
})

let dir: string
let server: Server | undefined
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-read-'))
  reads.bytes = 0
})
afterEach(async () => {
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)))
  server = undefined
  rmSync(dir, { recursive: true, force: true })
})

const refusal = (file: string, limit?: number) =>
  readSourceBytes(file, path.basename(file), { limit }).then(
    () => undefined,
    (error: unknown) => error as Error & { ruleId: string },
  )

describe('readSourceBytes', () => {
  it('should read a regular file whole, into shared memory when asked', async () => {
    const file = path.join(dir, 'a.html')
    writeFileSync(file, 'bookmarks')
    const bytes = await readSourceBytes(file, 'a.html', { shared: true })
    expect(Buffer.from(bytes).toString()).toBe('bookmarks')
    expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer)
  })

  it('should refuse a regular file over the limit without reading it', async () => {
    const file = path.join(dir, 'huge.html')
    writeFileSync(file, '')
    // Sparse: 1 byte over 500 MiB, no disk used.
    truncateSync(file, MAX_SOURCE_BYTES + 1)
    const error = await refusal(file, MAX_SOURCE_BYTES)
    expect(error).toMatchObject({ ruleId: 'source/too-large', file: 'huge.html' })
    expect(error?.message).toBe('The file is 500 MiB; bookgen reads sources up to 500 MiB')
    expect(reads.bytes).toBe(0)
  })

  it('should bound sources by the machine, the environment and what one string holds', async () => {
    const gib = 2 ** 30
    expect(sourceLimit({}, 24 * gib)).toMatchObject({ bytes: MAX_SOURCE_BYTES })
    expect(sourceLimit({}, 24 * gib).why).toContain('fit in one string')
    const small = sourceLimit({}, 2 * gib)
    expect(small.bytes).toBe(204 * 2 ** 20)
    expect(small.why).toBe(
      "a tenth of this machine's 2.0 GiB of memory; BOOKGEN_MAX_SOURCE_MB=500 raises it, to 500 MiB at most",
    )
    expect(sourceLimit({ BOOKGEN_MAX_SOURCE_MB: '64' }, 24 * gib)).toEqual({
      bytes: 64 * 2 ** 20,
      why: 'BOOKGEN_MAX_SOURCE_MB=64',
    })
    expect(sourceLimit({ BOOKGEN_MAX_SOURCE_MB: '4096' }, 2 * gib).bytes).toBe(MAX_SOURCE_BYTES)
    expect(sourceLimit({ BOOKGEN_MAX_SOURCE_MB: 'lots' }, 2 * gib)).toEqual(small)
    // The default bound names itself and how to change it.
    vi.stubEnv('BOOKGEN_MAX_SOURCE_MB', '1')
    try {
      const file = path.join(dir, 'two.html')
      writeFileSync(file, '')
      truncateSync(file, 2 * 2 ** 20)
      const error = await readSourceBytes(file, 'two.html').catch((error: unknown) => error)
      expect(error).toMatchObject({
        ruleId: 'source/too-large',
        message: 'The file is 2 MiB; bookgen reads sources up to 1 MiB (BOOKGEN_MAX_SOURCE_MB=1)',
      })
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('should stop reading a device that never ends as soon as more than the limit has come', async () => {
    const error = await refusal('/dev/zero', 1 << 20)
    expect(error).toMatchObject({ ruleId: 'source/too-large' })
    expect(error?.message).toBe('More than 1 MiB came from this device; bookgen reads sources up to 1 MiB')
    expect(reads.bytes).toBeGreaterThan(1 << 20)
    expect(reads.bytes).toBeLessThanOrEqual((1 << 20) + 64 * 1024)
  })

  it('should read a pipe to its end, and refuse one that brings more than the limit', async () => {
    const fifo = path.join(dir, 'piped.html')
    execFileSync('mkfifo', [fifo])
    const writing = writeFile(fifo, 'x'.repeat(100_000))
    expect((await readSourceBytes(fifo, 'piped.html', { limit: 100_000 })).byteLength).toBe(100_000)
    await writing
    // The reader stops early: the writer then gets EPIPE.
    const flooding = writeFile(fifo, 'x'.repeat(300_000)).catch(() => {})
    const error = await refusal(fifo, 100_000)
    expect(error).toMatchObject({ ruleId: 'source/too-large' })
    expect(error?.message).toMatch(/^More than 100000 bytes came from this pipe/)
    await flooding
  })

  it('should refuse a folder and a socket, saying what they are', async () => {
    expect(await refusal(dir)).toMatchObject({
      ruleId: 'source/unreadable',
      message: 'The source is a folder, not a bookmark file',
    })
    const socket = path.join(dir, 'socket.html')
    server = createServer()
    await new Promise((resolve) => server!.listen(socket, () => resolve(undefined)))
    expect(await refusal(socket)).toMatchObject({
      ruleId: 'source/unreadable',
      message: 'The source is a socket, not a bookmark file',
    })
  })

  it('should say a missing source is not found', async () => {
    expect(await refusal(path.join(dir, 'missing.html'))).toMatchObject({
      ruleId: 'source/unreadable',
      message: 'Source not found',
    })
  })
})
