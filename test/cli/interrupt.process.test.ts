/**
 * Interrupted builds leave nothing behind. The real `bookgen build` of a large source is stopped at
 * different moments: Ctrl-C or SIGTERM (it cleans up, then exits 130 or 143, the previous site as
 * it was), and `kill -9` (it cannot clean up: the next build removes what it left and, when it was
 * killed between the two renames of its swap, puts the previous site back). Moments are found by
 * watching the output folder's parent, never by timing; the one between the two renames is held
 * open by the test-only `BOOKGEN_TEST_HOLD_SWAP=1`.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { besides, bookgen, BUILT, killAll, snapshot, start, type Run } from './process.js'

/** A Netscape file of `folders` × 100 bookmarks with tags and descriptions (about 4 MB for 300). */
function largeSource(folders: number, variant = ''): string {
  const parts = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Large</TITLE>\n<DL><p>\n']
  for (let f = 0; f < folders; f++) {
    parts.push(`<DT><H3>Folder ${f}${variant}</H3>\n<DL><p>\n`)
    for (let b = 0; b < 100; b++) {
      parts.push(
        `<DT><A HREF="https://example.com/${f}/${b}" ADD_DATE="1700000000" TAGS="t${b % 50},f${f % 20}">Bookmark ${f}.${b}${variant}</A>\n<DD>About ${f}.${b}\n`,
      )
    }
    parts.push('</DL><p>\n')
  }
  parts.push('</DL><p>\n')
  return parts.join('')
}

let dir: string
let out: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-interrupt-'))
  out = path.join(dir, 'site')
  writeFileSync(path.join(dir, 'large.html'), largeSource(300))
})
afterEach(() => {
  killAll()
  rmSync(dir, { recursive: true, force: true })
})

const build = (env?: NodeJS.ProcessEnv) => start(['build', 'large.html', '--out', 'site'], { cwd: dir, env })

/** Resolves once `condition` holds; rejects if the build ends first. */
async function until(condition: () => boolean, build: { done: Promise<Run> }): Promise<void> {
  let ended: Run | undefined
  void build.done.then((run) => (ended = run))
  while (!condition()) {
    if (ended !== undefined) throw new Error(`the build ended (${ended.code}) first:\n${ended.stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

const staging = () => besides(out).find((name) => name.includes('.bookgen-staging-'))
/** The staging folder has pages in it: the build is writing. */
const writing = () => {
  const name = staging()
  return name !== undefined && existsSync(path.join(dir, name, 'index.html'))
}

async function kill9(child: ChildProcess, done: Promise<Run>): Promise<void> {
  child.kill('SIGKILL')
  expect((await done).signal).toBe('SIGKILL')
}

describe.skipIf(!BUILT)('an interrupted bookgen build', () => {
  it('should clean up and exit 130 on Ctrl-C (SIGINT), and 143 on SIGTERM, the previous site as it was', async () => {
    expect((await bookgen(['build', 'large.html', '--out', 'site', '--quiet'], { cwd: dir })).code).toBe(0)
    const before = snapshot(out)
    // Another source: had the build finished, the site would differ.
    writeFileSync(path.join(dir, 'large.html'), largeSource(300, ' (new)'))
    for (const [signal, moment, code] of [
      ['SIGINT', () => staging() !== undefined, 130],
      ['SIGTERM', writing, 143],
    ] as const) {
      const running = build()
      await until(moment, running)
      running.child.kill(signal)
      const result = await running.done
      expect(result.code, result.stderr).toBe(code)
      expect(result.stderr).toContain(`error: The build was interrupted (${signal}); nothing was swapped in`)
      expect(result.stderr).not.toMatch(/crashed|\n\s+at /)
      expect(besides(out)).toEqual([])
      expect(snapshot(out)).toEqual(before)
    }
  }, 120_000)

  it('should leave no folder beside the site, and a complete site, after three kill -9 and one build', async () => {
    // The site the last build must end with, built elsewhere from the same source.
    expect((await bookgen(['build', 'large.html', '--out', 'reference', '--quiet'], { cwd: dir })).code).toBe(
      0,
    )
    const reference = snapshot(path.join(dir, 'reference'))
    expect((await bookgen(['build', 'large.html', '--out', 'site', '--quiet'], { cwd: dir })).code).toBe(0)

    // 1. While it reads and parses: its staging folder has just been made.
    const parsing = build()
    await until(() => staging() !== undefined, parsing)
    await kill9(parsing.child, parsing.done)
    expect(besides(out)).toEqual([expect.stringMatching(/^site\.bookgen-staging-/)])

    // 2. While it writes pages into its staging folder.
    const writingPages = build()
    await until(writing, writingPages)
    await kill9(writingPages.child, writingPages.done)
    // Each build first removes what dead builds left: only this one's staging folder is there.
    expect(besides(out)).toEqual([expect.stringMatching(/^site\.bookgen-staging-/)])

    // 3. Between the two renames of the swap: the previous site moved aside, the new one not yet in.
    const swapping = build({ BOOKGEN_TEST_HOLD_SWAP: '1' })
    await until(
      () => !existsSync(out) && besides(out).some((name) => name.includes('.bookgen-old-')),
      swapping,
    )
    await kill9(swapping.child, swapping.done)
    expect(existsSync(out)).toBe(false)
    expect(
      besides(out)
        .map((name) => name.replace(/-\d+-[0-9a-f]+$/, ''))
        .sort(),
    ).toEqual(['site.bookgen-old', 'site.bookgen-staging'])

    const last = await bookgen(['build', 'large.html', '--out', 'site'], { cwd: dir })
    expect(last.code, last.stderr).toBe(0)
    expect(last.stderr).toMatch(
      /Put back the previous site from .*site\.bookgen-old-\d+-[0-9a-f]+, left by a build that was interrupted \[output\/restored\]/,
    )
    expect(besides(out)).toEqual([])
    expect(readdirSync(dir).sort()).toEqual(['large.html', 'reference', 'site'])
    expect(snapshot(out)).toEqual(reference)
  }, 120_000)

  it('should never touch the folders of a build that is still running', async () => {
    expect((await bookgen(['build', 'large.html', '--out', 'site', '--quiet'], { cwd: dir })).code).toBe(0)
    const held = build({ BOOKGEN_TEST_HOLD_SWAP: '1' })
    await until(() => !existsSync(out), held)
    const folders = besides(out).sort()
    // Another build of the same folder meanwhile: it finds no output folder and builds one, but
    // leaves the held build's staging folder and moved-aside site alone.
    const other = await bookgen(['build', 'large.html', '--out', 'site', '--quiet'], { cwd: dir })
    expect(other.code, other.stderr).toBe(0)
    expect(besides(out).sort()).toEqual(folders)
    await kill9(held.child, held.done)
  }, 120_000)
})
