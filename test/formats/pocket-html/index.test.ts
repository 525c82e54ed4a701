/** The Pocket HTML reader (`ril_export.html`): sections as folders, read state, dates, tags, places. */
import { describe, expect, it } from 'vitest'
import { pocketHtml } from '../../../src/formats/pocket-html/index.js'
import { bookmarks, claimants, fixture, folderNamed, read, readFixture, rules } from '../helpers.js'

const FIXTURE = 'pocket-html/ril_export.html'

describe('pocket-html reader', () => {
  const collection = readFixture(pocketHtml, FIXTURE)

  it('should read the page title and the sections as folders, in order', () => {
    expect(collection).toMatchObject({ format: 'pocket-html', title: 'Pocket Export', encoding: 'utf-8' })
    expect(collection.root.title).toBe('Pocket Export')
    expect(collection.root.children.map((node) => node.type === 'folder' && node.title)).toEqual([
      'Unread',
      'Read Archive',
    ])
    expect(folderNamed(collection.root, 'Unread')).toMatchObject({
      folded: false,
      place: { line: 9, column: 3 },
    })
  })

  it('should read each link: title, URL, date, tags and the read state of its section', () => {
    const unread = folderNamed(collection.root, 'Unread').children
    expect(unread[0]).toMatchObject({
      type: 'bookmark',
      title: 'Café & more',
      href: 'https://example.com/a?x=1&y=2',
      added: 1600000000_000,
      tags: ['news', 'long read'],
      toRead: true,
      place: { file: FIXTURE, line: 11, column: 5 },
    })
    // Pocket writes the URL as the text of a link it had no title for: kept as the title.
    expect(unread[1]).toMatchObject({ title: 'https://example.org/untitled', tags: [], toRead: true })
    const [read, noLink] = folderNamed(collection.root, 'Read Archive').children
    expect(read).toMatchObject({ title: 'Read it', href: 'https://example.com/read', tags: ['done'] })
    expect(read).not.toHaveProperty('toRead')
    expect(noLink).toMatchObject({ title: 'No link', added: 1500000100_000 })
    expect(noLink).not.toHaveProperty('href')
  })

  it('should drop a zero date and keep unknown attributes, with warnings', () => {
    const zero = bookmarks(collection.root).find((bookmark) => bookmark.title === 'Zero date')!
    expect(zero).not.toHaveProperty('added')
    expect(zero.attributes).toEqual({ 'data-extra': 'kept' })
    expect(rules(collection)).toEqual(['pocket/invalid-date', 'pocket/missing-url'])
    expect(collection.warnings[0]).toMatchObject({ line: 13, column: 5 })
  })

  it('should put links before any heading at the root and make a folder of any other heading', () => {
    const page = read(
      pocketHtml,
      '<title>Pocket Export</title><a href="https://a.example/" time_added="1">Loose</a><h1>Pocket Export</h1><ul><li><a href="https://b.example/" tags="x">B</a></li></ul>',
    )
    expect(page.root.children[0]).toMatchObject({ type: 'bookmark', title: 'Loose', added: 1000 })
    expect(page.root.children[0]).not.toHaveProperty('toRead')
    expect(folderNamed(page.root, 'Pocket Export').children[0]).toMatchObject({ title: 'B', tags: ['x'] })
    expect(bookmarks(page.root)[1]).not.toHaveProperty('toRead')
  })

  it('should keep a link cut off by the end of the file, with a warning', () => {
    const cut = read(
      pocketHtml,
      '<title>Pocket Export</title><h1>Unread</h1><a href="https://a.example/">Cut',
    )
    expect(bookmarks(cut.root)[0]).toMatchObject({ title: 'Cut', toRead: true })
    expect(rules(cut)).toEqual(['pocket/truncated'])
  })

  it('should read a windows-1252 page with a warning, and name __proto__ attributes safely', () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode(
        '<title>Pocket Export</title><h1>Unread</h1><a href="https://a.example/" __proto__="p">Caf',
      ),
      0xe9,
      ...new TextEncoder().encode('</a>'),
    ])
    const page = read(pocketHtml, bytes)
    expect(page.encoding).toBe('windows-1252')
    expect(bookmarks(page.root)[0]!.title).toBe('Café')
    expect(Object.entries(bookmarks(page.root)[0]!.attributes!)).toEqual([['__proto__', 'p']])
    expect(rules(page)).toEqual(['source/assumed-windows-1252'])
  })

  it('should be claimed from its content, not from other HTML', () => {
    expect(claimants(fixture(FIXTURE))).toEqual(['pocket-html'])
    expect(claimants('<h1>Unread</h1><ul><li><a href="x" time_added="12">x</a>')).toEqual(['pocket-html'])
    expect(claimants('<!DOCTYPE NETSCAPE-Bookmark-file-1><TITLE>Pocket Export</TITLE>')).toEqual([])
    expect(claimants('<h1>Unread</h1><a href="x">x</a>')).toEqual([])
  })
})
