/**
 * Stopping `bookgen dev` (Ctrl-C, `session.close()`) while it builds: the build stops between two
 * pages, and the output folder is exactly as it was before that build (absent, if it was), with no
 * temporary file or staging folder left beside it. A builder that was stopped builds correctly
 * afterwards.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { DevBuilder } from '../../src/dev/builder.js'
import { startDev } from '../../src/dev/index.js'
import { build } from '../../src/build/index.js'
import { bookmarksFile, generateSource, leftovers, snapshot, waitFor } from './helpers.js'

let dir: string
let source: string
let text: string

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-stop-'))
  source = path.join(dir, 'bookmarks.html')
  text = generateSource(source, 10_000)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const site = () => path.join(dir, 'site')
/** Whether the output folder's staging folder (of a first build) is there: the build is writing. */
const staging = () => readdirSync(dir).some((name) => name.startsWith('site.bookgen-staging-'))
/** Whether a rebuild has written a page under a temporary name in the site's top folder. */
const temporary = () => readdirSync(site()).some((name) => name.endsWith('.tmp'))
/** Every page changes when the collection's title does. */
const retitle = () =>
  writeFileSync(source, text.replace('<TITLE>Bookmarks</TITLE>', '<TITLE>Renamed</TITLE>'))

/** Start a dev session and stop it with `signal` once its first build is writing. */
async function stopFirstBuild(): Promise<unknown> {
  const controller = new AbortController()
  const started = startDev({
    cwd: dir,
    inline: { sources: [source], outDir: site() },
    port: 0,
    signal: controller.signal,
  })
  started.catch(() => {})
  await waitFor(staging, 'the first build to write')
  controller.abort()
  return await started.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('stopping bookgen dev while it builds', () => {
  it('should stop the first build and leave no output folder when there was none', async () => {
    const error = await stopFirstBuild()
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(readdirSync(dir)).toEqual(['bookmarks.html'])
  })

  it('should stop the first build and leave the previous site byte for byte', async () => {
    const older = path.join(dir, 'older.html')
    writeFileSync(older, bookmarksFile(['From an older build']))
    await build(resolveConfig({}, { sources: [older], outDir: site() }, { cwd: dir }))
    const before = snapshot(site())
    const error = await stopFirstBuild()
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(snapshot(site())).toEqual(before)
    expect(leftovers(dir)).toEqual([])
  })

  it('should stop a rebuild on close() and leave the site as it was before it', async () => {
    const session = await startDev({
      cwd: dir,
      inline: { sources: [source], outDir: site() },
      port: 0,
      debounceMs: 10,
    })
    const before = snapshot(site())
    const next = session.nextBuild()
    let settled = false
    void next.then(() => (settled = true))
    retitle()
    await waitFor(temporary, 'the rebuild to write')
    await session.close()
    expect(settled).toBe(false)
    expect(snapshot(site())).toEqual(before)
    expect(leftovers(dir)).toEqual([])
  })

  it('should build correctly after a stopped rebuild', async () => {
    // Watch mode never makes a site work offline (see src/dev/index.ts): compared with a build that does not either.
    const config = (outDir: string) =>
      resolveConfig({ offline: false }, { sources: [source], outDir }, { cwd: dir })
    const builder = new DevBuilder(config(site()))
    expect((await builder.rebuild()).ok).toBe(true)
    const before = snapshot(site())
    retitle()
    const controller = new AbortController()
    const stopped = builder.rebuild(new Set([source]), { signal: controller.signal })
    stopped.catch(() => {})
    await waitFor(temporary, 'the rebuild to write')
    controller.abort()
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' })
    expect(snapshot(site())).toEqual(before)
    expect(leftovers(dir)).toEqual([])

    const result = await builder.rebuild(new Set([source]))
    expect(result.ok && result.written.length).toBeGreaterThan(100)
    await build(config(path.join(dir, 'full')))
    const full = snapshot(path.join(dir, 'full'))
    const dev = snapshot(site())
    for (const [file, contents] of full) {
      // Site-wide files are made on request in watch mode; the marker says which mode wrote it.
      if (/^(assets\/search|sitemap\.xml|feed\.xml|bookmarks\.|\.bookgen$)/.test(file)) continue
      expect(dev.get(file), file).toBe(contents)
    }
    expect(readFileSync(path.join(site(), 'index.html'), 'utf8')).toContain('Renamed')
  }, 90_000) // four builds of 10k bookmarks: 30 s is not enough on a loaded 2-core machine
})
