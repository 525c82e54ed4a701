import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import {
  createBookmark,
  createFolder,
  createRecord,
  type Collection,
  type Folder,
} from '../../../src/model/tree.js'
import { parseSource } from '../../../src/formats/index.js'
import { parseNetscape } from '../../../src/formats/netscape/read.js'
import { parseXbel } from '../../../src/formats/xbel/read.js'
import { BOOKGEN_FLAG_FIELDS, BOOKGEN_TEXT_FIELDS } from '../../../src/formats/xbel/metadata.js'
import { writeNetscape } from '../../../src/formats/netscape/write.js'
import { writeXbel } from '../../../src/formats/xbel/write.js'
import { collapseTitle } from '../../../src/formats/shared/titles.js'
import { bookmarksOf, CORPUS, FIXTURES, withoutPlaces } from '../../helpers.js'

/** Fields only XBEL (and Desktop Bookmark metadata) can carry. */
const XBEL_ONLY = new Set(['mimeType', 'applications', 'desktopIcon', 'iconName', 'info'])

const DATES = new Set(['added', 'modified', 'visited'])

/**
 * A tree without places, for comparison. Through Netscape (`viaNetscape`), XBEL-only fields are
 * dropped, dates compared to the second, the format's precision, and titles with their white space
 * as HTML reads it (the writer reports the titles it changes).
 */
function comparable(folder: Folder, viaNetscape = false): unknown {
  return JSON.parse(
    JSON.stringify(folder, (key, value: unknown) => {
      if (key === 'place' || (viaNetscape && XBEL_ONLY.has(key))) return undefined
      if (viaNetscape && DATES.has(key) && typeof value === 'number') return Math.floor(value / 1000) * 1000
      if (viaNetscape && key === 'title' && typeof value === 'string') return collapseTitle(value)
      return value
    }),
  )
}

function expectXbelRoundTrip(collection: Collection): void {
  const { text } = writeXbel(collection)
  expect(XMLValidator.validate(text)).toBe(true)
  const again = parseXbel(text, 'again.xbel')
  expect(withoutPlaces(again.root)).toEqual(withoutPlaces(collection.root))
  expect(again.title).toBe(collection.title)
}

const read = (file: string) => parseSource(readFileSync(file), path.basename(file))

