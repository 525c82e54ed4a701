/**
 * The folder pages: one per folder at a pretty URL mirroring the tree (the root is the home page),
 * with its breadcrumbs, sub-folders with their sizes, and its entries, continued at `page/2/`…
 * when long. In watch mode a folder that is the same object as last time, under the same settings
 * and ancestors, keeps its pages without a look at its items. Pure.
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import type { Alias, Bookmark, Folder } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import { paginationToHast } from '../render/document.js'
import { folderPageToHast, type SubfolderLink } from '../render/folder-page.js'
import { trustedBytesNode, type TrustedHtml } from '../render/serialize.js'
import { aliasToHast } from '../render/xfolk.js'
import type { PageContext } from './context.js'
import { homeOverview } from './home-overview.js'
import { feedHead } from './feeds.js'
import type { PageItems } from './memo.js'
import { paginate, pagePath } from './paths.js'
import { trailRoutesOf, type FolderRoute } from './routes.js'
import { sidebarNode, sidebarOf } from './sidebar.js'

/** Every folder's pages, in document order. */
export function* folderPages(context: PageContext): Generator<OutputFile> {
  const { check } = context
  // Ancestors' titles by folder, for the folder memo's key (breadcrumbs show them).
  const trails = new Map<Folder, string>()
  const made = context.changes.folders
  for (const route of context.routes.folders) {
    let folderKey: string | undefined
    const side = sidebarOf(context, route)
    // The home page shows the whole collection and the day's pick: it is always made anew.
    if (check.memo !== undefined && route.parent !== undefined) {
      // A folder the edit did not touch, under the same settings and ancestors' titles: no key to check.
      const kept =
        made === undefined || made.has(route.folder) ? undefined : check.memo.folders.get(route.path)
      if (kept !== undefined && kept.folder === route.folder) {
        yield* keptFolder(context, kept)
        continue
      }
      folderKey = `${check.globalKey}\u0001${trailKey(trails, route)}\u0001${side?.html}`
      const memo = check.memo.folders.get(route.path)
      if (memo !== undefined && memo.folder === route.folder && memo.key === folderKey) {
        yield* keptFolder(context, memo)
        continue
      }
    }
    yield* pagesOfFolder(context, route, folderKey, side)
  }
}

/**
 * The titles of a folder's ancestors as one string (its breadcrumbs show them), kept in `trails`
 * by folder: parents come first in document order, so each is one step from its parent's, but a
 * parent that was skipped (kept unchanged) is worked out here, from the nearest one known.
 */
function trailKey(trails: Map<Folder, string>, route: FolderRoute): string {
  const missing: FolderRoute[] = []
  let at: FolderRoute | undefined = route
  for (; at !== undefined && !trails.has(at.folder); at = at.parent) missing.push(at)
  for (let index = missing.length - 1; index >= 0; index--) {
    const { folder, parent } = missing[index]!
    trails.set(folder, parent === undefined ? '' : `${trails.get(parent.folder)}\u0000${parent.folder.title}`)
  }
  return trails.get(route.folder)!
}

/** The pages of a folder that did not change, as they are (their favicons named again). */
function* keptFolder(
  context: PageContext,
  memo: { pages: readonly string[]; icons: readonly Bookmark[] },
): Generator<OutputFile> {
  for (const bookmark of memo.icons) context.icons.urlOf(bookmark)
  for (const file of memo.pages) {
    context.check.seen.add(file)
    yield { path: file, contents: '', unchanged: true }
  }
  yield* context.takeIcons()
}

/** One folder's pages. */
function* pagesOfFolder(
  context: PageContext,
  route: FolderRoute,
  folderKey: string | undefined,
  side: TrustedHtml | undefined,
): Generator<OutputFile> {
  const { input, check, totals } = context
  const folder = route.folder
  const isRoot = route.parent === undefined
  const { subfolders, items } = contentsOf(context, route)
  const trail = isRoot ? [] : trailRoutesOf(route)
  const chunks = paginate(items, input.pageSize)
  const direct = items.filter((item) => item !== 'separator').length
  const feed = feedHead(context, route)
  if (check.memo !== undefined && folderKey !== undefined)
    rememberFolder(context, route, folderKey, items, chunks.length)
  for (let index = 0; index < chunks.length; index++) {
    const number = index + 1
    const path = pagePath(route.path, number)
    const chunk = chunks[index]!
    // Each link near the page is relative to it where that is shorter (see `SiteUrls.link`). A
    // crumb is the folder or an ancestor, as many folders up as their depths say (two more from
    // `page/N/`): worked out from that count, not by comparing the paths, which at 200 folders
    // deep took a third of a second of a 100k build.
    const below = number === 1 ? 0 : 2
    const pageSide = number === 1 ? side : sidebarOf(context, route, path)
    const crumbs = trail.map((item, index) => ({
      title: index === 0 ? input.siteTitle : item.folder.title,
      href: context.urls.up(item.path, route.depth - item.depth + below),
    }))
    const parts = [
      'folder',
      number,
      chunks.length,
      folder.title,
      folder.description,
      crumbs,
      subfolders,
      totals.get(folder),
      direct,
      pageSide?.html,
      'head' in feed,
    ]
    if (!(isRoot && number === 1) && check.unchanged(path, parts, chunk)) {
      yield { path: `${path}index.html`, contents: '', unchanged: true }
      yield* context.takeIcons()
      continue
    }
    const file = context.page(
      { kind: 'folder', title: folder.title, path, pageNumber: number },
      isRoot ? input.siteTitle : folder.title || context.i18n.t('untitledFolder'),
      folderPageToHast({
        i18n: context.i18n,
        title: isRoot ? input.siteTitle : folder.title,
        description: folder.description,
        crumbs,
        subfolders,
        items: renderItems(context, chunk),
        total: totals.get(folder) ?? 0,
        direct,
        lead: isRoot ? input.description : undefined,
        extras: isRoot ? [downloads(context)] : undefined,
        overview: isRoot && number === 1 ? homeOverview(context) : undefined,
        pages: pagesNavigation(context, route.path, number, chunks.length),
      }),
      isRoot && number === 1
        ? {}
        : { sortable: true, description: folder.description, ...sidebarNode(pageSide), ...feed },
    )
    yield file
    yield* context.takeIcons()
  }
}

