/**
 * Atomic output: a build that fails at any point — a bad source, a crash part-way through
 * rendering, a write that fails — leaves the previous site byte for byte as it was.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { build } from '../../src/build/index.js'
import type { OutputFile } from '../../src/model/output.js'
import { writeSite, type WritableSite } from '../../src/build/output.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-atomic-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Every file below `root` with its bytes, for byte-for-byte comparison. */
function snapshot(root: string): Map<string, string> {
  const result = new Map<string, string>()
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name)
      if (statSync(full).isDirectory()) walk(full)
      else result.set(path.relative(root, full), readFileSync(full).toString('base64'))
    }
  }
  walk(root)
  return result
}

const SOURCE =
  '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>Folder</H3>\n<DL><p>\n<DT><A HREF="https://a.example/" TAGS="t">A</A>\n</DL><p>\n</DL><p>\n'

async function buildOnce(): Promise<Map<string, string>> {
  writeFileSync(path.join(dir, 'bookmarks.html'), SOURCE)
  await build(resolveConfig({}, { sources: ['bookmarks.html'], outDir: 'out' }, { cwd: dir }))
  return snapshot(path.join(dir, 'out'))
}

/** A plan whose files fail after `after` of them were produced. */
function failingPlan(after: number, failure: () => OutputFile): WritableSite {
  return {
    files: {
      *[Symbol.iterator]() {
        for (let i = 0; i < after; i++) yield { path: `page-${i}/index.html`, contents: `<p>${i}</p>` }
        yield failure()
      },
    },
    assets: [],
  }
}

describe('a failed build', () => {
  it('should leave the previous site unchanged when a source is broken', async () => {
    const before = await buildOnce()
    writeFileSync(path.join(dir, 'bookmarks.html'), 'garbage that is not a bookmark file')
    await expect(
      build(resolveConfig({}, { sources: ['bookmarks.html'], outDir: 'out' }, { cwd: dir })),
    ).rejects.toThrow()
    expect(snapshot(path.join(dir, 'out'))).toEqual(before)
  })

  it('should leave the previous site unchanged when rendering crashes after part of the output is written', async () => {
    const before = await buildOnce()
    const plan = failingPlan(50, () => {
      throw new Error('crash in the middle of rendering')
    })
    await expect(
      writeSite(plan, { outDir: path.join(dir, 'out'), protectedDirs: [], sources: [] }),
    ).rejects.toThrow(/crash/)
    expect(snapshot(path.join(dir, 'out'))).toEqual(before)
    expect(readdirSync(dir).sort()).toEqual(['bookmarks.html', 'out'])
  })

  it('should leave the previous site unchanged when the files written alongside (as watch mode writes its pages) fail', async () => {
    const before = await buildOnce()
    const plan: WritableSite = {
      ...failingPlan(30, () => ({ path: 'last/index.html', contents: 'ok' })),
      alongside: Promise.reject(new Error('the writer alongside crashed')),
    }
    await expect(
      writeSite(plan, { outDir: path.join(dir, 'out'), protectedDirs: [], sources: [] }),
    ).rejects.toThrow(/alongside crashed/)
    expect(snapshot(path.join(dir, 'out'))).toEqual(before)
    expect(readdirSync(dir).sort()).toEqual(['bookmarks.html', 'out'])
  })

  it('should leave the previous site unchanged when a write fails (as on a full disk), with a clear error', async () => {
    const before = await buildOnce()
    // Two files at one path: the second write fails with EEXIST, as a full disk would with ENOSPC.
    const plan = failingPlan(20, () => ({ path: 'page-3/index.html', contents: 'again' }))
    const error = await writeSite(plan, {
      outDir: path.join(dir, 'out'),
      protectedDirs: [],
      sources: [],
    }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ rule: 'output/write-failed' })
    expect(String((error as Error).message)).toMatch(/previous site .* is unchanged/)
    expect(snapshot(path.join(dir, 'out'))).toEqual(before)
    expect(readdirSync(dir).sort()).toEqual(['bookmarks.html', 'out'])
  })

  it('should keep the previous site when a source now yields no bookmarks, or fewer while it looks cut short', async () => {
    const two = SOURCE.replace('</DL><p>\n</DL>', '<DT><A HREF="https://b.example/">B</A>\n</DL><p>\n</DL>')
    writeFileSync(path.join(dir, 'bookmarks.html'), two)
    const config = resolveConfig({}, { sources: ['bookmarks.html'], outDir: 'out' }, { cwd: dir })
    await build(config)
    const before = snapshot(path.join(dir, 'out'))
    const cases = {
      '': 'build/empty-source',
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n': 'build/empty-source',
      [SOURCE.slice(0, SOURCE.indexOf('<DT><A'))]: 'build/empty-source',
      [two.slice(0, two.indexOf('<DT><A HREF="https://b'))]: 'source/incomplete',
    }
    for (const [text, rule] of Object.entries(cases)) {
      writeFileSync(path.join(dir, 'bookmarks.html'), text)
      await expect(build(config)).rejects.toMatchObject({ rule, file: 'bookmarks.html' })
      expect(snapshot(path.join(dir, 'out'))).toEqual(before)
      expect(readdirSync(dir).sort()).toEqual(['bookmarks.html', 'out'])
    }
    // Unless the user says so.
    const result = await build({ ...config, allowEmpty: true })
    expect(result.stats.bookmarks).toBe(1)
    expect(result.warnings.map((warning) => warning.rule)).toContain('source/incomplete')
  })

  it('should produce byte-identical sites from the same input (determinism)', async () => {
    const first = await buildOnce()
    const second = await buildOnce()
    expect(second).toEqual(first)
  })
})

describe('output folders bookgen refuses', () => {
  it('should refuse ".", "..", the project folder and a folder it did not create', async () => {
    writeFileSync(path.join(dir, 'bookmarks.html'), SOURCE)
    const project = path.join(dir, 'project')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(project)
    writeFileSync(path.join(project, 'bookmarks.html'), SOURCE)
    for (const outDir of ['.', '..']) {
      await expect(
        build(
          resolveConfig(
            {},
            { sources: ['bookmarks.html'], outDir },
            { cwd: project, configFile: path.join(project, 'bookmarks.config.ts') },
          ),
        ),
      ).rejects.toMatchObject({ rule: 'output/unsafe' })
    }
    writeFileSync(path.join(dir, 'notes.txt'), 'mine')
    mkdirSync(path.join(dir, 'docs'))
    writeFileSync(path.join(dir, 'docs', 'thesis.tex'), 'precious')
    await expect(
      build(resolveConfig({}, { sources: ['bookmarks.html'], outDir: 'docs' }, { cwd: dir })),
    ).rejects.toMatchObject({
      rule: 'output/unsafe',
    })
    expect(readFileSync(path.join(dir, 'docs', 'thesis.tex'), 'utf8')).toBe('precious')
  })
})
