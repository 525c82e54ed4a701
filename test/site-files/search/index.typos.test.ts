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

/** The search index of one bookmark per title, each with a link of its own. */
function indexOfTitles(titles: readonly string[], options?: Parameters<typeof buildSearchIndex>[1]) {
  return buildSearchIndex(
    {
      documents: titles.map((title, index) => ({
        bookmark: Object.assign(createBookmark(title, `https://site${index}.example/`), { tags: [] }),
        href: `https://site${index}.example/`,
        folder: 0,
      })),
      folders: [{ title: '', name: '', url: '/' }],
      tags: [],
    },
    options,
  )
}

function engineOf(built: SearchIndexFiles) {
  const files = new Map(built.files.map((file) => [`/${file.path}`, file.contents]))
  return createSearchEngine({
    SearchableMap,
    indexUrl: `/${built.metaPath}`,
    fetchJson: async (url) => JSON.parse(files.get(url)!) as unknown,
  })
}

describe('typo tolerance', () => {
  const built = indexOfTitles(TITLES, { shardBytes: 256 })

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
    const ranked = indexOfTitles(['Stack overflow', 'Stacks of data', 'Stakc machine'])
    const result = await engineOf(ranked).search('stack')
    expect(result.fuzzy).toBe(false)
    expect([...result.ids]).toEqual([0, 1])
    const typo = await engineOf(ranked).search('stakcs')
    expect(typo.fuzzy).toBe(true)
    // "stacks" (one swap) and "stakc" (one drop), the exact spellings of neither
    expect(typo.matched).toEqual(expect.arrayContaining(['stacks', 'stakc']))
  })

  it('should rank the closest spelling first, whatever the fields: a swap before a dropped letter', async () => {
    // "per" (in a short title, where it weighs most) is one letter dropped from "pelr", "perl" (in
    // longer ones) the same letters swapped.
    const titles = [
      'Per-line diffs',
      'Perl.com: the Perl programming language, its tutorials, its modules and news for everyone',
      'Diffs of the Perl sources, file by file, with their history and comments',
    ]
    const ranked = indexOfTitles(titles)
    const engine = engineOf(ranked)
    const typo = await engine.search('pelr')
    expect(typo.fuzzy).toBe(true)
    expect(typo.total).toBe(3)
    expect(typo.ids[2]).toBe(0)
    // With a word typed right, which both matches have: still the closer spelling first.
    expect([...(await engine.search('diffs pelr')).ids]).toEqual([2, 0])
  })
})
