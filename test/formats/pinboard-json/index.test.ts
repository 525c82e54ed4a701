/** The Pinboard JSON reader: every post field, flags, odd values and errors. */
import { describe, expect, it } from 'vitest'
import { pinboardJson } from '../../../src/formats/pinboard-json/index.js'
import { claimants, fixture, read, readError, readFixture, rules } from '../helpers.js'

const FIXTURE = 'pinboard-json/pinboard_export.json'

describe('pinboard-json reader', () => {
  const collection = readFixture(pinboardJson, FIXTURE)
  const [pinned, open, odd, noHref] = collection.root.children

  it('should map every field of a post', () => {
    expect(collection).toMatchObject({ format: 'pinboard-json', title: 'Pinboard' })
    expect(pinned).toEqual({
      type: 'bookmark',
      title: 'Pinned title',
      href: 'https://example.com/pin',
      description: 'A longer note',
      added: Date.UTC(2016, 4, 29, 10, 16, 11),
      tags: ['go', 'http', 'ssl'],
      private: true,
      toRead: true,
      attributes: { meta: '0123456789abcdef0123456789abcdef', hash: 'fedcba9876543210fedcba9876543210' },
      place: { file: FIXTURE, line: 2, column: 3 },
    })
    expect(open).toMatchObject({ title: 'Open', tags: [], place: { line: 13, column: 3 } })
    for (const key of ['private', 'toRead', 'description', 'attributes']) expect(open).not.toHaveProperty(key)
  })

  it('should keep odd values as attributes with warnings, skip non-objects, keep posts without href', () => {
    expect(odd).toMatchObject({
      title: '42',
      tags: ['a'],
      attributes: { shared: 'maybe', extra: '{"nested":[1,2]}' },
    })
    expect(odd).not.toHaveProperty('added')
    expect(noHref).toMatchObject({ title: 'no href', tags: ['x'] })
    expect(noHref).not.toHaveProperty('href')
    expect(collection.root.children).toHaveLength(4)
    expect(rules(collection)).toEqual([
      'pinboard/invalid-date',
      'pinboard/unknown-value',
      'pinboard/not-an-object',
      'pinboard/missing-url',
    ])
    expect(collection.warnings[2]).toMatchObject({ line: 15, column: 3 })
  })

  it('should refuse what is not a list, and broken JSON with its place', () => {
    expect(readError(pinboardJson, '{"posts": []}', 'p.json').format()).toBe(
      'p.json:1:1: Expected a list ([…]) of bookmarks; the file holds an object [pinboard/not-a-list]',
    )
    expect(readError(pinboardJson, '[\n {"href": "x",\n', 'p.json').format()).toMatch(
      /^p\.json:3:1: Not valid JSON.*\[pinboard\/syntax\]$/,
    )
  })

  it('should keep a nested value too deep to write as JSON out, with a warning', () => {
    const deep = read(
      pinboardJson,
      `[{"href": "https://a.example/", "x": ${'['.repeat(5000)}${']'.repeat(5000)}}]`,
    )
    expect(deep.root.children[0]).not.toHaveProperty('attributes')
    expect(rules(deep)).toEqual(['pinboard/too-deep'])
  })

  it('should be claimed by its keys, not other JSON lists', () => {
    expect(claimants(fixture(FIXTURE))).toEqual(['pinboard-json'])
    expect(claimants('[{"href": "x", "description": "y", "extended": "", "time": "2016"')).toEqual([
      'pinboard-json',
    ])
    expect(claimants('[{"url": "x", "hash": "y"}]')).toEqual([])
    expect(claimants('{"href": "x", "hash": "y"}')).toEqual([])
  })
})
