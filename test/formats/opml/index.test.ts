/**
 * The OPML reader on fixtures of our own: head fields, link, include and feed outlines, folders,
 * categories as tags, dates, entities, CR-only Latin-1 files, sniffing, and clear errors.
 */
import { describe, expect, it } from 'vitest'
import { opml, rootElementName } from '../../../src/formats/opml/index.js'
import { categoryTags } from '../../../src/formats/opml/outline.js'
import { countNodes, type Bookmark, type Folder } from '../../../src/model/tree.js'
import { bookmarksOf } from '../../helpers.js'
import { read, readError, readFixture, rules, sniffHead } from '../others-input.js'

const titled = (folder: Folder, title: string) =>
  folder.children.find((node) => 'title' in node && node.title === title)

describe('OPML head', () => {
  const collection = readFixture(opml, 'opml/links.opml')

  it('should take the title (as the file has it, ends trimmed) for the collection and the root', () => {
    expect(collection).toMatchObject({ format: 'opml', file: 'opml/links.opml', encoding: 'utf-8' })
    expect(collection.title).toBe('My  reading\n      list')
    expect(collection.root.title).toBe('My  reading\n      list')
  })

  it('should read dateCreated and dateModified as the root dates, and keep every other field', () => {
    expect(collection.root.added).toBe(Date.UTC(2023, 0, 2, 10))
    expect(collection.root.modified).toBe(Date.UTC(2023, 0, 3, 10, 30))
    expect(collection.root.attributes).toEqual({
      version: '2.0',
      'xmlns:custom': 'https://example.org/ns',
      ownerName: 'Ada Example',
      ownerEmail: 'ada@example.org',
      ownerId: 'https://example.org/ada',
      docs: 'http://opml.org/spec2.opml',
      expansionState: '1,3',
      vertScrollState: '1',
      windowTop: '61',
    })
    expect(collection.root.place).toEqual({ file: 'opml/links.opml', line: 3, column: 1 })
  })

  it('should keep a head date it cannot read as text, and the first of a repeated field', () => {
    const text = `<opml version="2.0"><head><dateCreated>someday</dateCreated><ownerName>A</ownerName><ownerName>B</ownerName></head><body/></opml>`
    const collection = read(opml, text, 'head.opml')
    expect(collection.root.added).toBeUndefined()
    expect(collection.root.attributes).toMatchObject({ dateCreated: 'someday', ownerName: 'A' })
    expect(rules(collection)).toEqual(['opml/invalid-date', 'opml/duplicate-head-field'])
  })
})