describe('writeXbel', () => {
  it('should write XBEL with the DOCTYPE, namespaces and 2-space indentation; 1.1 for a toolbar', () => {
    // plain.xbel has a toolbar folder (toolbar="yes" is XBEL 1.1's): 1.1 and its DTD.
    const { text } = writeXbel(read(path.join(FIXTURES, 'xbel/plain.xbel')))
    const lines = text.split('\n')
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>')
    expect(lines[1]).toBe(
      '<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.1//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel-1.1.dtd">',
    )
    expect(lines[2]).toMatch(/^<xbel version="1\.1" id="root" added="2001-02-03T00:00:00Z" xmlns:bookmark=/)
    // Without a toolbar: 1.0, as before.
    const flat = read(path.join(FIXTURES, 'xbel/plain.xbel'))
    for (const node of flat.root.children) if (node.type === 'folder') delete node.toolbar
    const plain = writeXbel(flat).text.split('\n')
    expect(plain[1]).toMatch(
      /^<!DOCTYPE xbel PUBLIC "\+\/\/IDN python\.org\/\/DTD XML Bookmark Exchange Language 1\.0\/\/EN\/\/XML"/,
    )
    expect(plain[2]).toMatch(/^<xbel version="1\.0" /)
    expect(text).toContain('  <bookmark href="https://first.example/" id="b1" added="2020-01-02T03:04:00Z"')
    expect(text).toContain('<title>First &amp; &lt;best&gt; é🚀</title>')
  })

  for (const file of readdirSync(path.join(FIXTURES, 'xbel'))) {
    it(`should round-trip fixture ${file}`, () =>
      expectXbelRoundTrip(read(path.join(FIXTURES, 'xbel', file))))
  }

  it('should keep every Netscape-only field in bookgen metadata and say so', () => {
    const root = createFolder('Root')
    const folder = Object.assign(createFolder('Folder'), {
      folded: false,
      modified: 1_000_000_000_000,
      unfiled: true,
      icon: 'data:image/png;base64,AA',
    })
    const bookmark = Object.assign(createBookmark('All fields', 'https://a.example/'), {
      tags: ['x', 'y z'],
      private: false,
      toRead: true,
      icon: 'data:image/png;base64,AAAA',
      iconUri: 'https://a.example/favicon.ico',
      shortcutUrl: 'kw',
      postData: 'q=%s&x=<1>',
      lastCharset: 'ISO-8859-1',
      feed: true,
      feedUrl: 'https://a.example/feed',
      webSlice: false,
      isLivePreview: true,
      previewSize: '1 x 2',
    })
    bookmark.attributes = createRecord()
    bookmark.attributes['DATA-L10N-ID'] = 'bookmarks-menu'
    bookmark.attributes['weird name!'] = 'v'
    folder.children.push(bookmark)
    root.children.push(folder)
    const collection: Collection = {
      format: 'netscape',
      file: 'x.html',
      encoding: 'utf-8',
      title: 'Document title',
      root,
      warnings: [],
    }
    const { text, warnings } = writeXbel(collection)
    expect(text).toContain(
      '<metadata owner="https://bookgen.dev/xbel/1"><bookgen:icon>data:image/png;base64,AAAA</bookgen:icon>',
    )
    expect(warnings.map((warning) => warning.rule)).toEqual(['convert/kept-in-metadata'])
    expect(warnings[0]!.message).toMatch(/postData \(1\)/)
    const again = parseXbel(text, 'again.xbel')
    expect(again.title).toBe('Document title')
    expect(withoutPlaces(again.root)).toEqual(withoutPlaces(root))
  })

  it('should keep each field of the bookgen tables on its own', () => {
    const fields = [
      ...Object.entries(BOOKGEN_TEXT_FIELDS).map(([element, field]) => [element, field, 'v'] as const),
      ...Object.entries(BOOKGEN_FLAG_FIELDS).map(([element, field]) => [element, field, false] as const),
    ]
    for (const [element, field, value] of fields) {
      const root = createFolder('r')
      root.children.push(Object.assign(createBookmark('b', 'https://a.example/'), { [field]: value }))
      const { text } = writeXbel({
        format: 'netscape',
        file: 'x.html',
        encoding: 'utf-8',
        title: '',
        root,
        warnings: [],
      })
      expect(text, field).toContain(`<bookgen:${element}>${String(value)}</bookgen:${element}>`)
    }
  })

  it('should write every alias, and report only those whose id names no bookmark or folder', () => {
    const root = Object.assign(createFolder('r'), { id: 'top' })
    const folder = Object.assign(createFolder('f'), { id: 'f1' })
    folder.children.push(Object.assign(createBookmark('b', 'https://a.example/'), { id: 'b1' }))
    root.children.push(
      folder,
      { type: 'alias', ref: 'b1' },
      { type: 'alias', ref: 'f1' },
      { type: 'alias', ref: 'top' },
      { type: 'alias', ref: 'nowhere' },
      { type: 'alias', ref: 'nowhere' },
    )
    const { text, warnings } = writeXbel({
      format: 'xbel',
      file: 'a.xbel',
      encoding: 'utf-8',
      title: '',
      root,
      warnings: [],
    })
    for (const ref of ['b1', 'f1', 'top', 'nowhere']) expect(text).toContain(`<alias ref="${ref}"/>`)
    expect(warnings.map((warning) => warning.message)).toEqual([
      'XBEL cannot carry aliases whose target id is missing (written anyway): 2 items',
    ])
  })

  it('should drop characters XML forbids, and report it', () => {
    const root = createFolder('r')
    root.children.push(createBookmark('bell\u0007 and NUL\u0000', 'https://a.example/'))
    const { text, warnings } = writeXbel({
      format: 'netscape',
      file: 'c.html',
      encoding: 'utf-8',
      title: '',
      root,
      warnings: [],
    })
    expect(XMLValidator.validate(text)).toBe(true)
    expect(text).toContain('<title>bell and NUL</title>')
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('characters XML 1.0 does not allow (C0 control characters'),
    ])
  })

  it('should keep DEL and the C1 controls, which XML 1.0 allows, as character references', () => {
    // Titles as a real Instapaper export has them: UTF-8 mistaken for windows-1252 somewhere.
    const csv =
      'URL,Title,Selection,Folder\nhttps://a.example/,Caf\u00c3\u0083\u00c2\u0089 \u0085next\u007f,,\n'
    const collection = parseSource(new TextEncoder().encode(csv), 'instapaper.csv')
    const title = 'Caf\u00c3\u0083\u00c2\u0089 \u0085next\u007f'
    expect(bookmarksOf(collection)[0]!.title).toBe(title)
    const { text, warnings } = writeXbel(collection)
    expect(XMLValidator.validate(text)).toBe(true)
    expect(text).toContain('<title>Caf\u00c3&#x83;\u00c2&#x89; &#x85;next&#x7F;</title>')
    expect(text).not.toMatch(/[\u007f-\u009f]/)
    expect(warnings).toEqual([])
    expect(bookmarksOf(parseSource(new TextEncoder().encode(text), 'again.xbel'))[0]!.title).toBe(title)
  })
})

