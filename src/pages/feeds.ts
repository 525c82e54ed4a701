/**
 * The feeds of each tag and each folder (`tags/<tag>/feed.xml`, `<folder>/feed.xml`): their newest
 * `feedLimit` bookmarks (a folder's from it and below), lean entries (title, link, id, date), each
 * linked from its pages' heads. Only for a tag or folder with a dated bookmark to list. With compact
 * listings, only the top-level folders have feeds: a feed of each of 50,000 folders, each repeating
 * its sub-folders' newest, would take a third of a 1M site. Pure.
 */
import type { Element } from 'hast'
import { h } from 'hastscript'
import type { Bookmark, Folder } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import { atomToXml, leanEntryXml, newestOf, recentBookmarks } from '../render/atom.js'
import type { I18n } from '../render/i18n.js'
import type { PageContext } from './context.js'
import { trailOf, type FolderRoute, type SiteRoutes, type TagRoute } from './routes.js'

/** Each tag's and each folder's feed entries, newest first. */
interface FeedLists {
  tags: Map<string, Bookmark[]>
  folders: Map<Folder, Bookmark[]>
}

const made = new WeakMap<SiteRoutes, FeedLists>()

function feedListsOf(context: PageContext): FeedLists {
  const { routes, input } = context
  let lists = made.get(routes)
  if (lists !== undefined) return lists
  const recent = (bookmarks: Bookmark[]) => recentBookmarks(bookmarks, input.feedLimit, input.allowFileLinks)
  const folders = new Map<Folder, Bookmark[]>()
  // Sub-folders come after their folder: from the last up, each folder's newest are among its own
  // bookmarks and its sub-folders' newest.
  for (let index = routes.folders.length - 1; index >= 0; index--) {
    const folder = routes.folders[index]!.folder
    const candidates: Bookmark[] = []
    for (const child of folder.children) {
      if (child.type === 'bookmark') candidates.push(child)
      else if (child.type === 'folder') candidates.push(...folders.get(child)!)
    }
    folders.set(folder, recent(candidates))
  }
  const tags = new Map(routes.tags.map((route) => [route.tag, recent(route.bookmarks)]))
  made.set(routes, (lists = { tags, folders }))
  return lists
}

/** A feed's title: the site's and what it follows. */
function feedTitle(context: PageContext, what: string): string {
  return `${context.input.siteTitle} · ${what}`
}

/** What a folder's feed follows: its path below the root. */
function folderName({ t }: I18n, route: FolderRoute): string {
  const trail = trailOf(route)
    .slice(1)
    .map((folder) => folder.title || t('untitled'))
    .join(' › ')
  return t('feed.folder', { trail })
}

/** Whether a folder has a feed of its own (the home page's is the site's). */
function hasFeed(context: PageContext, route: FolderRoute): boolean {
  return route.depth > 0 && (route.depth === 1 || !context.stats.compactListings)
}

/** The feed of a tag or a folder, as its pages' head link; none when it has none. */
export function feedHead(context: PageContext, route: TagRoute | FolderRoute): { head: Element[] } | object {
  if (context.input.feedLimit <= 0) return {}
  const lists = feedListsOf(context)
  const title =
    'tag' in route
      ? lists.tags.get(route.tag)!.length > 0 && `${context.i18n.t('tag.heading')}${route.tag}`
      : hasFeed(context, route) &&
        lists.folders.get(route.folder)!.length > 0 &&
        folderName(context.i18n, route)
  if (title === false) return {}
  return { head: [feedLink(context, route.path, feedTitle(context, title))] }
}

function feedLink(context: PageContext, path: string, title: string): Element {
  return h('link', {
    rel: 'alternate',
    type: 'application/atom+xml',
    title,
    href: context.urls.path(`${path}feed.xml`),
  })
}

/** Every tag's feed, then every folder's (the home page's is `feed.xml`). */
export function* feedFiles(context: PageContext): Generator<OutputFile> {
  const { input, urls } = context
  if (input.feedLimit <= 0) return
  const lists = feedListsOf(context)
  const options = { siteUrl: urls.absolute(''), allowFileLinks: input.allowFileLinks }
  const feed = (path: string, what: string, bookmarks: Bookmark[]): OutputFile => ({
    path: `${path}feed.xml`,
    contents: atomToXml({
      title: feedTitle(context, what),
      lang: input.lang,
      id: urls.absolute(path),
      self: urls.absolute(`${path}feed.xml`),
      alternate: urls.absolute(path),
      updated: newestOf(bookmarks),
      author: input.siteTitle,
      entries: bookmarks.map((bookmark) => leanEntryXml(bookmark, options)),
    }),
  })
  const made = (path: string, what: string, list: Bookmark[]): OutputFile =>
    // Watch mode: the same bookmarks under the same title make the same feed.
    context.check.unchanged(`${path}feed.xml/`, [what, options.siteUrl, input.lang], list)
      ? { path: `${path}feed.xml`, contents: '', unchanged: true }
      : feed(path, what, list)
  for (const route of context.routes.tags) {
    const list = lists.tags.get(route.tag)!
    if (list.length > 0) yield made(route.path, `${context.i18n.t('tag.heading')}${route.tag}`, list)
  }
  for (const route of context.routes.folders) {
    const list = lists.folders.get(route.folder)!
    if (hasFeed(context, route) && list.length > 0)
      yield made(route.path, folderName(context.i18n, route), list)
  }
}
