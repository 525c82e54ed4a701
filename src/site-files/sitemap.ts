/** `sitemap.xml` (sitemaps.org protocol 0.9): every folder and tag page at its absolute URL. */
import type { Root } from 'xast'
import { toXml } from 'xast-util-to-xml'
import { x } from 'xastscript'

/** Serialize a sitemap of absolute page URLs. */
export function sitemapToXml(urls: readonly string[]): string {
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
