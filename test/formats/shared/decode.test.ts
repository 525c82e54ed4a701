import { describe, expect, it } from 'vitest'
import { decodeSource, findDeclaredCharset, resolveLabel } from '../../../src/formats/shared/decode.js'
import { bookmarksOf, parseFixture } from '../../helpers.js'

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  )

describe('decodeSource', () => {
  it('should strip a UTF-8 byte-order mark', () => {
    const result = decodeSource(bytes([0xef, 0xbb, 0xbf], 'abc'))
    expect(result).toMatchObject({ text: 'abc', encoding: 'utf-8', warnings: [] })
  })

  it('should read UTF-16 with a byte-order mark', () => {
    expect(decodeSource(bytes([0xff, 0xfe], [0x41, 0, 0xe9, 0]))).toMatchObject({
      text: 'Aé',
      encoding: 'utf-16le',
    })
    expect(decodeSource(bytes([0xfe, 0xff], [0, 0x41, 0, 0xe9]))).toMatchObject({
      text: 'Aé',
      encoding: 'utf-16be',
    })
  })

  it('should use the charset a META declares, including legacy Mac names', () => {
    const meta = '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=x-mac-roman">'
    expect(decodeSource(bytes(meta, [0x8e]))).toMatchObject({
      encoding: 'macintosh',
      declared: 'x-mac-roman',
    })
    expect(decodeSource(bytes(meta, [0x8e])).text.endsWith('é')).toBe(true)
    expect(resolveLabel('X-MAC-SYSTEM')).toBe('macintosh')
    expect(findDeclaredCharset(bytes('<meta charset="windows-1251">'))).toBe('windows-1251')
  })

  it('should use the encoding an XML declaration names', () => {
    const result = decodeSource(bytes('<?xml version="1.0" encoding="ISO-8859-1"?><x>', [0xe9], '</x>'))
    expect(result).toMatchObject({
      encoding: 'windows-1252',
      text: '<?xml version="1.0" encoding="ISO-8859-1"?><x>é</x>',
    })
  })

  it('should read undeclared non-UTF-8 bytes as windows-1252 with a warning, not as U+FFFD', () => {
    const result = decodeSource(bytes('Caf', [0xe9], ' ', [0x80]))
    expect(result.text).toBe('Café €')
    expect(result.encoding).toBe('windows-1252')
    expect(result.warnings.map((warning) => warning.rule)).toEqual(['source/assumed-windows-1252'])
  })

  it('should replace invalid bytes in declared UTF-8 with one warning naming the byte offset', () => {
    const meta = '<meta charset="utf-8">'
    const result = decodeSource(bytes(meta, 'ok ', [0xc3, 0xa9], ' bad ', [0xff], '!'))
    expect(result.text).toBe(`${meta}ok é bad \uFFFD!`)
    expect(result.warnings).toHaveLength(1)
    expect(result.warnings[0]!.message).toContain(`byte offset ${meta.length + 10}`)
  })

  it('should warn about an unknown charset and fall back', () => {
    const result = decodeSource(bytes('<meta charset="klingon">abc'))
    expect(result.encoding).toBe('utf-8')
    expect(result.warnings[0]!.rule).toBe('source/unknown-charset')
  })
})

describe('encodings of real-shaped files', () => {
  it('should read a BOM file, a Mac Roman file and an undeclared windows-1252 file correctly', () => {
    expect(bookmarksOf(parseFixture('netscape/bom.html'))[0]!.title).toBe('Café €')
    expect(bookmarksOf(parseFixture('netscape/macroman.html'))[0]!.title).toBe('Café • naïve')
    const latin = parseFixture('netscape/windows-1252.html')
    expect(bookmarksOf(latin)[0]!.title).toBe('Café crème €')
    expect(latin.encoding).toBe('windows-1252')
    expect(latin.warnings.map((warning) => warning.rule)).toEqual(['source/assumed-windows-1252'])
  })
})