/**
 * A folder's sub-folders (as links with their sizes, from its first page, the one that lists them)
 * and its items, in order.
 */
function contentsOf(
  context: PageContext,
  route: FolderRoute,
): { subfolders: SubfolderLink[]; items: Array<Bookmark | Alias | 'separator'> } {
  const folder = route.folder
  const subfolders: SubfolderLink[] = []
  const items: Array<Bookmark | Alias | 'separator'> = []
  for (const child of folder.children) {
    switch (child.type) {
      case 'folder': {
        const childRoute = context.routes.folderRoute.get(child)!
        subfolders.push({
          title: child.title,
          href: context.urls.link(childRoute.path, route.path),
          count: context.totals.get(child) ?? 0,
        })
        break
      }
      case 'bookmark':
      case 'alias':
        items.push(child)
        break
      case 'separator':
        items.push('separator')
        break
    }
  }
  return { subfolders, items }
}

/** Watch mode: remember a folder's pages, unless it holds an alias (which shows a target from elsewhere). */
function rememberFolder(
  context: PageContext,
  route: FolderRoute,
  key: string,
  items: PageItems,
  pages: number,
): void {
  const memo = context.check.memo!
  if (items.some((item) => item !== 'separator' && item.type === 'alias')) {
    memo.folders.delete(route.path)
    return
  }
  memo.folders.set(route.path, {
    folder: route.folder,
    key,
    pages: Array.from({ length: pages }, (_page, index) => `${pagePath(route.path, index + 1)}index.html`),
    icons: items.filter(
      (item): item is Bookmark => item !== 'separator' && item.type === 'bookmark' && item.icon !== undefined,
    ),
  })
}

/**
 * A page's items: each run of bookmarks as one fragment (their entries' HTML joined, one node for
 * the serializer instead of one per entry), aliases as elements, separators as they are.
 */
function renderItems(context: PageContext, chunk: PageItems): Array<ElementContent | 'separator'> {
  const rendered: Array<ElementContent | 'separator'> = []
  let run: Uint8Array[] = []
  for (const item of chunk) {
    if (item !== 'separator' && item.type === 'bookmark') {
      run.push(context.entries.entryFor(item))
      continue
    }
    if (run.length > 0) rendered.push(trustedBytesNode(run))
    run = []
    if (item === 'separator') rendered.push(item)
    else {
      const target = context.input.aliasTargets.get(item)
      const targetUrl =
        target?.type === 'folder'
          ? context.urls.path(context.routes.folderRoute.get(target)?.path ?? '')
          : undefined
      rendered.push(aliasToHast(item, target, targetUrl, context.entries.context))
    }
  }
  if (run.length > 0) rendered.push(trustedBytesNode(run))
  return rendered
}

/** Page `number` of `count` of the folder or tag at `path`, with its navigation; none for one page. */
export function pagesNavigation(
  context: PageContext,
  path: string,
  number: number,
  count: number,
): { current: number; count: number; navigation: Element } | undefined {
  if (count === 1) return undefined
  return {
    current: number,
    count,
    navigation: paginationToHast(context.i18n, number, count, (n) =>
      context.urls.link(pagePath(path, n), pagePath(path, number)),
    ),
  }
}

/** The home page's line of downloads: the collection as browser HTML and XBEL (gzipped when large), and the feed. */
function downloads(context: PageContext): Element {
  const url = context.urls.path
  const { t } = context.i18n
  const links: Array<Element | string> = [t('home.download')]
  for (const [index, download] of context.downloads.entries()) {
    if (index > 0) links.push(' · ')
    links.push(h('a', { href: url(download.path), download: download.path }, download.label))
    if (download.note !== undefined) links.push(` (${download.note})`)
  }
  if (context.input.feedLimit > 0) links.push(' · ', h('a', { href: url('feed.xml') }, t('nav.feed')))
  return h('p.downloads', links)
}
