import { describe, expect, it } from 'vitest'
import { BookgenError } from '../../../src/model/errors.js'
import { countNodes, type Bookmark, type Folder, type XmlElement } from '../../../src/model/tree.js'
import { parseXbel } from '../../../src/formats/xbel/read.js'
import { writeXbel } from '../../../src/formats/xbel/write.js'
import { bookmarksOf, parseFixture, parseText, withoutPlaces } from '../../helpers.js'

const rules = (collection: { warnings: Array<{ rule: string }> }) =>
  collection.warnings.map((warning) => warning.rule)

function parseError(text: string, file = 'bad.xbel'): BookgenError {
  try {
    parseXbel(text, file)
  } catch (error) {
    if (error instanceof BookgenError) return error
    throw error
  }
  throw new Error('expected a BookgenError')
}

describe('parseXbel', () => {
  it('should read every XBEL element and attribute, keeping document order', () => {
    const collection = parseFixture('xbel/plain.xbel')
    expect(collection).toMatchObject({ format: 'xbel', version: '1.0', title: 'My   bookmarks' })
    expect(collection.warnings).toEqual([])
    const root = collection.root
    expect(root).toMatchObject({
      id: 'root',
      added: Date.UTC(2001, 1, 3),
      description: 'Top-level\ndescription',
    })
    expect(root.children.map((node) => node.type)).toEqual([
      'bookmark',
      'separator',
      'folder',
      'alias',
      'bookmark',
    ])
    const [first, , toolbar, alias, fourth] = root.children as [
      Bookmark,
      unknown,
      Folder,
      { ref: string },
      Bookmark,
    ]
    expect(first).toMatchObject({
      href: 'https://first.example/',
      id: 'b1',
      title: 'First & <best> é🚀',
      description: 'Line one\nLine two',
      added: Date.UTC(2020, 0, 2, 3, 4),
      modified: Date.UTC(2020, 0, 2, 3, 4, 5),
      visited: Date.UTC(2020, 0, 2, 3, 4, 5, 678),
      iconName: 'www',
    })
    expect(toolbar).toMatchObject({
      id: 'f1',
      title: 'Toolbar',
      folded: false,
      toolbar: true,
      iconName: 'folder-red',
      added: Date.UTC(2005, 8, 30, 21, 5, 28),
    })
    expect(toolbar.children.map((node) => node.type)).toEqual(['bookmark', 'folder', 'separator', 'bookmark'])
    const nested = toolbar.children[1] as Folder
    expect(nested).toMatchObject({ id: 'f2', folded: true })
    expect(nested.children).toEqual([
      expect.objectContaining({ type: 'alias', ref: 'b1' }),
      expect.objectContaining({ type: 'alias', ref: 'f1' }),
    ])
    expect(alias.ref).toBe('f2')
    expect(fourth.title).toBe('Fourth <raw> & cdata')
    expect((toolbar.children[0] as Bookmark).href).toBe('https://second.example/?a=1&b=2')
    expect(countNodes(root)).toEqual({ bookmarks: 4, folders: 2, separators: 2, aliases: 3, tags: 0 })
  })

  it('should give every node its source place', () => {
    const collection = parseFixture('xbel/plain.xbel')
    expect(collection.root.place).toEqual({ file: 'xbel/plain.xbel', line: 4, column: 1 })
    expect(collection.root.children[0]!.place).toEqual({ file: 'xbel/plain.xbel', line: 8, column: 3 })
    expect(collection.root.children[1]!.place).toEqual({ file: 'xbel/plain.xbel', line: 13, column: 3 })
  })

  it('should read Desktop Bookmark metadata, with and without namespace prefixes', () => {
    const [pdf, page] = bookmarksOf(parseFixture('xbel/desktop.xbel'))
    expect(pdf).toMatchObject({
      href: 'file:///home/user/Documents/report.pdf',
      mimeType: 'application/pdf',
      tags: ['Office', 'Viewer'],
      private: true,
      desktopIcon: { href: 'file:///usr/share/icons/pdf.png', name: 'application-pdf', type: 'image/png' },
      applications: [
        { name: 'Document Viewer', exec: "'evince %u'", count: 3, modified: Date.UTC(2024, 4, 3, 12) },
        { name: 'Files', exec: "'nautilus %u'", count: 1, timestamp: 1714730400_000 },
      ],
    })
    expect(pdf!.info).toEqual([
      {
        owner: 'http://freedesktop.org',
        attributes: {},
        children: [{ name: 'bookmark:custom', attributes: {}, children: ['kept as it is'] }],
      },
    ])
    expect(page).toMatchObject({
      mimeType: 'text/html',
      applications: [{ name: 'firefox', exec: 'firefox %u', count: 1 }],
    })
    expect(page!.info).toBeUndefined()
  })

  it('should keep other owners’ metadata whole, and namespace declarations it may need', () => {
    const collection = parseFixture('xbel/kde.xbel')
    expect(collection.version).toBeUndefined()
    expect({ ...collection.root.attributes }).toEqual({ 'xmlns:kdepriv': 'http://www.kde.org/kdepriv' })
    expect(collection.root.info?.[0]?.owner).toBe('http://www.kde.org')
    const home = bookmarksOf(collection)[0]!
    expect(home.desktopIcon).toEqual({ name: 'user-home' })
    expect(rules(collection)).toEqual(['xbel/icon-without-href'])
    const kde = home.info!.find((metadata) => metadata.owner === 'http://www.kde.org')!
    expect(kde.children.map((child) => (child as XmlElement).name)).toEqual([
      'ID',
      'isSystemItem',
      'OnlyInApp',
      'kdepriv:visit_count',
    ])
    expect(kde.children[3]).toEqual({
      name: 'kdepriv:visit_count',
      attributes: { level: 'a&b' },
      children: ['7'],
    })
  })

  it('should read Floccus files: PUBLIC DOCTYPE, numeric ids, comments', () => {
    const collection = parseFixture('xbel/floccus.xbel')
    const bank = (collection.root.children[0] as Folder).children[0] as Folder
    expect(bank.children.map((node) => (node as Bookmark).id)).toEqual(['3', '4'])
    expect((bank.children[1] as Bookmark).title).toBe('Bank 2 because 2 gt 1 !#€')
    expect(rules(collection)).toEqual(['xbel/unknown-attribute', 'xbel/unknown-attribute'])
    expect({ ...(collection.root.children[0] as Folder).attributes }).toEqual({ title: 'admin' })
  })

  it('should read the W3C-DTF profiles and warn about invalid dates', () => {
    const collection = parseXbel(
      '<xbel><bookmark href="a:" added="2005-13-01"/><bookmark href="b:" added="2005-09-30T10:00"/><bookmark href="c:" visited="soon"/></xbel>',
      'dates.xbel',
    )
    expect(rules(collection)).toEqual(['xbel/invalid-date', 'xbel/nonstandard-date', 'xbel/invalid-date'])
    const [a, b, c] = bookmarksOf(collection)
    expect(a!.added).toBeUndefined()
    expect(b!.added).toBe(Date.UTC(2005, 8, 30, 10))
    expect(c!.visited).toBeUndefined()
  })

  it('should warn about dangling aliases, duplicate ids, missing href and unknown versions', () => {
    const collection = parseXbel(
      '<xbel version="2.0"><bookmark id="x" href="a:"/><folder id="x"/><alias ref="nowhere"/><bookmark/></xbel>',
      'odd.xbel',
    )
    expect(rules(collection)).toEqual([
      'xbel/unknown-version',
      'xbel/duplicate-id',
      'xbel/missing-href',
      'xbel/dangling-alias',
    ])
    expect(collection.version).toBe('2.0')
  })

  it('should read an alias to an ancestor folder without recursing', () => {
    const collection = parseXbel(
      '<xbel><folder id="a"><folder id="b"><alias ref="a"/></folder></folder></xbel>',
      'loop.xbel',
    )
    expect(collection.warnings).toEqual([])
    expect(countNodes(collection.root)).toMatchObject({ folders: 2, aliases: 1 })
  })

  it('should skip elements XBEL does not allow where they stand, naming the element they are in', () => {
    const text =
      '<xbel><x/><folder><title>F</title><y/><bookmark href="a:"><title>B</title><desc>D</desc>' +
      '<separator/><alias ref="f"/><folder/></bookmark></folder></xbel>'
    // The same on the careful path (a non-ASCII name sends the whole text there).
    for (const [file, source] of [
      ['odd.xbel', text],
      ['odd-careful.xbel', text.replace('<x/>', '<ẋ/>')],
    ] as const) {
      const collection = parseXbel(source, file)
      expect(collection.warnings.map(({ message }) => message)).toEqual([
        `<${source.includes('ẋ') ? 'ẋ' : 'x'}> is not an XBEL element inside <xbel>; skipped it`,
        '<y> is not an XBEL element inside <folder>; skipped it',
        '<separator> is not an XBEL element inside <bookmark>; skipped it',
        '<alias> is not an XBEL element inside <bookmark>; skipped it',
        '<folder> is not an XBEL element inside <bookmark>; skipped it',
      ])
      expect(rules(collection).every((rule) => rule === 'xbel/unknown-element')).toBe(true)
      const folder = collection.root.children[0] as Folder
      expect(folder.title).toBe('F')
      expect(folder.children).toHaveLength(1)
      expect(folder.children[0]).toMatchObject({ type: 'bookmark', title: 'B', description: 'D' })
    }
  })

  it('should read a file the fast scan gives up on afresh, without warnings from the abandoned scan', () => {
    // The scan reads the first bookmark, then leaves the non-ASCII element name to the fallback.
    const collection = parseXbel(
      '<xbel><bookmark href="a:" added="soon"><title>&bogus;</title></bookmark><föö/></xbel>',
      'late.xbel',
    )
    expect(collection.warnings.map(({ line, column, rule }) => `${line}:${column} ${rule}`)).toEqual([
      '1:7 xbel/invalid-date',
      '1:40 xbel/unknown-entity',
      '1:73 xbel/unknown-element',
    ])
    expect(collection.warnings[2]!.message).toBe('<föö> is not an XBEL element inside <xbel>; skipped it')
    expect(countNodes(collection.root)).toMatchObject({ bookmarks: 1 })
    expect(collection.root.children[0]!.place).toEqual({ file: 'late.xbel', line: 1, column: 7 })
  })

  it('should decode an undeclared HTML entity (Arora) with a warning, and keep unknown ones literally', () => {
    const collection = parseXbel(
      '<!DOCTYPE xbel>\n<xbel><bookmark href="a:"><title>Title&nbsp;3 &bogus;</title></bookmark></xbel>',
      'arora.xbel',
    )
    expect(bookmarksOf(collection)[0]!.title).toBe('Title\u00a03 &bogus;')
    expect(rules(collection)).toEqual(['xbel/undeclared-entity', 'xbel/unknown-entity'])
  })
})

