/**
 * The site-size guard (`limits.siteBytes`, GitHub Pages' 1 GB by default): a build whose site would
 * be larger stops as soon as it has written that much, with an error that names the limit and the
 * option, no staging folder left and the previous site byte for byte as it
 * was; watch mode refuses a first build and a save alike, keeping the last good site.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { build } from '../../src/build/index.js'
import { DevBuilder } from '../../src/dev/builder.js'
import { readTree } from '../helpers.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-budget-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Netscape HTML of `count` bookmarks, each with a tag of its own (a page each). */
function source(count: number): string {
  const entries = Array.from(
    { length: count },
    (_, index) => `<DT><A HREF="https://e.example/${index}" TAGS="tag${index}">Bookmark ${index}</A>\n`,
  )
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${entries.join('')}</DL>\n`
}

const configFor = (user: UserConfig, outDir = 'out') =>
  resolveConfig(user, { sources: ['bookmarks.html'], outDir }, { cwd: dir })

// Above a 5-bookmark site (its offline files, icons and service worker included), below 300 bookmarks.
const LIMIT = 250_000

describe('limits.siteBytes', () => {
  it('should stop a build as soon as the site passes the limit, and keep the previous site', async () => {
    writeFileSync(path.join(dir, 'bookmarks.html'), source(5))
    await build(configFor({ limits: { siteBytes: LIMIT } }))
    const site = readTree(path.join(dir, 'out'), 'latin1')
    // 300 tag pages of a few kilobytes each: over a megabyte.
    writeFileSync(path.join(dir, 'bookmarks.html'), source(300))
    const error = await build(configFor({ limits: { siteBytes: LIMIT } })).catch((error: unknown) => error)
    expect(error).toMatchObject({ rule: 'output/too-large' })
    const message = (error as Error).message
    expect(message).toMatch(
      /^The site would be larger than 250\.0 kB \(limits\.siteBytes; GitHub Pages publishes sites of up to 1 GB\): its first \d+ files came to 250\.0 kB, and the build stopped there\. Raise limits\.siteBytes in the config to build it anyway\. The previous site in .* is unchanged\.$/,
    )
    // Stopped early: far fewer files than the site has.
    expect(Number(/its first (\d+) files/.exec(message)![1])).toBeLessThan(300)
    expect(readTree(path.join(dir, 'out'), 'latin1')).toEqual(site)
    expect(readdirSync(dir).sort()).toEqual(['bookmarks.html', 'out'])
    // Raised, the same site builds.
    expect((await build(configFor({ limits: { siteBytes: 10 * LIMIT } }))).stats.bookmarks).toBe(300)
  })

  it('should refuse a first watch build and a save that pass it, keeping the last good site', async () => {
    const file = path.join(dir, 'bookmarks.html')
    writeFileSync(file, source(300))
    const config = configFor({ limits: { siteBytes: LIMIT } }, 'dev')
    const first = await new DevBuilder(config).rebuild()
    expect(first).toMatchObject({ ok: false, error: { rule: 'output/too-large' } })
    writeFileSync(file, source(5))
    const builder = new DevBuilder(config)
    expect((await builder.rebuild()).ok).toBe(true)
    const site = readTree(path.join(dir, 'dev'), 'latin1')
    writeFileSync(file, source(300))
    const save = await builder.rebuild(new Set([file]))
    expect(save).toMatchObject({ ok: false, error: { rule: 'output/too-large' } })
    expect(save.ok === false && save.error.message).toMatch(/The last good site is kept\.$/)
    expect(readTree(path.join(dir, 'dev'), 'latin1')).toEqual(site)
  })
})
