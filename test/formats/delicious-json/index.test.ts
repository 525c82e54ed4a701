/** The Delicious JSON reader. */
import { describe, expect, it } from 'vitest'
import { deliciousJson } from '../../../src/formats/delicious-json/index.js'
import { claimants, fixture, readFixture, rules } from '../helpers.js'

describe('delicious-json reader', () => {
  const collection = readFixture(deliciousJson, 'delicious-json/delicious_export.json')
  const [loader, empty, odd] = collection.root.children

  it('should map every field', () => {
    expect(collection).toMatchObject({ format: 'delicious-json', title: 'Delicious' })
    expect(loader).toEqual({
      type: 'bookmark',
      title: 'A script loader',
      href: 'https://example.com/basket',
      description: '"Quoted" description',
      added: 1358531607_000,
      tags: ['basket', 'javascript'],
      attributes: { others: '9', owner: 'someone' },
      place: { file: 'delicious-json/delicious_export.json', line: 2, column: 3 },
    })
    expect(empty).toMatchObject({ tags: [], private: true })
    expect(empty).not.toHaveProperty('description')
  })

  it('should keep wrong types and unknown flags as attributes, and drop absurd dates, with warnings', () => {
    expect(odd).toMatchObject({ tags: [], attributes: { tags: 'not a list', private: 'yes' } })
    expect(odd).not.toHaveProperty('added')
    expect(rules(collection)).toEqual([
      'delicious/invalid-date',
      'delicious/wrong-type',
      'delicious/unknown-value',
    ])
  })

  it('should be claimed by its keys', () => {
    expect(claimants(fixture('delicious-json/delicious_export.json'))).toEqual(['delicious-json'])
  })
})
