import fc from 'fast-check'
import MiniSearch from 'minisearch'
import SearchableMap from 'minisearch/SearchableMap'
import { describe, expect, it } from 'vitest'
import {
  FIRST_RESULTS,
  PREFIX_TERMS,
  createSearchEngine,
  type SearchEngine,
} from '../../../templates/default/search-engine.js'
import {
  FIELDS,
  LENGTH_FIELDS,
  MAX_FIELD_LENGTH,
  SEARCH_OPTIONS,
  decodePostings,
  fieldScore,
  processTerm,
  scoreLevel,
  splitUrl,
  tokenize,
} from '#search-terms'
import { createBookmark, type Bookmark } from '../../../src/model/tree.js'
import { cleanText } from '../../../src/render/text.js'
import {
  CHUNK_SIZE,
  buildSearchIndex,
  type SearchChunk,
  type SearchIndexFiles,
  type SearchIndexInput,
  type SearchShard,
  type SearchTail,
} from '../../../src/site-files/search/index.js'
import { serializeJson } from '../../../src/model/json.js'
import { AsciiWriter } from '../../../src/site-files/search/postings.js'
import { splitHref } from '../../../src/site-files/search/urls.js'

const folders = [{ title: 'Cooking › Bread', name: 'Bread', url: '/cooking/bread/' }]
const tags = [{ tag: 'reference', url: '/tags/reference/' }]

