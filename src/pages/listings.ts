/**
 * Whether tag and archive pages list their bookmarks compactly (`listings`, see `UserConfig`). Pure.
 *
 * `'auto'` lists them compactly from `COMPACT_FROM` bookmarks: listed in full, a site takes about
 * 2,600 B a bookmark (a generated collection of 10k bookmarks, 1.4 tags each), so from there on it
 * would pass 80% of GitHub Pages' 1 GB; compactly, some 400 B less.
 */
export const COMPACT_FROM = 300_000

export function compactListings(setting: 'auto' | 'full' | 'compact', bookmarks: number): boolean {
  return setting === 'compact' || (setting === 'auto' && bookmarks >= COMPACT_FROM)
}
