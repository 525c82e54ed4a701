import MiniSearch from 'minisearch'
import SearchableMap from 'minisearch/SearchableMap'
import { describe, expect, it } from 'vitest'
import { createSearchEngine, type SearchEngine } from '../../templates/default/search-engine.js'
import { FIELDS, LENGTH_FIELDS, SEARCH_OPTIONS, processTerm, splitUrl, tokenize } from '../../templates/default/search-terms.js'
import { createBookmark, type Bookmark } from '../../src/model.js'
import { buildSearchIndex, type SearchIndexFiles, type SearchIndexInput } from '../../src/site/search-index.js'

const folders = [{ title: 'Cooking › Bread', name: 'Bread', url: '/cooking/bread/' }]
const tags = [{ tag: 'reference', url: '/tags/reference/' }]

function inputOf(bookmarks: Bookmark[]): SearchIndexInput {
  return { documents: bookmarks.map((bookmark) => ({ bookmark, href: bookmark.href, folder: 0 })), folders, tags }
}

/** The engine the browser runs, fetching from the built files (as JSON text, the way a server sends them). */
function engineOf(built: SearchIndexFiles): { engine: SearchEngine; fetched: string[] } {
  const files = new Map(built.files.map((file) => [`/${file.path}`, file.contents]))
  const fetched: string[] = []
  const engine = createSearchEngine({
    SearchableMap,
    indexUrl: `/${built.metaPath}`,
    fetchJson: async (url) => {
      const text = files.get(url)
      if (text === undefined) throw new Error(`404 ${url}`)
      fetched.push(url)
      return JSON.parse(text) as unknown
    },
  })
  return { engine, fetched }
}

async function titles(engine: SearchEngine, query: string): Promise<string[]> {
  const { ids } = await engine.search(query)
  return (await engine.documents(ids)).map((document) => document.title)
}

const sample = [
  Object.assign(createBookmark('Le numérique et la ville', 'https://a.example/'), { tags: [] }),
  Object.assign(createBookmark('Café culture', 'https://b.example/'), { tags: ['reference'] }),
  Object.assign(createBookmark('Sourdough starter', 'https://breadlab.example/sourdough/starter'), { description: 'Feeding schedule' }),
  Object.assign(createBookmark('Unrelated', 'https://c.example/reference-manual'), { tags: [] }),
]

