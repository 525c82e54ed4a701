/**
 * The site's downloads of its whole collection, one per format the registry marks `siteExport`:
 * plain (`bookmarks.html`, `bookmarks.xbel`), or gzipped (`bookmarks.html.gz`, …) for a large
 * collection (see `UserConfig.exports`).
 */
import { siteExports } from '../formats/registry.js'
import type { Download } from '../render/document.js'
import type { I18n } from '../render/i18n.js'

/**
 * `exports: 'auto'` gzips the exports of a collection of at least this many bookmarks: where the
 * plain files (about 600 B a bookmark for the two) would take a third of GitHub Pages' 1 GB. Below
 * it they stay plain, the file a browser imports as it is, and no build spends time compressing.
 */
export const GZIP_EXPORTS_FROM = 500_000

/**
 * Whether the exports are gzipped: by the `exports` setting, and for `auto` by the number of
 * bookmarks the site publishes (with or without a URL: the search index's documents).
 */
export function exportsGzipped(setting: 'auto' | 'plain' | 'gzip', bookmarks: number): boolean {
  return setting === 'gzip' || (setting === 'auto' && bookmarks >= GZIP_EXPORTS_FROM)
}

/** The downloads, plain or gzipped, labelled in the site's language (`download.<format>…` in the catalogue). */
export function downloadsOf({ t, optional }: I18n, gzipped: boolean): readonly Download[] {
  return siteExports().map(({ name, siteExport: { path } }) => ({
    path: gzipped ? `${path}.gz` : path,
    label: t(gzipped ? 'download.gzipped' : 'download.plain', { label: t(`download.${name}`) }),
    note: optional(`download.${name}.${gzipped ? 'gzippedNote' : 'note'}`),
  }))
}
