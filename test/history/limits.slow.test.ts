/**
 * What the history may cost and what it publishes: at most `history.maxCommits` commits of a
 * source are read (the newest; a warning says so and how to read more), and the cache published in
 * `.bookgen-history/` escapes `<` and holds no control characters, whatever commit subjects and
 * titles hold.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cli } from './helpers.js'
import { createRepo, type TestRepo } from './git-repo.js'

const page = (titles: readonly string[]): string =>
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${titles
    .map((title, n) => `<DT><A HREF="https://page.example/${n}">${title}</A>\n`)
    .join('')}</DL><p>\n`

const SITE = ['--out', 'site', '--site', 'https://me.example/']

describe('the bounds of the history', () => {
  let repo: TestRepo
  beforeEach(() => {
    repo = createRepo()
  })
  afterEach(() => repo.remove())

  it('reads only the newest history.maxCommits commits, and says how to read more', async () => {
    const titles: string[] = []
    for (let day = 1; day <= 6; day++) {
      titles.push(`Page ${day}`)
      repo.commit({ 'bookmarks.html': page(titles) }, `2024-01-0${day}T12:00:00Z`, `Add page ${day}`)
    }
    repo.commit(
      { 'bookmarks.config.ts': 'export default { sources: "bookmarks.html", history: { maxCommits: 3 } }\n' },
      '2024-01-07T12:00:00Z',
    )
    const result = await cli(['build', ...SITE], repo.dir)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('[history/cut-short]')
    expect(result.stderr).toContain('history.maxCommits')
    expect(result.stdout).toContain('history of bookmarks.html: 3 commits (0 from the cache, 4 read)')
    // The version the history starts from is read too; a rebuild takes it all from the cache.
    const again = await cli(['build', ...SITE], repo.dir)
    expect(again.stdout).toContain('history of bookmarks.html: 3 commits (3 from the cache, 0 read)')
    const changes = readFileSync(path.join(repo.dir, 'site', 'changes', 'index.html'), 'utf8')
    for (const day of [4, 5, 6]) expect(changes).toContain(`Add page ${day}`)
    for (const day of [1, 2, 3]) expect(changes).not.toContain(`Add page ${day}`)
    // Bookmarks the oldest commit read already had get no date from the history; the others do.
    const home = readFileSync(path.join(repo.dir, 'site', 'index.html'), 'utf8')
    const dates = titles.map((title, n) => {
      const entry = new RegExp(
        `href="https://page\\.example/${n}">${title}</a> <span class="domain">page\\.example</span>( <time[^>]* datetime="([^"]+)")?`,
      ).exec(home)
      expect(entry).not.toBeNull()
      return [title, entry![2]]
    })
    expect(dates).toEqual([
      ['Page 1', undefined],
      ['Page 2', undefined],
      ['Page 3', undefined],
      ['Page 4', '2024-01-04T12:00:00Z'],
      ['Page 5', '2024-01-05T12:00:00Z'],
      ['Page 6', '2024-01-06T12:00:00Z'],
    ])
  })

  it('publishes a cache with `<` escaped and no control characters', async () => {
    const hostile = '<script>alert(1)</script>\u001b[31m red \u0007'
    repo.commit({ 'bookmarks.html': page(['Plain']) }, '2024-01-01T12:00:00Z', hostile)
    repo.commit({ 'bookmarks.html': page(['Plain', `Title ${hostile}`]) }, '2024-01-02T12:00:00Z', hostile)
    const result = await cli(['build', 'bookmarks.html', ...SITE], repo.dir)
    expect(result.code).toBe(0)
    const folder = path.join(repo.dir, 'site', '.bookgen-history')
    const [name] = readdirSync(folder)
    const text = readFileSync(path.join(folder, name!), 'utf8')
    expect(text).not.toContain('<')
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
    const strings: string[] = []
    JSON.parse(text, (_key, value: unknown) => {
      if (typeof value === 'string') strings.push(value)
      return value
    })
    expect(strings).toContain('<script>alert(1)</script>[31m red ')
    for (const value of strings) expect(value).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
    // A rebuild reads the cache back: the history is as it was.
    const again = await cli(['build', 'bookmarks.html', ...SITE], repo.dir)
    expect(again.stdout).toContain('2 commits (2 from the cache, 0 read)')
    expect(readFileSync(path.join(folder, name!), 'utf8')).toBe(text)
  })
})
