import { describe, expect, it } from 'vitest'
import { countNodes, type Bookmark, type Folder } from '../../../src/model/tree.js'
import { parseNetscape } from '../../../src/formats/netscape/read.js'
import { writeNetscape } from '../../../src/formats/netscape/write.js'
import { isBookgenError } from '../../../src/model/errors.js'
import { bookmarksOf, parseFixture, parseText } from '../../helpers.js'

const rules = (collection: { warnings: Array<{ rule: string }> }) =>
  collection.warnings.map((warning) => warning.rule)

/** The message (as printed) of the error reading `text` as the file `file` gives. */
function refusal(text: string, file: string): string {
  try {
    parseText(text, file)
  } catch (error) {
    if (isBookgenError(error)) return error.format()
    throw error
  }
  throw new Error(`${file} was read`)
}

describe('parseNetscape', () => {
  it('should read a Firefox export with its folders, toolbar, unfiled folder and separator', () => {
    const collection = parseFixture('netscape/firefox.html')
    expect(collection.format).toBe('netscape')
    expect(collection.title).toBe('Bookmarks')
    expect(collection.root.title).toBe('Bookmarks Menu')
    expect(collection.warnings).toEqual([])
    const [recent, separator, toolbar, other] = collection.root.children as [
      Bookmark,
      { type: string },
      Folder,
      Folder,
    ]
    expect(recent).toMatchObject({
      type: 'bookmark',
      title: 'Recent',
      href: 'place:parent=toolbar_____&sort=12',
    })
    expect(separator.type).toBe('separator')
    expect(toolbar).toMatchObject({
      type: 'folder',
      title: 'Bookmarks Toolbar',
      toolbar: true,
      folded: false,
      added: 1600000000_000,
      modified: 1650000000_000,
      description: 'Add bookmarks to this folder to see them displayed on the Bookmarks Toolbar',
    })
    expect(other).toMatchObject({ title: 'Other Bookmarks', unfiled: true })
    expect(countNodes(collection.root)).toEqual({
      bookmarks: 4,
      folders: 2,
      separators: 1,
      aliases: 0,
      tags: 2,
    })
  })

  it('should keep every Netscape bookmark field', () => {
    const [, mdn, google, feed] = bookmarksOf(parseFixture('netscape/firefox.html'))
    expect(mdn).toMatchObject({
      href: 'https://developer.mozilla.org/en-US/',
      tags: ['docs', 'web'],
      iconUri: 'https://developer.mozilla.org/favicon.ico',
      added: 1600000001_000,
      modified: 1600000002_000,
    })
    expect(mdn!.icon).toMatch(/^data:image\/png;base64,iVBOR/)
    expect(google).toMatchObject({
      title: 'Google & friends',
      shortcutUrl: 'g',
      postData: 'q=%s',
      lastCharset: 'UTF-8',
      description: 'Search with the keyword "g"',
    })
    expect(feed).toMatchObject({ feed: true, feedUrl: 'https://example.org/feed.xml' })
  })

  it('should keep nested folders from a Chrome export, including an empty one', () => {
    const collection = parseFixture('netscape/chrome.html')
    const bar = collection.root.children[0] as Folder
    const level1 = bar.children[1] as Folder
    const level2 = level1.children[0] as Folder
    const level3 = level2.children[0] as Folder
    expect([bar.title, level1.title, level2.title, level3.title]).toEqual([
      'Bookmarks bar',
      'Level 1',
      'Level 2',
      'Empty level 3',
    ])
    expect(level3.children).toEqual([])
    expect(bookmarksOf(collection)[0]!.title).toBe('Лучшие публикации за сутки / Хабр')
    expect(bookmarksOf(collection)[1]).toMatchObject({
      title: `Tom & Jerry's "best"`,
      href: 'https://example.com/?a=1&b=2',
    })
    // LAST_MODIFIED="0" is "unknown": left out, with a warning each.
    expect(rules(collection)).toEqual(['netscape/invalid-date', 'netscape/invalid-date'])
  })

  it('should read Pinboard files with several items on one line, TAGS, PRIVATE and TOREAD', () => {
    const collection = parseFixture('netscape/pinboard.html')
    const [a, b, c] = bookmarksOf(collection)
    expect(a).toMatchObject({
      title: 'A',
      private: true,
      toRead: false,
      tags: ['read later', 'web', 'css'],
      description: 'First note',
    })
    expect(b).toMatchObject({ title: 'B', private: false, toRead: true, tags: [] })
    expect(c!.tags).toEqual(['c++', 'C#'])
  })

  it('should normalize dates in seconds, milliseconds and microseconds to the same second', () => {
    const [a, b, c] = bookmarksOf(parseFixture('netscape/pinboard.html'))
    expect(a!.added).toBe(1466271584_000)
    expect(b!.added).toBe(1466271585_000)
    expect(c!.added).toBe(1466271586_000)
    expect(rules(parseFixture('netscape/pinboard.html'))).toEqual([
      'netscape/nonstandard-date',
      'netscape/nonstandard-date',
    ])
  })

  it('should read lower-case tags, any attribute quoting and items spread over several lines', () => {
    const collection = parseFixture('netscape/quirks.html')
    expect(collection.title).toBe('Quirky')
    const folder = collection.root.children[0] as Folder
    expect(folder).toMatchObject({ title: 'lower case folder', folded: true, added: 1500000000_000 })
    const [single, unquoted, multi] = folder.children as Bookmark[]
    expect(single).toMatchObject({ title: 'single quoted', href: 'https://single.example/' })
    expect(unquoted).toMatchObject({ title: 'unquoted', href: 'https://unquoted.example/path?x=1' })
    expect(multi).toMatchObject({
      title: 'title spread over lines',
      // A <DD> at the start of its line shows no layout: the indentation is the author's.
      description: 'first line\n   second line\n      indented third',
    })
  })

  it('should read text the way HTML does: entities once, stray < as text, markup in a title as its text', () => {
    const titles = bookmarksOf(parseFixture('netscape/quirks.html')).map((bookmark) => bookmark.title)
    expect(titles).toContain('a < b && 1<2 bold')
  })

  it('should keep markup inside a description as text', () => {
    const next = bookmarksOf(parseFixture('netscape/quirks.html')).find(
      (bookmark) => bookmark.title === 'next',
    )
    expect(next!.description).toBe('desc with <b>markup</b> & <script>alert(1)</script> kept as text')
  })

  it('should ignore comments and script contents, and warn about content after the list', () => {
    const collection = parseFixture('netscape/quirks.html')
    const hrefs = bookmarksOf(collection).map((bookmark) => bookmark.href)
    expect(hrefs).not.toContain('https://not.a.bookmark/')
    expect(hrefs).not.toContain('https://script.example/')
    expect(rules(collection)).toContain('netscape/trailing-content')
  })

  it('should close an unclosed <A> at the next entry, with a warning', () => {
    const collection = parseFixture('netscape/quirks.html')
    const titles = bookmarksOf(collection).map((bookmark) => bookmark.title)
    expect(titles).toContain('unclosed title')
    expect(titles).toContain('next')
    const warning = collection.warnings.find((item) => item.rule === 'netscape/unclosed-tag')
    expect(warning).toMatchObject({ file: 'netscape/quirks.html', line: 19, column: 1 })
  })

  it('should repair broken structure with a warning at line:column for each repair, never throwing', () => {
    const collection = parseFixture('netscape/broken.html')
    expect(rules(collection)).toEqual([
      'netscape/invalid-date',
      'netscape/invalid-date',
      'netscape/invalid-date',
      'netscape/missing-href',
      'netscape/list-without-heading',
      'netscape/invalid-date',
      'netscape/unbalanced-list',
      'netscape/outside-list',
      'netscape/unclosed-list',
      'netscape/dangling-alias',
    ])
    expect(collection.warnings[0]).toMatchObject({
      line: 5,
      column: 9,
      message: expect.stringContaining('ADD_DATE'),
    })
    expect(collection.warnings.find((w) => w.rule === 'netscape/unbalanced-list')).toMatchObject({
      line: 14,
      column: 1,
    })
    const titles = bookmarksOf(collection).map((bookmark) => bookmark.title)
    expect(titles).toEqual([
      'dates',
      'no href',
      'in a list without heading',
      'absurd date',
      'dangling alias',
      'after the end',
      'inside',
    ])
    const noHref = bookmarksOf(collection)[1]!
    expect(noHref.href).toBeUndefined()
    expect(noHref.description).toBe('orphan? no, describes the entry above')
    expect(bookmarksOf(collection)[0]!.added).toBeUndefined()
  })

  it('should turn ALIASOF into an alias of the ALIASID bookmark and keep unknown attributes', () => {
    const collection = parseFixture('netscape/aliases.html')
    expect(collection.root).toMatchObject({
      title: 'Aliases',
      description: 'Collection with an alias pair',
      modified: 938494700_000,
    })
    const [primary, perl, slice] = collection.root.children as [Bookmark, Folder, Bookmark]
    expect(primary).toMatchObject({ id: '0', title: "O'Reilly & Associates" })
    expect(perl.folded).toBe(true)
    expect(perl.description).toBeUndefined()
    expect(perl.children[0]).toMatchObject({ type: 'alias', ref: '0' })
    const perlCom = perl.children[1] as Bookmark
    expect({ ...perlCom.attributes }).toEqual({ ID: 'rdf:#$abc', SCHEDULE: 'weekly' })
    expect(slice).toMatchObject({ webSlice: true, isLivePreview: true, previewSize: '300 x 200' })
    expect(countNodes(collection.root)).toMatchObject({ bookmarks: 3, aliases: 1 })
    expect(collection.warnings).toEqual([])
  })

  it('should give every node its source place', () => {
    const collection = parseFixture('netscape/chrome.html')
    const bar = collection.root.children[0] as Folder
    expect(bar.place).toEqual({ file: 'netscape/chrome.html', line: 9, column: 9 })
    expect(bar.children[0]!.place).toEqual({ file: 'netscape/chrome.html', line: 11, column: 13 })
  })

  it('should read files without DOCTYPE, TITLE, H1 or a top-level <DL>', () => {
    const collection = parseText(
      '<DT><H3>Folder</H3>\n<DL><p>\n<DT><A HREF="https://x.example/">x</A>\n</DL><p>\n<DT><A HREF="https://y.example/">y</A>\n',
    )
    expect(collection.warnings).toEqual([])
    expect((collection.root.children[0] as Folder).children).toHaveLength(1)
    expect(collection.root.children[1]).toMatchObject({ title: 'y' })
  })

  it('should keep <DT> wrappers with explicit </DT> and <DL> without <p>', () => {
    const collection = parseText(
      '<DL>\n<DT>\n<H3 PERSONAL_TOOLBAR_FOLDER="true">Menu</H3>\n<DL>\n<DT>\n<A HREF="http://google.com">Google</A>\n</DT>\n</DL>\n</DT>\n</DL>\n',
    )
    const menu = collection.root.children[0] as Folder
    expect(menu).toMatchObject({ title: 'Menu', toolbar: true })
    expect(menu.children).toHaveLength(1)
    expect(collection.warnings).toEqual([])
  })

  it('should read a text ADD_DATE (Apache log form) with a warning', () => {
    const collection = parseText(
      '<DL><DT><A HREF="https://a.example/" ADD_DATE="10/Oct/2000:13:55:36 +0300">a</A></DL>',
    )
    expect(bookmarksOf(collection)[0]!.added).toBe(971175336_000)
    expect(rules(collection)).toEqual(['netscape/nonstandard-date'])
  })

  it('should take a Scuttle description attribute as the description', () => {
    const collection = parseText(
      '<dl><dt><a href="https://a.example/" description="from the attribute" tags="x">a</a></dl>',
    )
    expect(bookmarksOf(collection)[0]).toMatchObject({ description: 'from the attribute', tags: ['x'] })
  })

  it('should refuse an ordinary web page, and a file of bare <DT>s, naming where it looked', () => {
    const webPage = `<!DOCTYPE html>
<html lang="en"><head><title>My notes</title></head>
<body>
  <h3>Links I liked</h3>
  <p>See <a href="https://a.example/">this</a> and <a href="https://b.example/">that</a>.</p>
</body></html>
`
    expect(refusal(webPage, 'notes.html')).toBe(
      'notes.html:4:3: Not a bookmark file: it has neither the <!DOCTYPE NETSCAPE-Bookmark-file-1> line nor a bookmark list (<DL> holding <DT><A HREF=…> or <DT><H3> entries), which browsers look for when they import bookmark HTML; it reads as an ordinary web page [netscape/not-bookmarks]',
    )
    expect(
      refusal('<!DOCTYPE html><ul><li><a href="https://a.example/">a</a></li></ul>', 'list.html'),
    ).toMatch(/^list\.html:1:24: Not a bookmark file: .* \[netscape\/not-bookmarks\]$/)
    expect(refusal('<DT>\n<DT>\n<DT>\n', 'dt.html')).toMatch(/^dt\.html:1:1: Not a bookmark file: /)
  })

  it('should read bookmark lists without the doctype, as browsers import them', () => {
    // Google Bookmarks' export (no doctype), entries outside any <DL> (Chromium reads them line by
    // line), and a list whose entries lack <DT>.
    const google = parseText(
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n<DT><H3>Unlabeled</H3>\n<DL><p>\n<DT><A HREF="https://a.example/">a</A>\n</DL><p>\n</DL><p>\n',
    )
    expect(countNodes(google.root)).toMatchObject({ bookmarks: 1, folders: 1 })
    expect(
      bookmarksOf(
        parseText('<DT><A HREF="https://a.example/">a</A>\n<DT><A HREF="https://b.example/">b</A>\n'),
      ),
    ).toHaveLength(2)
    expect(bookmarksOf(parseText('<dl><a href="https://a.example/">a</a><hr></dl>'))).toHaveLength(1)
    // The doctype alone makes a bookmark file, however empty.
    expect(
      countNodes(parseText('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<p>nothing here</p>\n').root).bookmarks,
    ).toBe(0)
  })

  it("should read Vivaldi's separators (bookmarks to http://bookmark.placeholder.url/) as separators", () => {
    const collection = parseFixture('netscape/vivaldi.html')
    expect(collection.warnings).toEqual([])
    expect(countNodes(collection.root)).toMatchObject({ bookmarks: 4, folders: 2, separators: 3 })
    const bar = collection.root.children[0] as Folder
    expect(bar.children.map((node) => node.type)).toEqual(['bookmark', 'separator', 'bookmark', 'folder'])
    expect(bar.children[1]).toEqual({
      type: 'separator',
      place: { file: 'netscape/vivaldi.html', line: 12, column: 13 },
    })
    expect((bar.children[3] as Folder).children.map((node) => node.type)).toEqual([
      'bookmark',
      'separator',
      'bookmark',
      'separator',
    ])
  })

  it('should decode entities exactly once, in titles, attributes and descriptions', () => {
    const collection = parseText(
      '<DL><DT><A HREF="https://a.example/?x=1&amp;y=2" TAGS="a&amp;b">&amp;lt; &#39;q&#39; &eacute;</A><DD>&amp;#39; stays &amp;#39;</DL>',
    )
    expect(bookmarksOf(collection)[0]).toMatchObject({
      href: 'https://a.example/?x=1&y=2',
      tags: ['a&b'],
      title: "&lt; 'q' é",
      description: '&#39; stays &#39;',
    })
  })

  it('should not crash or recurse on 10,000 nested folders', () => {
    const depth = 10_000
    const text =
      '<DL><p>' +
      '<DT><H3>f</H3><DL><p>'.repeat(depth) +
      '<DT><A HREF="https://deep.example/">deep</A>' +
      '</DL><p>'.repeat(depth + 1)
    const collection = parseNetscape(text, 'deep.html')
    expect(countNodes(collection.root)).toMatchObject({ bookmarks: 1, folders: depth })
  })

  it('should read an empty file as an empty collection with a warning', () => {
    const collection = parseText('')
    expect(collection.root.children).toEqual([])
    expect(rules(collection)).toEqual(['source/empty'])
  })
})

