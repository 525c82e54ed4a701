/**
 * Expected file-system errors while writing a site (a read-only disk, a full one, permissions, too
 * many open files, a folder that cannot be renamed or removed) are clean `BookgenError`s that name
 * the path and the fix, and say what is true of the output folder afterwards. The errors are
 * injected at the `node:fs` boundary, one system call at a time.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type * as Fs from 'node:fs'
import type * as FsPromises from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isBookgenError } from '../../src/model/errors.js'
import { describeIoError, ioError, type SystemError } from '../../src/build/io-error.js'
import { writeSite, type WritableSite } from '../../src/build/output.js'

/** Faults to inject: the next call of `call` whose first path argument matches throws `code`. */
const faults = vi.hoisted(() => ({
  list: [] as Array<{ call: string; match: RegExp; code: string }>,
}))

function systemError(code: string, syscall: string, file: unknown): SystemError {
  const error = new Error(`${code}: injected, ${syscall} '${String(file)}'`) as SystemError
  error.code = code
  error.syscall = syscall
  if (typeof file === 'string') error.path = file
  return error
}

/** Throws the first fault for `call` on `file`, and forgets it. */
function inject(call: string, file: unknown): void {
  const index = faults.list.findIndex((fault) => fault.call === call && fault.match.test(String(file)))
  if (index === -1) return
  const [fault] = faults.list.splice(index, 1)
  throw systemError(fault!.code, call, file)
}

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  const wrap =
    <A extends unknown[], R>(call: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inject(call, args[0])
      return fn(...args)
    }
  const mocked = {
    ...real,
    mkdir: wrap('mkdir', real.mkdir),
    rename: wrap('rename', real.rename),
    rm: wrap('rm', real.rm),
    readdir: wrap('readdir', real.readdir),
  }
  return { ...mocked, default: mocked }
})

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>()
  const mocked = {
    ...real,
    openSync: (...args: Parameters<typeof real.openSync>) => {
      if (args[1] === 'wx') inject('open', args[0])
      return real.openSync(...args)
    },
    writevSync: (...args: Parameters<typeof real.writevSync>) => {
      inject('write', undefined)
      return real.writevSync(...args)
    },
  }
  return { ...mocked, default: mocked }
})

let tmp: string
let out: string
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-io-'))
  out = path.join(tmp, 'out')
  faults.list = []
})
afterEach(() => rmSync(tmp, { recursive: true, force: true }))

const site = (home: string): WritableSite => ({
  files: [
    { path: 'index.html', contents: home },
    { path: 'a/index.html', contents: `a ${home}` },
  ],
  assets: [],
})
const options = { protectedDirs: [], sources: [] }

/** Write `home` over the previous site; the error it fails with. */
async function failure(home = 'new'): Promise<Error> {
  const error = await writeSite(site(home), { outDir: out, ...options }).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(isBookgenError(error), String(error)).toBe(true)
  return error as Error
}

function fault(call: string, match: RegExp, code: string): void {
  faults.list.push({ call, match, code })
}

/** The previous site is there, as it was, and nothing else is beside it. */
function expectPreviousSite(): void {
  expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('old')
  expect(readdirSync(tmp)).toEqual(['out'])
}

