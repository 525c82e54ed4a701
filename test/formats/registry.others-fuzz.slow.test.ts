/**
 * Fuzzing the OPML, linkding and Linkwarden readers (fast-check): our fixtures with bytes
 * truncated, flipped, inserted and deleted; JSON exports with fields replaced by values of any
 * type (huge numbers among them); and 100,000 levels of nesting. Each reader (and its sniffer) must
 * return a collection or throw a placed `BookgenError`, never anything else, within the test timeout.
 *
 * `npm test` runs a few cases; `FUZZ_RUNS=5000 npx vitest run test/formats/registry.others-fuzz.slow.test.ts`
 * runs many more.
 */
import { mutate, mutationOf } from './mutations.js'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../src/model/errors.js'
import { linkdingJson } from '../../src/formats/linkding-json/index.js'
import { linkwardenJson } from '../../src/formats/linkwarden-json/index.js'
import { opml } from '../../src/formats/opml/index.js'
import type { FormatEntry } from '../../src/formats/types.js'
import { walk } from '../../src/model/tree.js'
import { FIXTURES } from '../helpers.js'
import { sniffHead, sourceInput } from './others-input.js'

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 40)

const SEEDS: Array<[FormatEntry, string[]]> = [
  [opml, ['opml/links.opml', 'opml/feeds.opml', 'opml/cr-latin1.opml']],
  [linkdingJson, ['linkding-json/page.json', 'linkding-json/single.json']],
  [linkwardenJson, ['linkwarden-json/backup.json', 'linkwarden-json/redacted.json']],
]

const SNIPPETS = [
  '<outline text="x" type="link" url="javascript:alert(1)">',
  '</outline>',
  '<outline>',
  '<body>',
  '</body>',
  '<head>',
  '<!DOCTYPE opml [<!ENTITY a "&a;&a;">]>',
  '&a;',
  '&#0;',
  '&nbsp;',
  '<![CDATA[',
  '<!--',
  ' __proto__="x" ',
  '{"__proto__": {"x": 1}}',
  '"constructor"',
  '[[[[[[[[',
  ']]]]',
  '{',
  '}',
  ',',
  '"',
  ':',
  'null',
  '1e400',
  '-0',
  '99999999999999999999999',
  '"parentId": 1',
  '"id": 1',
  '\u0000',
  '\uD800',
  '\r',
]

const mutation = mutationOf(SNIPPETS, { insert: 8, delete: 30 })

/** Sniff and read `bytes` with `format`: a sound collection, or a placed BookgenError, in time. */
function checkCase(format: FormatEntry, bytes: Uint8Array, file: string): void {
  expect(typeof format.sniff(sniffHead(bytes, file))).toBe('boolean')
  try {
    const collection = format.read(sourceInput(bytes, file))
    expect(collection.format).toBe(format.name)
    expect(collection.root.type).toBe('folder')
    for (const warning of collection.warnings) {
      expect(warning.line).toBeGreaterThan(0)
      expect(warning.column).toBeGreaterThan(0)
    }
    let nodes = 0
    for (const { node } of walk(collection.root))
      if (node.type === 'bookmark' || node.type === 'folder') nodes++
    expect(nodes).toBeLessThanOrEqual(bytes.length)
  } catch (error) {
    if (!isBookgenError(error)) throw error
    const area = format.name.replace(/-json$/, '')
    expect(error.format()).toMatch(
      new RegExp(`^${file.replace('.', '\\.')}:\\d+:\\d+: .+ \\[(${area}|source)/[a-z0-9-]+\\]$`, 's'),
    )
  }
}

describe('fuzzing the readers with byte mutations of our fixtures', () => {
  for (const [format, seeds] of SEEDS) {
    it(`should read or refuse mutated ${format.name} files cleanly`, () => {
      const files = seeds.map((seed) => readFileSync(path.join(FIXTURES, seed)))
      fc.assert(
        fc.property(
          fc.nat({ max: files.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          (index, changes) => checkCase(format, mutate(files[index]!, changes), `fuzz.${format.name}`),
        ),
        { numRuns: RUNS },
      )
    })
  }
})

/** Any JSON value, huge and odd numbers included. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 53 + 1,
    -0,
    0,
    1e21,
    99999999999999,
    '',
    ' ',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
  ),
)

/** A JSON object with some of `keys` (and `__proto__`-like names) set to any value. */
const objectOf = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys, '__proto__', 'constructor', 'toString'), anyJson, {
    maxKeys: keys.length + 2,
  })

