/**
 * Edge cases of reading a history: a file renamed with `git mv` (followed), a version that cannot
 * be read (skipped, with a warning), a file outside any repository (no history), and the
 * `history` config option.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { readFileHistory } from '../../src/history/read.js'
import { createRepo, floccusXbel, xbelBookmark, type TestRepo } from './git-repo.js'

describe('reading a history', () => {
  let repo: TestRepo
  beforeAll(() => {
    repo = createRepo()
    const one = xbelBookmark(1, 'One', 'https://one.example/')
    const two = xbelBookmark(2, 'Two', 'https://two.example/')
    repo.commit({ 'old.xbel': floccusXbel(one, 1) }, '2022-01-01T00:00:00Z')
    repo.git('mv', 'old.xbel', 'bookmarks.xbel')
    repo.commit({}, '2022-02-01T00:00:00Z', 'rename')
    repo.commit(
      { 'bookmarks.xbel': '<?xml version="1.0"?>\n<xbel><bookmark' },
      '2022-03-01T00:00:00Z',
      'broken',
    )
    repo.commit({ 'bookmarks.xbel': floccusXbel(`${one}\n${two}`, 2) }, '2022-04-01T00:00:00Z', 'fixed')
    // Broken inside one bookmark: the fast walk's tile cannot be read, nor can the whole version.
    repo.commit(
      { 'bookmarks.xbel': floccusXbel(`${one}\n${two.replace('</title>', '</titel>')}`, 2) },
      '2022-05-01T00:00:00Z',
      'broken again',
    )
    repo.commit({ 'bookmarks.xbel': floccusXbel(`${one}\n${two}`, 2) }, '2022-06-01T00:00:00Z', 'fixed again')
  })
  afterAll(() => repo.remove())

  it('follows renames and skips versions it cannot read', async () => {
    const { history, warnings } = await readFileHistory(path.join(repo.dir, 'bookmarks.xbel'))
    expect(history!.state.commits.map((commit) => commit.subject)).toEqual([
      'Floccus update: 2022-01-01T00:00:00Z',
      'rename',
      'broken',
      'fixed',
      'broken again',
      'fixed again',
    ])
    expect(
      history!.state.live.map((live) => [live.record.title, new Date(live.added!).toISOString()]),
    ).toEqual([
      ['One', '2022-01-01T00:00:00.000Z'],
      ['Two', '2022-04-01T00:00:00.000Z'],
    ])
    expect(warnings.map((warning) => warning.rule)).toEqual([
      'history/unreadable-version',
      'history/unreadable-version',
    ])
  })

  it('gives no history outside a repository', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-no-repo-'))
    try {
      writeFileSync(path.join(dir, 'bookmarks.xbel'), floccusXbel('', 0))
      expect(await readFileHistory(path.join(dir, 'bookmarks.xbel'))).toEqual({
        history: undefined,
        warnings: [],
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('resolves and checks the history option', () => {
    const context = { cwd: '/work' }
    expect(resolveConfig({}, {}, context).history).toEqual({
      maxRemoved: 0.25,
      minRemoved: 20,
      allowRemoval: false,
      maxCommits: 10_000,
    })
    expect(resolveConfig({ history: false }, {}, context).history).toBe(false)
    expect(resolveConfig({}, { history: false }, context).history).toBe(false)
    expect(resolveConfig({ history: { maxRemoved: 0.5 } }, { allowRemoval: true }, context).history).toEqual({
      maxRemoved: 0.5,
      minRemoved: 20,
      allowRemoval: true,
      maxCommits: 10_000,
    })
    expect(() => resolveConfig({ history: { maxCommits: 0 } }, {}, context)).toThrow(/1 or more/)
    expect(() => resolveConfig({ history: { maxRemoved: 25 } }, {}, context)).toThrow(/share from 0 to 1/)
    expect(() => resolveConfig({ history: { since: 1 } } as never, {}, context)).toThrow(
      /Unknown option "history.since"/,
    )
    expect(() => resolveConfig({ history: true } as never, {}, context)).toThrow(/"history" must be false or/)
  })
})