function inputOf(bookmarks: Bookmark[]): SearchIndexInput {
  return {
    documents: bookmarks.map((bookmark) => ({ bookmark, href: bookmark.href, folder: 0 })),
    folders,
    tags,
  }
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
  Object.assign(createBookmark('Sourdough starter', 'https://breadlab.example/sourdough/starter'), {
    description: 'Feeding schedule',
  }),
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

  it("should list each chunk's folders with their ancestors, in the chunk's own order, in every chunk", async () => {
    // Three chunks over folders ten deep: the first lists the deepest folder's ancestors from the
    // top; the second starts with a folder half-way down; the third with the deepest again.
    const depth = 10
    const folders: SearchIndexInput['folders'] = [{ title: '', name: '', url: '/b/', parent: -1 }]
    for (let level = 1; level <= depth; level++) {
      const names = Array.from({ length: level }, (_, index) => `L${index + 1}`)
      folders.push({
        title: names.join(' › '),
        name: `L${level}`,
        url: `/b/${names.map((name) => name.toLowerCase()).join('/')}/`,
        parent: level - 1,
      })
    }
    const bookmark = createBookmark('X', 'https://x.example/')
    const places = [
      depth,
      ...Array<number>(CHUNK_SIZE - 1).fill(depth),
      5,
      ...Array<number>(CHUNK_SIZE - 1).fill(depth),
      depth,
    ]
    const built = buildSearchIndex({
      documents: places.map((folder) => ({ bookmark, href: bookmark.href, folder })),
      folders,
      tags: [],
    })
    const chunk = (index: number) =>
      JSON.parse(built.files.find((file) => file.path.endsWith(`/d${index}.json`))!.contents) as SearchChunk
    const chain = (to: number) => [
      ['', '/b/'],
      ...Array.from({ length: to }, (_, index) => [`L${index + 1}`, `l${index + 1}/`, index]),
    ]
    expect(chunk(0).folders).toEqual(chain(depth))
    expect(chunk(1).folders).toEqual(chain(depth))
    expect(chunk(1).docs[0]![2]).toBe(5)
    expect(chunk(1).docs[1]![2]).toBe(depth)
    expect(chunk(2).folders).toEqual(chain(depth))
    const { engine } = engineOf(built)
    expect((await engine.documents([CHUNK_SIZE]))[0]!.folder).toEqual({
      path: 'L1 › L2 › L3 › L4 › L5',
      url: '/b/l1/l2/l3/l4/l5/',
    })
    expect((await engine.documents([2 * CHUNK_SIZE]))[0]!.folder).toEqual({
      path: chain(depth)
        .slice(1)
        .map((folder) => folder[0])
        .join(' › '),
      url: folders[depth]!.url,
    })
  })

  it('should name shared folders and tags once in a chunk, and give results their whole path and URLs', async () => {
    const a = Object.assign(createBookmark('Alpha', 'https://a.example/'), { tags: ['café', 'go'] })
    const b = Object.assign(createBookmark('Beta', 'https://b.example/'), { tags: ['go'] })
    const c = Object.assign(createBookmark('Gamma', 'https://c.example/'), { tags: [] })
    const d = Object.assign(createBookmark('Delta', 'https://d.example/'), { tags: ['café'] })
    const input: SearchIndexInput = {
      documents: [
        { bookmark: a, href: a.href, folder: 2 },
        { bookmark: b, href: b.href, folder: 3 },
        { bookmark: c, href: c.href, folder: 0 },
        { bookmark: d, href: d.href, folder: 4 },
      ],
      folders: [
        { title: '', name: '', url: '/b/', parent: -1 },
        { title: 'Cooking', name: 'Cooking', url: '/b/cooking/', parent: 0 },
        { title: 'Cooking › Bread', name: 'Bread', url: '/b/cooking/bread/', parent: 1 },
        { title: 'Cooking › Cakes', name: 'Cakes', url: '/b/cooking/cakes/', parent: 1 },
        // A path and URL that do not continue their parent's (not made by bookgen): written whole.
        { title: 'Elsewhere', name: 'Elsewhere', url: '/other/', parent: 1 },
      ],
      tags: [
        { tag: 'café', url: '/b/tags/cafe/' },
        { tag: 'go', url: '/b/tags/go/' },
      ],
    }
    const built = buildSearchIndex(input)
    expect(built.meta.tagDir).toBe('/b/tags/')
    const chunk = JSON.parse(
      built.files.find((file) => file.path.endsWith('/d0.json'))!.contents,
    ) as SearchChunk
    expect(chunk.folders).toEqual([
      ['', '/b/'],
      ['Cooking', 'cooking/', 0],
      ['Bread', 'bread/', 1],
      ['Cakes', 'cakes/', 1],
      ['Elsewhere', '/other/'],
    ])
    expect(chunk.tags).toEqual([['café', 'cafe/'], 'go'])
    expect(chunk.docs[2]).toEqual(['Gamma', '//c.example/', 0])
    const { engine } = engineOf(built)
    expect(await engine.documents([0, 1, 2, 3])).toEqual([
      {
        title: 'Alpha',
        href: 'https://a.example/',
        folder: { path: 'Cooking › Bread', url: '/b/cooking/bread/' },
        tags: [
          { tag: 'café', url: '/b/tags/cafe/' },
          { tag: 'go', url: '/b/tags/go/' },
        ],
      },
      {
        title: 'Beta',
        href: 'https://b.example/',
        folder: { path: 'Cooking › Cakes', url: '/b/cooking/cakes/' },
        tags: [{ tag: 'go', url: '/b/tags/go/' }],
      },
      { title: 'Gamma', href: 'https://c.example/', folder: { path: '', url: '/b/' }, tags: [] },
      {
        title: 'Delta',
        href: 'https://d.example/',
        folder: { path: 'Elsewhere', url: '/other/' },
        tags: [{ tag: 'café', url: '/b/tags/cafe/' }],
      },
    ])
  })

  it('should write postings as digits that read back as the same numbers', () => {
    const cases = [
      [0, 1, 0],
      [31, 32, -1, -16, -17, 1023, 1024, 40_000, -40_000, 2_000_000],
      ...fc.sample(fc.array(fc.integer({ min: -(2 ** 29), max: 2 ** 29 }), { maxLength: 50 }), 200),
    ]
    for (const numbers of cases) {
      const out = new AsciiWriter()
      for (const number of numbers) out.posting(number)
      const text = out.text()
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/)
      expect(decodePostings(text)).toEqual(numbers)
    }
    const out = new AsciiWriter()
    for (const number of [12, 40_000]) out.posting(number)
    expect(out.text()).toHaveLength(1 + 4) // where JSON took `12,40000`
  })

  it('should score as MiniSearch does on the same statistics, to within a score level', async () => {
    const bookmarks = corpus(600)
    const built = buildSearchIndex(inputOf(bookmarks))
    const { engine } = engineOf(built)
    // A term's score in a document ships as a level, 2^(1/256) apart: each is within half a step.
    const tolerance = 2 ** (1 / 512) - 1
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
    for (const query of [
      'alpha',
      'alp',
      'alpha bet',
      'gamma delta',
      'reference',
      'epsilo',
      'numer',
      'zeta eta',
    ]) {
      const expected = loaded.search(query, {
        ...SEARCH_OPTIONS,
        prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 2,
      })
      const actual = await engine.search(query)
      expect(actual.total, query).toBe(expected.length)
      expect(actual.total, query).toBeGreaterThan(0)
      const scores = new Map(expected.map((hit) => [hit.id as number, hit.score]))
      actual.ids.forEach((id, rank) => {
        const score = scores.get(id)!
        expect(Math.abs(actual.scores[rank]! - score), `${query} #${id}`).toBeLessThanOrEqual(
          score * tolerance,
        )
      })
      expect([...actual.scores]).toEqual([...actual.scores].sort((a, b) => b - a))
      // Ranked as MiniSearch ranks, but where two scores are within the tolerance of each other.
      for (let rank = 1; rank < actual.ids.length; rank++) {
        const above = scores.get(actual.ids[rank - 1]!)!
        const below = scores.get(actual.ids[rank]!)!
        expect(below, `${query} #${rank}`).toBeLessThanOrEqual(above * (1 + 2 * tolerance))
      }
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

  it('should find the same with the best documents of a term in its shard and the rest apart', async () => {
    const input = inputOf(corpus(3000))
    const whole = engineOf(buildSearchIndex(input, { shardBytes: 2048 })).engine
    // The last word typed is a prefix too, unless a space follows it.
    const queries = [
      'gamma ',
      'gam',
      'alpha',
      'alpha ',
      'theta ',
      'alpha bet',
      'zeta -eta',
      'epsilo',
      'qamma',
      'delta #reference',
    ]
    let partial = 0
    let wholeWords = 0
    for (const headDocs of [16, 100, 400]) {
      const split = buildSearchIndex(input, { shardBytes: 2048, headDocs })
      expect(split.files.filter((file) => /\/t\d+-\d+\.json$/.test(file.path)).length).toBeGreaterThan(3)
      const { engine, fetched } = engineOf(split)
      for (const query of queries) {
        const expected = await whole.search(query)
        const first = await engine.search(query)
        const actual = first.partial === true ? await first.complete!() : first
        expect(actual.total, query).toBe(expected.total)
        expect([...actual.ids], query).toEqual([...expected.ids])
        expect([...actual.scores], query).toEqual([...expected.scores])
        expect([...actual.all], query).toEqual([...expected.all])
        if (first.partial !== true) continue
        partial++
        expect(first.ids.length).toBeGreaterThanOrEqual(Math.min(FIRST_RESULTS, expected.total))
        expect(first.total).toBeLessThanOrEqual(expected.total)
        const found = new Set(expected.all)
        for (const id of first.ids) expect(found.has(id)).toBe(true)
        // A whole word: the best ones for certain, at least those a page shows first. (Completions
        // of a word being typed count in their best documents only.)
        if (!query.endsWith(' ')) continue
        wholeWords++
        expect([...first.ids], query).toEqual([...expected.ids.slice(0, first.ids.length)])
        expect([...first.scores], query).toEqual([...expected.scores.slice(0, first.ids.length)])
      }
      expect(fetched.some((url) => /\/t\d+-\d+\.json$/.test(url))).toBe(true)
    }
    expect(partial).toBeGreaterThan(wholeWords)
    expect(wholeWords).toBeGreaterThan(0)
  })

  it('should answer a common word from its best documents, downloading the rest only when asked', async () => {
    const built = buildSearchIndex(inputOf(corpus(3000)), { shardBytes: 2048, headDocs: 400 })
    const { engine, fetched } = engineOf(built)
    const first = await engine.search('reference')
    expect(first.partial).toBe(true)
    expect(first.ids.length).toBeGreaterThanOrEqual(FIRST_RESULTS)
    expect(fetched.filter((url) => /\/t\d+-\d+\.json$/.test(url))).toEqual([])
    const whole = await first.complete!()
    expect(whole.partial).toBe(false)
    expect(whole.total).toBeGreaterThan(400)
    expect(fetched.filter((url) => /\/t\d+-\d+\.json$/.test(url)).length).toBe(1)
    // The facets count every result: they need the whole result.
    const facets = await engine.facets(first)
    expect(facets.folders).toEqual([])
  })

  it('should count the commonest completions of a prefix, PREFIX_TERMS at most', async () => {
    // Word `preN` in N + 1 bookmarks: 60 completions of `pre`.
    const bookmarks = Array.from({ length: 60 }, (_, word) =>
      Array.from({ length: word + 1 }, (_, copy) =>
        createBookmark(`pre${String(word).padStart(2, '0')} ${copy}`, `https://x.example/${word}/${copy}`),
      ),
    ).flat()
    const { engine } = engineOf(buildSearchIndex(inputOf(bookmarks), { shardBytes: 512 }))
    const { matched, total } = await engine.search('pre')
    const expected = Array.from({ length: PREFIX_TERMS }, (_, at) => `pre${60 - PREFIX_TERMS + at}`)
    expect(matched.slice().sort()).toEqual(expected)
    expect(total).toBe(expected.reduce((sum, term) => sum + Number(term.slice(3)) + 1, 0))
    // A longer prefix has fewer completions: all of them count.
    expect((await engine.search('pre0')).matched.slice().sort()).toHaveLength(10)
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
    for (const file of first.files.slice(1))
      expect(file.path.startsWith(`assets/search/${first.meta.id}/`)).toBe(true)
  })

  it('should escape <, U+2028 and U+2029 in every file', async () => {
    const nasty = createBookmark('</script><script>alert(1)</script>\u2028\u2029', 'https://x.example/')
    const built = buildSearchIndex({
      documents: [{ bookmark: nasty, href: nasty.href, folder: 0 }],
      folders: [{ title: '<b>', name: '', url: '/' }],
      tags: [],
    })
    for (const file of built.files) expect(file.contents).not.toMatch(/[<\u2028\u2029]/)
    const { engine } = engineOf(built)
    expect(await titles(engine, 'script')).toEqual([nasty.title])
  })
})

// The index's hand-written fast paths (URLs split without the URL parser, ASCII text tokenized as
// bytes, labels tokenized once, postings and shards written as text) against the plain ones they
// stand for: `splitUrl` and MiniSearch itself.
describe('search index fast paths', () => {
  it('should split every URL exactly as splitUrl does', () => {
    fc.assert(
      fc.property(url, (href) => {
        expect(splitHref(href)).toEqual(splitUrl(href))
      }),
      { numRuns: 5000 },
    )
  })

  it('should split plain, hostile and international URLs exactly as splitUrl does', () => {
    for (const href of HOSTILE_URLS) expect(splitHref(href), href).toEqual(splitUrl(href))
  })

  it('should write index.json and the shards exactly as serializeJson writes what they hold', () => {
    const odd = Object.assign(createBookmark('<b> \u2028 x<y', 'https://a.example/<x>?q=\u2029'), {
      tags: ['<tag>'],
    })
    const built = buildSearchIndex(inputOf([...corpus(300), odd]), { shardBytes: 1024 })
    expect(built.files[0]!.path).toBe(built.metaPath)
    expect(built.files[0]!.contents).toBe(serializeJson(built.meta))
    const shards = built.files.filter((file) => /\/t\d+\.json$/.test(file.path))
    expect(shards.length).toBeGreaterThan(1)
    for (const file of shards) expect(file.contents).toBe(serializeJson(JSON.parse(file.contents)))
    expect(shards.some((file) => file.contents.includes('\\u003c'))).toBe(true)
  })

  it('should index terms, their scores and field lengths as MiniSearch does', () => {
    fc.assert(
      fc.property(
        fc.array(document, { maxLength: 40 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 6 }),
        (documents, shardBytes, headDocs) => {
          const input: SearchIndexInput = {
            documents: documents.map(({ bookmark, folder }) => ({ bookmark, href: bookmark.href, folder })),
            folders: FOLDER_NAMES.map((name, index) => ({
              title: `Path › ${name}`,
              name,
              url: `/f${index}/`,
            })),
            tags: [],
          }
          const built = buildSearchIndex(input, { shardBytes, headDocs })
          expect(indexOf(built)).toEqual(miniSearchIndexOf(input, built.meta.average))
        },
      ),
      { numRuns: 300 },
    )
  })
})

/** The terms, each with its documents' score levels, and the field lengths an index's files hold. */
function indexOf(built: SearchIndexFiles): {
  terms: Record<string, Record<number, number>>
  lengths: number[][]
} {
  const terms: Record<string, Record<number, number>> = {}
  const files = new Map(built.files.map((file) => [file.path, file.contents]))
  const shards = built.files.filter((file) => /\/t\d+\.json$/.test(file.path))
  expect(shards.length).toBe(built.meta.shards.length)
  let previous: string | undefined
  for (const [index, file] of shards.entries()) {
    const shard = JSON.parse(file.contents) as SearchShard
    expect(shard.terms[0] ?? '').toBe(built.meta.shards[index])
    const more = new Map<number, number>()
    for (let at = 0; at < shard.more.length; at += 2) more.set(shard.more[at]!, shard.more[at + 1]!)
    shard.terms.forEach((term, at) => {
      // In code-unit order across the shards: the browser looks terms up by that order.
      if (previous !== undefined) expect(previous < term, `${previous} < ${term}`).toBe(true)
      previous = term
      const documents: Record<number, number> = {}
      const lists = [shard.postings[at]!]
      const rest = more.get(at)
      if (rest !== undefined) {
        const tail = JSON.parse(files.get(file.path.replace(/\.json$/, `-${at}.json`))!) as SearchTail
        lists.push(tail.postings)
      }
      let last = Infinity
      for (const list of lists) {
        const postings = decodePostings(list)
        let level = -1
        let count = 0
        for (let i = 0; i < postings.length;) {
          level = level < 0 ? postings[i++]! : level - postings[i++]!
          // Best first: each level below the previous one (the rest starts at most at the last).
          expect(level).toBeLessThanOrEqual(last)
          last = level
          const n = postings[i++]!
          let id = -1
          for (let k = 0; k < n; k++) {
            id += postings[i++]!
            expect(documents[id]).toBeUndefined()
            documents[id] = level
            count++
          }
        }
        if (list !== lists[0]) expect(count).toBe(rest)
      }
      terms[term] = documents
    })
  }
  const lengths = built.lengths.flatMap((column) => (column === 0 ? [] : [column]))
  return { terms, lengths }
}

/**
 * What MiniSearch makes of the same documents: each term's documents with the level of its
 * score in them (BM25+ over its fields, with their boosts, from MiniSearch's own statistics).
 */
function miniSearchIndexOf(input: SearchIndexInput, average: readonly number[]): ReturnType<typeof indexOf> {
  const reference = new MiniSearch({ fields: [...FIELDS], processTerm, tokenize })
  reference.addAll(
    input.documents.map(({ bookmark, folder }, id) => ({
      id,
      title: cleanText(bookmark.title),
      tags: bookmark.tags.join(' '),
      folder: input.folders[folder]!.name,
      description: cleanText(bookmark.description ?? ''),
      ...(bookmark.href === undefined ? { host: '', path: '' } : splitUrl(bookmark.href)),
    })),
  )
  const json = reference.toJSON()
  const ranked = FIELDS.map((field) => LENGTH_FIELDS.includes(field))
  const lengthOf = (id: number, field: number): number =>
    ranked[field] ? Math.min(MAX_FIELD_LENGTH, json.fieldLength[id]![field]!) : 1
  const terms: Record<string, Record<number, number>> = {}
  for (const [term, fields] of json.index) {
    const scores: Record<number, number> = {}
    for (let field = 0; field < FIELDS.length; field++) {
      const documents = fields[field]
      if (documents === undefined) continue
      const matching = Object.keys(documents).length
      const boost = SEARCH_OPTIONS.boost[FIELDS[field]!] ?? 1
      for (const [id, frequency] of Object.entries(documents)) {
        const score =
          boost *
          fieldScore(
            frequency,
            matching,
            input.documents.length,
            lengthOf(Number(id), field),
            average[field]!,
          )
        scores[Number(id)] = (scores[Number(id)] ?? 0) + score
      }
    }
    terms[term] = Object.fromEntries(Object.entries(scores).map(([id, score]) => [id, scoreLevel(score)]))
  }
  const lengths = LENGTH_FIELDS.map((field) =>
    input.documents.map((_document, id) => lengthOf(id, FIELDS.indexOf(field))),
  )
  return { terms, lengths }
}

/** Words of every kind the tokenizer and `processTerm` treat differently. */
const WORDS = [
  'alpha',
  'Alpha',
  'ALPHA',
  'beta',
  'the',
  'The',
  'of',
  'a',
  'café',
  'CAFÉ',
  'cafe\u0301',
  'numérique',
  'straße',
  'ﬁle',
  'Ｆｕｌｌ',
  'İstanbul',
  '日本語',
  'Αθήνα',
  '검색',
  '😀',
  'x1',
  '2024',
  '__proto__',
  'constructor',
  'e\u0301',
  'Ω',
  'ǅ',
  '١٢٣',
  '',
]
const SEPARATORS = [
  ' ',
  '  ',
  '-',
  '.',
  ', ',
  '/',
  '_',
  '+',
  '=',
  '\n',
  '\r\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\u3000',
  '…',
  '«',
  '’',
  '\u0001',
  '~',
  '$',
]
const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 8 })
  .map((parts) => parts.map(([word, separator]) => word + separator).join(''))
