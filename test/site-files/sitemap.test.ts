import fc from 'fast-check'
import type { Root } from 'xast'
import { toXml } from 'xast-util-to-xml'
import { x } from 'xastscript'
import { describe, expect, it } from 'vitest'
import { sitemapToXml } from '../../src/site-files/sitemap.js'

/** The sitemap as xast-util-to-xml serializes it: what the hand-written one must equal. */
function sitemapByXast(urls: string[]): string {
  const root: Root = {
    type: 'root',
    children: [
      { type: 'instruction', name: 'xml', value: 'version="1.0" encoding="UTF-8"' },
      x(
        'urlset',
        { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' },
        urls.map((url) => x('url', [x('loc', url)])),
      ),
    ],
  }
  return `${toXml(root)}\n`
}

describe('sitemapToXml', () => {
  it('should list every page, escaped, exactly as xast-util-to-xml writes it', () => {
    const urls = [
      'https://example.org/bm/',
      'https://example.org/bm/tags/a&b/?x=1&y=<2>',
      'https://example.org/\u0001\u000b\u001f\t\n\r/é日😀',
      '',
    ]
    expect(sitemapToXml(urls)).toBe(sitemapByXast(urls))
    expect(sitemapToXml([])).toBe(sitemapByXast([]))
  })

  it('should write any text exactly as xast-util-to-xml does', () => {
    const unit = fc.constantFrom(
      'a',
      '/',
      '&',
      '<',
      '>',
      '"',
      "'",
      '\u0000',
      '\u0008',
      '\t',
      '\n',
      '\u000b',
      '\r',
      '\u001f',
      '\u007f',
      'é',
      '\ud800',
      '😀',
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit })), { maxLength: 8 }), (urls) => {
        expect(sitemapToXml(urls)).toBe(sitemapByXast(urls))
      }),
      { numRuns: 1000 },
    )
  })
})
