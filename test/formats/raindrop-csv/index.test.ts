/** The Raindrop.io CSV reader: nested folder paths, every column kept. */
import { describe, expect, it } from 'vitest'
import { raindropCsv } from '../../../src/formats/raindrop-csv/index.js'
import { claimants, fixture, folderNamed, readFixture, rules } from '../helpers.js'

describe('raindrop-csv reader', () => {
  const collection = readFixture(raindropCsv, 'raindrop-csv/export.csv')

  it('should turn folder paths into nested folders, made in row order', () => {
    expect(collection).toMatchObject({ format: 'raindrop-csv', title: 'Raindrop.io' })
    const reading = folderNamed(collection.root, 'Reading')
    expect(reading.children.map((node) => (node.type === 'folder' ? node.title : node.type))).toEqual([
      'bookmark',
      'Deep',
      'Other',
    ])
    const deeper = folderNamed(folderNamed(reading, 'Deep'), 'Deeper')
    expect(deeper.children[0]).toMatchObject({
      title: 'Nested',
      attributes: { id: '102', highlights: 'Highlight: one', favorite: 'true' },
    })
    expect(folderNamed(collection.root, 'Unsorted').children).toHaveLength(1)
    expect(collection.root.children.at(-1)).toMatchObject({
      type: 'bookmark',
      title: 'No folder',
      attributes: { id: '104' },
    })
  })

  it('should map every column', () => {
    expect(folderNamed(collection.root, 'Reading').children[0]).toEqual({
      type: 'bookmark',
      title: 'Top level',
      href: 'https://example.com/top',
      description: 'My note',
      added: Date.UTC(2023, 2, 1, 10),
      tags: ['a', 'b'],
      attributes: {
        id: '101',
        excerpt: 'Page summary',
        cover: 'https://example.com/cover.png',
        favorite: 'false',
      },
      place: { file: 'raindrop-csv/export.csv', line: 2, column: 1 },
    })
    expect(rules(collection)).toEqual(['raindrop/invalid-date'])
    expect(collection.warnings[0]).toMatchObject({ line: 5 })
  })

  it('should be claimed by its header row only', () => {
    expect(claimants(fixture('raindrop-csv/export.csv'))).toEqual(['raindrop-csv'])
    expect(claimants('id,title,url,folder,tags,created\n')).toEqual([])
  })
})
