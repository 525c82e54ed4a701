/**
 * The site's Atom feed (`feed.xml`) of the most recently added bookmarks, with their dates,
 * descriptions and tags. URLs are absolute, from the `site` setting.
 */
import type { Bookmark } from '../model/tree.js'
import { atomToXml, bookmarkEntry, newestOf, recentBookmarks } from '../render/atom.js'

export interface FeedInput {
  title: string
  description?: string | undefined
  lang: string
  /** Absolute URL of the site's home page (origin + base). */
  siteUrl: string
  /** Absolute URL of a path below the base. */
  absolute(path: string): string
  bookmarks: Iterable<Bookmark>
  limit: number
  allowFileLinks: boolean
}

/** Serialize the feed. */
export function feedToXml(input: FeedInput): string {
  const entries = recentBookmarks(input.bookmarks, input.limit, input.allowFileLinks)
  const options = {
    siteUrl: input.siteUrl,
    allowFileLinks: input.allowFileLinks,
    tagScheme: input.absolute('tags/'),
  }
  return atomToXml({
    title: input.title,
    subtitle: input.description,
    lang: input.lang,
    id: input.siteUrl,
    self: input.absolute('feed.xml'),
    alternate: input.siteUrl,
    updated: newestOf(entries),
    author: input.title,
    entries: entries.map((bookmark) => bookmarkEntry(bookmark, options)),
  })
}
