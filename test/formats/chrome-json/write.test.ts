/** The Chromium `Bookmarks` writer: Chromium's layout and checksum, lossless round trips, reported losses. */
import { describe, expect, it } from 'vitest'
import { chromeJson } from '../../../src/formats/chrome-json/index.js'
import { writeChromeJson } from '../../../src/formats/chrome-json/write.js'
import { firefoxJson } from '../../../src/formats/firefox-json/index.js'
import type { Bookmark, Collection, Folder } from '../../../src/model/tree.js'
import { bookmarksOf, parseText, withoutPlaces } from '../../helpers.js'
import { fixtureBytes, inputOf, readFixture, rulesOf } from '../input.js'

function reread(collection: Collection): Collection {
  return chromeJson.read(inputOf(writeChromeJson(collection).text, 'Bookmarks'))
}

const NETSCAPE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
  <DT><H3 ADD_DATE="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Toolbar</H3>
  <DL><p>
    <DT><A HREF="https://a.example/" ADD_DATE="1700000001" TAGS="x,y" ALIASID="first">A</A>
    <DD>About A
    <HR>
    <DT><A HREF="https://b.example/" SHORTCUTURL="b" LAST_VISIT="1700000100">B</A>
  </DL><p>
  <DT><A HREF="https://loose.example/">Loose</A>
  <DT><A ALIASOF="first">A again</A>
  <DT><A>No link</A>