describe('expected I/O errors while writing a site', () => {
  beforeEach(async () => {
    await writeSite(site('old'), { outDir: out, ...options })
  })

  it('should say a read-only file system and the fix, when the staging folder cannot be made', async () => {
    fault('mkdir', /bookgen-staging-/, 'EROFS')
    const error = await failure()
    expect(error.message).toMatch(/the file system is read-only \(EROFS\); choose another --out\./)
    expect(error.message).toContain(`The previous site in ${out} is unchanged.`)
    expectPreviousSite()
  })

  it('should say the disk is full once, not "ENOSPC: ENOSPC:"', async () => {
    fault('write', /undefined/, 'ENOSPC')
    const error = await failure()
    expect(error).toMatchObject({ rule: 'output/write-failed' })
    expect(error.message).toMatch(
      /^Could not write the site to .*: no space left on the disk \(ENOSPC\); free some space/,
    )
    expect(error.message).not.toMatch(/ENOSPC: ENOSPC|ENOSPC.*ENOSPC/)
    expectPreviousSite()
  })

  it('should name the file and the fix when too many files are open', async () => {
    fault('open', /a[\\/]index\.html$/, 'EMFILE')
    const error = await failure()
    expect(error.message).toMatch(
      /too many open files \(EMFILE\) at .*index\.html; raise the limit \(ulimit -n\)/,
    )
    expectPreviousSite()
  })

  it('should leave the previous site when it cannot be moved aside (a mount point)', async () => {
    fault('rename', new RegExp(`${out}$`), 'EBUSY')
    const error = await failure()
    expect(error.message).toMatch(
      /Could not move the new site into place .*: it is in use, or a mount point \(EBUSY\); close what uses it/,
    )
    expect(error.message).toContain('is unchanged')
    expectPreviousSite()
  })

  it('should move the previous site back when the new one cannot be moved in', async () => {
    fault('rename', /bookgen-staging-/, 'EACCES')
    const error = await failure()
    expect(error.message).toMatch(/permission denied \(EACCES\)/)
    expect(error.message).toContain('is unchanged')
    expectPreviousSite()
  })

  it('should say where each site is when neither rename of the swap can be made', async () => {
    fault('rename', /bookgen-staging-/, 'EIO')
    fault('rename', /bookgen-old-/, 'EIO')
    const error = await failure()
    const aside = readdirSync(tmp).find((name) => name.startsWith('out.bookgen-old-'))!
    const staging = readdirSync(tmp).find((name) => name.startsWith('out.bookgen-staging-'))!
    expect(error.message).toContain(`it is in ${path.join(tmp, aside)}; rename it to ${out}`)
    expect(error.message).toContain(`The new site is in ${path.join(tmp, staging)}`)
    expect(error.message).not.toContain('unchanged')
    expect(readFileSync(path.join(tmp, aside, 'index.html'), 'utf8')).toBe('old')
    expect(readFileSync(path.join(tmp, staging, 'index.html'), 'utf8')).toBe('new')
  })

  it('should succeed, naming the folder left, when the previous site cannot be removed after the swap', async () => {
    fault('rm', /bookgen-old-/, 'EACCES')
    const result = await writeSite(site('new'), { outDir: out, ...options })
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new')
    const aside = readdirSync(tmp).find((name) => name.startsWith('out.bookgen-old-'))!
    expect(result.leftover?.dir).toBe(path.join(tmp, aside))
    expect(result.leftover?.message).toMatch(
      /^The new site is in place, but the previous one, moved aside to .*, could not be removed: permission denied \(EACCES\); remove that folder yourself\.$/,
    )
    expect(readdirSync(tmp).sort()).toEqual(['out', aside])
  })

  it('should say it cannot look into an unreadable output folder', async () => {
    fault('readdir', new RegExp(`${out}$`), 'EACCES')
    const error = await failure()
    expect(error).toMatchObject({ rule: 'output/unusable' })
    expect(error.message).toMatch(/Could not look into the output folder .*: permission denied \(EACCES\)/)
    expectPreviousSite()
  })

  it('should leave an error that is not the machine’s (a bug) as it is', async () => {
    // Node's own argument errors have a code too, but no system call: they are bugs.
    const misuse = Object.assign(new TypeError('The "path" argument must be of type string'), {
      code: 'ERR_INVALID_ARG_TYPE',
    })
    expect(ioError(misuse, { action: 'Could not', rule: 'output/write-failed' })).toBeUndefined()
    const crash: WritableSite = {
      files: [{ path: 'index.html', contents: 'x' }],
      assets: [],
      more: () => {
        throw misuse
      },
    }
    await expect(writeSite(crash, { outDir: out, ...options })).rejects.toBe(misuse)
    expectPreviousSite()
  })
})

describe('describeIoError', () => {
  it('should use the system’s words, without the code it starts with, for a code it has no words for', () => {
    const error = systemError('ESTALE', 'open', '/mnt/x')
    error.message = "ESTALE: stale file handle, open '/mnt/x'"
    expect(describeIoError(error, { action: 'Could not read /mnt/x', path: '/mnt/x' })).toBe(
      'Could not read /mnt/x: stale file handle (ESTALE).',
    )
  })

  it('should show a path of kilobytes by its ends', () => {
    const long = `/site.bookgen-staging-1-ab/${'folder/'.repeat(600)}index.html`
    const message = describeIoError(systemError('ENAMETOOLONG', 'open', long), { action: 'Could not write' })
    expect(message).toBe(
      `Could not write: the path is too long (ENAMETOOLONG) at ${long.slice(0, 120)}…${long.slice(-120)}; choose a shorter --out.`,
    )
  })
})
