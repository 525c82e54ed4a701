/** The Readwise Reader CSV reader: locations, Python tag lists, dates. */
import { describe, expect, it } from 'vitest'
import { pythonList, readwiseCsv } from '../../../src/formats/readwise-csv/index.js'
import { claimants, fixture, folderNamed, readFixture, rules } from '../helpers.js'

describe('readwise-csv reader', () => {
  const collection = readFixture(readwiseCsv, 'readwise-csv/readwise.csv')

  it('should put items in folders by location, unread locations marked toRead', () => {
    expect(collection).toMatchObject({ format: 'readwise-csv', title: 'Readwise Reader' })
    expect(collection.root.children.map((node) => node.type === 'folder' && node.title)).toEqual([
      'archive',
      'feed',
      'later',
      'new',
    ])
    expect(folderNamed(collection.root, 'archive').children[0]).toEqual({
      type: 'bookmark',
      title: '',
      href: 'https://example.com/archived',
      added: Date.UTC(2025, 0, 20, 22, 13, 2, 447),
      tags: [],
      attributes: { ID: '01abc', 'Reading progress': '1', Seen: 'True' },
      place: { file: 'readwise-csv/readwise.csv', line: 2, column: 1 },
    })
    expect(folderNamed(collection.root, 'feed').children[0]).not.toHaveProperty('toRead')
    expect(folderNamed(collection.root, 'later').children[0]).toMatchObject({
      title: 'Some Title',
      tags: ["don't", 'favorite', 'peanut, butter'],
      toRead: true,
    })
  })

  it('should keep a tag cell that is not a list, with a warning', () => {
    expect(folderNamed(collection.root, 'new').children[0]).toMatchObject({
      tags: [],
      toRead: true,
      attributes: { 'Document tags': '[oops' },
    })
    expect(rules(collection)).toEqual(['readwise/invalid-tags'])
  })

  it('should read Python list text as repr writes it', () => {
    expect(pythonList(`['a', "b's", 'c\\'d', "e\\\\f"]`)).toEqual(['a', "b's", "c'd", 'e\\f'])
    expect(pythonList('[]')).toEqual([])
    for (const bad of ['', '[', "['a'", "['a' 'b']", "['a'] x", 'a'])
      expect(pythonList(bad), bad).toBeUndefined()
  })

  it('should be claimed by its header row only', () => {
    expect(claimants(fixture('readwise-csv/readwise.csv'))).toEqual(['readwise-csv'])
  })
})