describe('conversions between the formats', () => {
  it('should keep every field both ways on the fixtures: Netscape → XBEL → Netscape', () => {
    for (const file of readdirSync(path.join(FIXTURES, 'netscape'))) {
      const original = read(path.join(FIXTURES, 'netscape', file))
      const back = parseNetscape(writeNetscape(parseXbel(writeXbel(original).text, 'a.xbel')).text, 'b.html')
      expect(comparable(back.root), file).toEqual(comparable(original.root))
    }
  })

  it('should keep what both formats carry, XBEL → Netscape → XBEL, and report the rest', () => {
    for (const file of readdirSync(path.join(FIXTURES, 'xbel'))) {
      const original = read(path.join(FIXTURES, 'xbel', file))
      const netscape = writeNetscape(original)
      const back = parseXbel(writeXbel(parseNetscape(netscape.text, 'a.html')).text, 'b.xbel')
      expect(comparable(back.root, true), file).toEqual(comparable(original.root, true))
    }
    const desktop = writeNetscape(read(path.join(FIXTURES, 'xbel/desktop.xbel')))
    expect(desktop.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('MIME types'),
      expect.stringContaining('application registrations'),
      expect.stringContaining('Desktop Bookmark icons'),
      expect.stringContaining('XBEL metadata blocks'),
    ])
    const plain = writeNetscape(read(path.join(FIXTURES, 'xbel/plain.xbel')))
    expect(plain.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('runs of white space or line breaks inside titles'),
      expect.stringContaining('fractions of a second'),
      expect.stringContaining('XBEL icon names'),
    ])
  })
})

describe('XBEL round trip over the shared corpus', () => {
  if (!existsSync(CORPUS)) {
    console.warn(`skipping the corpus round trips: ${CORPUS} does not exist`)
    it.skip('needs ../shared/corpus', () => {})
    return
  }
  const files = ['xbel', 'netscape'].flatMap((kind) =>
    readdirSync(path.join(CORPUS, kind)).map((name) => path.join(CORPUS, kind, name)),
  )
  for (const file of files) {
    it(`should round-trip ${path.relative(CORPUS, file)} through XBEL, and through the other format`, () => {
      let collection: Collection
      try {
        collection = read(file)
      } catch {
        return // not usable at all: the conformance test checks the error
      }
      expectXbelRoundTrip(collection)
      if (collection.format === 'xbel') {
        const back = parseXbel(
          writeXbel(parseNetscape(writeNetscape(collection).text, 'a.html')).text,
          'b.xbel',
        )
        expect(comparable(back.root, true)).toEqual(comparable(collection.root, true))
      } else {
        const back = parseNetscape(
          writeNetscape(parseXbel(writeXbel(collection).text, 'a.xbel')).text,
          'b.html',
        )
        expect(comparable(back.root)).toEqual(comparable(collection.root))
      }
    })
  }
})

describe('XBEL ids', () => {
  it('should write ids that are not XML Names as Names where aliases need them, and read them back', () => {
    const html =
      '<DL><DT><A HREF="https://a.example/" ALIASID="0">a</A><DT><A HREF="https://a.example/" ALIASOF="0">a</A><DT><A HREF="https://b.example/" ALIASID="b1">b</A></DL>'
    const collection = parseNetscape(html, 'a.html')
    expect(collection.root.children[1]).toMatchObject({ type: 'alias', ref: '0' })
    const { text, warnings } = writeXbel(collection)
    expect(text).toContain('id="_0"')
    expect(text).toContain('<alias ref="_0"/>')
    expect(text).toContain('id="b1"')
    expect(text).toContain('<bookgen:id>0</bookgen:id>')
    expect(XMLValidator.validate(text)).toBe(true)
    expect(warnings.map((w) => w.message).join()).toMatch(/id \(1\)/)
    const back = parseXbel(text, 'a.xbel')
    expect(withoutPlaces(back.root)).toEqual(withoutPlaces(collection.root))
  })

  it('should keep numeric ids as they are in a file without aliases (Floccus)', () => {
    const xbel =
      '<?xml version="1.0"?>\n<xbel version="1.0">\n<folder id="1"><title>F</title><bookmark href="https://a.example/" id="2"><title>a</title></bookmark></folder>\n</xbel>'
    const { text } = writeXbel(parseXbel(xbel, 'f.xbel'))
    expect(text).toContain('<folder id="1"')
    expect(text).toContain('id="2"')
    expect(text).not.toContain('bookgen:id')
  })
})
