/**
 * `sitemap.xml` (sitemaps.org protocol 0.9): every folder and tag page at its absolute URL. Written
 * as text, a page a few dozen bytes, exactly as xast-util-to-xml serializes the same tree (the
 * tests compare the two): a site of 100,000 bookmarks has tens of thousands of pages, which as a
 * tree cost a hundred times more than the file.
 */

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'

/** Serialize a sitemap of absolute page URLs. */
export function sitemapToXml(urls: Iterable<string>): string {
  const parts = [HEAD]
  for (const url of urls) parts.push(`<url><loc>${escapeText(url)}</loc></url>`)
  parts.push('</urlset>\n')
  return parts.join('')
}

/** What xast-util-to-xml drops from text (control characters XML 1.0 forbids) or escapes. */
const SPECIAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F&<]/
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g
const ESCAPED = /[&<]/g

/** Text content as xast-util-to-xml writes it: forbidden characters dropped, `&` and `<` as hexadecimal references. */
function escapeText(text: string): string {
  if (!SPECIAL.test(text)) return text
  return text.replace(FORBIDDEN, '').replace(ESCAPED, (char) => (char === '&' ? '&#x26;' : '&#x3C;'))
}