</DL><p>
`

describe('chrome-json writer', () => {
  it("should write a Chromium file back byte for byte, the checksum computed as Chromium's", () => {
    const text = new TextDecoder().decode(fixtureBytes('chrome-json/Bookmarks-canonical'))
    const collection = chromeJson.read(inputOf(text, 'Bookmarks'))
    const written = writeChromeJson(collection)
    expect(written.warnings).toEqual([])
    expect(written.text).toBe(text)
  })

  it('should lose nothing from a Chromium file: read, write and read again give the same model', () => {
    const collection = readFixture(chromeJson, 'chrome-json/Bookmarks')
    const again = reread(collection)
    expect(withoutPlaces(again.root)).toEqual(withoutPlaces(collection.root))
    expect(again.warnings).toEqual([]) // the checksum written is the one Chromium computes
  })

  it("should put other formats' toolbar in the bookmark bar and the rest in Other bookmarks", () => {
    const written = writeChromeJson(parseText(NETSCAPE))
    const document = JSON.parse(written.text) as {
      roots: Record<
        string,
        { name: string; id: string; children: Array<{ name: string; id: string; url?: string }> }
      >
      version: number
      checksum: string
    }
    expect(document.version).toBe(1)
    expect(document.checksum).toMatch(/^[0-9a-f]{32}$/)
    expect(Object.keys(document.roots)).toEqual(['bookmark_bar', 'other', 'synced'])
    expect(document.roots['bookmark_bar']!.name).toBe('Toolbar')
    // The separator as Vivaldi writes one (Chromium's bookmarks have none).
    expect(document.roots['bookmark_bar']!.children.map((node) => node.name)).toEqual(['A', '---', 'B'])
    expect(document.roots['other']!.children.map((node) => node.name)).toEqual(['Loose', 'A'])
    expect(document.roots['synced']).toMatchObject({ name: 'Mobile bookmarks', children: [] })
    const ids = Object.values(document.roots).flatMap((root) =>
      [root, ...root.children].map((node) => node.id),
    )
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[1-9]\d*$/)
    const back = chromeJson.read(inputOf(written.text, 'Bookmarks'))
    expect(rulesOf(back)).toEqual([])
    expect(bookmarksOf(back)[1]).toMatchObject({ title: 'B', visited: 1700000100_000 })
    expect((back.root.children[0] as Folder).children[1]).toMatchObject({ type: 'separator' })
  })

  it('should report, per field, what Chromium cannot carry', () => {
    const { warnings } = writeChromeJson(parseText(NETSCAPE))
    const lost = warnings.filter((warning) => warning.rule === 'convert/lost-field')
    const messages = lost.map((warning) => warning.message).join('\n')
    expect(warnings.filter((warning) => warning.rule !== 'convert/lost-field')).toMatchObject([
      { rule: 'convert/separator-as-bookmark', line: 9, column: 5 },
    ])
    for (const lost of ['tags', 'descriptions', 'keywords', 'aliases', 'without a valid URL', 'ids'])
      expect(messages).toContain(lost)
    expect(messages).toContain('the document title')
  })

  it("should put Firefox's roots where Chromium has them, and report the attributes it cannot keep", () => {
    const firefox = readFixture(firefoxJson, 'firefox-json/bookmarks-2024-01-15.json')
    const written = writeChromeJson(firefox)
    const document = JSON.parse(written.text) as {
      roots: Record<string, { name: string; children: Array<{ name: string }> }>
    }
    expect(document.roots['bookmark_bar']!.name).toBe('toolbar')
    expect(document.roots['other']!.name).toBe('unfiled')
    expect(document.roots['other']!.children.map((node) => node.name)).toEqual(['menu'])
    expect(document.roots['synced']!.name).toBe('mobile')
    const messages = written.warnings.map((warning) => warning.message).join('\n')
    expect(messages).toContain('the attribute id')
    expect(messages).toContain('ids that are not unique positive numbers (renumbered): 11 items')
  })

  it('should keep usable ids and number the others above the largest', () => {
    const collection = readFixture(chromeJson, 'chrome-json/Bookmarks')
    const bar = collection.root.children[0] as Folder
    const first = bar.children[0] as Bookmark
    first.id = 'not-a-number'
    ;(bar.children[1] as Folder).id = '1' // the bar's own id: a duplicate
    const again = reread(collection)
    const ids = bookmarksOf(again).map((bookmark) => bookmark.id)
    expect(ids).toEqual(['10', '7', '8', '9'])
    expect((again.root.children[0] as Folder).children[1]).toMatchObject({ id: '11' })
  })

  it('should replace unpaired surrogates, which Chromium cannot store, and say so', () => {
    const collection = readFixture(chromeJson, 'chrome-json/Bookmarks')
    const first = (collection.root.children[0] as Folder).children[0] as Bookmark
    first.title = 'half \uD83D pair'
    const written = writeChromeJson(collection)
    expect(written.text).toContain('"name": "half \uFFFD pair"')
    expect(rulesOf(chromeJson.read(inputOf(written.text, 'Bookmarks')))).toEqual([])
    expect(written.warnings.map((warning) => warning.message).join()).toContain('surrogates')
  })
})

describe("Vivaldi's separators", () => {
  // A Vivaldi profile's Bookmarks file keeps a separator as a bookmark to a placeholder address.
  const separator = (id: string) =>
    `{ "date_added": "13345000000000000", "id": "${id}", "meta_info": { "Description": "separator" }, "name": "---", "type": "url", "url": "http://bookmark.placeholder.url/" }`
  const vivaldi = `{ "roots": {
    "bookmark_bar": { "children": [
      { "date_added": "13345000000000000", "id": "4", "name": "Vivaldi", "type": "url", "url": "https://vivaldi.com/" },
      ${separator('5')},
      { "date_added": "13345000000000000", "id": "6", "name": "Docs", "type": "url", "url": "https://example.org/docs" }
    ], "date_added": "13345000000000000", "date_modified": "0", "id": "1", "name": "Bookmarks", "type": "folder" },
    "other": { "children": [ ${separator('7')} ], "date_added": "13345000000000000", "date_modified": "0", "id": "2", "name": "Other", "type": "folder" },
    "synced": { "children": [], "date_added": "13345000000000000", "date_modified": "0", "id": "3", "name": "Mobile", "type": "folder" }
  }, "version": 1 }`

  it('should read them as separators, and write separators back as Vivaldi writes them', () => {
    const collection = chromeJson.read(inputOf(vivaldi, 'Bookmarks'))
    const [bar, other] = collection.root.children as Folder[]
    expect(bar!.children.map((node) => node.type)).toEqual(['bookmark', 'separator', 'bookmark'])
    expect(other!.children).toMatchObject([{ type: 'separator', place: { line: 7 } }])
    expect(rulesOf(collection)).toEqual([])
    const written = writeChromeJson(collection)
    const document = JSON.parse(written.text) as {
      roots: Record<string, { children: Array<Record<string, unknown>> }>
    }
    expect(document.roots['bookmark_bar']!.children[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      meta_info: { Description: 'separator' },
      name: '---',
      type: 'url',
      url: 'http://bookmark.placeholder.url/',
    })
    expect(written.warnings).toMatchObject([{ rule: 'convert/separator-as-bookmark' }])
    // Read again (the checksum counts them as Chromium does), they are separators again.
    const again = reread(collection)
    const types = (root: Folder) => root.children.map((node) => (node as Folder).children.map((n) => n.type))
    expect(types(again.root)).toEqual([['bookmark', 'separator', 'bookmark'], ['separator'], []])
    expect(rulesOf(again)).toEqual([])
  })
})