describe('OPML outlines', () => {
  const collection = readFixture(opml, 'opml/links.opml')
  const root = collection.root

  it('should read outlines without a url as folders, in document order, with their places', () => {
    const tools = titled(root, 'Tools & tips') as Folder
    expect(tools).toMatchObject({
      type: 'folder',
      folded: true,
      added: Date.UTC(2023, 0, 4, 9, 15),
      description: 'Things I use',
      place: { line: 18, column: 5 },
    })
    const deep = ((tools.children[1] as Folder).children[0] as Folder).children[0] as Bookmark
    expect(deep).toMatchObject({
      title: 'Deep link',
      href: 'https://example.org/deep',
      place: { line: 22, column: 11 },
    })
    expect(titled(root, 'A thought, not a link')).toMatchObject({
      type: 'folder',
      children: [],
      attributes: { isComment: 'true' },
    })
    expect(countNodes(root)).toMatchObject({ bookmarks: 8, folders: 6 })
  })

  it('should read a link outline with every field', () => {
    const example = (titled(root, 'Tools & tips') as Folder).children[0] as Bookmark
    expect(example).toMatchObject({
      type: 'bookmark',
      title: 'Example site',
      href: 'https://example.org/',
      added: Date.UTC(2023, 0, 5, 12),
      // An attribute value has no layout: only the spaces around the whole text go.
      description: 'An example.\n  Second line.',
      tags: ['tools', 'Work/Reference'],
      // The tags do not give back the category as written: it is kept.
      attributes: { category: 'tools,/Work/Reference, tools' },
    })
  })

  it('should take the title attribute when there is no text, and keep it when the text wins', () => {
    expect(titled(root, 'Only a title')).toMatchObject({ href: 'https://example.org/title' })
    expect((titled(root, 'Only a title') as Bookmark).attributes).toBeUndefined()
    expect(titled(root, 'Text wins')).toMatchObject({
      href: 'https://example.org/both',
      attributes: { title: 'Other title', type: 'LINK', 'custom:rating': '5' },
    })
  })

  it('should read an include outline as a link to the included file', () => {
    expect(titled(root, 'Another list')).toMatchObject({
      type: 'bookmark',
      href: 'https://example.org/other.opml',
      attributes: { type: 'include' },
    })
  })

  it('should read a link with outlines inside as a folder that starts with the link', () => {
    const folder = titled(root, 'Link with notes') as Folder
    expect(folder.type).toBe('folder')
    expect(folder.children.map((node) => node.type)).toEqual(['bookmark', 'folder'])
    expect(folder.children[0]).toMatchObject({ title: 'Link with notes', href: 'https://example.org/parent' })
  })

  it('should decode references once, HTML entities with a warning, and keep names such as __proto__', () => {
    const cafe = bookmarksOf(collection).find((bookmark) => bookmark.title.startsWith('Café'))!
    expect(cafe.title).toBe('Café \u00a0au lait')
    expect(cafe.href).toBe('https://example.org/cafe?a=1&b=2')
    expect(cafe.attributes?.['__proto__']).toBe('kept')
    expect(Object.getPrototypeOf(cafe.attributes)).toBeNull()
  })

  it('should warn about each repair at its place', () => {
    expect(collection.warnings.map(({ rule, line, column }) => `${rule} ${line}:${column}`)).toEqual([
      'opml/link-with-children 30:5',
      'opml/missing-url 33:5',
      'opml/invalid-date 34:5',
      'opml/undeclared-entity 35:5',
      'opml/unknown-element 36:5',
    ])
    expect(titled(root, 'Broken link')).not.toHaveProperty('href')
    expect(titled(root, 'Bad date')).toMatchObject({ attributes: { created: 'yesterday' } })
  })
})

describe('OPML feeds', () => {
  const collection = readFixture(opml, 'opml/feeds.opml')

  it('should read rss outlines as bookmarks with their feed', () => {
    const [news, feedOnly, podcast, broken] = bookmarksOf(collection)
    expect(news).toMatchObject({
      title: 'Example News',
      href: 'https://news.example.org/',
      feedUrl: 'https://news.example.org/feed.xml',
      feed: true,
      attributes: { version: 'RSS2', language: 'en' },
    })
    expect(feedOnly).toMatchObject({
      href: 'https://feed.example.org/atom',
      feedUrl: 'https://feed.example.org/atom',
    })
    expect(podcast).toMatchObject({
      href: 'https://pod.example.org/',
      feedUrl: 'https://pod.example.org/rss',
      feed: true,
    })
    expect(broken).toMatchObject({ title: 'Broken feed', feed: true })
    expect(broken).not.toHaveProperty('href')
    expect(rules(collection)).toEqual(['opml/missing-url'])
    expect(collection.root.attributes).toEqual({ version: '1.0' })
  })
})

describe('OPML text', () => {
  it('should honour encoding="ISO-8859-1" and count CR-only line ends', () => {
    const collection = readFixture(opml, 'opml/cr-latin1.opml')
    expect(collection.encoding).toBe('windows-1252')
    expect(collection.title).toBe('Café links')
    const [creme, late] = bookmarksOf(collection)
    expect(creme).toMatchObject({ title: 'Crème', place: { line: 7, column: 3 } })
    expect(late!.added).toBe(Date.UTC(2005, 9, 13, 15, 34, 7))
    expect(collection.warnings).toMatchObject([{ rule: 'opml/nonstandard-date', line: 8, column: 3 }])
  })

  it('should count lines in a file that mixes CRLF with a lone LF, as the OPML Editor wrote', () => {
    const text =
      '<opml version="2.0">\r\n<head>\r\n</head>\n<body>\r\n<outline text="a" type="link" url="u"/>\r\n</body></opml>'
    expect(bookmarksOf(read(opml, text, 'mixed.opml'))[0]!.place).toEqual({
      file: 'mixed.opml',
      line: 5,
      column: 1,
    })
  })

  it('should place what decoding said', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('<opml>\r<body>\r<outline text="'),
      0xe9,
      0x22,
      ...new TextEncoder().encode('/></body></opml>'),
    ])
    const collection = read(opml, bytes, 'legacy.opml')
    expect(collection.warnings[0]).toMatchObject({ rule: 'source/assumed-windows-1252', line: 1 })
    expect(collection.root.children[0]).toMatchObject({ title: 'é', place: { line: 3, column: 1 } })
  })

  it('should split categories on commas and drop a path’s leading slash', () => {
    expect(categoryTags('/Boston/Weather, news,,news , /Harvard/Berkman')).toEqual([
      'Boston/Weather',
      'news',
      'Harvard/Berkman',
    ])
  })
})