describe('TAGS separators', () => {
  it('should split on commas when the file uses commas, keeping tags with spaces', () => {
    const collection = parseText(
      '<DL><DT><A HREF="https://a.example/" TAGS="Read Later">a</A><DT><A HREF="https://b.example/" TAGS="x, y z">b</A></DL>',
    )
    expect(bookmarksOf(collection).map((bookmark) => bookmark.tags)).toEqual([['Read Later'], ['x', 'y z']])
  })

  it('should read a value without commas as one tag when nothing says spaces separate (Firefox)', () => {
    const collection = parseText(
      '<DL><DT><A HREF="https://a.example/" TAGS="read later">a</A><DT><A HREF="https://b.example/" TAGS="one">b</A></DL>',
    )
    expect(bookmarksOf(collection).map((bookmark) => bookmark.tags)).toEqual([['read later'], ['one']])
    expect(rules(collection)).not.toContain('netscape/space-separated-tags')
  })

  it('should split on spaces, with a warning that counts them, with PRIVATE on entries (Shaarli)', () => {
    const collection = parseText(
      '<DL><DT><A HREF="https://a.example/" PRIVATE="1" TAGS="private secret">a</A><DT><A HREF="https://b.example/" PRIVATE="0" TAGS="one">b</A></DL>',
    )
    expect(bookmarksOf(collection).map((bookmark) => bookmark.tags)).toEqual([['private', 'secret'], ['one']])
    const warning = collection.warnings.find((w) => w.rule === 'netscape/space-separated-tags')
    expect(warning?.message).toMatch(/in 1 bookmark:/)
  })

  it('should split on spaces when the file names a space-separating producer before its entries', () => {
    const collection = parseText(
      '<!-- Scuttle export --><DL><DT><A HREF="https://a.example/" TAGS="x y">a</A></DL>',
    )
    expect(bookmarksOf(collection)[0]!.tags).toEqual(['x', 'y'])
  })
})

