import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { indexListing } from '../../src/history/git-index.js'
import { createRepo, type TestRepo } from './git-repo.js'

/** Every file name below `repo.dir` the test made, with whether `git ls-files` lists it. */
function gitListing(repo: TestRepo, names: readonly string[]): Record<string, 'listed' | 'not listed'> {
  const listed = new Set(repo.git('ls-files', '-z').split('\0'))
  return Object.fromEntries(names.map((name) => [name, listed.has(name) ? 'listed' : 'not listed']))
}

function readerListing(top: string, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, indexListing(top, name)]))
}

/** Files in folders that share long prefixes (what an index of version 4 compresses), some committed. */
function populate(repo: TestRepo): string[] {
  const names: string[] = []
  const files: Record<string, string> = {}
  const untracked: string[] = []
  for (const folder of ['a', 'a/b', 'a/b/c-long-folder-name', 'z']) {
    mkdirSync(path.join(repo.dir, folder), { recursive: true })
    for (let index = 0; index < 12; index++) {
      const name = `${folder}/bookmarks-${String(index).padStart(index % 3, '0')}${'x'.repeat(index)}.html`
      names.push(name)
      if (index % 4 !== 3) files[name] = `<DL>${index}</DL>`
      else untracked.push(name)
    }
  }
  repo.commit(files, '2024-01-02T03:04:05Z')
  for (const name of untracked) writeFileSync(path.join(repo.dir, name), 'untracked')
  return names
}