const asciiText = fc.string({
  unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)),
  maxLength: 30,
})
const FOLDER_NAMES = ['Bread', 'Web Dev', '', 'the', 'Café › Menu', '日本語']

const HOST_LABELS = [
  'example',
  'EXAMPLE',
  'www',
  'WWW',
  'a-b',
  'xn--caf-dma',
  'xn--',
  'café',
  'faß',
  'b1',
  '1',
  '0x7f',
  '0',
  'a_b',
  'a%2eb',
  '-a',
  'a-',
]
const host = fc.oneof(
  fc.array(fc.constantFrom(...HOST_LABELS), { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.')),
  fc.ipV4(),
  fc.ipV4Extended(),
  fc.ipV6().map((address) => `[${address}]`),
  fc.domain(),
  fc.constantFrom(
    'EXAMPLE.org.',
    'a..b',
    'user:pw@host.org',
    '@host',
    'host.org:',
    '[::1]',
    '[v1.x]',
    '127.1',
    '%65xample.com',
  ),
)
const port = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 0, max: 99999 }).map((n) => `:${n}`),
  fc.constantFrom(':', ':080', ':65535', ':65536', ':0000080'),
)
const PATH_PARTS = [
  '/',
  'a',
  'B',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '%41',
  '%',
  '%zz',
  '%c3%a9',
  '%E2%82%AC',
  '%00',
  '?',
  '#',
  '&',
  '=',
  '+',
  '-',
  '_',
  '~',
  '!',
  '$',
  "'",
  '(',
  '*',
  ',',
  ';',
  ':',
  '@',
  ' ',
  '\t',
  '\n',
  '\\',
  '"',
  '<',
  '>',
  '`',
  '{',
  '|',
  '^',
  'é',
  '日',
  '😀',
  '\u0000',
]
const path = fc.array(fc.constantFrom(...PATH_PARTS), { maxLength: 12 }).map((parts) => parts.join(''))
/** Mostly URLs the fast path takes, or nearly: segments of words, dots, percent escapes. */
const SEGMENT_PARTS = [
  'a',
  'Bc',
  '1',
  '.',
  '..',
  '-',
  '_',
  '~',
  '%2e',
  '%41',
  '%c3%a9',
  '%zz',
  '=',
  '+',
  '&',
  ';',
  '@',
  ':',
  "'",
  '!',
]
const segment = fc
  .array(fc.constantFrom(...SEGMENT_PARTS), { maxLength: 3 })
  .map((parts) => `/${parts.join('')}`)
