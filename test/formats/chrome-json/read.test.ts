/** The Chromium `Bookmarks` reader: roots by key, every field, the checksum, repairs and refusals. */
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../../src/model/errors.js'
import { chromeJson } from '../../../src/formats/chrome-json/index.js'
import type { Bookmark, Collection, Folder } from '../../../src/model/tree.js'
import { bookmarksOf } from '../../helpers.js'
import { fixtureBytes, headOf, inputOf, readFixture, rulesOf } from '../input.js'

/** Microseconds since 1601 → milliseconds since 1970, by the arithmetic Chromium documents. */
const fromChromium = (micros: number) => Math.floor(micros / 1000) - 11_644_473_600_000

function read(text: string, file = 'Bookmarks'): Collection {
  return chromeJson.read(inputOf(text, file))
}

function refusal(text: string): {
  rule: string
  line: number | undefined
  column: number | undefined
  message: string
} {
  try {
    read(text)
  } catch (error) {
    if (!isBookgenError(error)) throw error
    return { rule: error.rule, line: error.line, column: error.column, message: error.message }
  }
  throw new Error('expected the file to be refused')
}

describe('chrome-json reader', () => {
  const collection = readFixture(chromeJson, 'chrome-json/Bookmarks')
  const [bar, other, synced] = collection.root.children as Folder[]

  it('should read the three roots by key, the bookmark bar as the toolbar', () => {
    expect(collection.format).toBe('chrome-json')
    expect(collection.encoding).toBe('utf-8')
    expect(collection.root.children.map((node) => (node as Folder).title)).toEqual([
      'Bookmarks bar',
      'Other bookmarks',
      'Mobile bookmarks',
    ])
    expect(bar).toMatchObject({ toolbar: true, folded: false, id: '1' })
    expect(other!.toolbar).toBeUndefined()
    expect([bar, other, synced].map((folder) => folder!.attributes?.['root'])).toEqual([
      'bookmark_bar',
      'other',
      'synced',
    ])
  })

  it('should read every field of a bookmark', () => {
    const first = bar!.children[0] as Bookmark
    expect(first).toMatchObject({
      type: 'bookmark',
      title: 'Example <home> café ☕',
      href: 'https://example.com/',
      id: '5',
      added: fromChromium(13350000000000000),
      visited: fromChromium(13360000000123456),
      tags: [],
    })
    expect(first.attributes).toEqual({
      guid: '6f2a9a3e-5b0c-4c57-9d0e-1f2a3b4c5d6e',
      meta_info: '{"power_bookmark_meta":""}',
    })
    expect(first.place).toEqual({ file: 'chrome-json/Bookmarks', line: 5, column: 24 })
  })

  it('should read folders with their dates and keep what the model has no field for', () => {
    const reading = bar!.children[1] as Folder
    expect(reading).toMatchObject({
      title: 'Reading',
      id: '6',
      added: fromChromium(13350000000500000),
      modified: fromChromium(13350000002000000),
      folded: false,
    })
    expect(reading.attributes).toEqual({
      date_last_used: '13355000000000000',
      guid: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    })
    const [docs, search] = reading.children as Bookmark[]
    expect(docs!.visited).toBeUndefined() // "0" is Chromium's "never"
    expect(search!.attributes).toEqual({ sync_transaction_version: '42' })
    expect(search!.href).toBe('javascript:void(0)')
    expect(other!.modified).toBeUndefined()
  })

  it('should keep the top-level keys and the extra keys of roots on the root folder', () => {
    expect(collection.root.attributes).toEqual({
      checksum: 'feda79cc3c1cbb9039b668e7d0a4e8ab',
      sync_metadata: 'CioKCgiIgQISBDE2Njc=',
      version: '1',
      'roots.sync_transaction_version': '3',
    })
    expect(collection.root.folded).toBeUndefined()
  })

  it('should check the checksum the way Chromium computes it', () => {
    expect(collection.warnings).toEqual([])
    const text = new TextDecoder().decode(fixtureBytes('chrome-json/Bookmarks'))
    const renamed = read(text.replace('"name": "Reading"', '"name": "Renamed"'))
    expect(rulesOf(renamed)).toEqual(['chrome/checksum-mismatch'])
    expect(renamed.warnings[0]!.message).toContain('feda79cc3c1cbb9039b668e7d0a4e8ab')
    // An empty checksum (hand-made files) is not checked.
    expect(rulesOf(read(text.replace(/"checksum": "\w+"/, '"checksum": ""')))).toEqual([])
  })

  it('should skip what Chromium skips and warn about every repair, in place', () => {
    const quirks = readFixture(chromeJson, 'chrome-json/quirks.json')
    expect(bookmarksOf(quirks).map((bookmark) => bookmark.title)).toEqual([
      'Kept',
      '',
      'With children',
      'Far future',
    ])
    expect(rulesOf(quirks).sort()).toEqual(
      [
        'chrome/bad-node',
        'chrome/bad-value',
        'chrome/checksum-mismatch',
        'chrome/invalid-date',
        'chrome/invalid-date',
        'chrome/invalid-date',
        'chrome/invalid-url',
        'chrome/missing-children',
        'chrome/missing-root',
        'chrome/missing-url',
        'chrome/unknown-root',
        'chrome/unknown-type',
        'chrome/unknown-version',
        'chrome/url-children',
      ].sort(),
    )
    const unknown = quirks.warnings.find((warning) => warning.rule === 'chrome/unknown-type')!
    expect([unknown.line, unknown.column]).toEqual([7, 9])
    const future = bookmarksOf(quirks)[3]!
    expect(future.added).toBeUndefined()
    expect(future.attributes).toEqual({ date_modified: '13350000000000000', custom: '{"nested":[1,2]}' })
    expect(quirks.root.attributes?.['roots.custom_root']).toBe(
      '{"children":[],"name":"Vivaldi trash","type":"folder"}',
    )
    expect(quirks.root.children).toHaveLength(2)
  })

  it('should refuse what is not a Chromium Bookmarks file, with its place', () => {
    expect(refusal('{"roots": {"bookmark_bar": }}')).toMatchObject({
      rule: 'chrome/syntax',
      line: 1,
      column: 28,
    })
    expect(refusal('\n  [1, 2]')).toMatchObject({ rule: 'chrome/not-bookmarks', line: 2, column: 3 })
    expect(refusal('{"count": 1, "results": []}').message).toContain('no "roots" object')
  })

  it('should read an empty file as an empty collection with a warning', () => {
    const empty = read('')
    expect(empty.root.children).toEqual([])
    expect(rulesOf(empty)).toEqual(['source/empty'])
  })

  it('should read UTF-8 only, whatever a title says, and warn about bytes that are not', () => {
    const text =
      '{"roots": {"bookmark_bar": {"type": "folder", "name": "<meta charset=\\"koi8-r\\"> é", "children": []}}, "version": 1}'
    expect((read(text).root.children[0] as Folder).title).toBe('<meta charset="koi8-r"> é')
    const bytes = new TextEncoder().encode(text.replace('é', '#'))
    bytes[bytes.indexOf(0x23)] = 0xff
    const broken = chromeJson.read(inputOf(bytes, 'Bookmarks'))
    expect((broken.root.children[0] as Folder).title).toBe('<meta charset="koi8-r"> \uFFFD')
    expect(broken.warnings[0]).toMatchObject({
      rule: 'chrome/invalid-utf8',
      line: 1,
      column: text.indexOf('é') + 1,
    })
  })

  it('should sniff Chromium files and nothing else', () => {
    expect(chromeJson.sniff(headOf(fixtureBytes('chrome-json/Bookmarks')))).toBe(true)
    expect(chromeJson.sniff(headOf('\uFEFF{"roots": {"bookmark_bar": {}}}'))).toBe(true)
    for (const other of [
      '[{"href": "https://example.com/", "description": "x", "tags": "roots bookmark_bar"}]',
      '{"count": 1, "results": [{"url": "https://example.com/", "title": "roots"}]}',
      '{"type": "text/x-moz-place-container", "root": "placesRoot", "children": []}',
      '<?xml version="1.0"?><xbel><folder><title>"roots": {"bookmark_bar": {</title></folder></xbel>',
      '{"bookmark_bar": {}, "roots": []}',
    ])
      expect(chromeJson.sniff(headOf(other)), other).toBe(false)
  })
})
