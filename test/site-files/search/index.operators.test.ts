/**
 * The query language against a built index, in Node with the browser's engine: each operator,
 * OR, exclusions, phrases, operator-only queries, what they download, the facets and suggestions.
 */
import SearchableMap from 'minisearch/SearchableMap'
import { describe, expect, it } from 'vitest'
import { createSearchEngine } from '../../../templates/default/search-engine.js'
import { createBookmark, type Bookmark } from '../../../src/model/tree.js'
import { buildSearchIndex, type SearchIndexFiles } from '../../../src/site-files/search/index.js'

const folders = [
  { title: '', name: 'Bookmarks', url: '/', parent: -1 },
  { title: 'Development', name: 'Development', url: '/development/', parent: 0 },
  { title: 'Development › Web Dev', name: 'Web Dev', url: '/development/web-dev/', parent: 1 },
  { title: 'Music', name: 'Music', url: '/music/', parent: 0 },
]

const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`)

function bookmark(title: string, href: string, tags: string[], added?: string, toRead?: boolean): Bookmark {
  const made = Object.assign(createBookmark(title, href), { tags })
  if (added !== undefined) made.added = at(added)
  if (toRead !== undefined) made.toRead = toRead
  return made
}

/** [bookmark, folder index], in folder order (as a site lists them). */
const docs: Array<[Bookmark, number]> = [
  [
    bookmark('Python tutorial', 'https://docs.python.org/3/tutorial/', ['python', 'Reference'], '2019-05-01'),
    1,
  ],
  [bookmark('CSS grid guide', 'https://css-tricks.com/grid/', ['css', 'layout'], '2020-03-15', true), 2],
  [bookmark('CSS flexbox guide', 'https://css-tricks.com/flexbox/', ['css'], '2020-11-30'), 2],
  [bookmark('Grid garden game', 'https://cssgridgarden.com/', ['css', 'game'], '2021-01-02'), 2],
  [bookmark('GitHub gist of css', 'https://gist.github.com/someone/abc', ['css'], '2021-06-10'), 2],
  [
    bookmark(
      'Bach cello suites',
      'https://www.youtube.com/watch?v=bach',
      ['music', 'Classical'],
      '2018-02-02',
    ),
    3,
  ],
  [bookmark('Jazz standards', 'https://youtube.com/watch?v=jazz', ['music'], '2022-08-08', true), 3],
  [bookmark('Music theory', 'https://musictheory.net/', [], undefined), 3],
]

function built(): SearchIndexFiles {
  return buildSearchIndex(
    {
      documents: docs.map(([bookmark, folder]) => ({ bookmark, href: bookmark.href, folder })),
      folders,
      tags: [...new Set(docs.flatMap(([bookmark]) => bookmark.tags))].map((tag) => ({
        tag,
        url: `/tags/${tag.toLowerCase()}/`,
      })),
    },
    { shardBytes: 256 },
  )
}

function engineOf(index: SearchIndexFiles) {
  const files = new Map(index.files.map((file) => [`/${file.path}`, file.contents]))
  const fetched: string[] = []
  const engine = createSearchEngine({
    SearchableMap,
    indexUrl: `/${index.metaPath}`,
    fetchJson: async (url) => {
      fetched.push(url.slice(url.lastIndexOf('/') + 1))
      return JSON.parse(files.get(url)!) as unknown
    },
  })
  const titles = async (query: string) => {
    const { ids } = await engine.search(query)
    return (await engine.documents(ids)).map((document) => document.title).sort()
  }
  return { engine, fetched, titles }
}

describe('query operators', () => {
  const index = built()

  it('should narrow to a tag, case and accents aside, and exclude one', async () => {
    const { titles } = engineOf(index)
    expect(await titles('#music')).toEqual(['Bach cello suites', 'Jazz standards'])
    expect(await titles('#REFERENCE')).toEqual(['Python tutorial'])
    expect(await titles('guide -#layout')).toEqual(['CSS flexbox guide'])
    expect(await titles('css -grid')).toEqual(['CSS flexbox guide', 'GitHub gist of css'])
    expect(await titles('#css -grid')).toEqual(['CSS flexbox guide', 'GitHub gist of css'])
  })

  it('should list every match of a query of operators only, downloading no term shard', async () => {
    const { engine, fetched, titles } = engineOf(index)
    const result = await engine.search('#css')
    expect(result.total).toBe(4)
    expect(result.filtered).toBe(true)
    expect(fetched.filter((name) => /^t\d+\.json$/.test(name))).toEqual([])
    expect(fetched).not.toContain('lengths.json') // what ranks words
    expect(fetched).toContain('tags.json')
    expect(fetched).not.toContain('hosts.json')
    expect(await titles('#music site:youtube.com')).toEqual(['Bach cello suites', 'Jazz standards'])
  })

  it('should match a host and its subdomains', async () => {
    const { titles } = engineOf(index)
    expect(await titles('site:github.com')).toEqual(['GitHub gist of css'])
    expect(await titles('site:python.org')).toEqual(['Python tutorial'])
    expect(await titles('site:www.youtube.com')).toEqual(['Bach cello suites', 'Jazz standards'])
    expect(await titles('css -site:css-tricks.com')).toEqual(['GitHub gist of css', 'Grid garden game'])
  })

  it('should match a folder and the folders below it', async () => {
    const { titles } = engineOf(index)
    expect(await titles('folder:"web dev" grid')).toEqual(['CSS grid guide', 'Grid garden game'])
    expect((await titles('folder:development')).length).toBe(5)
    expect(await titles('folder:music -#music')).toEqual(['Music theory'])
  })

  it('should narrow by date added', async () => {
    const { titles } = engineOf(index)
    expect(await titles('css after:2020 before:2021')).toEqual(['CSS flexbox guide', 'CSS grid guide'])
    expect(await titles('after:2021-06-10 #css')).toEqual(['GitHub gist of css'])
    expect(await titles('before:2019')).toEqual(['Bach cello suites'])
  })

  it('should read whole years from the years file and other dates from the days file', async () => {
    const { engine, fetched } = engineOf(index)
    await engine.search('after:2020 before:2021')
    expect(fetched).toContain('years.json')
    expect(fetched).not.toContain('dates.json')
    await engine.search('after:2020-03')
    expect(fetched).toContain('dates.json')
  })

  it('should count the facets of a few hits from their result chunks, downloading no filter file', async () => {
    const { engine, fetched } = engineOf(index)
    const result = await engine.search('css')
    await engine.documents(result.ids)
    expect(await engine.facetCost(result)).toEqual({ bytes: 0, loaded: true, fromHits: true })
    await engine.facets(result)
    expect(fetched.filter((name) => /^(tags|hosts|folders|years|dates)(-\d+)?\.json$/.test(name))).toEqual([])
  })

  it('should count the same facets from the hits as from the filter files', async () => {
    const { engine: fromFiles } = engineOf(index)
    // Operators of every kind download the filter files the facets read: then they count from them.
    await fromFiles.search('#css site:example.org folder:music after:2020')
    for (const query of ['css', 'guide OR music', '#music', 'after:2019', 'youtube']) {
      const { engine: fromHits } = engineOf(index)
      const hits = await fromHits.search(query)
      await fromHits.documents(hits.ids) // as the page shows them first
      expect((await fromHits.facetCost(hits)).fromHits, query).toBe(true)
      const filed = await fromFiles.search(query)
      expect((await fromFiles.facetCost(filed)).fromHits, query).toBe(false)
      expect(await fromHits.facets(hits), query).toEqual(await fromFiles.facets(filed))
    }
  })

  it('should narrow to a published flag and say when a flag is not published', async () => {
    const { engine, titles } = engineOf(index)
    expect(await titles('is:toread')).toEqual(['CSS grid guide', 'Jazz standards'])
    const dead = await engine.search('css is:dead')
    expect(dead.notices).toEqual([{ key: 'notice.unpublished', values: { value: 'dead' } }])
    expect(dead.total).toBe(4)
  })

  it('should match either side of OR', async () => {
    const { titles } = engineOf(index)
    expect(await titles('flexbox OR garden')).toEqual(['CSS flexbox guide', 'Grid garden game'])
    expect(await titles('#game OR #layout')).toEqual(['CSS grid guide', 'Grid garden game'])
    expect(await titles('python OR #classical')).toEqual(['Bach cello suites', 'Python tutorial'])
  })

  it('should match a phrase only with its words together and in order', async () => {
    const { titles } = engineOf(index)
    expect(await titles('"grid guide"')).toEqual(['CSS grid guide'])
    expect(await titles('"guide grid"')).toEqual([])
    expect(await titles('css -"grid guide"')).toEqual([
      'CSS flexbox guide',
      'GitHub gist of css',
      'Grid garden game',
    ])
  })

  it('should search an unknown operator as words and say so', async () => {
    const { engine } = engineOf(index)
    const result = await engine.search('lang:python')
    expect(result.notices).toEqual([{ key: 'notice.operator', values: { name: 'lang' } }])
  })

  it('should count the top tags, folders, hosts and years among the results', async () => {
    const { engine } = engineOf(index)
    const result = await engine.search('css')
    const facets = await engine.facets(result)
    expect(facets.tags).toEqual(
      [
        { value: 'layout', label: 'layout', count: 1 },
        { value: 'game', label: 'game', count: 1 },
      ].sort((a, b) => (a.label < b.label ? -1 : 1)),
    )
    expect(facets.hosts[0]).toEqual({ value: 'css-tricks.com', label: 'css-tricks.com', count: 2 })
    expect(facets.years.map((year) => year.value)).toEqual(['2021', '2020'])
    expect(facets.folders).toEqual([]) // all four are in Web Dev, in Development: narrows nothing
    const all = await engine.facets(await engine.search('guide OR music'))
    // What folder:name keeps: the folder and those below it.
    expect(all.folders).toEqual([
      { value: 'Music', label: 'Music', count: 3 },
      { value: 'Development', label: 'Development', count: 2 },
      { value: 'Web Dev', label: 'Web Dev', count: 2 },
    ])
  })

  it('should suggest the nearest known word when nothing matches', async () => {
    const { engine } = engineOf(index)
    const result = await engine.search('flexbox qzzard')
    expect(result.total).toBe(0)
    expect((await engine.search('pyhton cello')).total).toBe(0)
    expect((await engine.search('gam')).total).toBe(1)
    expect((await engine.search('jaz')).suggestion).toBeUndefined()
    expect((await engine.search('gird game')).total).toBe(1) // a swap, found by the typo fallback
    expect((await engine.search('flexbox gxmes')).suggestion).toBe('flexbox game')
  })
})
