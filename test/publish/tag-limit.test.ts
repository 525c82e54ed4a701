/**
 * Tags a published bookmark keeps (`limits.tagsPerBookmark`, 64 by default): its first ones, with
 * one warning per source file placed at its first bookmark cut, naming what was left out and the
 * option; repeats merged by `dedupe` are cut after merging; the site's tag pages follow.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { build, prepareSite } from '../../src/build/index.js'
import { walk, type Bookmark } from '../../src/model/tree.js'
import { parseText } from '../helpers.js'

/** Netscape HTML: one bookmark per entry of `tags`, each with those tags. */
function source(tags: readonly string[][], url = (index: number) => `https://e.example/${index}`): string {
  const entries = tags.map(
    (list, index) => `<DT><A HREF="${url(index)}" TAGS="${list.join(',')}">b${index}</A>\n`,
  )
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${entries.join('')}</DL>\n`
}

/** `count` tags of their own for bookmark `index`. */
const ownTags = (index: number, count: number) => Array.from({ length: count }, (_, t) => `b${index}t${t}`)

const configFor = (user: UserConfig, cwd = '/tmp') =>
  resolveConfig(user, { sources: ['tags.html'], outDir: 'out' }, { cwd })

function published(user: UserConfig, text: string): { tags: string[][]; notes: unknown[] } {
  const prepared = prepareSite(configFor(user), [parseText(text, 'tags.html')])
  const tags: string[][] = []
  for (const { node } of walk(prepared.root)) if (node.type === 'bookmark') tags.push((node as Bookmark).tags)
  return { tags, notes: prepared.notes.filter((note) => note.rule === 'publish/too-many-tags') }
}

describe('limits.tagsPerBookmark', () => {
  it('should keep a bookmark’s first 64 tags, and say where, how many were left out and what raises it', () => {
    const text = source([ownTags(0, 10), ownTags(1, 100), ownTags(2, 70)])
    const { tags, notes } = published({}, text)
    expect(tags.map((list) => list.length)).toEqual([10, 64, 64])
    expect(tags[1]).toEqual(ownTags(1, 64))
    expect(notes).toEqual([
      {
        file: 'tags.html',
        line: 4,
        column: 5,
        rule: 'publish/too-many-tags',
        message:
          '2 bookmarks, this the first, have more than 64 tags: 42 tags left out, each keeping its first 64. Set limits.tagsPerBookmark in the config to keep more',
      },
    ])
  })

  it('should keep as many as the config says', () => {
    const text = source([ownTags(0, 100)])
    expect(published({ limits: { tagsPerBookmark: 100 } }, text)).toEqual({
      tags: [ownTags(0, 100)],
      notes: [],
    })
    const two = published({ limits: { tagsPerBookmark: 2 } }, text)
    expect(two.tags).toEqual([ownTags(0, 2)])
    expect(two.notes).toMatchObject([{ line: 3, message: expect.stringMatching(/^This bookmark has/) }])
  })

  it('should cut the tags `dedupe` merges from a URL’s repeats', () => {
    const text = source([ownTags(0, 40), ownTags(1, 40)], () => 'https://same.example/')
    const { tags, notes } = published({ dedupe: true }, text)
    expect(tags).toEqual([[...ownTags(0, 40), ...ownTags(1, 24)]])
    expect(notes).toHaveLength(1)
  })

  it('should refuse a limit that is not a whole number above 0', () => {
    expect(() => configFor({ limits: { tagsPerBookmark: 0 } })).toThrow(
      '"limits.tagsPerBookmark" must be a whole number above 0',
    )
    expect(() => configFor({ limits: { tagsPerBookmark: 1.5 } })).toThrow(/whole number/)
  })
})

describe('the tag pages of bookmarks with many tags', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-tags-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('should make a page for each tag kept, not for each tag of the source', async () => {
    // Each tag a page of its own: 3 bookmarks of 100 tags made 300 pages from 2 kB.
    writeFileSync(path.join(dir, 'tags.html'), source([0, 1, 2].map((index) => ownTags(index, 100))))
    const result = await build(configFor({}, dir))
    expect(result.plan.tagPages).toBe(3 * 64)
    expect(result.warnings.filter((warning) => warning.rule === 'publish/too-many-tags')).toHaveLength(1)
  })
})
