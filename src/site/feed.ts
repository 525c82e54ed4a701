/**
 * The Atom 1.0 feed (`feed.xml`) of the most recently added bookmarks, built as an xast tree and
 * serialized by xast-util-to-xml (no hand-escaped XML). URLs are absolute, from the `site` setting.
 * Deterministic: `updated` is the newest bookmark's date, never the clock.
 */
import { createHash } from 'node:crypto'
import { x } from 'xastscript'
import { toXml } from 'xast-util-to-xml'
import type { Element, Root } from 'xast'
import type { Bookmark } from '../model.js'
import { safeHref } from '../render/safe-url.js'
import { cleanText } from '../render/text.js'

export interface FeedInput {
  title: string
  description?: string | undefined
  lang: string
  /** Absolute URL of the site's home page (origin + base). */
  siteUrl: string
  /** Absolute URL of a path below the base. */
  absolute(path: string): string
  /** Path of a tag's page below the base. */
  tagPath(tag: string): string
  bookmarks: Iterable<Bookmark>
  limit: number
  allowFileLinks: boolean
}

const ATOM = 'http://www.w3.org/2005/Atom'

/** The `limit` most recently added bookmarks that can be links, newest first. */
export function recentBookmarks(bookmarks: Iterable<Bookmark>, limit: number, allowFileLinks: boolean): Bookmark[] {
  const dated: Bookmark[] = []
  for (const bookmark of bookmarks) {
    if (bookmark.added !== undefined && safeHref(bookmark.href, { allowFile: allowFileLinks }) !== undefined) dated.push(bookmark)
  }
  // Stable: equal dates keep document order.
  return dated.sort((a, b) => b.added! - a.added!).slice(0, limit)
}

/** Serialize the feed. */
export function feedToXml(input: FeedInput): string {
  const entries = recentBookmarks(input.bookmarks, input.limit, input.allowFileLinks)
  const newest = entries.reduce((latest, bookmark) => Math.max(latest, bookmark.modified ?? bookmark.added!), 0)
  const feed: Element = x('feed', { xmlns: ATOM, 'xml:lang': input.lang }, [
    x('title', cleanText(input.title)),
    ...(input.description ? [x('subtitle', cleanText(input.description))] : []),
    x('id', input.siteUrl),
    x('link', { rel: 'self', type: 'application/atom+xml', href: input.absolute('feed.xml') }),
    x('link', { rel: 'alternate', type: 'text/html', href: input.siteUrl }),
    x('updated', isoDate(newest)),
    x('author', [x('name', cleanText(input.title))]),
    x('generator', { uri: 'https://github.com/bookgen/bookgen' }, 'bookgen'),
    ...entries.map((bookmark) => entry(bookmark, input)),
  ])
  const root: Root = { type: 'root', children: [{ type: 'instruction', name: 'xml', value: 'version="1.0" encoding="utf-8"' }, feed] }
  return `${toXml(root)}\n`
}

function entry(bookmark: Bookmark, input: FeedInput): Element {
  const href = safeHref(bookmark.href, { allowFile: input.allowFileLinks })!
  const title = cleanText(bookmark.title) || href
  // A stable id on the site itself: the same bookmark keeps it from build to build.
  const id = `${input.siteUrl}#bookmark-${createHash('sha256').update(`${href}\n${bookmark.added}`).digest('hex').slice(0, 16)}`
  return x('entry', [
    x('title', title),
    x('link', { rel: 'alternate', type: 'text/html', href }),
    x('id', id),
    x('published', isoDate(bookmark.added!)),
    x('updated', isoDate(bookmark.modified ?? bookmark.added!)),
    ...(bookmark.description ? [x('summary', cleanText(bookmark.description))] : []),
    ...bookmark.tags.map((tag) => x('category', { term: cleanText(tag), label: cleanText(tag), scheme: input.absolute('tags/') })),
  ])
}

function isoDate(value: number): string {
  return new Date(value).toISOString().replace('.000Z', 'Z')
}
