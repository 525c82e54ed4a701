import { describe, expect, it } from 'vitest'
import { BookgenError } from '../../src/model/errors.js'
import { FORMATS, parseSource, sniffFormat } from '../../src/formats/index.js'

describe('sniffFormat', () => {
  it('should recognise formats by content, whatever the extension', () => {
    expect(sniffFormat('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL>', 'export.xml')).toBe('netscape')
    expect(sniffFormat('<!doctype netscape-bookmark-file-1>', 'a.txt')).toBe('netscape')
    expect(sniffFormat('<?xml version="1.0"?>\n<xbel version="1.0">', 'bookmarks.html')).toBe('xbel')
    expect(sniffFormat('<!DOCTYPE xbel PUBLIC "x" "y"><xbel>', 'a')).toBe('xbel')
    expect(sniffFormat('<DL><p><DT><A HREF="https://a/">a</A>', 'a.txt')).toBe('netscape')
  })

  it('should send other XML to the XBEL reader, which names the wrong root', () => {
    expect(sniffFormat('<?xml version="1.0"?><note/>', 'a.html')).toBe('xbel')
  })

  it('should fall back to the extension only for empty files, and know nothing else', () => {
    expect(sniffFormat('', 'a.xbel')).toBe('xbel')
    expect(sniffFormat('', 'a.html')).toBe('netscape')
    expect(sniffFormat('just some text', 'notes.html')).toBeUndefined()
  })
})

describe('parseSource', () => {
  it('should reject a file that is not a bookmark file, naming it and its position', () => {
    let error: unknown
    try {
      parseSource(new TextEncoder().encode('Not a bookmarks file at all.\n'), 'notes.html')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(BookgenError)
    expect((error as BookgenError).format()).toMatch(
      /^notes\.html:1:1: Not a bookmark file.*\[source\/unknown-format\]$/,
    )
    // It names every format bookgen reads, as the registry lists them.
    for (const entry of FORMATS) expect((error as BookgenError).message).toContain(entry.label)
  })

  it('should place decoding warnings in the text', () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('<DL><DT><A HREF="https://a/">Caf'),
      0xe9,
      ...new TextEncoder().encode('</A></DL>'),
    ])
    const collection = parseSource(bytes, 'latin.html')
    expect(collection.warnings[0]).toMatchObject({
      file: 'latin.html',
      line: 1,
      column: 1,
      rule: 'source/assumed-windows-1252',
    })
    expect(collection.encoding).toBe('windows-1252')
  })
})
