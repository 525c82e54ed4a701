import { describe, expect, it } from 'vitest'
import { BookgenError } from '../../../src/model/errors.js'
import { countNodes } from '../../../src/model/tree.js'
import { checkSourceSize, parseSource } from '../../../src/formats/index.js'
import { LIMITS } from '../../../src/formats/shared/limits.js'
import { bookmarksOf, parseText } from '../../helpers.js'

const rules = (warnings: Array<{ rule: string }>) => [...new Set(warnings.map((warning) => warning.rule))]

describe('bounded work', () => {
  it('should merge folders nested deeper than the limit, keeping every bookmark, in both formats', () => {
    const depth = 1000
    const netscape = parseText(
      `<DL><p>${'<DT><H3>f</H3><DL><p>'.repeat(depth)}<DT><A HREF="https://deep.example/">deep</A>${'</DL><p>'.repeat(depth + 1)}`,
    )
    expect(countNodes(netscape.root)).toMatchObject({ folders: LIMITS.folderDepth, bookmarks: 1 })
    expect(rules(netscape.warnings)).toEqual(['source/too-deep'])
    const xbel = parseSource(
      new TextEncoder().encode(
        `<xbel>${'<folder>'.repeat(500)}<bookmark href="https://deep.example/"/>${'</folder>'.repeat(500)}</xbel>`,
      ),
      'deep.xbel',
    )
    expect(countNodes(xbel.root)).toMatchObject({ folders: LIMITS.folderDepth, bookmarks: 1 })
  })

  it('should not hang on a 1 MB attribute or an 8 MB title, and shorten over-long values with a warning', () => {
    const icon = `data:image/png;base64,${'A'.repeat(2 * LIMITS.attributeLength)}`
    const collection = parseText(
      `<DL><DT><A HREF="https://a.example/" ICON="${icon}">${'t'.repeat(8 << 20)}</A></DL>`,
    )
    const [bookmark] = bookmarksOf(collection)
    expect(bookmark!.title).toHaveLength(LIMITS.titleLength)
    expect(bookmark!.icon).toBeUndefined()
    expect(rules(collection.warnings)).toEqual(['source/value-too-long'])
  })

  it('should cap tags per bookmark', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => `t${i}`).join(',')
    const collection = parseText(`<DL><DT><A HREF="https://a.example/" TAGS="${tags}">a</A></DL>`)
    expect(bookmarksOf(collection)[0]!.tags).toHaveLength(LIMITS.tags)
  })

  it('should keep at most a thousand warnings of one kind, and count the rest', () => {
    const collection = parseText(`<DL>${'<DT><A HREF="https://a/" ADD_DATE="0">a</A>'.repeat(5000)}</DL>`)
    const dates = collection.warnings.filter((warning) => warning.rule === 'netscape/invalid-date')
    expect(dates).toHaveLength(LIMITS.warningsPerRule + 1)
    expect(dates.at(-1)!.message).toBe('… and 4000 more warnings of this kind (5000 in all)')
  })

  it('should refuse files over the size limit before reading them', () => {
    const huge = { length: 501 * 2 ** 20 } as Uint8Array
    expect(() => checkSourceSize(huge, 'huge.html')).toThrow(BookgenError)
    expect(() => checkSourceSize(huge, 'huge.html')).toThrow(/500 MiB/)
    // A million bookmarks as XBEL (about 380 MB) is read.
    expect(() => checkSourceSize({ length: 400 * 2 ** 20 } as Uint8Array, 'big.xbel')).not.toThrow()
  })

  it('should warn when a file ends inside a tag', () => {
    const collection = parseText(`<DL><DT><A HREF="https://a.example/">ok</A>\n<DT><A HREF="https://cut`)
    expect(bookmarksOf(collection)).toHaveLength(1)
    expect(collection.warnings.map((warning) => warning.rule)).toContain('netscape/truncated')
  })
})
