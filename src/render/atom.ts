/**
 * The site's Atom 1.0 feeds (RFC 4287): one writer for `feed.xml`, `changes.xml` and the tag and
 * folder feeds, built as xast trees and serialized by xast-util-to-xml (no hand-escaped XML).
 * Deterministic: `updated` comes from the entries' dates, never the clock.
 */
import { createHash } from 'node:crypto'
import { x } from 'xastscript'
import { toXml } from 'xast-util-to-xml'
import type { Element, Root } from 'xast'
import type { Bookmark } from '../model/tree.js'
import { safeHref } from '../model/safe-url.js'
import { formatW3cDate } from '../model/dates.js'
import { cleanText } from './text.js'

export interface AtomFeed {
  title: string
  subtitle?: string | undefined
  lang: string
  /** Absolute IRI of the feed (the page it stands for). */
  id: string
  /** Absolute URL of the feed file itself. */
  self: string
  /** Absolute URL of the page it stands for. */
  alternate: string
  /** Epoch milliseconds. */
  updated: number
  author: string
  entries: Element[]
}

const ATOM = 'http://www.w3.org/2005/Atom'

/** A feed document. */
export function atomToXml(feed: AtomFeed): string {
  const root: Root = {
    type: 'root',
    children: [
      { type: 'instruction', name: 'xml', value: 'version="1.0" encoding="utf-8"' },
      x('feed', { xmlns: ATOM, 'xml:lang': feed.lang }, [
        x('title', cleanText(feed.title)),
        ...(feed.subtitle ? [x('subtitle', cleanText(feed.subtitle))] : []),
        x('id', feed.id),
        x('link', { rel: 'self', type: 'application/atom+xml', href: feed.self }),
        x('link', { rel: 'alternate', type: 'text/html', href: feed.alternate }),
        x('updated', formatW3cDate(feed.updated)),
        x('author', [x('name', cleanText(feed.author))]),
        x('generator', { uri: 'https://github.com/bookgen/bookgen' }, 'bookgen'),
        ...feed.entries,
      ]),
    ],
  }
  return `${toXml(root, { closeEmptyElements: true })}\n`
}

/** How a feed shows its bookmarks: lean, or with a `tagScheme` in full (date saved, description, tags). */
export interface BookmarkEntryOptions {
  siteUrl: string
  allowFileLinks: boolean
  /** The tags' scheme (`…/tags/`) for a full entry. */
  tagScheme?: string | undefined
}

/** The newest date of `bookmarks` (from `recentBookmarks`): a feed's `updated`. */
export function newestOf(bookmarks: readonly Bookmark[]): number {
  return bookmarks.reduce((latest, bookmark) => Math.max(latest, bookmark.modified ?? bookmark.added!), 0)
}

/** An entry for a bookmark of `recentBookmarks` (dated, with a safe link). */
export function bookmarkEntry(bookmark: Bookmark, options: BookmarkEntryOptions): Element {
  const href = safeHref(bookmark.href, { allowFile: options.allowFileLinks })!
  // A stable id on the site itself: the same bookmark keeps it from build to build, in every feed.
  const id = `${options.siteUrl}#bookmark-${createHash('sha256').update(`${href}\n${bookmark.added}`).digest('hex').slice(0, 16)}`
  const scheme = options.tagScheme
  return x('entry', [
    x('title', cleanText(bookmark.title) || href),
    // A lean entry's link: `alternate` is the default `rel`.
    x('link', scheme === undefined ? { href } : { rel: 'alternate', type: 'text/html', href }),
    x('id', id),
    ...(scheme === undefined ? [] : [x('published', formatW3cDate(bookmark.added!))]),
    x('updated', formatW3cDate(bookmark.modified ?? bookmark.added!)),
    ...(scheme !== undefined && bookmark.description ? [x('summary', cleanText(bookmark.description))] : []),
    ...(scheme === undefined
      ? []
      : bookmark.tags.map((tag) => x('category', { term: cleanText(tag), label: cleanText(tag), scheme }))),
  ])
}

/** The `limit` most recently added bookmarks that can be links, newest first (equal dates in document order). */
export function recentBookmarks(
  bookmarks: Iterable<Bookmark>,
  limit: number,
  allowFileLinks: boolean,
): Bookmark[] {
  const dated: Bookmark[] = []
  for (const bookmark of bookmarks) if (bookmark.added !== undefined) dated.push(bookmark)
  // Only the bookmarks from the `take`-th newest date on are sorted and checked for a safe URL (the
  // costly parts); `take` grows while unsafe links leave fewer than `limit`.
  const dates = Float64Array.from(dated, (bookmark) => bookmark.added!).sort()
  for (let take = Math.max(limit, 1); ; take *= 2) {
    const floor = take >= dates.length ? -Infinity : dates[dates.length - take]!
    const recent = dated
      .filter((bookmark) => bookmark.added! >= floor)
      .sort((a, b) => b.added! - a.added!)
      .filter((bookmark) => safeHref(bookmark.href, { allowFile: allowFileLinks }) !== undefined)
    if (recent.length >= limit || take >= dates.length) return recent.slice(0, limit)
  }
}
