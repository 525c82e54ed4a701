/**
 * What the site-wide files (search index, feed, sitemap, exports) are made from: plain data about
 * every bookmark, folder, tag and page, worked out from the published tree and its routes. Pure.
 */
import type { Bookmark, Folder } from '../model/tree.js'
import { exportsGzipped } from '../pages/downloads.js'
import { sitemapPages } from '../pages/kinds.js'
import type { SiteRoutes } from '../pages/routes.js'
import type { SiteInput } from '../publish/site-input.js'
import { siteUrls } from '../publish/urls.js'
import { safeHref } from '../model/safe-url.js'
import type { SearchableBookmark, SearchDocumentInput } from './search/index.js'
import { iconNamer } from '../pages/icons.js'
import type { SiteFilesInput } from './index.js'
import { i18nOf } from '../render/i18n.js'

/**
 * The site files' input: every bookmark with its clickable URL and folder, the folders' paths
 * ("Development › Web"), the tags, and every page of the sitemap (see `sitemapPages`).
 */
export function siteDataOf(input: SiteInput, routes: SiteRoutes): SiteFilesInput {
  const bookmarks: Bookmark[] = []
  /** Each bookmark's folder, by index in `folders`. */
  const folderIndexes: number[] = []
  const folders: SiteFilesInput['folders'] = []
  const pathOf = new Map<Folder, string>()
  const indexOf = new Map<Folder, number>()
  const urls = siteUrls(input.base, input.siteOrigin)
  const untitled = i18nOf(input.lang).t('untitled')
  for (const route of routes.folders) {
    const folder = route.folder
    const folderIndex = folders.length
    const parentPath = route.parent === undefined ? undefined : pathOf.get(route.parent.folder)
    const folderPath =
      route.parent === undefined
        ? ''
        : parentPath
          ? `${parentPath} › ${folder.title || untitled}`
          : folder.title || untitled
    pathOf.set(folder, folderPath)
    const parent = route.parent === undefined ? -1 : (indexOf.get(route.parent.folder) ?? -1)
    indexOf.set(folder, folderIndex)
    folders.push({ title: folderPath, name: folder.title, url: urls.path(route.path), parent })
    for (const child of folder.children) {
      if (child.type === 'bookmark') {
        bookmarks.push(child)
        folderIndexes.push(folderIndex)
      }
    }
  }
  let documents: SearchDocumentInput[] | undefined
  let pages: string[] | undefined
  return {
    siteTitle: input.siteTitle,
    description: input.description,
    lang: input.lang,
    base: input.base,
    origin: input.siteOrigin,
    allowFileLinks: input.allowFileLinks,
    feedLimit: input.feedLimit,
    openSearch: input.openSearch,
    bookmarks,
    folderOf: folderIndexes,
    dead: deadOf(bookmarks, input.links?.marked),
    get documents() {
      return (documents ??= searchDocuments(bookmarks, folderIndexes, input.allowFileLinks))
    },
    folders,
    tags: routes.tags.map((route) => ({ tag: route.tag, path: route.path })),
    // Listed when the sitemap is made, not before.
    get pages() {
      return (pages ??= sitemapPages(routes, input))
    },
    exportCollection: input.exportCollection,
    gzipExports: exportsGzipped(input.exports, bookmarks.length),
  }
}

/** The search index's documents: each bookmark with its clickable URL and its folder's index. */
export function searchDocuments(
  bookmarks: readonly SearchableBookmark[],
  folderOf: readonly number[],
  allowFileLinks: boolean,
): SearchDocumentInput[] {
  const iconOf = iconNamer()
  return bookmarks.map((bookmark, index) => ({
    bookmark,
    href: safeHref(bookmark.href, { allowFile: allowFileLinks }),
    folder: folderOf[index]!,
    icon: iconOf(bookmark.icon),
  }))
}

/** Indexes of the bookmarks whose link the link store says is dead. */
function deadOf(
  bookmarks: readonly Bookmark[],
  marked: ReadonlyMap<string, { state: string }> | undefined,
): number[] {
  const dead: number[] = []
  if (marked === undefined || marked.size === 0) return dead
  for (let index = 0; index < bookmarks.length; index++) {
    const href = bookmarks[index]!.href
    if (href !== undefined && marked.get(href)?.state === 'dead') dead.push(index)
  }
  return dead
}
