/** The Instapaper CSV reader: both layouts, folders, read state, JSON tags. */
import { describe, expect, it } from 'vitest'
import { instapaperCsv } from '../../../src/formats/instapaper-csv/index.js'
import { parseSource } from '../../../src/formats/index.js'
import { writeNetscape } from '../../../src/formats/netscape/write.js'
import { writeXbel } from '../../../src/formats/xbel/write.js'
import type { Bookmark } from '../../../src/model/tree.js'
import { bookmarksOf } from '../../helpers.js'
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

describe('instapaper-csv cells as written', () => {
  const csv = [
    'URL,Title,Selection,Folder',
    'https://a.example/spice,Spice and  Wolf,,Archive',
    'https://a.example/wrapped,"Two lines,',
    '  and a tab\there",,Archive',
    'How I Get Ideas,How I Get Ideas,,Archive',
    '" https://a.example/x\r\n/y\t",Broken URL,,Archive',
    '',
  ].join('\n')
  const collection = parseSource(new TextEncoder().encode(csv), 'instapaper.csv')
  const archive = folderNamed(collection.root, 'Archive').children as Bookmark[]

  it('should keep runs of spaces and line breaks inside a title, and give them back through XBEL', () => {
    expect(archive.map((bookmark) => bookmark.title)).toEqual([
      'Spice and  Wolf',
      'Two lines,\n  and a tab\there',
      'How I Get Ideas',
      'Broken URL',
    ])
    const xbel = parseSource(new TextEncoder().encode(writeXbel(collection).text), 'again.xbel')
    const again = parseSource(new TextEncoder().encode(writeXbel(xbel).text), 'again2.xbel')
    expect(bookmarksOf(again).map((bookmark) => bookmark.title)).toEqual(archive.map((b) => b.title))
  })

  it('should keep a URL that is no URL as written, with the note the Netscape reader gives about such an HREF', () => {
    expect(archive[2]).toMatchObject({ href: 'How I Get Ideas', place: { line: 5, column: 1 } })
    const note = collection.warnings.find((warning) => warning.rule === 'instapaper/relative-href')
    expect(note).toMatchObject({ line: 5, column: 1 })
    // Exported as bookmark HTML, the same value gets the same note from the Netscape reader.
    const html = parseSource(new TextEncoder().encode(writeNetscape(collection).text), 'again.html')
    const again = html.warnings.find((warning) => warning.rule === 'netscape/relative-href')
    expect(again!.message.replace(/^HREF/, 'URL')).toBe(note!.message)
    expect(rules(collection)).toEqual(['instapaper/relative-href'])
  })

  it('should take tabs and line breaks out of a URL, and the white space around it', () => {
    expect(archive[3]!.href).toBe('https://a.example/x/y')
  })
})