describe('XBEL safety', () => {
  it('should not expand DTD entities (billion laughs) and stay fast', () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE xbel [',
      ' <!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
      ),
      ']>',
      '<xbel><bookmark href="https://a.example/"><title>&lol9;</title></bookmark></xbel>',
    ].join('\n')
    const collection = parseXbel(lol, 'lol.xbel')
    expect(bookmarksOf(collection)[0]!.title).toBe('&lol9;')
    expect(rules(collection)).toEqual(['xbel/unknown-entity'])
  })

  it('should not expand a large entity referenced many times (quadratic blow-up)', () => {
    const big = 'x'.repeat(100_000)
    const text = `<!DOCTYPE xbel [<!ENTITY big "${big}">]>\n<xbel><title>${'&big;'.repeat(10_000)}</title></xbel>`
    const collection = parseXbel(text, 'quadratic.xbel')
    expect(collection.title.length).toBeLessThan(60_000)
    expect(collection.title).not.toContain('xxxx')
  })

  it('should never fetch or read external entities (XXE)', () => {
    const xxe =
      '<?xml version="1.0"?>\n<!DOCTYPE xbel [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<xbel><title>&xxe;</title></xbel>'
    const collection = parseXbel(xxe, 'xxe.xbel')
    expect(collection.title).toBe('&xxe;')
    expect(collection.title).not.toContain('root:')
  })

  it('should keep values literally: no number or boolean parsing', () => {
    const collection = parseXbel(
      '<xbel><bookmark href="007" id="0012"><title>007</title><desc>true</desc></bookmark></xbel>',
      'v.xbel',
    )
    expect(bookmarksOf(collection)[0]).toMatchObject({
      href: '007',
      id: '0012',
      title: '007',
      description: 'true',
    })
  })

  it('should treat __proto__ and constructor as plain names', () => {
    const collection = parseXbel(
      '<xbel __proto__="x"><bookmark href="a:" constructor="y"><info><metadata owner="o"><__proto__ toString="1">p</__proto__></metadata></info></bookmark></xbel>',
      'proto.xbel',
    )
    const bookmark = bookmarksOf(collection)[0]!
    expect(bookmark.attributes?.['constructor']).toBe('y')
    expect(collection.root.attributes?.['__proto__']).toBe('x')
    expect(bookmark.info![0]!.children[0]).toEqual({
      name: '__proto__',
      attributes: { toString: '1' },
      children: ['p'],
    })
    expect(({} as Record<string, unknown>)['x']).toBeUndefined()
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
  })

  it('should name the element nested too deep, at its place, and the limits the README gives', () => {
    // Folders from level 2 down, one per line: the one at level 1,001 (line 1,001) is one too many.
    const folders = Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i % 4)}<folder>\n`).join('')
    const deep = `<xbel>\n${folders}${'</folder>'.repeat(1000)}</xbel>`
    const error = parseError(deep, 'deep.xbel')
    expect(error.format()).toBe(
      'deep.xbel:1001:4: <folder> is nested more than 1,000 elements deep; bookgen reads XML nested up to 1,000 deep ' +
        '(folders deeper than 256 are merged into the folder at that depth) [xbel/too-deep]',
    )
    // One level less is read, its folders below 256 merged.
    const fine = `<xbel>\n${'<folder>'.repeat(999)}${'</folder>'.repeat(999)}</xbel>`
    expect(parseText(fine, 'fine.xbel').warnings.map((warning) => warning.rule)).toEqual(['source/too-deep'])
  })

  it('should refuse nesting deeper than the limit with a clear error, not a crash', () => {
    const depth = 1500
    const deep = `<xbel>${'<folder>'.repeat(depth)}${'</folder>'.repeat(depth)}</xbel>`
    const error = parseError(deep, 'deep.xbel')
    expect(error.rule).toBe('xbel/too-deep')
    expect(error.format()).toMatch(/^deep\.xbel:\d+:\d+: /)
  })
})

describe('XBEL errors', () => {
  it('should report not-well-formed XML with the file and the parser’s line:column', () => {
    expect(parseError('<xbel>\n  <title>a & b</title>\n</xbel>').format()).toMatch(
      /^bad\.xbel:2:12: Not well-formed XML: .*\[xbel\/not-well-formed\]$/,
    )
    expect(parseError('<xbel>\n<folder>\n</xbel>').format()).toMatch(
      /^bad\.xbel:3:\d+: .*folder.*\[xbel\/not-well-formed\]$/,
    )
    expect(parseError('<xbel><folder><title>cut').format()).toMatch(
      /ends before <\/title>, <\/folder>, <\/xbel>.*\[xbel\/not-well-formed\]$/,
    )
    expect(parseError('</').rule).toBe('xbel/not-well-formed')
    expect(parseError('<?><!DOCTYPE<<><>>></').rule).toBe('xbel/not-well-formed')
  })

  it('should refuse a document whose root is not <xbel>', () => {
    const error = parseError('<?xml version="1.0"?>\n<note><to>x</to></note>', 'note.xml')
    expect(error.rule).toBe('xbel/wrong-root')
    expect(error.format()).toBe(
      'note.xml:2:1: The root element is <note>, expected <xbel>: this is not an XBEL file [xbel/wrong-root]',
    )
  })
})

describe('XBEL places on the careful path', () => {
  it('should place elements at their start tags, past comments, CDATA and the DOCTYPE', () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE xbel [<!ENTITY a "<b>"> <!-- <c> -->]>\r\n<xbel><!-- <d> --><![CDATA[<e>]]>\r\n<bookmark href="https://a.example/"><title>t</title><\u00e9/></bookmark></xbel>'
    const stats = { careful: false }
    const collection = parseXbel(text, 'a.xbel', { stats })
    expect(stats.careful).toBe(true)
    expect(collection.root.children[0]!.place).toMatchObject({ line: 3, column: 1 })
    expect(collection.warnings.map((w) => [w.rule, w.line, w.column])).toEqual([
      ['xbel/stray-text', 2, 1],
      ['xbel/unknown-element', 3, 53],
    ])
  })
})

describe('XBEL descriptions as written', () => {
  it('should remove pretty-printing, and keep the indentation inside the text', () => {
    const xbel = `<?xml version="1.0"?>\n<xbel version="1.0">\n  <bookmark href="https://a.example/">\n    <title>a</title>\n    <desc>\n      Code:\n\n          make  \n      done\n    </desc>\n  </bookmark>\n</xbel>\n`
    const collection = parseXbel(xbel, 'a.xbel')
    const bookmark = collection.root.children[0] as Bookmark
    expect(bookmark.description).toBe('Code:\n\n    make  \ndone')
  })
})

describe('XBEL titles and addresses as written', () => {
  const xbel = `<?xml version="1.0" encoding="UTF-8"?>
