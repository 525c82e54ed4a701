/**
 * Fuzzing the browsers' readers (fast-check): fixtures truncated, bytes flipped, snippets and
 * spans inserted or deleted, random JSON values where nodes belong, 100,000 levels of nesting and
 * huge numbers. Each reader must return a collection (warnings placed at line ≥ 1, column ≥ 1) or
 * throw a `BookgenError`, never anything else, within the test timeout; a collection must survive the
 * XBEL and Chromium writers.
 *
 * `npx vitest run test/formats` runs a few hundred cases; FUZZ_RUNS=5000 runs many more.
 */
import { mutate, mutationOf } from './mutations.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../src/model/errors.js'
import { chromeJson } from '../../src/formats/chrome-json/index.js'
import { writeChromeJson } from '../../src/formats/chrome-json/write.js'
import { firefoxJson } from '../../src/formats/firefox-json/index.js'
import { firefoxJsonlz4 } from '../../src/formats/firefox-jsonlz4/index.js'
import { safariPlist } from '../../src/formats/safari-plist/index.js'
import type { FormatEntry } from '../../src/formats/types.js'
import { countNodes } from '../../src/model/tree.js'
import { writeXbel } from '../../src/formats/xbel/write.js'
import { fixtureBytes, inputOf } from './input.js'

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60)
const DEEP = 100_000

const SEEDS: ReadonlyArray<{ entry: FormatEntry; files: string[] }> = [
  { entry: chromeJson, files: ['chrome-json/Bookmarks', 'chrome-json/quirks.json'] },
  { entry: firefoxJson, files: ['firefox-json/bookmarks-2024-01-15.json'] },
  { entry: firefoxJsonlz4, files: ['firefox-jsonlz4/bookmarks-2024-01-15.jsonlz4'] },
  { entry: safariPlist, files: ['safari-plist/Bookmarks.xml', 'safari-plist/Bookmarks.plist'] },
]

const SNIPPETS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '\\',
  '"children": [',
  '"type": "folder"',
  '"type": "url", "url": "javascript:alert(1)"',
  '"date_added": "99999999999999999999",',
  '"dateAdded": 1e308,',
  '"__proto__": {"type": "folder"},',
  '1e999',
  '-1',
  'null',
  '<dict>',
  '</dict>',
  '<array>',
  '<key>Children</key>',
  '<key>__proto__</key>',
  '<integer>99999999999999999999999</integer>',
  '<date>9999-99-99</date>',
  '<!DOCTYPE plist [<!ENTITY a "&a;&a;">]>',
  '&a;',
  '\u0000',
  '\uD800',
  '\uFFFF',
]

const mutation = mutationOf(SNIPPETS)

/** Read `bytes`: a collection that the writers accept, or a placed BookgenError; nothing else, in time. */
function checkCase(entry: FormatEntry, bytes: Uint8Array, file = 'fuzz'): void {
  let collection
  try {
    collection = entry.read(inputOf(bytes, file))
  } catch (error) {
    if (!isBookgenError(error)) throw error
    expect(error.format()).toMatch(/^fuzz(:\d+:\d+)?: .+ \[[a-z0-9-]+\/[a-z0-9-]+\]$/s)
    return
  }
  for (const warning of collection.warnings) {
    expect(warning.line).toBeGreaterThan(0)
    expect(warning.column).toBeGreaterThan(0)
  }
  countNodes(collection.root)
  writeXbel(collection)
  const chromium = writeChromeJson(collection)
  expect(chromeJson.read(inputOf(chromium.text, 'Bookmarks')).format).toBe('chrome-json')
}

/** A mozLz4 container around `text`, as one LZ4 block of literals only. */
function mozLz4(text: string): Uint8Array {
  const literals = Buffer.from(text, 'utf8')
  const length: number[] = []
  let rest = literals.length - 15
  while (rest >= 255) {
    length.push(255)
    rest -= 255
  }
  length.push(rest)
  const header = Buffer.alloc(12)
  header.write('mozLz40\0', 'latin1')
  header.writeUInt32LE(literals.length, 8)
  return new Uint8Array(Buffer.concat([header, Buffer.from([0xf0, ...length]), literals]))
}

