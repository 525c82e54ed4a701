/**
 * The site's Atom 1.0 feeds (RFC 4287): one writer for `feed.xml`, `changes.xml` and the tag and
 * folder feeds, built as xast trees and serialized by xast-util-to-xml. The tag and folder feeds'
 * lean entries (tens of thousands in a large site) are written as text, escaped exactly as
 * xast-util-to-xml escapes (the tests compare the two). Deterministic: `updated` comes from the
 * entries' dates, never the clock.
 */
import { hash } from 'node:crypto'
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
  /** Entries as xast, or as XML text from `leanEntryXml`. */
  entries: Array<Element | string>
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
        ...feed.entries.map((entry) =>
          typeof entry === 'string' ? { type: 'raw' as const, value: entry } : entry,
        ),
      ]),
    ],
  }
  // Raw nodes are only `leanEntryXml`'s text, escaped already.
  return `${toXml(root, { closeEmptyElements: true, allowDangerousXml: true })}\n`
}

/** Where a feed's entries point: the site (their ids) and whether `file:` links are allowed. */
export interface BookmarkEntryOptions {
  siteUrl: string
  allowFileLinks: boolean
}

/** The newest date of `bookmarks` (from `recentBookmarks`): a feed's `updated`. */
export function newestOf(bookmarks: readonly Bookmark[]): number {
  return bookmarks.reduce((latest, bookmark) => Math.max(latest, bookmark.modified ?? bookmark.added!), 0)
}

/** A bookmark's link and its stable id on the site: the same in every feed, from build to build. */
function entryLink(bookmark: Bookmark, options: BookmarkEntryOptions): { href: string; id: string } {
  const href = safeHref(bookmark.href, { allowFile: options.allowFileLinks })!
  const digest = hash('sha256', `${href}\n${bookmark.added}`, 'hex').slice(0, 16)
  return { href, id: `${options.siteUrl}#bookmark-${digest}` }
}

/** A full entry (date saved, description, tags) for a bookmark of `recentBookmarks` (dated, with a safe link). */
export function bookmarkEntry(
  bookmark: Bookmark,
  options: BookmarkEntryOptions & { /** The tags' scheme (`…/tags/`). */ tagScheme: string },
): Element {
  const { href, id } = entryLink(bookmark, options)
  const scheme = options.tagScheme
  return x('entry', [
    x('title', cleanText(bookmark.title) || href),
    x('link', { rel: 'alternate', type: 'text/html', href }),
    x('id', id),
    x('published', formatW3cDate(bookmark.added!)),
    x('updated', formatW3cDate(bookmark.modified ?? bookmark.added!)),
    ...(bookmark.description ? [x('summary', cleanText(bookmark.description))] : []),
    ...bookmark.tags.map((tag) => x('category', { term: cleanText(tag), label: cleanText(tag), scheme })),
  ])
}

/**
 * A lean entry (title, link, id, date) as XML text: what `toXml` writes for its tree (`link`'s
 * `rel` is the default, `alternate`), without building one for each of a large site's feed entries.
 */
export function leanEntryXml(bookmark: Bookmark, options: BookmarkEntryOptions): string {
  const { href, id } = entryLink(bookmark, options)
  const title = xmlLeaf('title', cleanText(bookmark.title) || href)
  const updated = xmlLeaf('updated', formatW3cDate(bookmark.modified ?? bookmark.added!))
  return `<entry>${title}<link href="${xmlEscape(href, XML_ATTRIBUTE)}" />${xmlLeaf('id', id)}${updated}</entry>`
}

/** Characters xast-util-to-xml drops, and those it escapes in text and in a `"`-quoted attribute. */
const XML_DROPPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g
const XML_TEXT = /[&<]/g
const XML_ATTRIBUTE = /["&<]/g

/** `value` as xast-util-to-xml writes it where `escaped` are escaped (as uppercase hex references). */
function xmlEscape(value: string, escaped: RegExp): string {
  return value
    .replace(XML_DROPPED, '')
    .replace(escaped, (character) => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`)
}

/** An element holding only `text`, as `toXml` writes it with `closeEmptyElements`. */
function xmlLeaf(name: string, text: string): string {
  const content = xmlEscape(text, XML_TEXT)
  return content === '' ? `<${name} />` : `<${name}>${content}</${name}>`
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
