/**
 * The Floccus dialect of XBEL and bookmark HTML: Floccus writes a browser separator as a bookmark
 * to `https://separator.floccus.org/?id=<n>` (`vertical.html` on the toolbar), titled with a row
 * of `⎯`. Such bookmarks are separators (`separator-bookmarks.ts` turns them into `Separator`
 * nodes, with Vivaldi's). Pure.
 */

const SEPARATOR_URL = /^https?:\/\/separator\.floccus\.org\//i

/** Whether `href` is a Floccus separator's address. */
export function isFloccusSeparator(href: string | undefined): boolean {
  return href !== undefined && SEPARATOR_URL.test(href)
}
