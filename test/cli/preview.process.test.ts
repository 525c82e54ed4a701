/**
 * `preview` and `dev` respect what `build` made: preview serves a site under the base path it was
 * built with (recorded in its `.bookgen` marker) without flags; dev builds into its own folder and
 * never touches the build's output.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startDev } from '../../src/dev/index.js'
import { bookgen, BUILT, killAll, snapshot, start } from './process.js'
import { REPO_ROOT } from '../helpers.js'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-preview-'))
  copyFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(dir, 'bookmarks.html'))
})
afterEach(() => {
  killAll()
  rmSync(dir, { recursive: true, force: true })
})

/** Start `bookgen preview ARGS` and resolve with the address it prints. */
async function preview(args: readonly string[]): Promise<string> {
  const { child, done } = start(['preview', '--port', '0', ...args], { cwd: dir })
  let output = ''
  return await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /at (http:\/\/\S+)/.exec(output)
      if (match !== null) resolve(match[1]!)
    })
    void done.then((run) => reject(new Error(`preview exited ${run.code}: ${run.stderr}`)))
  })
}

describe.skipIf(!BUILT)('bookgen preview', () => {
  it('should serve a site built with --base /x/ at /x/, styled, without flags', async () => {
    const built = await bookgen(
      ['build', 'bookmarks.html', '--base', '/x/', '--site', 'https://me.example/x/'],
      {
        cwd: dir,
      },
    )
    expect(built.code).toBe(0)
    expect(JSON.parse(readFileSync(path.join(dir, 'dist', '.bookgen'), 'utf8'))).toMatchObject({
      generator: 'bookgen',
      base: '/x/',
      site: 'https://me.example/x/',
    })
    const url = await preview([])
    expect(new URL(url).pathname).toBe('/x/')
    const home = await fetch(url)
    expect(home.status).toBe(200)
    const html = await home.text()
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1]
    expect(stylesheet).toMatch(/^\/x\/assets\//)
    const css = await fetch(new URL(stylesheet!, url))
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toMatch(/^text\/css/)
  })

  it('should still take --base from the command line', async () => {
    expect((await bookgen(['build', 'bookmarks.html', '--base', '/x/'], { cwd: dir })).code).toBe(0)
    const url = await preview(['--base', '/elsewhere/'])
    expect(new URL(url).pathname).toBe('/elsewhere/')
    expect((await fetch(url)).status).toBe(200)
  })
})

describe('bookgen dev', () => {
  it('should build into .bookgen/dev/ and never touch the build output folder', async () => {
    if (BUILT)
      expect((await bookgen(['build', 'bookmarks.html', '--base', '/x/'], { cwd: dir })).code).toBe(0)
    const before = existsSync(path.join(dir, 'dist')) ? snapshot(path.join(dir, 'dist')) : undefined
    const session = await startDev({ cwd: dir, inline: { sources: ['bookmarks.html'] }, port: 0 })
    try {
      expect(session.config.outDir).toBe(path.join(dir, '.bookgen', 'dev'))
      expect(existsSync(path.join(dir, '.bookgen', 'dev', 'index.html'))).toBe(true)
      expect(readFileSync(path.join(dir, '.bookgen', '.gitignore'), 'utf8')).toContain('*')
      expect((await fetch(session.url)).status).toBe(200)
    } finally {
      await session.close()
    }
    if (before !== undefined) expect(snapshot(path.join(dir, 'dist'))).toEqual(before)
    else expect(existsSync(path.join(dir, 'dist'))).toBe(false)
  })

  it('should refuse --out naming the build output folder', async () => {
    await expect(
      startDev({ cwd: dir, inline: { sources: ['bookmarks.html'], outDir: 'dist' }, port: 0 }),
    ).rejects.toMatchObject({ rule: 'cli/usage' })
    expect(existsSync(path.join(dir, 'dist'))).toBe(false)
  })
})