describe('indexListing (the index read without Git)', () => {
  const repos: TestRepo[] = []
  const repo = (): TestRepo => {
    const made = createRepo()
    repos.push(made)
    return made
  }
  afterEach(() => {
    vi.unstubAllEnvs()
    for (const made of repos.splice(0)) made.remove()
  })

  it('lists what git ls-files lists, in an index of version 2, 3 and 4', () => {
    const made = repo()
    const names = populate(made)
    const expected = gitListing(made, names)
    expect(Object.values(expected)).toContain('not listed')
    expect(readerListing(made.dir, names)).toEqual(expected)
    // Version 3: an entry added with intent to add has extended flags.
    writeFileSync(path.join(made.dir, 'z', 'intent.html'), '<DL></DL>')
    made.git('add', '-N', 'z/intent.html')
    expect(readFileSync(path.join(made.dir, '.git', 'index')).readUInt32BE(4)).toBe(3)
    const withIntent = [...names, 'z/intent.html']
    expect(readerListing(made.dir, withIntent)).toEqual(gitListing(made, withIntent))
    // Version 4: each name written as what it keeps of the name before, and the rest.
    made.git('update-index', '--index-version', '4')
    expect(readFileSync(path.join(made.dir, '.git', 'index')).readUInt32BE(4)).toBe(4)
    expect(readerListing(made.dir, withIntent)).toEqual(gitListing(made, withIntent))
  })

  it('reads an index of SHA-256 object names', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-sha256-'))
    try {
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=a', '-c', 'user.email=a@example.org', ...args], {
          cwd: dir,
          env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
        })
      git('init', '-q', '--object-format=sha256')
      writeFileSync(path.join(dir, 'bookmarks.html'), '<DL></DL>')
      git('add', 'bookmarks.html')
      git('commit', '-q', '-m', 'first')
      writeFileSync(path.join(dir, 'untracked.html'), '')
      expect(indexListing(dir, 'bookmarks.html')).toBe('listed')
      expect(indexListing(dir, 'untracked.html')).toBe('not listed')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('counts a name listed in another case as listed (a case-insensitive file system would match it)', () => {
    const made = repo()
    made.commit({ 'Bookmarks.html': '<DL></DL>' }, '2024-01-02T03:04:05Z')
    expect(indexListing(made.dir, 'Bookmarks.html')).toBe('listed')
    expect(indexListing(made.dir, 'bookmarks.HTML')).toBe('listed')
    expect(indexListing(made.dir, 'other.html')).toBe('not listed')
  })

  it('reads a linked worktree through its .git file', () => {
    const made = repo()
    made.commit({ 'bookmarks.html': '<DL></DL>' }, '2024-01-02T03:04:05Z')
    const worktree = `${made.dir}-worktree`
    made.git('worktree', 'add', '-q', worktree)
    try {
      writeFileSync(path.join(worktree, 'untracked.html'), '')
      expect(indexListing(worktree, 'bookmarks.html')).toBe('listed')
      expect(indexListing(worktree, 'untracked.html')).toBe('not listed')
    } finally {
      made.git('worktree', 'remove', '--force', worktree)
    }
  })

  it('leaves to Git what it does not read: a split index, other working trees, moved indexes, names not ASCII', () => {
    const made = repo()
    made.commit({ 'bookmarks.html': '<DL></DL>', 'é.html': '' }, '2024-01-02T03:04:05Z')
    expect(indexListing(made.dir, 'bookmarks.html')).toBe('listed')
    expect(indexListing(made.dir, 'é.html')).toBeUndefined()
    for (const name of ['GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE', 'GIT_COMMON_DIR']) {
      vi.stubEnv(name, path.join(made.dir, '.git'))
      expect(indexListing(made.dir, 'bookmarks.html')).toBeUndefined()
      vi.unstubAllEnvs()
    }
    made.git('config', 'core.worktree', made.dir)
    expect(indexListing(made.dir, 'bookmarks.html')).toBeUndefined()
    made.git('config', '--unset', 'core.worktree')
    made.git('update-index', '--split-index')
    expect(indexListing(made.dir, 'bookmarks.html')).toBeUndefined()
  })

  it('reads names of 4,095 bytes or more, and leaves an index of over 1 MiB to Git', () => {
    const made = repo()
    made.commit({ 'bookmarks.html': '<DL></DL>' }, '2024-01-02T03:04:05Z')
    const blob = made.git('hash-object', '-w', '--', 'bookmarks.html').trim()
    const long = `${'a/'.repeat(2500)}bookmarks.html`
    const add = (lines: string[]) =>
      execFileSync('git', ['update-index', '--index-info'], { cwd: made.dir, input: lines.join('') })
    add([`100644 ${blob}\t${long}\n`])
    expect(indexListing(made.dir, long)).toBe('listed')
    expect(indexListing(made.dir, `${long}.x`)).toBe('not listed')
    expect(indexListing(made.dir, 'bookmarks.html')).toBe('listed')
    add(
      Array.from(
        { length: 12_000 },
        (_, index) => `100644 ${blob}\tsrc/folder-${index % 40}/file-${index}.ts\n`,
      ),
    )
    expect(readFileSync(path.join(made.dir, '.git', 'index')).length).toBeGreaterThan(1024 * 1024)
    expect(indexListing(made.dir, 'bookmarks.html')).toBeUndefined()
  })

  it('gives no answer for an index it cannot read throughout (cut, changed, missing)', () => {
    const made = repo()
    made.commit({ 'bookmarks.html': '<DL></DL>', 'other.html': '' }, '2024-01-02T03:04:05Z')
    const index = path.join(made.dir, '.git', 'index')
    const bytes = readFileSync(index)
    expect(indexListing(made.dir, 'other.html')).toBe('listed')
    for (const cut of [11, 40, 70, bytes.length - 21]) {
      writeFileSync(index, bytes.subarray(0, cut))
      expect(indexListing(made.dir, 'missing.html')).toBeUndefined()
    }
    const changed = Buffer.from(bytes)
    changed.writeUInt32BE(5, 4) // a version it does not know
    writeFileSync(index, changed)
    expect(indexListing(made.dir, 'missing.html')).toBeUndefined()
    const longer = Buffer.from(bytes)
    longer.writeUInt32BE(3, 8) // one entry more than it holds
    writeFileSync(index, longer)
    expect(indexListing(made.dir, 'missing.html')).toBeUndefined()
    writeFileSync(index, bytes)
    expect(indexListing(made.dir, 'missing.html')).toBe('not listed')
    made.git('rm', '-q', '--cached', 'bookmarks.html', 'other.html')
    expect(indexListing(made.dir, 'bookmarks.html')).toBe('not listed')
  })
})
