/**
 * The helpers under the OPML, linkding and Linkwarden readers: the JSON scan that gives places
 * (and sniffers their keys), the JSON-field reading and iterative stringify, text dates, and
 * places of decoding warnings in files with any line ends.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeSource, decodeWarnings, locateAnyLineEnd } from '../../../src/formats/shared/decode.js'
import { JsonFields, JsonSource } from '../../../src/formats/shared/json-fields.js'
import { attributeJson } from '../../../src/formats/shared/json.js'
import {
  findJsonOffsets,
  headKeys,
  memberOffset,
  scanJsonValues,
  type JsonStep,
} from '../../../src/formats/shared/json-scan.js'
import { parseIsoInstant, parseRfc822Instant } from '../../../src/formats/shared/dates.js'
import { createBookmark } from '../../../src/model/tree.js'

/** Every value start the scan reports, as `path → the text there`. */
function starts(text: string, from = 0): Array<[string, string]> {
  const seen: Array<[string, string]> = []
  scanJsonValues(text, (path, offset) => void seen.push([path.join('.'), text.slice(offset, offset + 3)]), {
    from,
  })
  return seen
}

describe('scanJsonValues', () => {
  it('should report every value with its path, skipping strings whole', () => {
    const text = '{"a": [1, {"b\\"]": "x}]\\"", "c": null}], "d": {}}'
    expect(starts(text)).toEqual([
      ['', '{"a'],
      ['a', '[1,'],
      ['a.0', '1, '],
      ['a.1', '{"b'],
      ['a.1.b"]', '"x}'],
      ['a.1.c', 'nul'],
      ['d', '{}}'],
    ])
  })

  it('should stop quietly where the text is cut or stops being JSON', () => {
    expect(starts('{"a": [1, 2').map(([path]) => path)).toEqual(['', 'a', 'a.0', 'a.1'])
    expect(starts('{"a": 1 "b": 2}').map(([path]) => path)).toEqual(['', 'a'])
    expect(starts('<opml/>')).toEqual([])
  })

  it('should stop at the end of the value it starts at', () => {
    const text = '[{"x": 1}, {"y": [2]}]'
    expect(starts(text, text.indexOf('{"y"'))).toEqual([
      ['', '{"y'],
      ['y', '[2]'],
      ['y.0', '2]}'],
    ])
  })

  it('should walk 100,000 levels of nesting without recursion', () => {
    const depth = 100_000
    const text = `{"deep": ${'['.repeat(depth)}${']'.repeat(depth)}, "after": 1}`
    const paths: JsonStep[][] = []
    scanJsonValues(text, (path) => void paths.push([...path]), { maxDepth: 1 })
    expect(paths).toEqual([[], ['deep'], ['after']])
  })
})

describe('findJsonOffsets, memberOffset, headKeys', () => {
  const text = '{"list": [{"id": 1}, {"id": 2, "links": [{"u": 1}]}], "list": [{"id": 3}]}'

  it('should key matches by the wildcard steps, the last duplicate key winning as in JSON.parse', () => {
    const [items, links] = findJsonOffsets(text, [
      ['list', '*'],
      ['list', '*', 'links', '*'],
    ])
    expect([...items!.keys()]).toEqual(['0', '1'])
    expect(text.slice(items!.get('0')!, items!.get('0')! + 8)).toBe('{"id": 3')
    expect(text.slice(links!.get('1/0')!, links!.get('1/0')! + 4)).toBe('{"u"')
  })

  it('should find a member of an object, and nothing for a member it lacks', () => {
    const object = text.indexOf('{"id": 2')
    expect(text.slice(memberOffset(text, object, 'links')!)).toMatch(/^\[\{"u"/)
    expect(memberOffset(text, object, 'missing')).toBeUndefined()
  })

  it('should give sniffers the keys a cut head shows', () => {
    const [top, first] = headKeys('  {"count": 1, "results": [{"url": "x", "tag_na', [[], ['results', 0]])
    expect([...top!]).toEqual(['count', 'results'])
    expect([...first!]).toEqual(['url'])
    expect(headKeys('[{"url": 1}]', [[]])[0]!.size).toBe(0)
  })
})

describe('attributeJson', () => {
  it('should write what JSON.stringify writes for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(attributeJson(value, Infinity)).toBe(JSON.stringify(value))
      }),
      { numRuns: 200 },
    )
  })

  it('should write a value nested 100,000 deep, which JSON.stringify cannot', () => {
    const depth = 100_000
    const text = `${'['.repeat(depth)}${']'.repeat(depth)}`
    expect(attributeJson(JSON.parse(text), Infinity)).toBe(text)
  })
})