describe('search index and engine', () => {
  it('should find words regardless of accents and case', async () => {
    const { engine } = engineOf(buildSearchIndex(inputOf(sample)))
    expect(await titles(engine, 'numerique')).toEqual(['Le numérique et la ville'])
    expect(await titles(engine, 'CAFE')).toEqual(['Café culture'])
  })

  it('should find prefixes and one-letter typos', async () => {
    const { engine } = engineOf(buildSearchIndex(inputOf(sample)))
    expect(await titles(engine, 'sourd')).toEqual(['Sourdough starter'])
    expect(await titles(engine, 'startor')).toEqual(['Sourdough starter'])
    expect(await titles(engine, 'villa')).toEqual(['Le numérique et la ville']) // one letter off in a 5-letter word
    expect((await engine.search('villa')).fuzzy).toBe(true)
    expect((await engine.search('ville')).fuzzy).toBe(false)
  })

  it('should index URL host and path words, descriptions and folders', async () => {
    const { engine } = engineOf(buildSearchIndex(inputOf(sample)))
    expect(await titles(engine, 'breadlab')).toEqual(['Sourdough starter'])
    expect(await titles(engine, 'feeding')).toEqual(['Sourdough starter'])
    expect((await titles(engine, 'bread'))[0]).toBe('Sourdough starter')
  })

  it('should rank a tag match above a URL match', async () => {
    const { engine } = engineOf(buildSearchIndex(inputOf(sample)))
    expect(await titles(engine, 'reference')).toEqual(['Café culture', 'Unrelated'])
  })

  it('should require every word and report how many match', async () => {
    const { engine } = engineOf(buildSearchIndex(inputOf(sample)))
    expect(await titles(engine, 'sourdough feeding')).toEqual(['Sourdough starter'])
    expect((await engine.search('sourdough culture')).total).toBe(0)
    expect((await engine.search('the')).total).toBe(0) // a stop word alone asks for nothing
  })

  it('should give results their link, folder path and tags', async () => {
    const { engine } = engineOf(buildSearchIndex(inputOf(sample)))
    const { ids } = await engine.search('cafe')
    expect(await engine.documents(ids)).toEqual([
      {
        title: 'Café culture',
        href: 'https://b.example/',
        folder: { path: 'Cooking › Bread', url: '/cooking/bread/' },
        tags: [{ tag: 'reference', url: '/tags/reference/' }],
      },
    ])
  })

  it('should score exactly as MiniSearch does on the same statistics', async () => {
    const bookmarks = corpus(600)
    const built = buildSearchIndex(inputOf(bookmarks))
    const { engine } = engineOf(built)
    // MiniSearch over the same documents, with the lengths the index ships (capped, 1 for labels).
    const reference = new MiniSearch({ fields: [...FIELDS], processTerm, tokenize })
    reference.addAll(
      bookmarks.map((bookmark, id) => ({
        id,
        title: bookmark.title,
        tags: bookmark.tags.join(' '),
        folder: 'Bread',
        description: bookmark.description ?? '',
        ...splitUrl(bookmark.href ?? ''),
      })),
    )
    const json = reference.toJSON()
    const ranked = FIELDS.map((field) => LENGTH_FIELDS.includes(field))
    for (const lengths of Object.values(json.fieldLength)) {
      lengths.forEach((length, field) => (lengths[field] = ranked[field] ? Math.min(63, length) : 1))
    }
    json.averageFieldLength = built.meta.average
    const loaded = MiniSearch.loadJS(json, { fields: [...FIELDS], processTerm, tokenize })
    for (const query of ['alpha', 'alp', 'alpha bet', 'gamma delta', 'reference', 'epsilo', 'numer', 'zeta eta']) {
      const expected = loaded.search(query, {
        ...SEARCH_OPTIONS,
        prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 2,
      })
      const actual = await engine.search(query)
      expect(actual.total, query).toBe(expected.length)
      expect(actual.total, query).toBeGreaterThan(0)
      const scores = new Map(expected.map((hit) => [hit.id as number, hit.score]))
      actual.ids.forEach((id, rank) => expect(actual.scores[rank], `${query} #${id}`).toBeCloseTo(scores.get(id)!, 9))
      expect([...actual.scores]).toEqual([...actual.scores].sort((a, b) => b - a))
    }
  })

  it('should download only the shards a query needs', async () => {
    const built = buildSearchIndex(inputOf(corpus(3000)), { shardBytes: 2048 })
    expect(built.meta.shards.length).toBeGreaterThan(10)
    const { engine, fetched } = engineOf(built)
    const { total } = await engine.search('gamma')
    expect(total).toBeGreaterThan(0)
    expect(engine.loadedShards).toBeLessThan(built.meta.shards.length / 3)
    expect(fetched.filter((url) => /\/t\d+\.json$/.test(url)).length).toBe(engine.loadedShards)
    // …and finds the same as an engine that has every shard.
    const whole = engineOf(buildSearchIndex(inputOf(corpus(3000)), { shardBytes: 1 << 30 })).engine
    expect((await whole.search('gamma')).total).toBe(total)
    expect((await whole.search('gam')).total).toBe((await engine.search('gam')).total)
  })

  it('should find a typo in the first letter by looking in every shard', async () => {
    const built = buildSearchIndex(inputOf(corpus(3000)), { shardBytes: 2048 })
    const { engine } = engineOf(built)
    const result = await engine.search('qamma') // gamma
    expect(result.fuzzy).toBe(true)
    expect(result.total).toBeGreaterThan(0)
    expect(result.matched).toContain('gamma')
  })

  it('should name its directory by content, the same for the same input', () => {
    const first = buildSearchIndex(inputOf(sample))
    const again = buildSearchIndex(inputOf(sample))
    const other = buildSearchIndex(inputOf(sample.slice(1)))
    expect(first.meta.id).toBe(again.meta.id)
    expect(first.meta.id).not.toBe(other.meta.id)
    expect(first.metaPath).toBe('assets/search/index.json')
    for (const file of first.files.slice(1)) expect(file.path.startsWith(`assets/search/${first.meta.id}/`)).toBe(true)
  })

  it('should escape <, U+2028 and U+2029 in every file', async () => {
    const nasty = createBookmark('</script><script>alert(1)</script>\u2028\u2029', 'https://x.example/')
    const built = buildSearchIndex({ documents: [{ bookmark: nasty, href: nasty.href, folder: 0 }], folders: [{ title: '<b>', name: '', url: '/' }], tags: [] })
    for (const file of built.files) expect(file.contents).not.toMatch(/[<\u2028\u2029]/)
    const { engine } = engineOf(built)
    expect(await titles(engine, 'script')).toEqual([nasty.title])
  })
})

/** A seeded collection with a small vocabulary, so words repeat across documents and fields. */
function corpus(size: number): Bookmark[] {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'numérique', 'alphabet', 'betamax', 'reference']
  let seed = 7
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % words.length
  return Array.from({ length: size }, (_, index) => {
    const title = Array.from({ length: 1 + (index % 4) }, () => words[next()]).join(' ')
    const bookmark = createBookmark(`${title} ${index}`, `https://${words[next()]}.example/${words[next()]}/${index}`)
    if (index % 3 === 0) bookmark.description = `${words[next()]} ${words[next()]} ${words[next()]}`
    if (index % 5 === 0) bookmark.tags = ['reference']
    return bookmark
  })
}
