import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileCommits, repositoryOf, sourceRepositoryOf } from '../../src/history/git.js'
import { readFileHistory } from '../../src/history/read.js'
import { createRepo } from './git-repo.js'

describe('the repository of a source', () => {
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

  it('finds no repository for a folder with none in it or above', async () => {
    const dir = path.join(tempDir(), 'a', 'b')
    mkdirSync(dir, { recursive: true })
    vi.stubEnv('GIT_DIR', undefined)
    expect(await repositoryOf(path.join(dir, 'bookmarks.html'))).toBeUndefined()
    expect(await sourceRepositoryOf(path.join(dir, 'bookmarks.html'))).toBeUndefined()
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

  it('tells a source that HEAD has from one it has not (sourceRepositoryOf)', async () => {
    const repo = createRepo()
    try {
      mkdirSync(path.join(repo.dir, 'sub dir'))
      repo.commit({ 'sub dir/a b:c.html': '<DL></DL>', HEAD: 'not a revision' }, '2024-01-02T03:04:05Z')
      writeFileSync(path.join(repo.dir, 'sub dir', 'untracked.html'), '<DL></DL>')
      writeFileSync(path.join(repo.dir, '.gitignore'), 'ignored.html\n')
      writeFileSync(path.join(repo.dir, 'ignored.html'), '<DL></DL>')
      const top = path.resolve(repo.git('rev-parse', '--show-toplevel').trim())
      const head = repo.git('rev-parse', '--verify', 'HEAD').trim()
      const tracked = await sourceRepositoryOf(path.join(repo.dir, 'sub dir', 'a b:c.html'))
      expect(tracked).toEqual({ top, head, shallow: false, inHead: true, path: 'sub dir/a b:c.html' })
      // Untracked, ignored, missing: HEAD has no such file.
      for (const name of ['sub dir/untracked.html', 'ignored.html', 'missing.html'])
        expect(await sourceRepositoryOf(path.join(repo.dir, name))).toEqual({
          top,
          head,
          shallow: false,
          inHead: false,
          path: name,
        })
      // Staged, not committed: the index lists it, and Git says HEAD has no such file yet.
      repo.git('add', 'sub dir/untracked.html')
      expect(await sourceRepositoryOf(path.join(repo.dir, 'sub dir', 'untracked.html'))).toEqual({
        top,
        head,
        shallow: false,
        inHead: false,
        path: 'sub dir/untracked.html',
      })
    } finally {
      repo.remove()
    }
  })

  it('asks apart, and takes the source as had, in a repository with no commit yet', async () => {
    const repo = createRepo()
    try {
      writeFileSync(path.join(repo.dir, 'bookmarks.html'), '<DL></DL>')
      const info = await sourceRepositoryOf(path.join(repo.dir, 'bookmarks.html'))
      expect(info?.top).toBe(path.resolve(repo.git('rev-parse', '--show-toplevel').trim()))
      expect(info?.head).toBeUndefined()
      expect(info?.inHead).toBe(true)
      expect(await fileCommits(info!.top, 'bookmarks.html')).toEqual([])
    } finally {
      repo.remove()
    }
  })

  it('reads the history of a source HEAD has, from a sub-folder or through GIT_DIR, and none of one it has not', async () => {
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
      const untracked = path.join(repo.dir, 'sub', 'untracked.html')
      expect((await sourceRepositoryOf(file))?.inHead).toBe(true)
      expect((await sourceRepositoryOf(untracked))?.inHead).toBe(false)
      expect(await sourceRepositoryOf(path.join(outside, 'bookmarks.html'))).toBeUndefined()
      expect((await readFileHistory(file)).history?.read.commits).toBe(2)
      expect((await readFileHistory(untracked)).history).toBeUndefined()
      expect((await readFileHistory(path.join(outside, 'bookmarks.html'))).history).toBeUndefined()
      // With GIT_DIR set, the repository is the one Git names there.
      vi.stubEnv('GIT_DIR', path.join(repo.dir, '.git'))
      vi.stubEnv('GIT_WORK_TREE', repo.dir)
      expect((await readFileHistory(file)).history?.read.commits).toBe(2)
    } finally {
      repo.remove()
    }
  })

  it('notes a shallow clone for a source that HEAD has, and not for one it has not', async () => {
    const repo = createRepo()
    const clone = tempDir()
    try {
      repo.commit({ 'bookmarks.html': '<DL><p>\n</DL>\n' }, '2024-01-02T03:04:05Z')
      repo.commit(
        { 'bookmarks.html': '<DL><p>\n<DT><A HREF="https://a.example/">A</A>\n</DL>\n' },
        '2024-02-02T03:04:05Z',
      )
      repo.git('clone', '-q', '--depth', '1', `file://${repo.dir}`, clone)
      writeFileSync(path.join(clone, 'untracked.html'), '<DL></DL>')
      const shallow = await readFileHistory(path.join(clone, 'bookmarks.html'))
      expect(shallow.history).toBeUndefined()
      expect(shallow.warnings.map((warning) => warning.rule)).toEqual(['history/shallow'])
      const untracked = await readFileHistory(path.join(clone, 'untracked.html'))
      expect(untracked).toEqual({ history: undefined, warnings: [] })
    } finally {
      repo.remove()
    }
  })
})