describe('JsonFields', () => {
  const text = '{\n  "title": 5,\n  "date": "yesterday",\n  "constructor": null,\n  "note": "", "x": [1]\n}'
  const fields = () => new JsonFields(new JsonSource('f.json', text, 'test'), JSON.parse(text), 0)

  it('should keep a value of the wrong type, and a date it cannot read, as written, with placed warnings', () => {
    const read = fields()
    const bookmark = createBookmark('')
    expect(read.string('title')).toBeUndefined()
    expect(read.date('date')).toBeUndefined()
    read.finishInto(bookmark)
    expect(bookmark.attributes).toEqual({ title: '5', date: 'yesterday', x: '[1]' })
    expect(read.source.finish()).toMatchObject([
      { rule: 'test/wrong-type', line: 2, column: 12 },
      { rule: 'test/invalid-date', line: 3, column: 11 },
    ])
  })

  it('should never read an inherited member', () => {
    const read = fields()
    expect(read.take('constructor')).toBeNull()
    expect(read.take('toString')).toBeUndefined()
    expect(read.string('hasOwnProperty')).toBeUndefined()
  })
})

describe('text dates', () => {
  it.each([
    ['Thu, 13 Oct 2005 15:34:07 GMT', Date.UTC(2005, 9, 13, 15, 34, 7)],
    ['13 Oct 2005 15:34 +0200', Date.UTC(2005, 9, 13, 13, 34)],
    ['Mon, 24 Oct 05 05:23:52 PDT', Date.UTC(2005, 9, 24, 12, 23, 52)],
    ['Sunday, 16 October 2005 05:56:10 -07:00', Date.UTC(2005, 9, 16, 12, 56, 10)],
  ])('should read the RFC 822 date %s', (raw, value) => {
    expect(parseRfc822Instant(raw)).toEqual({ ok: true, value })
  })

  it('should read an unknown zone or ISO text with a note, and refuse impossible or absurd dates', () => {
    expect(parseRfc822Instant('13 Oct 2005 15:34:07 CEST')).toMatchObject({ ok: true, note: /CEST/ })
    expect(parseRfc822Instant('2005-10-13T15:34:07Z')).toMatchObject({ ok: true, note: /ISO 8601/ })
    expect(parseRfc822Instant('31 Feb 2005 10:00:00 GMT').ok).toBe(false)
    expect(parseRfc822Instant('13 Foo 2005 10:00:00 GMT').ok).toBe(false)
    expect(parseRfc822Instant('').ok).toBe(false)
    expect(parseIsoInstant('0001-01-01T00:00:00Z')).toMatchObject({ ok: false, reason: /before 1970/ })
    expect(parseIsoInstant('2999-01-01T00:00:00Z')).toMatchObject({ ok: false, reason: /2200/ })
    expect(parseIsoInstant('2020-09-26T09:46:23.006313Z')).toEqual({
      ok: true,
      value: Date.UTC(2020, 8, 26, 9, 46, 23, 6),
    })
  })
})

describe('decode warnings', () => {
  it('should count CR, LF and CRLF as line ends', () => {
    expect(locateAnyLineEnd('a\rb\r\nc\nd', 7)).toEqual({ line: 4, column: 1 })
    expect(locateAnyLineEnd('a\rbc', 3)).toEqual({ line: 2, column: 2 })
  })

  it('should place what decoding said', () => {
    const decoded = decodeSource(new Uint8Array([0x7b, 0x0d, 0x22, 0xe9, 0x22, 0x7d]))
    expect(decodeWarnings(decoded, 'f.json')).toMatchObject([
      { file: 'f.json', line: 1, column: 1, rule: 'source/assumed-windows-1252' },
    ])
  })
})
