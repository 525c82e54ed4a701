/** The GoodLinks JSON reader. */
import { describe, expect, it } from 'vitest'
import { goodLinksJson } from '../../../src/formats/goodlinks-json/index.js'
import { claimants, fixture, readFixture } from '../helpers.js'

describe('goodlinks-json reader', () => {
  const collection = readFixture(goodLinksJson, 'goodlinks-json/goodlinks.json')

  it('should map every field, keeping starred, originalURL and readAt as attributes', () => {
    expect(collection).toMatchObject({ format: 'goodlinks-json', title: 'GoodLinks', warnings: [] })
    expect(collection.root.children[0]).toEqual({
      type: 'bookmark',
      title: 'Search',
      href: 'https://example.com/',
      description: 'A search engine.',
      added: 1588601562_000,
      tags: ['search'],
      attributes: { starred: 'true', originalURL: 'https://example.com', readAt: '1588601600' },
      place: { file: 'goodlinks-json/goodlinks.json', line: 2, column: 3 },
    })
    expect(collection.root.children[1]).toMatchObject({
      tags: ['linux', 'docker'],
      attributes: { starred: 'false' },
    })
  })

  it('should be claimed by its keys', () => {
    expect(claimants(fixture('goodlinks-json/goodlinks.json'))).toEqual(['goodlinks-json'])
  })
})
