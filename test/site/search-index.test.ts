import MiniSearch from 'minisearch'
import { describe, expect, it } from 'vitest'
import { processTerm } from '../../templates/default/search-terms.js'
import { createBookmark, type Bookmark } from '../../src/model.js'
import { buildSearchIndex, serializeSearchIndex, type SearchIndexFile } from '../../src/site/search-index.js'

function indexOf(bookmarks: Bookmark[]): { file: SearchIndexFile; search: (query: string) => string[] } {
  const file = buildSearchIndex({
    documents: bookmarks.map((bookmark) => ({ bookmark, href: bookmark.href, folder: 0 })),
    folders: [{ title: 'Cooking › Bread', name: 'Bread', url: '/cooking/bread/' }],
    tags: [{ tag: 'reference', url: '/tags/reference/' }],
  })
  // Load it the way the browser does: from JSON, with the options that travel with it.
  const json = JSON.parse(serializeSearchIndex(file)) as SearchIndexFile
  const engine = MiniSearch.loadJS(json.index as never, { fields: [...json.options.fields], processTerm, searchOptions: json.options.searchOptions })
  return { file: json, search: (query) => engine.search(query).map((hit) => json.docs[hit.id as number]![0]) }
}

const sample = [
  Object.assign(createBookmark('Le numérique et la ville', 'https://a.example/'), { tags: [] }),
  Object.assign(createBookmark('Café culture', 'https://b.example/'), { tags: ['reference'] }),
  Object.assign(createBookmark('Sourdough starter', 'https://breadlab.example/sourdough/starter'), { description: 'Feeding schedule' }),
  Object.assign(createBookmark('Unrelated', 'https://c.example/reference-manual'), { tags: [] }),
]

describe('buildSearchIndex', () => {
  it('should find words regardless of accents and case', () => {
    const { search } = indexOf(sample)
    expect(search('numerique')).toEqual(['Le numérique et la ville'])
    expect(search('CAFE')).toEqual(['Café culture'])
  })

  it('should find prefixes and one-letter typos', () => {
    const { search } = indexOf(sample)
    expect(search('sourd')).toEqual(['Sourdough starter'])
    expect(search('startor')).toEqual(['Sourdough starter'])
    expect(search('villa')).toEqual(['Le numérique et la ville']) // one letter off in a 5-letter word
  })

  it('should index URL host and path words, descriptions and folders', () => {
    const { search } = indexOf(sample)
    expect(search('breadlab')).toEqual(['Sourdough starter'])
    expect(search('feeding')).toEqual(['Sourdough starter'])
    expect(search('bread')[0]).toBe('Sourdough starter')
  })

  it('should rank a tag match above a URL match', () => {
    const { search } = indexOf(sample)
    expect(search('reference')).toEqual(['Café culture', 'Unrelated'])
  })

  it('should carry its options and a compact result table', () => {
    const { file } = indexOf(sample)
    expect(file.version).toBe(1)
    expect(file.options.fields).toContain('title')
    expect(file.docs[1]).toEqual(['Café culture', 'https://b.example/', 0, [0]])
    expect(file.folders).toEqual([['Cooking › Bread', '/cooking/bread/']])
  })

  it('should escape <, U+2028 and U+2029 in the serialized JSON', () => {
    const nasty = createBookmark('</script><script>alert(1)</script>\u2028\u2029', 'https://x.example/')
    const text = serializeSearchIndex(buildSearchIndex({ documents: [{ bookmark: nasty, href: nasty.href, folder: 0 }], folders: [{ title: '', name: '', url: '/' }], tags: [] }))
    expect(text).not.toMatch(/[<\u2028\u2029]/)
    expect((JSON.parse(text) as SearchIndexFile).docs[0]![0]).toBe(nasty.title)
  })
})