const plainUrl = fc
  .tuple(
    fc.constantFrom('http://', 'https://'),
    fc
      .array(fc.constantFrom(...HOST_LABELS, 'example', 'org'), { minLength: 1, maxLength: 3 })
      .map((labels) => labels.join('.')),
    fc.oneof(fc.constant(''), port),
    fc.array(segment, { maxLength: 4 }).map((segments) => segments.join('')),
    fc.oneof(
      fc.constant(''),
      fc
        .array(fc.constantFrom(...SEGMENT_PARTS, '?', '/'), { maxLength: 4 })
        .map((parts) => `?${parts.join('')}`),
    ),
    fc.constantFrom('', '#', '#top', '#a b'),
  )
  .map((parts) => parts.join(''))
const url = fc.oneof(
  { arbitrary: plainUrl, weight: 6 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'http://',
          'https://',
          'HTTP://',
          'Https://',
          'http:/',
          'http:///',
          'https:\\\\',
          'ftp://',
          'file://',
          'javascript:',
          ' http://',
        ),
        host,
        port,
        path,
      )
      .map((parts) => parts.join('')),
    weight: 3,
  },
  { arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }), weight: 1 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
)
/** URLs to check every time, whatever the random ones are. */
const HOSTILE_URLS = [
  'https://developer.mozilla.org/en-US/docs/Web',
  'http://WWW.Example.COM/A/b?c=D&e=f#g',
  'https://example.com',
  'https://example.com:443/',
  'http://example.com:65536/',
  'https://xn--caf-dma.example/menu',
  'https://café.example/menu',
  'http://127.0.0.1/x',
  'http://0x7f.1/',
  'http://[2001:DB8::1]:8080/a',
  'https://user:pw@host.org/p',
  'https://a.example/a/./b/../c',
  'https://a.example/%2e%2E/x',
  'https://a.example/%E2%82%AC?q=%zz',
  'https://a.example/a b',
  'https://a.example/?',
  'https://a.example/#',
  'https://www.example/',
  'https://www/',
  'http://a.b/\u0000',
  'javascript:alert(1)',
  'not a url',
  '',
]

