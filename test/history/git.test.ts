import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  earlyCommits,
  fileCommits,
  mayBeInRepository,
  repositoryLookup,
  repositoryOf,
} from '../../src/history/git.js'
import { readFileHistory } from '../../src/history/read.js'
import { createRepo } from './git-repo.js'

describe('mayBeInRepository (asked before git is started)', () => {
  const made: string[] = []
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-git-'))
    made.push(dir)
    return dir
  }
  afterEach(() => {
    vi.unstubAllEnvs()
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('is false for a folder with no .git in it or above, and repositoryOf answers undefined', async () => {
    const dir = path.join(tempDir(), 'a', 'b')
    mkdirSync(dir, { recursive: true })
    vi.stubEnv('GIT_DIR', '')
    expect(mayBeInRepository(dir)).toBe(false)
    expect(await repositoryOf(path.join(dir, 'bookmarks.html'))).toBeUndefined()
  })

  it('finds a .git folder in a folder above, and a .git file (worktrees, submodules)', () => {
    const top = tempDir()
    const deep = path.join(top, 'x', 'y')
    mkdirSync(deep, { recursive: true })
    mkdirSync(path.join(top, '.git'))
    expect(mayBeInRepository(deep)).toBe(true)
    const other = tempDir()
    writeFileSync(path.join(other, '.git'), 'gitdir: /elsewhere/.git/worktrees/other\n')
    expect(mayBeInRepository(other)).toBe(true)
  })

  it('leaves the answer to git when GIT_DIR is set', () => {
    vi.stubEnv('GIT_DIR', '/somewhere/.git')
    expect(mayBeInRepository(tempDir())).toBe(true)
  })

  it('lets repositoryOf find a real repository from a sub-folder', async () => {
    const repo = createRepo()
    try {
      mkdirSync(path.join(repo.dir, 'sub'))
      repo.commit({ 'sub/bookmarks.html': '<DL></DL>' }, '2024-01-02T03:04:05Z')
      const info = await repositoryOf(path.join(repo.dir, 'sub', 'bookmarks.html'))
      expect(info?.top).toBe(path.resolve(repo.git('rev-parse', '--show-toplevel').trim()))
      expect(info?.head).toMatch(/^[0-9a-f]{40}$/)
    } finally {
      repo.remove()
    }
  })

  it('answers a repository with no commit yet, and one with a file named HEAD beside the source', async () => {
    const repo = createRepo()
    try {
      const empty = await repositoryOf(path.join(repo.dir, 'bookmarks.html'))
      expect(empty?.top).toBe(path.resolve(repo.git('rev-parse', '--show-toplevel').trim()))
      expect(empty?.head).toBeUndefined()
      expect(empty?.shallow).toBe(false)
      repo.commit({ 'bookmarks.html': '<DL></DL>', HEAD: 'not a revision' }, '2024-01-02T03:04:05Z')
      const info = await repositoryOf(path.join(repo.dir, 'bookmarks.html'))
      expect(info?.head).toBe(repo.git('rev-parse', '--verify', 'HEAD').trim())
      expect(info?.shallow).toBe(false)
    } finally {
      repo.remove()
    }
  })

  it('is asked of git once for each folder through one lookup', async () => {
    const repo = createRepo()
    try {
      repo.commit({ 'a.html': '<DL></DL>', 'b.xbel': '<xbel/>' }, '2024-01-02T03:04:05Z')
      const lookup = repositoryLookup()
      const first = lookup(path.join(repo.dir, 'a.html'))
      expect(lookup(path.join(repo.dir, 'b.xbel'))).toBe(first)
      expect((await first)?.head).toBe(repo.git('rev-parse', '--verify', 'HEAD').trim())
    } finally {
      repo.remove()
    }
  })

  it("asks for sources' commits early (earlyCommits), as readFileHistory would, and the read uses them", async () => {
    const repo = createRepo()
    const outside = tempDir()
    try {
      mkdirSync(path.join(repo.dir, 'sub'))
      repo.commit({ 'sub/bookmarks.html': '<DL><p>\n</DL>\n' }, '2024-01-02T03:04:05Z')
      repo.commit(
        { 'sub/bookmarks.html': '<DL><p>\n<DT><A HREF="https://a.example/">A</A>\n</DL>\n' },
        '2024-02-02T03:04:05Z',
      )
      writeFileSync(path.join(repo.dir, 'sub', 'untracked.html'), '<DL></DL>')
      writeFileSync(path.join(outside, 'bookmarks.html'), '<DL></DL>')
      vi.stubEnv('GIT_DIR', undefined)
      const file = path.join(repo.dir, 'sub', 'bookmarks.html')
      const early = earlyCommits([
        file,
        path.join(repo.dir, 'sub', 'untracked.html'),
        path.join(outside, 'bookmarks.html'),
      ])
      const top = (await repositoryOf(file))!.top
      const asked = early(top, 'sub/bookmarks.html')
      expect(asked).toBeDefined()
      expect(await asked).toEqual(await fileCommits(top, 'sub/bookmarks.html'))
      expect((await asked)!.length).toBe(2)
      expect(await early(top, 'sub/untracked.html')).toEqual([])
      expect(early(outside, 'bookmarks.html')).toBeUndefined()
      // The read takes the commits asked for, and asks Git itself for a file asked for by no one.
      const given = await readFileHistory(file, { commitsOf: () => Promise.resolve([]) })
      expect(given.history).toBeUndefined()
      const own = await readFileHistory(file, { commitsOf: () => undefined })
      expect(own.history?.read.commits).toBe(2)
      expect((await readFileHistory(file, { commitsOf: early })).history?.read.commits).toBe(2)
      // With GIT_DIR set, where the repository is is Git's to say: nothing is asked early.
      vi.stubEnv('GIT_DIR', path.join(repo.dir, '.git'))
      expect(earlyCommits([file])(top, 'sub/bookmarks.html')).toBeUndefined()
    } finally {
      repo.remove()
    }
  })
})
