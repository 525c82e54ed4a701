import { describe, expect, it } from 'vitest'
import { decodeXmlAttribute, decodeXmlText } from '../../../src/formats/xbel/xml-text.js'

describe('XML character data', () => {
  it('should decode the five predefined entities and character references, once', () => {
    const reports: string[] = []
    const report = (reference: string) => reports.push(reference)
    expect(decodeXmlText('&amp;lt; &lt;&gt;&quot;&apos; &#233;&#x1F680;', report)).toBe('&lt; <>"\' é🚀')
    expect(reports).toEqual([])
  })

  it('should normalize line ends in text, and whitespace in attributes', () => {
    const none = () => {}
    expect(decodeXmlText('a\r\nb\rc', none)).toBe('a\nb\nc')
    expect(decodeXmlAttribute('a\tb\r\nc&#10;d', none)).toBe('a b c\nd')
  })

  it('should report, and not expand, other references', () => {
    const reports: Array<[string, string | undefined]> = []
    const text = decodeXmlText('&nbsp;&custom;&#0;', (reference, decoded) =>
      reports.push([reference, decoded]),
    )
    expect(text).toBe('\u00a0&custom;\uFFFD')
    expect(reports).toEqual([
      ['&nbsp;', '\u00a0'],
      ['&custom;', undefined],
      ['&#0;', undefined],
    ])
  })
})
