/**
 * The rule that keeps a site from being replaced by less: a source that now yields no bookmarks
 * where the previous build had some from it, or one that looks cut short and yields fewer, is
 * refused unless the user allows it; a first build from an empty source goes on with a warning.
 */
import { describe, expect, it } from 'vitest'
import type { BookgenError } from '../../src/model/errors.js'
import type { Collection } from '../../src/model/tree.js'
import { checkSourceCounts, countSources, type PreviousCounts } from '../../src/build/empty-source.js'
import { parseText } from '../helpers.js'

const HEADER = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n'
const links = (count: number) =>
  Array.from({ length: count }, (_, i) => `<DT><A HREF="https://example.com/${i}">${i}</A>\n`).join('')
const complete = (count: number, file = 'a.html') => parseText(`${HEADER}${links(count)}</DL><p>\n`, file)
/** Ends inside a folder's list: read, with a `netscape/unclosed-list` warning. */
const cutShort = (count: number, file = 'a.html') =>
  parseText(`${HEADER}<DT><H3>F</H3>\n<DL><p>\n${links(count)}`, file)

const check = (collections: Collection[], previous: PreviousCounts, allowEmpty = false) =>
  checkSourceCounts(collections, countSources(collections), previous, { allowEmpty, outDir: 'site/' })

const refusal = (run: () => unknown): BookgenError => {
  try {
    run()
  } catch (error) {
    return error as BookgenError
  }
  throw new Error('expected a refusal')
}

const before = (sources: Record<string, number>): PreviousCounts => ({
  bookmarks: Object.values(sources).reduce((sum, count) => sum + count, 0),
  sources,
})

describe('countSources', () => {
  it('should count the bookmarks with a URL of each source, and in all', () => {
    const collections = [
      complete(3, 'a.html'),
      parseText(`${HEADER}<DT><H3>Only a folder</H3>\n</DL><p>\n`, 'b.html'),
    ]
    expect(countSources(collections)).toEqual({ bookmarks: 3, sources: { 'a.html': 3, 'b.html': 0 } })
  })
})

describe('checkSourceCounts', () => {
  it('should refuse a source that yields no bookmarks where the previous build had some from it', () => {
    for (const text of ['', '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n', `${HEADER}</DL><p>\n`]) {
      const error = refusal(() => check([parseText(text, 'a.html')], before({ 'a.html': 5 })))
      expect(error).toMatchObject({ rule: 'build/empty-source', file: 'a.html' })
      expect(error.message).toMatch(
        /^The source yields no bookmarks, but the site in site\/ was built with 5 bookmarks from it; keeping that site\. .*--allow-empty/,
      )
    }
  })

  it('should refuse an empty build over a site whose marker has no counts (an older bookgen’s)', () => {
    const error = refusal(() => check([parseText('', 'a.html')], 'uncounted'))
    expect(error).toMatchObject({ rule: 'build/empty-source', file: 'a.html', line: 1, column: 1 })
    expect(error.message).toMatch(/^The source yields no bookmarks, but the site in site\/ has bookmarks;/)
  })

  it('should refuse an empty source whose name is new when the whole build would be empty', () => {
    const error = refusal(() => check([parseText('', 'renamed.html')], before({ 'a.html': 5 })))
    expect(error.message).toMatch(/the site in site\/ has 5 bookmarks;/)
  })

  it('should refuse a source that looks cut short and yields fewer bookmarks than before, at the place it ends', () => {
    const collection = cutShort(2)
    const cut = collection.warnings.find((warning) => warning.rule === 'netscape/unclosed-list')!
    const error = refusal(() => check([collection], before({ 'a.html': 3 })))
    expect(error).toMatchObject({
      rule: 'source/incomplete',
      file: 'a.html',
      line: cut.line,
      column: cut.column,
    })
    expect(error.message).toMatch(
      /^The file looks cut short \(.*\) and yields 2 bookmarks, fewer than the 3 bookmarks the site in site\/ was built with from it/,
    )
  })

  it('should report every refused source together', () => {
    const error = refusal(() =>
      check([parseText('', 'a.html'), parseText('', 'b.html')], before({ 'a.html': 1, 'b.html': 1 })),
    )
    expect(error).toMatchObject({ rule: 'build/sources' })
    expect((error.cause as AggregateError).errors.map((inner: BookgenError) => inner.file)).toEqual([
      'a.html',
      'b.html',
    ])
  })

  it('should build what is allowed, saying so', () => {
    expect(check([parseText('', 'a.html')], before({ 'a.html': 5 }), true)).toMatchObject([
      {
        file: 'a.html',
        rule: 'build/empty-source',
        message: expect.stringMatching(/replaced all the same \(allowEmpty\)$/) as unknown,
      },
    ])
    expect(check([cutShort(2)], before({ 'a.html': 3 }), true)).toMatchObject([{ rule: 'source/incomplete' }])
  })

  it('should let through what loses nothing: a first build, as many bookmarks as before, an empty source beside others', () => {
    // A first (or empty-folder) build from an empty source: built, with a warning.
    expect(check([parseText('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n', 'a.html')], undefined)).toEqual([
      {
        file: 'a.html',
        line: 0,
        column: 0,
        rule: 'build/empty-source',
        message: 'The source yields no bookmarks',
      },
    ])
    // A zero-byte file has its own warning (source/empty) already.
    expect(check([parseText('', 'a.html')], undefined)).toEqual([])
    // An empty site before, an empty site again.
    expect(check([parseText('', 'a.html')], before({ 'a.html': 0 }))).toEqual([])
    // Cut short, but not fewer (a file that always lacked its last </DL>).
    expect(check([cutShort(3)], before({ 'a.html': 3 }))).toEqual([])
    expect(check([cutShort(3)], undefined)).toEqual([])
    expect(check([complete(1)], before({ 'a.html': 9 }))).toEqual([])
    // A new empty source beside one with bookmarks.
    expect(check([complete(2), parseText('', 'b.html')], before({ 'a.html': 2 }))).toEqual([])
  })
})
