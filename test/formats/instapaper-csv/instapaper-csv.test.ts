/** The Instapaper CSV reader: both layouts, folders, read state, JSON tags. */
import { describe, expect, it } from 'vitest'
import { instapaperCsv } from '../../../src/formats/instapaper-csv/index.js'
import { claimants, fixture, folderNamed, readFixture, rules } from '../helpers.js'

describe('instapaper-csv reader', () => {
  it('should read the new layout: folders, toRead for Unread, selection, timestamp and JSON tags', () => {
    const collection = readFixture(instapaperCsv, 'instapaper-csv/new.csv')
    expect(collection).toMatchObject({ format: 'instapaper-csv', title: 'Instapaper' })
    expect(collection.root.children.map((node) => (node.type === 'folder' ? node.title : node.type))).toEqual(
      ['Unread', 'Archive', 'Starred', 'Recipes', 'bookmark'],
    )
    expect(folderNamed(collection.root, 'Unread').children[0]).toEqual({
      type: 'bookmark',
      title: 'Title, with comma',
      href: 'https://example.com/1',
      added: 1700000003_000,
      tags: ['politics', 'news'],
      toRead: true,
      place: { file: 'instapaper-csv/new.csv', line: 2, column: 1 },
    })
    const archived = folderNamed(collection.root, 'Archive').children[0]
    expect(archived).toMatchObject({ description: 'Some highlighted text', tags: [] })
    expect(archived).not.toHaveProperty('toRead')
    expect(folderNamed(collection.root, 'Recipes').children[0]).toMatchObject({
      tags: [],
      attributes: { Tags: 'not json' },
    })
    expect(collection.root.children[4]).toMatchObject({ title: 'No folder' })
    expect(rules(collection)).toEqual(['instapaper/invalid-tags'])
  })

  it('should read the old layout without dates', () => {
    const collection = readFixture(instapaperCsv, 'instapaper-csv/old.csv')
    expect(collection.warnings).toEqual([])
    expect(folderNamed(collection.root, 'test_tag').children[0]).toMatchObject({
      title: 'Old tagged',
      tags: [],
    })
    expect(folderNamed(collection.root, 'Unread').children[0]).toMatchObject({ toRead: true })
    expect(folderNamed(collection.root, 'Unread').children[0]).not.toHaveProperty('added')
  })

  it('should be claimed by its header row only', () => {
    expect(claimants(fixture('instapaper-csv/new.csv'))).toEqual(['instapaper-csv'])
    expect(claimants(fixture('instapaper-csv/old.csv'))).toEqual(['instapaper-csv'])
    expect(claimants('URL,Title,Folder\n')).toEqual([])
  })
})
