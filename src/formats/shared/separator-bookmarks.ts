/**
 * Separators written as bookmarks, by programs whose browsers or formats have none:
 * - Floccus writes one as a bookmark to `https://separator.floccus.org/?id=<n>` (`vertical.html` on
 *   the toolbar), titled with a row of `⎯`, in XBEL and in bookmark HTML;
 * - Vivaldi keeps one as a bookmark titled `---` to `http://bookmark.placeholder.url/` described
 *   "separator" (`DESCRIPTION="separator"` in its bookmark HTML, `meta_info.Description` in its
 *   profile's `Bookmarks` file), since Chromium's bookmarks have no separators.
 * The readers turn them into `Separator` nodes; the Chromium writer, whose format has no separator
 * either, writes Vivaldi's (`VIVALDI_SEPARATOR`). Pure.
 */
import type { Bookmark, Collection, Folder, Separator } from '../../model/tree.js'

/** A separator as Vivaldi writes it: a bookmark with this title, address and description. */
export const VIVALDI_SEPARATOR = {
  title: '---',
  href: 'http://bookmark.placeholder.url/',
  description: 'separator',
} as const

/** Vivaldi's separator address (which no site has: `.url` is no top-level domain), any case, `/` or not. */
const VIVALDI_URL = /^http:\/\/bookmark\.placeholder\.url\/?$/i

/** Text that a source holding separator bookmarks contains (a cheap test before walking the tree). */
const SIGNS = ['separator.floccus.org', 'bookmark.placeholder.url']

const FLOCCUS_URL = /^https?:\/\/separator\.floccus\.org\//i

/** Whether `href` is a Floccus separator's address. */
export function isFloccusSeparator(href: string | undefined): boolean {
  return href !== undefined && FLOCCUS_URL.test(href)
}

/** Whether `text` (a source) may hold separators written as bookmarks. */
export function mayHoldSeparatorBookmarks(text: string): boolean {
  return SIGNS.some((sign) => text.includes(sign))
}

/** Whether `bookmark` is a separator written as a bookmark (Floccus's or Vivaldi's). */
export function isSeparatorBookmark(bookmark: Bookmark): boolean {
  const href = bookmark.href
  return href !== undefined && (isFloccusSeparator(href) || VIVALDI_URL.test(href))
}

/** Turn separators written as bookmarks into separators, in place; returns `collection`. */
export function readSeparatorBookmarks(collection: Collection): Collection {
  const stack: Folder[] = [collection.root]
  while (stack.length > 0) {
    const children = stack.pop()!.children
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!
      if (node.type === 'folder') stack.push(node)
      else if (node.type === 'bookmark' && isSeparatorBookmark(node)) {
        const separator: Separator = { type: 'separator' }
        if (node.place !== undefined) separator.place = node.place
        children[i] = separator
      }
    }
  }
  return collection
}
