import { readdirSync, readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, createRecord, type Collection } from '../../../src/model/tree.js'
import { parseSource } from '../../../src/formats/index.js'
import { parseNetscape } from '../../../src/formats/netscape/read.js'
import { streamNetscape, writeNetscape } from '../../../src/formats/netscape/write.js'
import { streamXbel, writeXbel } from '../../../src/formats/xbel/write.js'
import { CORPUS, FIXTURES, withoutPlaces } from '../../helpers.js'

/** parse → write → parse must give the same tree (places aside). */
function expectRoundTrip(collection: Collection): void {
  const { text } = writeNetscape(collection)
  const again = parseNetscape(text, 'again.html')
  expect(withoutPlaces(again.root)).toEqual(withoutPlaces(collection.root))
  expect(again.title).toBe(collection.title || collection.root.title)
  // Writing repairs what reading repaired; only problems of the data itself may be reported again.
  const original = new Set(collection.warnings.map((warning) => warning.rule))
  for (const warning of again.warnings) expect(original).toContain(warning.rule)
}

const fixtureFiles = readdirSync(path.join(FIXTURES, 'netscape')).filter((file) => file.endsWith('.html'))

describe('writeNetscape', () => {
  it('should write the Firefox/Chrome shape with a UTF-8 META', () => {
    const collection = parseSource(readFileSync(path.join(FIXTURES, 'netscape/firefox.html')), 'firefox.html')
    const { text, warnings } = writeNetscape(collection)
    expect(warnings).toEqual([])
    expect(text.split('\n').slice(0, 9)).toEqual([
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<!-- This is an automatically generated file.',
      '     It will be read and overwritten.',
      '     DO NOT EDIT! -->',
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
      '<meta http-equiv="Content-Security-Policy"',
      `      content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>`,
      '<TITLE>Bookmarks</TITLE>',
      '<H1>Bookmarks Menu</H1>',
    ])
    expect(text).toContain(
      '<DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1650000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>',
    )
    expect(text).toContain('SHORTCUTURL="g" POST_DATA="q=%s" LAST_CHARSET="UTF-8">Google &amp; friends</A>')
    expect(text).toContain('<DD>Search with the keyword "g"')
    expect(text.trimEnd().endsWith('</DL><p>')).toBe(true)
  })

  for (const file of fixtureFiles) {
    it(`should round-trip fixture ${file}`, () => {
      expectRoundTrip(parseSource(readFileSync(path.join(FIXTURES, 'netscape', file)), file))
    })
  }

  it('should round-trip a tree with every Netscape field and hostile text', () => {
    const root = createFolder('Root & <co>')
    root.description = 'line one\n  indented\nline "three"'
    const folder = createFolder('Folder "x" <y>')
    folder.folded = true
    folder.toolbar = true
    folder.added = 1_000_000_000_000
    folder.modified = 1_000_000_001_000
    folder.id = 'f1'
    const bookmark = createBookmark('A <b>title</b> & "quotes"', 'https://a.example/?q="x"&y=<z>')
    Object.assign(bookmark, {
      description: 'desc <DT><A HREF="x">not a bookmark</A>\n&amp; literal',
      tags: ['t1', 'with space', 'ünï'],
      added: 1_100_000_000_000,
      modified: 1_100_000_001_000,
      visited: 1_100_000_002_000,
      private: true,
      toRead: false,
      icon: 'data:image/png;base64,AAAA',
      iconUri: 'https://a.example/favicon.ico',
      shortcutUrl: 'kw',
      postData: 'a=1&b=%s',
      lastCharset: 'ISO-8859-1',
      feed: true,
      feedUrl: 'https://a.example/feed',
      webSlice: false,
      isLivePreview: true,
      previewSize: '10 x 20',
      id: 'b1',
    })
    bookmark.attributes = createRecord()
    bookmark.attributes['DATA-X'] = 'multi\nline\tvalue'
    folder.children.push(bookmark, { type: 'separator' }, { type: 'alias', ref: 'b1' })
    root.children.push(folder)
    const collection: Collection = {
      format: 'netscape',
      file: 'x.html',
      encoding: 'utf-8',
      title: 'Doc title',
      root,
      warnings: [],
    }
    expectRoundTrip(collection)
  })

  it('should report what the Netscape format cannot carry, grouped per field', () => {
    const root = createFolder('r')
    const a = createBookmark('a', 'https://a.example/')
    a.mimeType = 'text/html'
    a.applications = [{ name: 'gedit', exec: 'gedit %u', count: 2 }]
    const b = createBookmark('b', 'https://b.example/')
    b.mimeType = 'text/plain'
    b.tags = ['x,y']
    root.children.push(a, b, { type: 'alias', ref: 'nowhere' })
    const { warnings } = writeNetscape({
      format: 'xbel',
      file: 'x.xbel',
      encoding: 'utf-8',
      title: '',
      root,
      warnings: [],
    })
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('2 items lost mimeType'),
      expect.stringContaining('1 item lost applications'),
      expect.stringContaining('commas inside tags'),
      expect.stringContaining('dangling-alias'),
    ])
    expect(warnings.every((warning) => warning.rule === 'convert/lost-field')).toBe(true)
  })

  it('should escape attribute values completely', () => {
    const bookmark = Object.assign(createBookmark('a', 'https://a.example/'), { shortcutUrl: 'a"b&c<d>e\nf' })
    const root = Object.assign(createFolder(''), { children: [bookmark] })
    const { text } = writeNetscape({
      format: 'netscape',
      file: 'a.html',
      encoding: 'utf-8',
      title: '',
      root,
      warnings: [],
    })
    expect(text).toContain(' SHORTCUTURL="a&quot;b&amp;c&lt;d&gt;e&#10;f"')
  })
})

