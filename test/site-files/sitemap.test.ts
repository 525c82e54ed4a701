import { describe, expect, it } from 'vitest'
import { sitemapToXml } from '../../src/site-files/sitemap.js'

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'

describe('sitemapToXml', () => {
  it('should list every page, escaped, without the characters XML forbids', () => {
    const urls = [
      'https://example.org/bm/',
      'https://example.org/bm/tags/a&b/?x=1&y=<2>',
      'https://example.org/\u0001\u000b\u001f\t/é日😀',
      '',
    ]
    expect(sitemapToXml(urls)).toBe(
      `${HEAD}<url><loc>https://example.org/bm/</loc></url>` +
        '<url><loc>https://example.org/bm/tags/a&#x26;b/?x=1&#x26;y=&#x3C;2></loc></url>' +
        '<url><loc>https://example.org/\t/é日😀</loc></url>' +
        '<url><loc></loc></url></urlset>\n',
    )
    expect(sitemapToXml([])).toBe(`${HEAD}</urlset>\n`)
  })
})
