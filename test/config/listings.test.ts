/**
 * `listings`: validated like the other options, `'auto'` by default, compact from `COMPACT_FROM`
 * bookmarks under `'auto'`, feeds of top-level folders only when compact, and the build summary
 * says when (and why) they are compact.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { buildJson, buildSummary } from '../../src/cli/summary.js'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { COMPACT_FROM, compactListings } from '../../src/pages/listings.js'
import { createColors } from '../../src/report/output.js'

const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-listings-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const source = path.join(dir, 'bookmarks.html')
writeFileSync(
  source,
  '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><A HREF="https://a.example/" ADD_DATE="1600000000" TAGS="x">A</A></DL>',
)

describe('listings', () => {
  it("should be 'auto' by default, and refuse anything but 'auto', 'full' or 'compact'", () => {
    expect(resolveConfig({}, {}, { cwd: dir }).listings).toBe('auto')
    expect(resolveConfig({ listings: 'full' }, {}, { cwd: dir }).listings).toBe('full')
    for (const value of ['Compact', 'none', 1, true]) {
      expect(() => resolveConfig({ listings: value } as unknown as UserConfig, {}, { cwd: dir })).toThrow(
        /"listings" must be/,
      )
    }
  })

  it("should list compactly with 'auto' from COMPACT_FROM bookmarks, always with 'compact', never with 'full'", () => {
    expect(compactListings('auto', COMPACT_FROM - 1)).toBe(false)
    expect(compactListings('auto', COMPACT_FROM)).toBe(true)
    expect(compactListings('compact', 1)).toBe(true)
    expect(compactListings('full', 10 * COMPACT_FROM)).toBe(false)
  })

  it('should say in the build summary when listings are compact, and why', async () => {
    const summary = async (user: UserConfig, name: string) => {
      const config = resolveConfig(user, { sources: [source], outDir: path.join(dir, name) }, { cwd: dir })
      const result = await build(config)
      return {
        text: buildSummary(result, config, 0, createColors(false), dir),
        json: buildJson(result, config, 0, 0),
      }
    }
    const compact = await summary({ listings: 'compact' }, 'compact')
    expect(compact.text).toContain(
      "compact entries on tag and archive pages, feeds of top-level folders only (listings: 'compact')",
    )
    expect(compact.json['listings']).toBe('compact')
    const auto = await summary({}, 'auto')
    expect(auto.text).not.toContain('compact entries')
    expect(auto.json['listings']).toBe('full')
  })

  it('should keep the feeds of top-level folders and tags only when compact', async () => {
    const nested = path.join(dir, 'nested.html')
    writeFileSync(
      nested,
      '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><H3>Top</H3><DL><p>' +
        '<DT><A HREF="https://b.example/" ADD_DATE="1600000000">B</A>' +
        '<DT><H3>Inner</H3><DL><p><DT><A HREF="https://c.example/" ADD_DATE="1600000001" TAGS="y">C</A></DL>' +
        '</DL></DL>',
    )
    const feeds = async (listings: 'full' | 'compact') => {
      const outDir = path.join(dir, `feeds-${listings}`)
      await build(resolveConfig({ listings }, { sources: [nested], outDir }, { cwd: dir }))
      return ['top/', 'top/inner/', 'tags/y/'].map((page) => [
        existsSync(path.join(outDir, page, 'feed.xml')),
        readFileSync(path.join(outDir, page, 'index.html'), 'utf8').includes(`href="/${page}feed.xml"`),
      ])
    }
    expect(await feeds('full')).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ])
    expect(await feeds('compact')).toEqual([
      [true, true],
      [false, false],
      [true, true],
    ])
  })
})