describe('streamed writers', () => {
  /** A collection of some megabytes, a control character in a title near its end only. */
  function large(): Collection {
    const root = createFolder('Root')
    for (let index = 0; index < 5000; index++) {
      const title = index === 4990 ? 'bell\u0007 here' : `Bookmark ${index} — café`
      root.children.push(Object.assign(createBookmark(title, `https://e${index}.example/`), { tags: ['t'] }))
    }
    return { format: 'netscape', file: 'x.html', encoding: 'utf-8', title: 'Large', root, warnings: [] }
  }

  it('should hand on, chunk by chunk, exactly the text they write whole, with the same warnings', () => {
    for (const [whole, streamed] of [
      [writeNetscape, streamNetscape],
      [writeXbel, streamXbel],
    ] as const) {
      const chunks: Uint8Array[] = []
      const warnings = streamed(large(), (chunk) => chunks.push(chunk))
      const expected = whole(large())
      expect(chunks.length).toBeGreaterThan(2)
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected.text)
      expect(warnings).toEqual(expected.warnings)
      expect(expected.text).toContain('bell here')
      expect(expected.warnings.length).toBeGreaterThan(0)
    }
  })
})

describe('indentation', () => {
  it('should stop growing past a few levels, so a very deep tree is not mostly spaces, and still round-trip', () => {
    const root = createFolder('Root')
    let folder = root
    for (let depth = 0; depth < 100; depth++) {
      const inner = createFolder(`Level ${depth}`)
      inner.children.push(createBookmark(`At ${depth}`, `https://d${depth}.example/`))
      folder.children.push(inner)
      folder = inner
    }
    const collection: Collection = {
      format: 'netscape',
      file: 'd.html',
      encoding: 'utf-8',
      title: 'Deep',
      root,
      warnings: [],
    }
    for (const text of [writeNetscape(collection).text, writeXbel(collection).text]) {
      const widest = Math.max(...text.split('\n').map((line) => /^ */.exec(line)![0].length))
      expect(widest).toBeLessThanOrEqual(36)
    }
    // Every closing tag at the indentation of its opening one, deep down too.
    const lines = writeXbel(collection).text.split('\n')
    const opened: string[] = []
    for (const line of lines) {
      const indent = /^ */.exec(line)![0]
      if (/^ *<folder[ >]/.test(line)) opened.push(indent)
      else if (/^ *<\/folder>/.test(line)) expect(indent).toBe(opened.pop())
    }
    expect(opened).toEqual([])
    for (const again of [
      parseNetscape(writeNetscape(collection).text, 'again.html'),
      parseSource(new TextEncoder().encode(writeXbel(collection).text), 'again.xbel'),
    ]) {
      // Every level is read back, in place, with its bookmark.
      let at = again.root
      for (let depth = 0; depth < 100; depth++) {
        const inner = at.children.find((child) => child.type === 'folder')!
        expect(inner.title).toBe(`Level ${depth}`)
        expect(inner.children.find((child) => child.type === 'bookmark')?.title).toBe(`At ${depth}`)
        at = inner
      }
    }
  })
})

describe('Netscape round trip over the shared corpus', () => {
  const dir = path.join(CORPUS, 'netscape')
  if (!existsSync(dir)) {
    it.skip('needs ../shared/corpus (not present in this checkout)', () => {})
    console.warn(`skipping the corpus round trip: ${dir} does not exist`)
    return
  }
  for (const file of readdirSync(dir).sort()) {
    it(`should round-trip ${file}`, () => {
      let collection: Collection
      try {
        collection = parseSource(readFileSync(path.join(dir, file)), file)
      } catch {
        return // not a bookmark file (the conformance test checks these fail clearly)
      }
      if (collection.format !== 'netscape') return
      expectRoundTrip(collection)
    })
  }
})
