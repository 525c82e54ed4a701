/**
 * One site from sources of every format bookgen reads: a fixture of each registry format (the
 * first of `test/fixtures/<format>/` read as that format), merged into one site and built, as
 * sections and with `merge`. The site's exports read back, well-formed.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { XMLValidator } from 'fast-xml-parser'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { build } from '../../src/build/index.js'
import { parseSource } from '../../src/formats/index.js'
import { FORMATS } from '../../src/formats/registry.js'
import { isBookgenError } from '../../src/model/errors.js'
import { bookmarksOf, FIXTURES } from '../helpers.js'

/** The first fixture of each format that reads as that format. */
function fixtureOf(format: string): string | undefined {
  const dir = path.join(FIXTURES, format)
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name)
    try {
      if (parseSource(readFileSync(file), name).format === format) return file
    } catch (error) {
      if (!isBookgenError(error)) throw error
    }
  }
  return undefined
}

describe('a site from sources of every format', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-mixed-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const sources = FORMATS.map((entry) => {
    const fixture = fixtureOf(entry.name)
    if (fixture === undefined) return { format: entry.name, file: undefined }
    const file = `${entry.name}--${path.basename(fixture)}`
    copyFileSync(fixture, path.join(dir, file))
    return { format: entry.name, file }
  })

  it('should have a fixture of every registered format', () => {
    expect(sources.filter((source) => source.file === undefined).map((source) => source.format)).toEqual([])
  })

  for (const merge of [false, true]) {
    it(`should build them into one site${merge ? ' with merge' : ', a section each'}`, async () => {
      const files = sources.flatMap((source) => (source.file === undefined ? [] : [source.file]))
      const outDir = merge ? 'out-merged' : 'out'
      const result = await build(resolveConfig({ merge }, { sources: files, outDir }, { cwd: dir }))
      expect(result.collections.map((collection) => collection.format).sort()).toEqual(
        FORMATS.map((entry) => entry.name).sort(),
      )
      const sourceBookmarks = result.collections.reduce(
        (sum, collection) => sum + bookmarksOf(collection).length,
        0,
      )
      expect(result.stats.bookmarks).toBeGreaterThan(0)
      expect(result.stats.bookmarks).toBeLessThanOrEqual(sourceBookmarks)
      const xbel = readFileSync(path.join(dir, outDir, 'bookmarks.xbel'), 'utf8')
      expect(XMLValidator.validate(xbel)).toBe(true)
      for (const exported of ['bookmarks.xbel', 'bookmarks.html']) {
        const back = parseSource(readFileSync(path.join(dir, outDir, exported)), exported)
        const hrefs = bookmarksOf(back).filter((bookmark) => bookmark.href !== undefined)
        expect(hrefs.length, exported).toBeGreaterThan(0)
        if (!merge) {
          const sections = back.root.children.filter((node) => node.type === 'folder')
          expect(sections.length, exported).toBe(files.length)
        }
      }
      // The site itself was written.
      expect(readFileSync(path.join(dir, outDir, 'index.html'), 'utf8')).toContain('<html')
    })
  }
})
