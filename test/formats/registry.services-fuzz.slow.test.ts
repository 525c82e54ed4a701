/**
 * Property-based fuzzing (fast-check) of the service readers: our fixtures mutated (truncated,
 * bytes flipped, markup and separators inserted, spans deleted), JSON of the wrong types, deep
 * nesting, huge numbers, ragged CSV rows, random and hostile zip archives. Each reader must return
 * a collection or throw a `BookgenError` naming the file, never anything else, within the test timeout.
 *
 * `npx vitest run test/formats` runs a bounded number of cases; `FUZZ_RUNS=2000` runs more.
 */
import { mutate, mutationOf } from './mutations.js'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../src/model/errors.js'
import { walk, type Collection } from '../../src/model/tree.js'
import { SERVICE_FORMATS } from '../../src/formats/registry.js'
import { SNIFF_BYTES, type FormatEntry } from '../../src/formats/types.js'
import { FIXTURES } from '../helpers.js'
import { read, sniffHead } from './helpers.js'

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 40)

const SNIPPETS = [
  '"',
  "'",
  ',',
  '\n',
  '\r\n',
  '|',
  '[',
  ']',
  '{',
  '}',
  ':',
  'null',
  'true',
  '1e999',
  '-1',
  '0',
  '99999999999999999999',
  '"__proto__":',
  '"constructor": {}',
  '[[[[[[[[[[[[[[[[',
  '<',
  '>',
  '&',
  '&amp;',
  '&#0;',
  '&xxe;',
  '<!DOCTYPE x [<!ENTITY a "&a;&a;">]>',
  '<post href="javascript:alert(1)" time="9999-99-99"/>',
  '<h1>Unread</h1>',
  '<a href="x" time_added="-5" tags=",,">',
  '</a>',
  '<title>',
  '<script>',
  '<!--',
  '\u0000',
  '\uFEFF',
  '\uD800',
  'PK\u0003\u0004',
]

const mutation = mutationOf(SNIPPETS)

/** Read `bytes` with `entry`: a clean collection or a clean `BookgenError`, within the test timeout. */
function checkCase(entry: FormatEntry, bytes: Uint8Array): void {
  const file = `fuzz.${entry.name}`
  const head = sniffHead(bytes, file)
  for (const format of SERVICE_FORMATS) expect(typeof format.sniff(head)).toBe('boolean')
  let collection: Collection
  try {
    collection = read(entry, bytes, file)
  } catch (error) {
    if (!isBookgenError(error)) throw error
    expect(error.format()).toMatch(
      new RegExp(`^${file.replace('.', '\\.')}(!/[^:]+)?(:\\d+:\\d+)?: .+ \\[[a-z0-9-]+/[a-z0-9-]+\\]$`, 's'),
    )
    return
  }
  expect(collection.format).toBe(entry.name)
  for (const warning of collection.warnings) {
    expect(warning.line).toBeGreaterThan(0)
    expect(warning.column).toBeGreaterThan(0)
    expect(warning.rule).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/)
  }
  for (const { node } of walk(collection.root)) {
    if (node.type !== 'bookmark') continue
    expect(typeof node.title).toBe('string')
    for (const value of Object.values(node.attributes ?? {})) expect(typeof value).toBe('string')
    if (node.added !== undefined) expect(Number.isFinite(node.added) && node.added > 0).toBe(true)
  }
  JSON.stringify(collection) // serializable, no cycles
}

const property = { numRuns: RUNS }
const options = { timeout: Math.max(60_000, RUNS * 200) }

