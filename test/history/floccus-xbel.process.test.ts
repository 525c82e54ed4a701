/**
 * The Floccus story end to end, in a real Git repository made by the test: dates from commits,
 * Floccus separators, the root-level bookmark on the home page, the changes pages and feed, and
 * the mass-removal guard (with the site left byte for byte as it was, then `--allow-removal`).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { restoreFile } from '../../src/history/restore.js'
import { build } from '../../src/build/index.js'
import { assertAtom, cli, snapshot } from './helpers.js'
import { createRepo, floccusXbel, xbelBookmark, xbelFolder, type TestRepo } from './git-repo.js'

const day = (date: string): number => Date.parse(`${date}T12:00:00Z`)

/** 25 news bookmarks, ids 10…34, those in `skip` left out. */
function news(skip: ReadonlySet<number> = new Set(), rename = false): string[] {
  const items: string[] = []
  for (let id = 10; id < 35; id++) {
    if (skip.has(id)) continue
    items.push(
      xbelBookmark(
        id,
        id === 10 && rename ? 'News ten (renamed)' : `News ${id}`,
        `https://news.example/${id}`,
      ),
    )
  }
  return items
}

const separator = (id: number): string =>
  xbelBookmark(id, '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯', `https://separator.floccus.org/?id=${id}`)

