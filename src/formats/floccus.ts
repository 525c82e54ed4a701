/**
 * The Floccus dialect of XBEL and bookmark HTML: Floccus writes a browser separator as a bookmark
 * to `https://separator.floccus.org/?id=<n>` (`vertical.html` on the toolbar), titled with a row
 * of `⎯`. Such bookmarks are separators, and become `Separator` nodes. Pure.
 */
import type { Collection, Folder } from '../model/tree.js'

const SEPARATOR_URL = /^https?:\/\/separator\.floccus\.org\//i

/** Whether `href` is a Floccus separator's address. */
export function isFloccusSeparator(href: string | undefined): boolean {
  return href !== undefined && SEPARATOR_URL.test(href)
}

/** Turn Floccus separator bookmarks into separators, in place; returns `collection`. */
export function floccusSeparators(collection: Collection): Collection {
  const stack: Folder[] = [collection.root]
  while (stack.length > 0) {
    const folder = stack.pop()!
    const children = folder.children
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!
      if (node.type === 'folder') stack.push(node)
      else if (node.type === 'bookmark' && isFloccusSeparator(node.href))
        children[i] =
          node.place === undefined ? { type: 'separator' } : { type: 'separator', place: node.place }
    }
  }
  return collection
}