describe('OPML errors', () => {
  it('should refuse a file without a body', () => {
    const error = readError(
      opml,
      '<?xml version="1.0"?>\n<opml version="2.0">\n  <head><title>x</title></head>\n</opml>',
      'a.opml',
    )
    expect(error.format()).toBe(
      'a.opml:2:1: <opml> has no <body>: there are no outlines to read [opml/no-body]',
    )
  })

  it('should refuse another root, such as an RSS feed', () => {
    const error = readError(opml, '<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>', 'feed.xml')
    expect(error.rule).toBe('opml/wrong-root')
    expect(error.format()).toMatch(/^feed\.xml:2:1: The root element is <rss>/)
  })

  it('should refuse XML that is not well-formed, at its place, under opml/ rules', () => {
    const error = readError(opml, '<opml>\r<body>\r<outline text="a" text="b"/>\r</body></opml>', 'bad.opml')
    expect(error.rule).toBe('opml/not-well-formed')
    expect(error.line).toBe(3)
    const truncated = readError(opml, `<opml><body>${'<outline text="x">'.repeat(500)}`, 'cut.opml')
    expect(truncated.rule).toBe('opml/not-well-formed')
    expect(truncated.message.length).toBeLessThan(400)
    expect(readError(opml, 'not xml at all', 'x.opml').format()).toMatch(
      /^x\.opml:1:1: Not well-formed XML: /,
    )
    expect(readError(opml, ' \n ', 'blank.opml').message).toBe(
      'Not well-formed XML: Not XML: expected a start tag such as <opml>',
    )
  })

  it('should refuse nesting deeper than the XML limit, and never expand a DOCTYPE entity', () => {
    const depth = 100_000
    const deep = `<opml><body>${'<outline>'.repeat(depth)}${'</outline>'.repeat(depth)}</body></opml>`
    expect(readError(opml, deep, 'deep.opml').rule).toBe('opml/too-deep')
    const laughs = `<!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><opml><body><outline text="&b;" type="link" url="x"/></body></opml>`
    const collection = read(opml, laughs, 'laughs.opml')
    expect(bookmarksOf(collection)[0]!.title).toBe('&b;')
    expect(rules(collection)).toEqual(['opml/unknown-entity'])
  })
})

describe('OPML sniffing', () => {
  const sniff = (text: string) => opml.sniff(sniffHead(text, 'x'))

  it('should claim files whose root element is <opml>, past the prolog', () => {
    expect(
      sniff('\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE opml>\n<?pi x?><opml version="2.0">'),
    ).toBe(true)
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'<opml>'].flatMap((c) => [c.charCodeAt(0), 0])])
    expect(opml.sniff(sniffHead(utf16, 'x'))).toBe(true)
  })

  it('should not claim feeds, XBEL, HTML or JSON that mention OPML', () => {
    expect(sniff('<?xml version="1.0"?><rss version="2.0"><channel><title>opml</title>')).toBe(false)
    expect(sniff('<feed xmlns="http://www.w3.org/2005/Atom"><opml>')).toBe(false)
    expect(sniff('<?xml version="1.0"?><!DOCTYPE xbel><xbel version="1.0">')).toBe(false)
    expect(sniff('<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="x.opml">')).toBe(false)
    expect(sniff('{"opml": 1}')).toBe(false)
    expect(sniff('<?xml version="1.0"')).toBe(false)
    expect(rootElementName('<opmlx>')).toBe('opmlx')
  })
})
