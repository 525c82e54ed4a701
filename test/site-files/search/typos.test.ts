/**
 * Typo tolerance on a fixed list of misspellings: swapped neighbours (one edit under optimal string
 * alignment), letters dropped, doubled or changed. The recall is printed and must be complete.
 */
import SearchableMap from 'minisearch/SearchableMap'
import { describe, expect, it } from 'vitest'
import { createSearchEngine, nearTerms } from '../../../templates/default/search-engine.js'
import { createBookmark } from '../../../src/model/tree.js'
import { buildSearchIndex, type SearchIndexFiles } from '../../../src/site-files/search/index.js'

const TITLES = [
  'Python tutorial for beginners',
  'Reddit programming community',
  'JavaScript closures explained',
  'Kubernetes deployment guide',
  'Rust ownership and borrowing',
  'Wikipedia article on algorithms',
  'GitHub repository settings',
  'Markdown syntax reference',
  'Docker compose networking',
  'PostgreSQL indexing strategies',
  'Typescript generics handbook',
  'Bookmarks manager comparison',
  'Raspberry projects weekend',
  'Photography lighting basics',
  'Sourdough bread recipe',
]

/** [misspelling, the title word it should find]. */
const MISSPELLINGS: Array<[string, string]> = [
  // two neighbouring letters swapped (Levenshtein distance 2, one edit here)
  ['pyhton', 'python'],
  ['reddti', 'reddit'],
  ['javsacript', 'javascript'],
  ['kuberentes', 'kubernetes'],
  ['tutoiral', 'tutorial'],
  ['owenrship', 'ownership'],
  ['wikipeida', 'wikipedia'],
  ['gihtub', 'github'],
  ['makrdown', 'markdown'],
  ['dokcer', 'docker'],
  ['postgersql', 'postgresql'],
  ['tpyescript', 'typescript'],
  ['bookmakrs', 'bookmarks'],
  ['rasbperry', 'raspberry'],
  ['phtoography', 'photography'],
  ['suordough', 'sourdough'],
  ['recpie', 'recipe'],
  ['algortihms', 'algorithms'],
  // swapped first letters
  ['ptyhon', 'python'],
  ['erddit', 'reddit'],
  // a letter dropped, doubled or changed
  ['pyton', 'python'],
  ['reddditt', 'reddit'],
  ['javascrypt', 'javascript'],
  ['kubernets', 'kubernetes'],
  ['photograpy', 'photography'],
]

function engineOf(built: SearchIndexFiles) {
  const files = new Map(built.files.map((file) => [`/${file.path}`, file.contents]))
  return createSearchEngine({
    SearchableMap,
    indexUrl: `/${built.metaPath}`,
    fetchJson: async (url) => JSON.parse(files.get(url)!) as unknown,
  })
}

describe('typo tolerance', () => {
  const built = buildSearchIndex(
    {
      documents: TITLES.map((title, index) => ({
        bookmark: Object.assign(createBookmark(title, `https://site${index}.example/`), { tags: [] }),
        href: `https://site${index}.example/`,
        folder: 0,
      })),
      folders: [{ title: '', name: '', url: '/' }],
      tags: [],
    },
    { shardBytes: 256 },
  )

  it('should find every word of the fixed list of misspellings', async () => {
    const engine = engineOf(built)
    const missed: string[] = []
    for (const [typo, word] of MISSPELLINGS) {
      const result = await engine.search(typo)
      if (!result.matched.includes(word)) missed.push(`${typo} → ${word}`)
    }
    const found = MISSPELLINGS.length - missed.length
    console.log(`typo recall: ${found}/${MISSPELLINGS.length} misspellings found their word`)
    expect(missed).toEqual([])
  })

  it('should count a swap of neighbouring letters as one edit', () => {
    const terms = new SearchableMap<number[]>()
    for (const term of ['python', 'pythons', 'typhoon', 'reddit']) terms.set(term, [])
    expect(nearTerms(terms, 'pyhton', 1).get('python')?.[1]).toBe(1)
    expect(nearTerms(terms, 'pyhton', 1).has('pythons')).toBe(false)
    expect(nearTerms(terms, 'pyhtons', 2).get('python')?.[1]).toBe(2)
    expect(nearTerms(terms, 'reddti', 1).get('reddit')?.[1]).toBe(1)
  })

  it('should rank an exact word above a completion, and a completion above a near spelling', async () => {
    const ranked = buildSearchIndex({
      documents: ['Stack overflow', 'Stacks of data', 'Stakc machine'].map((title, index) => ({
        bookmark: Object.assign(createBookmark(title, `https://r${index}.example/`), { tags: [] }),
        href: `https://r${index}.example/`,
        folder: 0,
      })),
      folders: [{ title: '', name: '', url: '/' }],
      tags: [],
    })
    const result = await engineOf(ranked).search('stack')
    expect(result.fuzzy).toBe(false)
    expect([...result.ids]).toEqual([0, 1])
    const typo = await engineOf(ranked).search('stakcs')
    expect(typo.fuzzy).toBe(true)
    // "stacks" (one swap) and "stakc" (one drop), the exact spellings of neither
    expect(typo.matched).toEqual(expect.arrayContaining(['stacks', 'stakc']))
  })
})