describe('a Floccus repository', () => {
  let repo: TestRepo
  let out: string
  beforeAll(() => {
    repo = createRepo()
    out = path.join(repo.dir, 'site')
    // 1: a root-level bookmark, a separator, a folder of 25.
    repo.commit(
      {
        'README.md': 'This repository is used to synchronize bookmarks via floccus\n',
        'bookmarks.xbel': floccusXbel(
          [
            xbelBookmark(1, 'Root link', 'https://root.example/'),
            separator(3),
            xbelFolder(2, 'News', news()),
          ].join('\n'),
          34,
        ),
      },
      '2024-01-10T12:00:00Z',
    )
    // 2: a bookmark added, one renamed, one moved to a new folder.
    repo.commit(
      {
        'bookmarks.xbel': floccusXbel(
          [
            xbelBookmark(1, 'Root link', 'https://root.example/'),
            separator(3),
            xbelFolder(2, 'News', [
              ...news(new Set([11]), true),
              xbelBookmark(40, 'Fresh', 'https://fresh.example/'),
            ]),
            xbelFolder(5, 'Tech', [xbelBookmark(11, 'News 11', 'https://news.example/11')]),
          ].join('\n'),
          40,
        ),
      },
      '2024-02-20T12:00:00Z',
    )
    // 3: one removed.
    repo.commit(
      {
        'bookmarks.xbel': floccusXbel(
          [
            xbelBookmark(1, 'Root link', 'https://root.example/'),
            separator(3),
            xbelFolder(2, 'News', [
              ...news(new Set([11, 12]), true),
              xbelBookmark(40, 'Fresh', 'https://fresh.example/'),
            ]),
            xbelFolder(5, 'Tech', [xbelBookmark(11, 'News 11', 'https://news.example/11')]),
          ].join('\n'),
          40,
        ),
      },
      '2024-03-05T12:00:00Z',
    )
  })
  afterAll(() => repo.remove())

  it('dates bookmarks from the commits and says so in inspect --json', async () => {
    const result = await cli(['inspect', 'bookmarks.xbel', '--json'], repo.dir)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const json = JSON.parse(result.stdout) as { root: { children: Array<Record<string, unknown>> } }
    const children = json.root.children
    const root = children.find((node) => node['title'] === 'Root link')!
    expect(root['added']).toBe('2024-01-10T12:00:00.000Z')
    expect(root['dateSources']).toEqual({ added: 'history' })
    expect(children.filter((node) => node['type'] === 'separator')).toHaveLength(1)
    const newsFolder = children.find((node) => node['title'] === 'News') as {
      children: Array<Record<string, unknown>>
    }
    const fresh = newsFolder.children.find((node) => node['title'] === 'Fresh')!
    expect(fresh['added']).toBe(new Date(day('2024-02-20')).toISOString())
    const renamed = newsFolder.children.find((node) => node['title'] === 'News ten (renamed)')!
    expect(renamed['added']).toBe(new Date(day('2024-01-10')).toISOString())
    expect(renamed['modified']).toBe(new Date(day('2024-02-20')).toISOString())
    expect(renamed['dateSources']).toEqual({ added: 'history', modified: 'history' })
  })

  it('builds a site with the root-level bookmark, separators, the changes pages and feed', async () => {
    const result = await cli(
      ['build', 'bookmarks.xbel', '--out', 'site', '--site', 'https://me.example/'],
      repo.dir,
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const home = readFileSync(path.join(out, 'index.html'), 'utf8')
    expect(home).toContain('https://root.example/')
    expect(home).not.toContain('separator.floccus.org')
    expect(home).toContain('<a href="/changes/">Changes</a>')
    const changes = readFileSync(path.join(out, 'changes/index.html'), 'utf8')
    expect(changes).toMatch(
      /Removed<\/span> <a[^>]*href="https:\/\/news.example\/12"[^>]*>News 12<\/a> from News/,
    )
    expect(changes).toMatch(/Added<\/span> <a[^>]*>Fresh<\/a> in News/)
    expect(changes).toMatch(/Moved<\/span> <a[^>]*>News 11<\/a> from News to Tech/)
    expect(changes).toContain('was “News 10”')
    const feed = readFileSync(path.join(out, 'changes.xml'), 'utf8')
    assertAtom(feed)
    expect(feed).toContain('News 12')
  })

  it('paginates the changes by pageSize, counting what a large commit added', async () => {
    const config = resolveConfig(
      { sources: 'bookmarks.xbel', outDir: 'paged', pageSize: 5, site: 'https://me.example/' },
      {},
      { cwd: repo.dir },
    )
    await build(config)
    const first = readFileSync(path.join(repo.dir, 'paged/changes/index.html'), 'utf8')
    expect(first).toContain('href="/changes/page/2/" rel="next"')
    const second = readFileSync(path.join(repo.dir, 'paged/changes/page/2/index.html'), 'utf8')
    expect(second).toContain('2024-01-10')
    expect(second).toContain('… and 21 more added')
    expect(readFileSync(path.join(repo.dir, 'paged/changes.xml'), 'utf8')).toContain('26 added')
  })

  it('refuses a commit that removes most bookmarks, leaving the site as it was; --allow-removal publishes it', async () => {
    const before = snapshot(out)
    repo.commit(
      {
        'bookmarks.xbel': floccusXbel(
          [
            xbelBookmark(1, 'Root link', 'https://root.example/'),
            xbelFolder(2, 'News', news(new Set([11, 12, ...range(13, 34)]))),
          ].join('\n'),
          40,
        ),
      },
      '2024-04-01T12:00:00Z',
      'Floccus update: oops',
    )
    const failed = await cli(
      ['build', 'bookmarks.xbel', '--out', 'site', '--site', 'https://me.example/'],
      repo.dir,
    )
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('[history/mass-removal]')
    expect(failed.stderr).toMatch(/Commit [0-9a-f]{7} \("Floccus update: oops"\) removes 24 of 26 bookmarks/)
    expect(snapshot(out)).toEqual(before)
    const allowed = await cli(
      ['build', 'bookmarks.xbel', '--out', 'site', '--site', 'https://me.example/', '--allow-removal'],
      repo.dir,
    )
    expect(allowed.stderr).toBe('')
    expect(allowed.code).toBe(0)
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).not.toContain('news.example/20')
    expect(readFileSync(path.join(out, 'changes/index.html'), 'utf8')).toContain('News 20')
    // Published once, the removal is not judged again (the cache in the output folder holds it).
    const again = await cli(
      ['build', 'bookmarks.xbel', '--out', 'site', '--site', 'https://me.example/'],
      repo.dir,
    )
    expect(again.code).toBe(0)
  })

  it('restores the collection as at a commit, ids and a non-decreasing highestId kept', async () => {
    const result = await cli(
      ['restore', 'bookmarks.xbel', '--from', 'HEAD~1', '--out', 'restored.xbel'],
      repo.dir,
    )
    expect(result.code).toBe(0)
    const restored = readFileSync(path.join(repo.dir, 'restored.xbel'), 'utf8')
    expect(restored).toContain('highestId :40:')
    expect(restored).toContain('id="20"')
    expect(restored).toContain('separator.floccus.org')
    // A revision is never taken for an option of git's.
    await expect(restoreFile(path.join(repo.dir, 'bookmarks.xbel'), '--output=x')).rejects.toThrow(
      /Not a commit/,
    )
    expect(existsSync(path.join(repo.dir, 'x'))).toBe(false)
  })
})

function range(from: number, to: number): number[] {
  const result: number[] = []
  for (let n = from; n <= to; n++) result.push(n)
  return result
}
