/**
 * When Git cannot give the history — an object missing from a corrupt repository, a partial clone
 * whose remote cannot be reached — the build warns and goes on without the history: never a crash.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cli } from './helpers.js'
import { createRepo, type TestRepo } from './git-repo.js'

const page = (count: number): string =>
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${Array.from(
    { length: count },
    (_, n) => `<DT><A HREF="https://page.example/${n}">Page ${n}</A>\n`,
  ).join('')}</DL><p>\n`

describe('a history Git cannot read', () => {
  let repo: TestRepo
  const made: string[] = []
  beforeEach(() => {
    repo = createRepo()
    repo.commit({ 'bookmarks.html': page(3) }, '2024-01-01T12:00:00Z')
    repo.commit({ 'bookmarks.html': page(4) }, '2024-01-02T12:00:00Z')
    repo.commit({ 'bookmarks.html': page(5) }, '2024-01-03T12:00:00Z')
  })
  afterEach(() => {
    repo.remove()
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  /** Build `dir`'s bookmarks.html: it builds, without dates from the history, and says why. */
  async function buildsWithoutHistory(dir: string): Promise<string> {
    const result = await cli(
      ['build', 'bookmarks.html', '--out', 'site', '--site', 'https://me.example/'],
      dir,
    )
    expect(result.stderr).not.toContain('crashed')
    expect(result.stderr).toContain('[history/git]')
    expect(result.code).toBe(0)
    expect(result.stdout).not.toContain('dated from the history')
    expect(readFileSync(path.join(dir, 'site', 'index.html'), 'utf8')).toContain('https://page.example/4')
    return result.stderr
  }

  it('warns and builds without the history when a version of the file is missing', async () => {
    const blob = repo.git('rev-parse', 'HEAD~2:bookmarks.html').trim()
    rmSync(path.join(repo.dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)))
    const stderr = await buildsWithoutHistory(repo.dir)
    expect(stderr).toContain(blob.slice(0, 7))
  })

  it('warns and builds without the history when a commit is missing', async () => {
    const commit = repo.git('rev-parse', 'HEAD~1').trim()
    rmSync(path.join(repo.dir, '.git', 'objects', commit.slice(0, 2), commit.slice(2)))
    await buildsWithoutHistory(repo.dir)
  })

  it('warns and builds without the history in a partial clone whose remote is gone', async () => {
    repo.git('mv', 'bookmarks.html', 'links.html')
    repo.commit({}, '2024-01-04T12:00:00Z', 'rename')
    repo.git('mv', 'links.html', 'bookmarks.html')
    repo.commit({}, '2024-01-05T12:00:00Z', 'rename back')
    repo.git('config', 'uploadpack.allowFilter', 'true')
    const clone = mkdtempSync(path.join(os.tmpdir(), 'bookgen-partial-'))
    made.push(clone)
    execFileSync('git', ['clone', '-q', '--no-local', '--filter=blob:none', `file://${repo.dir}`, clone], {
      stdio: 'ignore',
    })
    // The remote is gone: the blobs the clone left out cannot be fetched.
    const gone = `${repo.dir}-gone`
    renameSync(repo.dir, gone)
    made.push(gone)
    await buildsWithoutHistory(clone)
  })
})