const LINKDING_KEYS = [
  'id',
  'url',
  'title',
  'description',
  'notes',
  'tag_names',
  'unread',
  'shared',
  'is_archived',
  'date_added',
  'date_modified',
  'website_title',
  'favicon_url',
]
const LINKWARDEN_LINK_KEYS = [
  'id',
  'name',
  'url',
  'description',
  'tags',
  'createdAt',
  'updatedAt',
  'importDate',
  'icon',
  'pinnedBy',
]
const LINKWARDEN_COLLECTION_KEYS = ['id', 'name', 'parentId', 'description', 'createdAt', 'icon']

describe('fuzzing the JSON readers with values of every type', () => {
  it('should read linkding pages and objects whose fields hold anything', () => {
    const page = fc.record({
      count: anyJson,
      next: anyJson,
      results: fc.oneof(fc.array(fc.oneof(objectOf(LINKDING_KEYS), anyJson), { maxLength: 5 }), anyJson),
    })
    fc.assert(
      fc.property(fc.oneof(page, objectOf(LINKDING_KEYS)), (value) =>
        checkCase(linkdingJson, new TextEncoder().encode(JSON.stringify(value, null, 1)), 'fuzz.json'),
      ),
      { numRuns: RUNS * 2 },
    )
  })

  it('should read Linkwarden backups whose fields hold anything, parent ids tangled', () => {
    const collection = fc.tuple(
      objectOf(LINKWARDEN_COLLECTION_KEYS),
      fc.array(objectOf(LINKWARDEN_LINK_KEYS), { maxLength: 3 }),
      fc.nat({ max: 6 }),
      fc.nat({ max: 6 }),
    )
    const backup = fc.record({
      collections: fc.oneof(
        fc.array(
          collection.map(([fields, links, id, parent]) => ({ ...fields, id, parentId: parent, links })),
          { maxLength: 6 },
        ),
        anyJson,
      ),
      pinnedLinks: fc.oneof(fc.array(objectOf(LINKWARDEN_LINK_KEYS), { maxLength: 3 }), anyJson),
    })
    fc.assert(
      fc.property(backup, (value) =>
        checkCase(linkwardenJson, new TextEncoder().encode(JSON.stringify(value, null, 1)), 'fuzz.json'),
      ),
      { numRuns: RUNS * 2 },
    )
  })
})

describe('100,000 levels of nesting', () => {
  const depth = 100_000
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`
  const encode = (text: string) => new TextEncoder().encode(text)

  it('should read or refuse each reader’s deepest input within the test timeout', () => {
    const cases: Array<[FormatEntry, string]> = [
      [opml, `<opml><body>${'<outline text="x">'.repeat(depth)}${'</outline>'.repeat(depth)}</body></opml>`],
      [opml, `<opml><body>${'<outline text="x">'.repeat(depth)}`],
      [linkdingJson, `{"url": "https://x", "notes": ${nested}, "tag_names": ${nested}}`],
      [linkdingJson, `{"results": [{"url": "https://x", "deep": ${nested}}]}`],
      [linkdingJson, nested],
      [
        linkwardenJson,
        `{"collections": [{"name": "c", "links": [{"url": "u", "x": ${nested}}], "color": ${nested}}]}`,
      ],
      [linkwardenJson, `{"collections": ${nested}}`],
    ]
    for (const [format, text] of cases) checkCase(format, encode(text), 'deep.json')
  })

  it('should keep a 100,000-deep value whole in the attributes, for enforceLimits to judge', () => {
    const collection = linkdingJson.read(sourceInput(`{"url": "https://x", "deep": ${nested}}`, 'deep.json'))
    expect(collection.root.children[0]).toMatchObject({ attributes: { deep: nested } })
  })

  it('should nest 100,000 Linkwarden collections by parentId, merged below the depth limit', () => {
    const collections = Array.from({ length: depth }, (_, i) => ({
      id: i,
      name: 'c',
      parentId: i - 1,
      links: [],
    }))
    const collection = linkwardenJson.read(sourceInput(JSON.stringify({ collections }), 'chain.json'))
    expect(collection.warnings.map((warning) => warning.rule)).toEqual([
      'linkwarden/missing-parent',
      'source/too-deep',
    ])
  })
})
