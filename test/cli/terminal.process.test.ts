/**
 * What `bookgen` prints for people and for scripts: colours only on a terminal (NO_COLOR,
 * FORCE_COLOR), counts with plurals, sizes, a progress line on long builds (a terminal only),
 * `build --json`, and "did you mean …?" for a mistyped command.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../src/cli/index.js'
import {
  closest,
  colorsWanted,
  createColors,
  formatBytes,
  formatDuration,
  plural,
  PROGRESS_AFTER_MS,
  startProgress,
} from '../../src/report/output.js'
import { bookgen, BUILT, killAll } from './process.js'
import { REPO_ROOT } from '../helpers.js'

const ESC = '\u001B['

describe('terminal formatting', () => {
  it('should say "1 bookmark" and "12,345 bookmarks"', () => {
    expect(plural(1, 'bookmark')).toBe('1 bookmark')
    expect(plural(0, 'bookmark')).toBe('0 bookmarks')
    expect(plural(12_345, 'bookmark')).toBe('12,345 bookmarks')
    expect(plural(2, 'entry', 'entries')).toBe('2 entries')
  })

  it('should show sizes and durations in units people read', () => {
    expect(formatBytes(999)).toBe('999 B')
    expect(formatBytes(15_383)).toBe('15.4 kB')
    expect(formatBytes(57_000_000)).toBe('57.0 MB')
    expect(formatDuration(62.4)).toBe('62 ms')
    expect(formatDuration(2400)).toBe('2.4 s')
  })

  it('should colour a terminal only, as NO_COLOR and FORCE_COLOR say', () => {
    expect(colorsWanted(true, {})).toBe(true)
    expect(colorsWanted(false, {})).toBe(false)
    expect(colorsWanted(undefined, {})).toBe(false)
    expect(colorsWanted(true, { NO_COLOR: '1' })).toBe(false)
    expect(colorsWanted(true, { NO_COLOR: '' })).toBe(true)
    expect(colorsWanted(true, { TERM: 'dumb' })).toBe(false)
    expect(colorsWanted(false, { FORCE_COLOR: '1' })).toBe(true)
    expect(colorsWanted(true, { FORCE_COLOR: '0' })).toBe(false)
    expect(createColors(false).green('✓')).toBe('✓')
    expect(createColors(true).green('✓')).toBe(`${ESC}32m✓${ESC}39m`)
  })

  it('should suggest the command that was meant', () => {
    const commands = ['build', 'inspect', 'convert', 'dev', 'preview', 'init']
    expect(closest('biuld', commands)).toBe('build')
    expect(closest('buidl', commands)).toBe('build')
    expect(closest('serve', commands)).toBeUndefined()
    expect(closest('previwe', commands)).toBe('preview')
    expect(closest('insp', commands)).toBe('inspect')
    expect(closest('xyz', commands)).toBeUndefined()
  })
})

describe('the progress line', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('should appear only after two seconds, redraw itself on one line, and be cleared', () => {
    vi.useFakeTimers()
    const written: string[] = []
    const progress = startProgress((text) => written.push(text), true, createColors(false))
    progress.step('reading the source')
    vi.advanceTimersByTime(PROGRESS_AFTER_MS - 1)
    expect(written).toEqual([])
    vi.advanceTimersByTime(600)
    expect(written.length).toBeGreaterThanOrEqual(2)
    expect(written[0]).toMatch(/^\r\u001B\[2K. reading the source… /)
    expect(written.join('')).not.toContain('\n')
    progress.stop()
    expect(written.at(-1)).toBe('\r\u001B[2K')
    const count = written.length
    vi.advanceTimersByTime(5000)
    expect(written.length).toBe(count)
  })

  it('should print nothing for a short build, or where it is not wanted', () => {
    vi.useFakeTimers()
    const written: string[] = []
    const quick = startProgress((text) => written.push(text), true, createColors(false))
    vi.advanceTimersByTime(500)
    quick.stop()
    const off = startProgress((text) => written.push(text), false, createColors(false))
    vi.advanceTimersByTime(10_000)
    off.stop()
    expect(written).toEqual([])
  })
})

describe('bookgen build output', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-terminal-'))
    copyFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(dir, 'bookmarks.html'))
  })
  afterEach(() => {
    killAll()
    rmSync(dir, { recursive: true, force: true })
  })

  async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = ''
    let stderr = ''
    const code = await runCli(argv, {
      cwd: dir,
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    })
    return { code, stdout, stderr }
  }

  it('should report the search index by its own size, and the whole site apart', async () => {
    const { code, stdout } = await run(['build', 'bookmarks.html', '--site', 'https://me.example/'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^ {2}bookmarks\.html {2}netscape, 68 bookmarks in 16 folders$/m)
    expect(stdout).toMatch(/^✓ 67 bookmarks → 17 folder pages, 46 tag pages, search index [\d.]+ kB$/m)
    expect(stdout).toMatch(/^ {2}dist\/: \d+ files, [\d.]+ kB in [\d.]+ m?s$/m)
    expect(stdout).not.toContain(ESC)
  })

  it('should print a JSON summary with --json, and a JSON error when the build fails', async () => {
    const ok = await run(['build', 'bookmarks.html', '--json', '--base', '/x/'])
    expect(ok.code).toBe(0)
    const summary = JSON.parse(ok.stdout) as Record<string, unknown>
    expect(summary).toMatchObject({
      ok: true,
      exitCode: 0,
      outDir: path.join(dir, 'dist'),
      base: '/x/',
      site: null,
      bookmarks: 67,
      pages: { folders: 17, tags: 46 },
      sources: [{ file: 'bookmarks.html', format: 'netscape', warnings: 0 }],
    })
    expect(summary['searchIndexBytes']).toBeGreaterThan(1000)
    expect(summary['bytes']).toBeGreaterThan(summary['searchIndexBytes'] as number)
    expect(summary['warnings']).toEqual([expect.objectContaining({ rule: 'config/no-site' })])

    const failed = await run(['build', 'missing.html', '--json'])
    expect(failed.code).toBe(1)
    expect(JSON.parse(failed.stdout)).toMatchObject({
      ok: false,
      exitCode: 1,
      error: { file: 'missing.html', rule: 'source/unreadable' },
    })
  })

  it('should suggest the command meant, and exit 2', async () => {
    const { code, stderr } = await run(['biuld', 'bookmarks.html'])
    expect(code).toBe(2)
    expect(stderr).toContain('Unknown command "biuld"; did you mean "bookgen build"?')
  })

  it.skipIf(!BUILT)(
    'should colour the real process only when FORCE_COLOR asks (its output is a pipe)',
    async () => {
      const plain = await bookgen(['build', 'bookmarks.html', '--quiet'], { cwd: dir, env: { NO_COLOR: '' } })
      expect(plain.code).toBe(0)
      // As in CI, so that there is a warning (no --site) to colour.
      const env = { CI: 'true' }
      const piped = await bookgen(['build', 'bookmarks.html'], { cwd: dir, env: { ...env, NO_COLOR: '' } })
      expect(piped.stdout + piped.stderr).not.toContain(ESC)
      const forced = await bookgen(['build', 'bookmarks.html'], {
        cwd: dir,
        env: { ...env, FORCE_COLOR: '1' },
      })
      expect(forced.stdout).toContain(`${ESC}32m✓`)
      expect(forced.stderr).toContain(`${ESC}33m1 warning`)
    },
  )
})
