/**
 * Operators against a reference: for random collections and random queries of operators only, the
 * engine finds exactly the bookmarks a direct reading of the query's meaning picks.
 */
import fc from 'fast-check'
import SearchableMap from 'minisearch/SearchableMap'
import { describe, expect, it } from 'vitest'
import { createSearchEngine } from '../../../templates/default/search-engine.js'
import { createBookmark, type Bookmark } from '../../../src/model/tree.js'
import { buildSearchIndex } from '../../../src/site-files/search/index.js'

const TAGS = ['music', 'Music', 'jazz', 'café', 'web dev', 'c++']
const HOSTS = ['github.com', 'gist.github.com', 'www.youtube.com', 'example.org', 'notgithub.com']
/** Folders as [name, parent]: a small tree, in depth-first order. */
const FOLDERS: Array<[string, number]> = [
  ['Root', -1],
  ['Work', 0],
  ['Music', 1],
  ['Jazz', 2],
  ['Music', 0],
  ['Misc', 0],
]
const YEARS = [2008, 2015, 2020, 2021]

interface Doc {
  tags: string[]
  host: number
  folder: number
  year: number | undefined
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()

const docArbitrary = fc.record({
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
  host: fc.integer({ min: 0, max: HOSTS.length - 1 }),
  folder: fc.integer({ min: 0, max: FOLDERS.length - 1 }),
  year: fc.option(fc.constantFrom(...YEARS), { nil: undefined }),
})

type Term = { kind: 'tag' | 'site' | 'folder'; value: string; negated: boolean }
const termArbitrary: fc.Arbitrary<Term> = fc.oneof(
  fc.record({ kind: fc.constant('tag' as const), value: fc.constantFrom(...TAGS), negated: fc.boolean() }),
  fc.record({
    kind: fc.constant('site' as const),
    value: fc.constantFrom('github.com', 'youtube.com', 'example.org', 'gist.github.com'),
    negated: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('folder' as const),
    value: fc.constantFrom('music', 'work', 'jazz'),
    negated: fc.boolean(),
  }),
)

function text(term: Term): string {
  const value = /\s/.test(term.value) ? `"${term.value}"` : term.value
  return `${term.negated ? '-' : ''}${term.kind === 'tag' ? `#${value}` : `${term.kind}:${value}`}`
}

function matches(doc: Doc, term: Term): boolean {
  if (term.kind === 'tag') return doc.tags.some((tag) => fold(tag) === fold(term.value))
  if (term.kind === 'site') {
    const host = HOSTS[doc.host]!.replace(/^www\./, '')
    return host === term.value || host.endsWith(`.${term.value}`)
  }
  for (let folder = doc.folder; folder > 0; folder = FOLDERS[folder]![1])
    if (fold(FOLDERS[folder]![0]) === term.value) return true
  return false
}

describe('operators against a reference', () => {
  it('should find exactly what the query means', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(docArbitrary, { minLength: 1, maxLength: 40 }),
        fc.array(termArbitrary, { minLength: 1, maxLength: 3 }),
        fc.option(fc.tuple(fc.constantFrom(...YEARS), fc.constantFrom(...YEARS)), { nil: undefined }),
        fc.boolean(),
        async (unsorted, terms, range, or) => {
          // `a OR b` for the first two terms, when both are positive.
          const joined = or && terms.length >= 2 && !terms[0]!.negated && !terms[1]!.negated
          // Documents come folder by folder, as a site lists them.
          const docs = [...unsorted].sort((a, b) => a.folder - b.folder)
          const bookmarks: Bookmark[] = docs.map((doc, index) => {
            const bookmark = Object.assign(
              createBookmark(`Doc ${index}`, `https://${HOSTS[doc.host]}/p${index}`),
              {
                tags: doc.tags,
              },
            )
            if (doc.year !== undefined) bookmark.added = Date.UTC(doc.year, 5, 1)
            return bookmark
          })
          const built = buildSearchIndex({
            documents: bookmarks.map((bookmark, index) => ({
              bookmark,
              href: bookmark.href,
              folder: docs[index]!.folder,
            })),
            folders: FOLDERS.map(([name, parent]) => ({ title: name, name, url: '/', parent })),
            tags: [],
          })
          const files = new Map(built.files.map((file) => [`/${file.path}`, file.contents]))
          const engine = createSearchEngine({
            SearchableMap,
            indexUrl: `/${built.metaPath}`,
            fetchJson: async (url) => JSON.parse(files.get(url)!) as unknown,
          })
          const [after, before] =
            range === undefined ? [undefined, undefined] : [Math.min(...range), Math.max(...range)]
          const query = [
            ...(joined
              ? [`${text(terms[0]!)} OR ${text(terms[1]!)}`, ...terms.slice(2).map(text)]
              : terms.map(text)),
            ...(after === undefined ? [] : [`after:${after}`, `before:${before! + 1}`]),
          ].join(' ')
          const expected = docs.flatMap((doc, id) =>
            (joined
              ? (matches(doc, terms[0]!) || matches(doc, terms[1]!)) &&
                terms.slice(2).every((term) => matches(doc, term) !== term.negated)
              : terms.every((term) => matches(doc, term) !== term.negated)) &&
            (after === undefined || (doc.year !== undefined && doc.year >= after && doc.year <= before!))
              ? [id]
              : [],
          )
          const result = await engine.search(query)
          expect([...result.all], query).toEqual(expected)
          expect(result.total, query).toBe(expected.length)
        },
      ),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 150) },
    )
  })
})