<xbel version="1.0">
  <title> Light  novels </title>
  <folder id="1">
    <title>Spice and  Wolf</title>
    <bookmark href="https://a.example/spice" id="2"><title>
      Spice and  Wolf,
      vol. 2
    </title></bookmark>
    <bookmark href=" https://a.example/long&#10;-path&#9;/x&#13; " id="3"><title>Wrapped</title></bookmark>
  </folder>
</xbel>
`

  it('should keep runs of spaces and line breaks inside a title, trimming only its ends, as Floccus does', () => {
    const collection = parseText(xbel, 'novels.xbel')
    expect(collection.title).toBe('Light  novels')
    const folder = collection.root.children[0] as Folder
    expect(folder.title).toBe('Spice and  Wolf')
    expect(bookmarksOf(collection)[0]!.title).toBe('Spice and  Wolf,\n      vol. 2')
    // XBEL → XBEL gives every title back as it was.
    const written = writeXbel(collection)
    expect(written.warnings).toEqual([])
    const again = parseText(written.text, 'again.xbel')
    expect(withoutPlaces(again.root)).toEqual(withoutPlaces(collection.root))
    expect(again.title).toBe('Light  novels')
  })

  it('should take tabs and line breaks out of an href, and the white space around it, as the URL parser does', () => {
    expect(bookmarksOf(parseText(xbel, 'novels.xbel'))[1]!.href).toBe('https://a.example/long-path/x')
  })
})
