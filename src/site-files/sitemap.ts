/**
 * `sitemap.xml` (sitemaps.org protocol 0.9): every folder and tag page at its absolute URL. Written
 * as text, a page a few dozen bytes, exactly as xast-util-to-xml serializes the same tree (the
 * tests compare the two): a site of 100,000 bookmarks has tens of thousands of pages, which as a
 * tree cost a hundred times more than the file.
 */
import { escapeText } from '../render/fast-html.js'

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'

/** Serialize a sitemap of absolute page URLs. */
export function sitemapToXml(urls: Iterable<string>): string {
  const parts = [HEAD]
  for (const url of urls) parts.push(`<url><loc>${escapeXmlText(url)}</loc></url>`)
  parts.push('</urlset>\n')
  return parts.join('')
}

/** Control characters XML 1.0 forbids, which xast-util-to-xml drops from text. */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g

/** Text content as xast-util-to-xml writes it: forbidden characters dropped, `&` and `<` as hexadecimal references (as hast writes them). */
function escapeXmlText(text: string): string {
  return escapeText(text.replace(FORBIDDEN, ''))
}
