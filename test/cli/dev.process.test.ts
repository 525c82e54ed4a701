/**
 * `bookgen dev` as a process and its signals: Ctrl-C during the first build stops it (exit 130)
 * and leaves the output folder as it was, with nothing beside it; SIGTERM while serving closes the
 * session and exits 0, as Ctrl-C does after a source was replaced by a pipe. Runs `dist/` (built
 * by `npm run build`).
 */
import { BUILT } from './process.js'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import { generateSource, leftovers, snapshot, waitFor } from '../dev/helpers.js'

let dir: string
let child: ChildProcess | undefined
let output = ''

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-cli-'))
  output = ''
})
afterEach(async () => {
  if (child !== undefined && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await new Promise((resolve) => child!.once('exit', resolve))
  }
  child = undefined
  rmSync(dir, { recursive: true, force: true })
})

function startDev(source: string): Promise<number | null> {
  child = spawn(
    process.execPath,
    [
      path.join(REPO_ROOT, 'bin', 'bookgen.js'),
      'dev',
      source,
      '--port',
      '0',
      '--out',
      path.join(dir, 'site'),
    ],
    { cwd: dir },
  )
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => child!.once('exit', (code) => resolve(code)))
}

describe.skipIf(!BUILT)('bookgen dev and its signals', () => {
  it('should stop the first build on Ctrl-C, exit 130 and leave no output folder', async () => {
    const source = path.join(dir, 'bookmarks.html')
    generateSource(source, 10_000)
    const exited = startDev(source)
    await waitFor(
      () => readdirSync(dir).some((name) => name.startsWith('site.bookgen-staging-')),
      'the first build to write',
      60_000,
    )
    child!.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(output).toContain('stopping')
    expect(output).not.toContain('bookgen dev: http')
    expect(readdirSync(dir)).toEqual(['bookmarks.html'])
  }, 60_000)

  it('should close the session on SIGTERM and exit 0, leaving the site', async () => {
    const source = path.join(dir, 'bookmarks.html')
    generateSource(source, 200)
    const exited = startDev(source)
    await waitFor(() => output.includes('bookgen dev: http'), 'the session to start', 60_000)
    const site = snapshot(path.join(dir, 'site'))
    child!.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('stopping')
    expect(snapshot(path.join(dir, 'site'))).toEqual(site)
    expect(leftovers(dir)).toEqual([])
  }, 60_000)

  it('should refuse a source replaced by a pipe, keep the site, and still stop on Ctrl-C', async (context) => {
    if (process.platform === 'win32') return context.skip('no named pipes here')
    const source = path.join(dir, 'bookmarks.html')
    generateSource(source, 200)
    const exited = startDev(source)
    await waitFor(() => output.includes('bookgen dev: http'), 'the session to start', 60_000)
    const site = snapshot(path.join(dir, 'site'))
    // Nothing writes into the pipe: opening it to read would wait for ever, and exiting with it.
    rmSync(source)
    execFileSync('mkfifo', [source])
    await waitFor(() => output.includes('The source is a pipe (FIFO)'), 'the pipe to be refused', 60_000)
    child!.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(snapshot(path.join(dir, 'site'))).toEqual(site)
    expect(leftovers(dir)).toEqual([])
  }, 60_000)
})