const bookmark = fc
  .record({
    title: fc.oneof(text, asciiText),
    href: fc.option(fc.oneof(url, fc.constantFrom(...HOSTILE_URLS)), { nil: undefined }),
    description: fc.option(fc.oneof(text, asciiText), { nil: undefined }),
    tags: fc.array(fc.oneof(text, asciiText, fc.constantFrom('the', 'The', 'a')), { maxLength: 4 }),
  })
  .map(({ title, href, description, tags }) => {
    const made = createBookmark(title, href)
    made.tags = tags
    if (description !== undefined) made.description = description
    return made
  })
const document = fc.record({ bookmark, folder: fc.nat({ max: FOLDER_NAMES.length - 1 }) })

/** A seeded collection with a small vocabulary, so words repeat across documents and fields. */
function corpus(size: number): Bookmark[] {
  const words = [
    'alpha',
    'beta',
    'gamma',
    'delta',
    'epsilon',
    'zeta',
    'eta',
    'theta',
    'numérique',
    'alphabet',
    'betamax',
    'reference',
  ]
  let seed = 7
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % words.length
  return Array.from({ length: size }, (_, index) => {
    const title = Array.from({ length: 1 + (index % 4) }, () => words[next()]).join(' ')
    const bookmark = createBookmark(
      `${title} ${index}`,
      `https://${words[next()]}.example/${words[next()]}/${index}`,
    )
    if (index % 3 === 0) bookmark.description = `${words[next()]} ${words[next()]} ${words[next()]}`
    if (index % 5 === 0) bookmark.tags = ['reference']
    return bookmark
  })
}
