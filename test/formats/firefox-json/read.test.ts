/** The Firefox JSON backup reader: the places tree, every field, Firefox's repairs and refusals. */
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../../src/model/errors.js'
import { firefoxJson } from '../../../src/formats/firefox-json/index.js'
import type { Bookmark, Collection, Folder, Node } from '../../../src/model/tree.js'
import { bookmarksOf } from '../../helpers.js'
import { fixtureBytes, headOf, inputOf, readFixture, rulesOf } from '../input.js'

const FILE = 'firefox-json/bookmarks-2024-01-15.json'

function read(text: string): Collection {
  return firefoxJson.read(inputOf(text, 'bookmarks.json'))
}

/** A places root holding `children` (JSON text of the menu's children). */
function backup(children: string): string {
  return `{"guid": "root________", "type": "text/x-moz-place-container", "root": "placesRoot", "children": [
{"guid": "menu________", "title": "menu", "type": "text/x-moz-place-container", "root": "bookmarksMenuFolder", "children": [
${children}
]}]}`
}

function refusal(text: string): {
  rule: string
  line?: number | undefined
  column?: number | undefined
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

describe('firefox-json reader', () => {
  const collection = readFixture(firefoxJson, FILE)
  const [menu, toolbar, unfiled, mobile] = collection.root.children as Folder[]

  it('should read the places root and its roots, skipping the Tags root as Firefox does', () => {
    expect(collection).toMatchObject({ format: 'firefox-json', encoding: 'utf-8', title: '' })
    expect(collection.root).toMatchObject({
      id: 'root________',
      added: 1700000000000,
      modified: 1705300000000,
      attributes: { id: '1', root: 'placesRoot' },
    })
    expect(collection.root.children.map((node) => (node as Folder).title)).toEqual([
      'menu',
      'toolbar',
      'unfiled',
      'mobile',
    ])
    expect(toolbar).toMatchObject({ toolbar: true, folded: false })
    expect(unfiled).toMatchObject({ unfiled: true, children: [] })
    expect(menu!.toolbar).toBeUndefined()
    expect(mobile!.attributes).toEqual({ id: '6', root: 'mobileFolder' })
    expect(collection.warnings.find((warning) => warning.rule === 'firefox/tags-root')).toMatchObject({
      line: 58,
      column: 5,
    })
  })

  it('should order children by index, as Firefox does, and truncate PRTime to milliseconds', () => {
    const [first, second] = menu!.children as [Folder, Bookmark]
    expect([first.title, second.title]).toEqual(['First by index', 'Second by index'])
    expect(second).toMatchObject({ added: 1705000000123, modified: 1705000000999, id: 'bkmkSecond01' })
    expect(first).toMatchObject({ description: 'A folder note', attributes: { id: '10' } })
  })

  it('should read every field of a bookmark, and keep the other annos whole', () => {
    const keyword = (menu!.children[0] as Folder).children[0] as Bookmark
    expect(keyword).toMatchObject({
      title: 'Search with a keyword',
      href: 'https://search.example/?q=%s',
      id: 'bkmkKeyword1',
      tags: ['search', 'tools'],
      shortcutUrl: 's',
      postData: 'q=%s&lang=en',
      lastCharset: 'ISO-8859-1',
      iconUri: 'https://search.example/favicon.ico',
      icon: 'data:image/png;base64,iVBORw0KGgo=',
      description: 'Finds things',
      added: 1704000001000,
      modified: 1704000002000,
    })
    expect(JSON.parse(keyword.attributes!['annos']!)).toEqual([
      { name: 'bookmarkProperties/loadInSidebar', flags: 0, expires: 4, mimeType: null, type: 1, value: 1 },
    ])
    expect(keyword.place).toEqual({ file: FILE, line: 18, column: 13 })
  })

  it('should keep place: queries as bookmarks with their place: URL, and separators', () => {
    const [, query, separator] = (menu!.children[0] as Folder).children as [Node, Bookmark, Node]
    expect(query).toMatchObject({ title: 'Recent tags', href: 'place:type=6&sort=14&maxResults=10' })
    expect(separator).toMatchObject({ type: 'separator', place: { line: 34, column: 13 } })
    expect(
      collection.warnings.find((warning) => warning.rule === 'firefox/separator-fields')!.message,
    ).toMatch(/^1 separator: their guid/)
  })

  it('should read an old live bookmark as a bookmark of its site with its feed', () => {
    expect(toolbar!.children[0]).toMatchObject({
      type: 'bookmark',
      title: 'News feed',
      href: 'https://news.example/',
      feed: true,
      feedUrl: 'https://news.example/feed.xml',
      added: 1600000000000,
    })
    const annos = JSON.parse((toolbar!.children[0] as Bookmark).attributes!['annos']!) as Array<{
      name: string
    }>
    expect(annos.map((anno) => anno.name)).toEqual(['placesInternal/READ_ONLY'])
  })

  it('should read a node that has only a typeCode', () => {
    expect(mobile!.children[0]).toMatchObject({
      type: 'bookmark',
      title: 'Typed by code',
      href: 'https://mobile.example/',
    })
    expect(rulesOf(collection).sort()).toEqual(['firefox/separator-fields', 'firefox/tags-root'])
  })

  it('should skip what Firefox would not restore, and warn in place', () => {
    const quirks = read(
      backup(`{"guid": "dupGuid00001", "title": "Kept", "type": "text/x-moz-place", "uri": "https://kept.example/", "dateAdded": 0},
{"guid": "unknown00001", "title": "Unknown", "type": "x/invalid", "uri": "https://x.example/"},
{"guid": "badUrl000001", "title": "Bad", "type": "text/x-moz-place", "uri": "http:///"},
{"guid": "noUrl0000001", "title": "No URL", "type": "text/x-moz-place"},
{"guid": "dupGuid00001", "title": null, "type": "text/x-moz-place", "uri": "https://second.example/", "dateAdded": 1e300, "tags": ["not", "a string"]},
{"title": "Odd folder", "type": "text/x-moz-place-container", "children": {"not": "a list"}},
"not a node",
{"title": "Live", "type": "text/x-moz-place-container", "livemark": 1, "children": [{"title": "item"}]}`),
    )
    expect(bookmarksOf(quirks).map((bookmark) => [bookmark.title, bookmark.id ?? ''])).toEqual([
      ['Kept', 'dupGuid00001'],
      ['', 'dupGuid00001'],
      ['Live', ''],
    ])
    expect(rulesOf(quirks)).toEqual([
      'firefox/invalid-date',
      'firefox/unknown-type',
      'firefox/invalid-url',
      'firefox/missing-url',
      'firefox/duplicate-guid',
      'firefox/invalid-date',
      'firefox/bad-value',
      'firefox/bad-node',
      'firefox/livemark-items',
    ])
    expect(quirks.warnings.slice(0, 4).map((warning) => warning.line)).toEqual([3, 4, 5, 6])
    expect(bookmarksOf(quirks)[1]!.attributes).toEqual({ tags: '["not","a string"]' })
  })

  it('should refuse a session, and anything that is not a places tree, saying what it is', () => {
    const session = refusal('{"version": ["sessionrestore", 1], "windows": [{"tabs": []}]}')
    expect(session.rule).toBe('firefox/not-bookmarks')
    expect(session.message).toContain('is a Firefox session')
    expect(session.message).toContain('bookmarkbackups')
    expect(refusal('[{"uri": "https://example.com/"}]')).toMatchObject({
      rule: 'firefox/not-bookmarks',
      line: 1,
      column: 1,
    })
    expect(refusal('{"type": "text/x-moz-place", "uri": "https://a.example/"}').message).toContain(
      'a node of type "text/x-moz-place"',
    )
    expect(refusal('{"type": "text/x-moz-place-container",\n "children": [}')).toMatchObject({
      rule: 'firefox/syntax',
      line: 2,
      column: 15,
    })
  })

  it('should sniff backups and nothing else', () => {
    expect(firefoxJson.sniff(headOf(fixtureBytes(FILE)))).toBe(true)
    expect(
      firefoxJson.sniff(
        headOf('{"title":"","id":1,"type":"text/x-moz-place-container","root":"placesRoot"}'),
      ),
    ).toBe(true)
    for (const other of [
      '[{"type": "text/x-moz-place", "uri": "https://example.com/"}]',
      '{"roots": {"bookmark_bar": {}}, "version": 1}',
      '{"version": ["sessionrestore", 1], "windows": []}',
      '{"count": 1, "results": [{"url": "https://example.com/", "title": "text/x-moz-place"}]}',
    ])
      expect(firefoxJson.sniff(headOf(other)), other).toBe(false)
  })
})
