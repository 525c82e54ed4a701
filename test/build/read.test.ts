/**
 * Reading a source with a bound: only a regular file is read. A file over the limit is refused
 * before a byte is read, one whose head shows binary data before the rest is read; a pipe (with a
 * writer or without), a device, a folder or a socket is refused at once, saying what it is. Reads
 * are counted at the `node:fs/promises` boundary.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import type * as FsPromises from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_SOURCE_BYTES, SNIFF_BYTES } from '../../src/formats/index.js'
import { readSourceBytes, sourceLimit } from '../../src/build/read.js'

/** Bytes asked for through file handles opened since the test began; a path whose `stat` lies. */
const reads = vi.hoisted(() => ({ bytes: 0, statAs: undefined as { path: string; as: string } | undefined }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  // As if `path` were replaced between the look and the open: its `stat` is that of another file.
  const stat = ((file: string, ...rest: unknown[]) =>
    reads.statAs !== undefined && file === reads.statAs.path
      ? real.stat(reads.statAs.as)
      : (real.stat as (...args: unknown[]) => unknown)(file, ...rest)) as typeof real.stat
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
  const mocked = { ...real, open, stat }
  return { ...mocked, default: mocked }
})

let dir: string
let server: Server | undefined
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-read-'))
  reads.bytes = 0
  reads.statAs = undefined
})
afterEach(async () => {
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)))
  server = undefined
  rmSync(dir, { recursive: true, force: true })
})

const refusal = (file: string, limit?: number) =>
  readSourceBytes(file, path.basename(file), { limit }).then(
    () => undefined,
    (error: unknown) => error as Error & { rule: string },
  )

describe('readSourceBytes', () => {
  it('should read a regular file whole', async () => {
    const file = path.join(dir, 'a.html')
    writeFileSync(file, 'bookmarks')
    const bytes = await readSourceBytes(file, 'a.html')
    expect(Buffer.from(bytes).toString()).toBe('bookmarks')
  })

  it('should refuse a regular file over the limit without reading it', async () => {
    const file = path.join(dir, 'huge.html')
    writeFileSync(file, '')
    // Sparse: 1 byte over 500 MiB, no disk used.
    truncateSync(file, MAX_SOURCE_BYTES + 1)
    const error = await refusal(file, MAX_SOURCE_BYTES)
    expect(error).toMatchObject({ rule: 'source/too-large', file: 'huge.html' })
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
        rule: 'source/too-large',
        message: 'The file is 2 MiB; bookgen reads sources up to 1 MiB (BOOKGEN_MAX_SOURCE_MB=1)',
      })
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('should refuse a file whose first bytes are binary without reading the rest', async () => {
    const file = path.join(dir, 'zeros.html')
    writeFileSync(file, '')
    // Sparse: 64 MiB of NUL bytes, no disk used.
    truncateSync(file, 64 * 2 ** 20)
    expect(await refusal(file)).toMatchObject({
      rule: 'source/unknown-format',
      message: expect.stringMatching(/^Not a bookmark file/) as unknown,
    })
    expect(reads.bytes).toBeLessThanOrEqual(SNIFF_BYTES)
  })

  it('should refuse a device at once, reading nothing from it', async () => {
    expect(await refusal('/dev/zero')).toMatchObject({
      rule: 'source/unreadable',
      message:
        'The source is a device, not a bookmark file; bookgen reads regular files only: save what it gives to a file, and build from that',
    })
    expect(reads.bytes).toBe(0)
  })

  it('should refuse a pipe at once, whether something writes into it or not', async (context) => {
    if (process.platform === 'win32') return context.skip('no named pipes here')
    const fifo = path.join(dir, 'piped.html')
    execFileSync('mkfifo', [fifo])
    // Nothing writes into it: opening it to read would wait for a writer for ever.
    expect(await refusal(fifo)).toMatchObject({
      rule: 'source/unreadable',
      message: expect.stringMatching(
        /^The source is a pipe \(FIFO\), not a bookmark file; bookgen reads regular files only/,
      ) as unknown,
    })
    // A file looked at, then replaced by a pipe before it is opened: opened without waiting, and refused.
    const file = path.join(dir, 'a.html')
    writeFileSync(file, 'bookmarks')
    reads.statAs = { path: fifo, as: file }
    expect(await refusal(fifo)).toMatchObject({ rule: 'source/unreadable' })
    expect(reads.bytes).toBe(0)
  })

  it('should refuse a folder and a socket, saying what they are', async () => {
    expect(await refusal(dir)).toMatchObject({
      rule: 'source/unreadable',
      message: 'The source is a folder, not a bookmark file',
    })
    const socket = path.join(dir, 'socket.html')
    server = createServer()
    await new Promise((resolve) => server!.listen(socket, () => resolve(undefined)))
    expect(await refusal(socket)).toMatchObject({
      rule: 'source/unreadable',
      message: expect.stringMatching(/^The source is a socket, not a bookmark file;/) as unknown,
    })
  })

  it('should say a missing source is not found', async () => {
    expect(await refusal(path.join(dir, 'missing.html'))).toMatchObject({
      rule: 'source/unreadable',
      message: 'Source not found',
    })
  })
})
