import { describe, expect, it } from 'vitest'
import { createBookmark, type Bookmark } from '../../src/model/tree.js'
import { recentBookmarks } from '../../src/render/atom.js'
import { feedToXml } from '../../src/site-files/feed.js'

function bookmark(title: string, added: number | undefined, href = `https://${title}.example/`): Bookmark {
  const result = createBookmark(title, href)
  if (added !== undefined) result.added = added
  return result
}

/** The plain definition: every dated linkable bookmark, stably sorted newest first, cut to `limit`. */
function expected(bookmarks: Bookmark[], limit: number): string[] {
  return bookmarks
    .filter((item) => item.added !== undefined && item.href!.startsWith('https:'))
    .sort((a, b) => b.added! - a.added!)
    .slice(0, limit)
    .map((item) => item.title)
}

describe('recentBookmarks', () => {
  it('should keep the newest, equal dates in document order, and skip undated and unsafe links', () => {
    const bookmarks = [
      bookmark('a', 3),
      bookmark('b', 5),
      bookmark('undated', undefined),
      bookmark('c', 5),
      bookmark('script', 9, 'javascript:alert(1)'),
      bookmark('d', 1),
      bookmark('e', 5),
      bookmark('f', 4),
    ]
    expect(recentBookmarks(bookmarks, 3, false).map((item) => item.title)).toEqual(['b', 'c', 'e'])
    expect(recentBookmarks(bookmarks, 4, false).map((item) => item.title)).toEqual(['b', 'c', 'e', 'f'])
    expect(recentBookmarks(bookmarks, 0, false)).toEqual([])
    expect(recentBookmarks(new Set(bookmarks), 100, false).map((item) => item.title)).toEqual([
      'b',
      'c',
      'e',
      'f',
      'a',
      'd',
    ])
  })

  it('should match a full stable sort on many ties', () => {
    let seed = 1
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let run = 0; run < 200; run++) {
      const bookmarks = Array.from({ length: Math.floor(random() * 80) }, (_, index) =>
        bookmark(
          `b${index}`,
          random() < 0.1 ? undefined : Math.floor(random() * 6),
          random() < 0.1 ? 'javascript:void 0' : undefined,
        ),
      )
      const limit = Math.floor(random() * 20)
      expect(recentBookmarks(bookmarks, limit, false).map((item) => item.title)).toEqual(
        expected(bookmarks, limit),
      )
    }
  })
})

describe('feedToXml', () => {
  it('should write dates in UTC, with milliseconds only when there are some', () => {
    const added = bookmark('a', Date.UTC(2023, 10, 14, 22, 13, 20))
    added.modified = Date.UTC(2023, 10, 15, 8, 0, 0, 123)
    const xml = feedToXml({
      title: 'T',
      lang: 'en',
      siteUrl: 'https://example.org/',
      absolute: (path) => `https://example.org/${path}`,
      bookmarks: [added, bookmark('b', Date.UTC(1999, 0, 1))],
      limit: 10,
      allowFileLinks: false,
    })
    expect(xml).toContain('<published>2023-11-14T22:13:20Z</published>')
    expect(xml).toContain('<updated>2023-11-15T08:00:00.123Z</updated>')
    expect(xml).toContain('<published>1999-01-01T00:00:00Z</published>')
  })
})