describe('fuzzing the service readers', () => {
  for (const entry of SERVICE_FORMATS) {
    const folder = path.join(FIXTURES, entry.name)
    const seeds = readdirSync(folder).map((file) => readFileSync(path.join(folder, file)))
    it(`${entry.name}: should read or refuse mutated fixtures`, options, () => {
      fc.assert(
        fc.property(
          fc.nat({ max: seeds.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 8 }),
          (seed, changes) => checkCase(entry, mutate(seeds[seed]!, changes)),
        ),
        property,
      )
    })
    it(`${entry.name}: should read or refuse random bytes`, options, () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => checkCase(entry, bytes)),
        property,
      )
    })
  }

  const jsonReaders = SERVICE_FORMATS.filter((entry) => entry.name.endsWith('-json'))
  it('JSON readers: should take any JSON value, objects of any field types among them', options, () => {
    const field = fc.constantFrom(
      'href',
      'url',
      'description',
      'extended',
      'time',
      'created',
      'addedAt',
      'tags',
      'shared',
      'toread',
      'private',
      'title',
      'summary',
      '__proto__',
      'constructor',
    )
    const post = fc.dictionary(field, fc.jsonValue({ maxDepth: 3 }))
    const list = fc.oneof(fc.array(post, { maxLength: 6 }), fc.jsonValue({ maxDepth: 4 }))
    fc.assert(
      fc.property(fc.constantFrom(...jsonReaders), list, (entry, value) =>
        checkCase(entry, new TextEncoder().encode(JSON.stringify(value))),
      ),
      property,
    )
  })

  it('JSON readers: should bear deep nesting and huge numbers', () => {
    for (const entry of jsonReaders) {
      checkCase(
        entry,
        new TextEncoder().encode(`[{"url":"x","tags":${'['.repeat(100_000)}${']'.repeat(100_000)}}]`),
      )
      checkCase(entry, new TextEncoder().encode('['.repeat(100_000)))
      checkCase(
        entry,
        new TextEncoder().encode('[{"href":"x","url":"x","time":1e308,"created":1e308,"addedAt":-1e308}]'),
      )
    }
  })

  it('sniffers: should look at a hostile head of 64 KiB in linear time', () => {
    for (const unit of ['<a ', '"', '[{"', '<!--', '<h1>', ',', 'time_added=', '<?x '])
      checkCase(
        SERVICE_FORMATS[0]!,
        new TextEncoder().encode(unit.repeat(Math.ceil(SNIFF_BYTES / unit.length))),
      )
  })

  it('pinboard-xml: should bear deep nesting', () => {
    const pinboardXml = SERVICE_FORMATS.find((entry) => entry.name === 'pinboard-xml')!
    checkCase(
      pinboardXml,
      new TextEncoder().encode(`<posts>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</posts>`),
    )
    checkCase(pinboardXml, new TextEncoder().encode(`<posts>${'<post href="x">'.repeat(3000)}`))
  })

  const csvReaders = SERVICE_FORMATS.filter((entry) => entry.name.endsWith('-csv'))
  it('CSV readers: should take ragged rows of any cells under their own header', options, () => {
    const headers = csvReaders.map(
      (entry) =>
        readFileSync(
          path.join(FIXTURES, entry.name, readdirSync(path.join(FIXTURES, entry.name))[0]!),
          'utf8',
        ).split('\n')[0]!,
    )
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '"',
        '""',
        '"a,b"',
        '[',
        '["x"]',
        '-1',
        '1e999',
        'unread',
        'archive',
        '2023-01-01T00:00:00Z',
        'a|b|c',
      ),
    )
    const rows = fc.array(fc.array(cell, { maxLength: 12 }), { maxLength: 10 })
    fc.assert(
      fc.property(
        fc.nat({ max: csvReaders.length - 1 }),
        rows,
        fc.constantFrom('\n', '\r\n'),
        (index, records, newline) => {
          const text = [headers[index], ...records.map((record) => record.join(','))].join(newline)
          checkCase(csvReaders[index]!, new TextEncoder().encode(text))
        },
      ),
      property,
    )
  })

  it('pocket-csv: should read or refuse random and damaged zip archives, bombs among them', options, () => {
    const pocketCsv = SERVICE_FORMATS.find((entry) => entry.name === 'pocket-csv')!
    const part = readFileSync(path.join(FIXTURES, 'pocket-csv', 'part_000000.csv'))
    const member = fc.oneof(
      fc.constant(part),
      fc.uint8Array({ maxLength: 200 }),
      fc.integer({ min: 1, max: 40 }).map((mib) => new Uint8Array(mib * 2 ** 20)),
    )
    const archive = fc
      .dictionary(
        fc.constantFrom('part_000000.csv', 'part_000001.csv', 'x/part_000002.csv', 'a.txt', 'dir/'),
        member,
        { maxKeys: 3 },
      )
      .map((files) => zipSync(files, { level: 1 }))
    fc.assert(
      fc.property(archive, fc.array(mutation, { maxLength: 3 }), (bytes, changes) =>
        checkCase(pocketCsv, mutate(bytes, changes)),
      ),
      { numRuns: Math.max(10, Math.floor(RUNS / 2)) },
    )
  })
})