const chromeDeep = () =>
  `{"roots": {"bookmark_bar": ${'{"type": "folder", "name": "f", "children": ['.repeat(DEEP)}${']}'.repeat(DEEP)}}, "version": 1}`
const firefoxDeep = () =>
  `{"type": "text/x-moz-place-container", "root": "placesRoot", "children": [${'{"type": "text/x-moz-place-container", "title": "f", "children": ['.repeat(DEEP)}${']}'.repeat(DEEP)}]}`

describe("fuzzing the browsers' readers", () => {
  for (const { entry, files } of SEEDS) {
    const originals = files.map((file) => fixtureBytes(file))
    it(`should read or refuse cleanly ${RUNS} mutated ${entry.name} files`, { timeout: 120_000 }, () => {
      fc.assert(
        fc.property(
          fc.nat({ max: originals.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 6 }),
          (seed, changes) => {
            checkCase(entry, mutate(originals[seed]!, changes))
          },
        ),
        { numRuns: RUNS },
      )
    })
  }

  it(
    'should read or refuse cleanly random JSON values where nodes and fields belong',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
          const json = JSON.stringify(value)
          checkCase(chromeJson, new TextEncoder().encode(json))
          checkCase(
            chromeJson,
            new TextEncoder().encode(
              `{"roots": {"bookmark_bar": {"type": "folder", "children": [${json}]}, "other": ${json}}, "version": 1}`,
            ),
          )
          checkCase(
            firefoxJson,
            new TextEncoder().encode(
              `{"type": "text/x-moz-place-container", "children": [${json}, {"type": "text/x-moz-place", "uri": "https://a.example/", "title": ${json}, "dateAdded": ${json}, "annos": ${json}, "tags": ${json}}]}`,
            ),
          )
        }),
        { numRuns: RUNS },
      )
    },
  )

  it(`should read ${DEEP} levels of JSON nesting without recursing`, { timeout: 120_000 }, () => {
    const chrome = chromeJson.read(inputOf(chromeDeep(), 'deep.json'))
    expect(chrome.warnings.map((warning) => warning.rule)).toContain('source/too-deep')
    const firefox = firefoxJson.read(inputOf(firefoxDeep(), 'deep.json'))
    expect(firefox.warnings.map((warning) => warning.rule)).toContain('source/too-deep')
    const compressed = firefoxJsonlz4.read(inputOf(mozLz4(firefoxDeep()), 'deep.jsonlz4'))
    expect(compressed.warnings.map((warning) => warning.rule)).toContain('source/too-deep')
    expect(() =>
      chromeJson.read(
        inputOf(
          `{"roots": {"bookmark_bar": {"type": "folder", "children": [], "meta_info": ${'['.repeat(DEEP)}${']'.repeat(DEEP)}}}}`,
          'deep.json',
        ),
      ),
    ).not.toThrow()
  })

  it(`should refuse ${DEEP} levels of plist nesting cleanly`, { timeout: 120_000 }, () => {
    const xml = `<plist><dict><key>Children</key><array>${'<dict><key>Children</key><array>'.repeat(DEEP)}${'</array></dict>'.repeat(DEEP)}</array></dict></plist>`
    expect(() => safariPlist.read(inputOf(xml, 'deep.plist'))).toThrow(/nested more than/)
  })

  it('should read huge and odd numbers as repairs, not crashes', () => {
    for (const number of [
      '1e308',
      '-1e308',
      '99999999999999999999999',
      '0',
      '-0',
      '1.5',
      '-9007199254740993',
    ]) {
      checkCase(
        chromeJson,
        new TextEncoder().encode(
          `{"roots": {"bookmark_bar": {"type": "folder", "id": ${number}, "date_added": "${number}", "children": [{"type": "url", "url": "https://a.example/", "date_added": ${number}}]}}, "version": ${number}}`,
        ),
      )
      checkCase(
        firefoxJson,
        new TextEncoder().encode(
          `{"type": "text/x-moz-place-container", "index": ${number}, "children": [{"type": "text/x-moz-place", "index": ${number}, "uri": "https://a.example/", "dateAdded": ${number}, "lastModified": "${number}", "id": ${number}}]}`,
        ),
      )
    }
  })
})