describe('descriptions as written', () => {
  const note = (html: string) => bookmarksOf(parseText(html))[0]!.description

  it('should keep indentation (Markdown code blocks, nested lists) and trailing spaces (hard breaks)', () => {
    const text = 'Code:\n\n    x = 1\n    y = 2\n\nline one  \nline two\n- a\n  - b'
    expect(note(`<DL><DT><A HREF="https://a.example/">a</A>\n<DD>${text}\n</DL>`)).toBe(text)
    // A note whose every continuation line is indented (a code block after its first line).
    expect(note('<DL><DT><A HREF="https://a.example/">a</A>\n<DD>Run:\n    make\n    make test\n</DL>')).toBe(
      'Run:\n    make\n    make test',
    )
  })

  it('should remove the layout of an exporter that lines wrapped text up with its markup', () => {
    const html =
      '<DL><p>\n    <DT><A HREF="https://a.example/">a</A>\n    <DD>Wrapped by the\n      exporter, with\n      a hanging indent\n</DL>'
    expect(note(html)).toBe('Wrapped by the\nexporter, with\na hanging indent')
  })
})

describe('informational warnings', () => {
  it('should say when an HREF is relative or cannot be parsed, and keep it as written', () => {
    const collection = parseText(
      '<DL><DT><A HREF="?lY47tw">note</A><DT><A HREF="http://exa mple.com/">bad</A><DT><A HREF="https://ok.example/">ok</A><DT><A HREF="javascript:void(0)">js</A></DL>',
    )
    expect(bookmarksOf(collection).map((bookmark) => bookmark.href)).toEqual([
      '?lY47tw',
      'http://exa mple.com/',
      'https://ok.example/',
      'javascript:void(0)',
    ])
    expect(rules(collection)).toEqual(['netscape/relative-href', 'netscape/unparsable-href'])
    expect(collection.warnings[0]).toMatchObject({ line: 1, column: 9 })
  })

  it('should take tabs and line breaks out of an HREF, and controls and spaces around it, as the URL parser does', () => {
    const collection = parseText(
      '<DL><DT><A HREF="https://a.example/long&#10;-path\n  /x&#9;y">a</A>\n<DT><A HREF="&#31; https://b.example/ &#13;&#10;" FEEDURL=" https://b.example/feed&#10;.xml ">b</A></DL>',
    )
    expect(bookmarksOf(collection).map((bookmark) => [bookmark.href, bookmark.feedUrl])).toEqual([
      ['https://a.example/long-path  /xy', undefined],
      ['https://b.example/', 'https://b.example/feed.xml'],
    ])
    expect(rules(collection)).toEqual([])
    expect(writeNetscape(collection).text).not.toMatch(/&#(9|10|13|31);/)
  })

  it('should hand the parser what is not a plain URL: an IPv4 address out of range, a broken punycode name', () => {
    const collection = parseText(
      '<DL><DT><A HREF="http://1.2.3.999/">ip</A><DT><A HREF="http://xn--a.example/">puny</A><DT><A HREF="https://ok.example/a%zz?q=1#f">ok</A></DL>',
    )
    expect(rules(collection)).toEqual(['netscape/unparsable-href', 'netscape/unparsable-href'])
  })

  it('should say when ICON is not a data: URI, on bookmarks and folders', () => {
    const collection = parseText(
      '<DL><DT><H3 ICON="https://a.example/f.ico">F</H3><DL><DT><A HREF="https://a.example/" ICON="https://a.example/favicon.ico">a</A><DT><A HREF="https://b.example/" ICON="data:image/png;base64,AAAA">b</A></DL></DL>',
    )
    expect(rules(collection)).toEqual(['netscape/icon-not-data', 'netscape/icon-not-data'])
    expect(bookmarksOf(collection)[0]!.icon).toBe('https://a.example/favicon.ico')
  })
})
