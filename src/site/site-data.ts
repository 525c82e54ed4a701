/**
 * What the site-wide files (search index, feed, sitemap, exports) are made from: plain data about
 * every bookmark, folder, tag and page, worked out from the published tree and its routes. Apart
 * from the page planner (plan.ts), so that the worker thread making those files loads no rendering
 * code. Pure.
 */
import type { Bookmark, Folder } from '../model.js'
import { safeHref } from '../render/safe-url.js'
import type { SiteInput } from './plan.js'
import { planRoutes, type SiteRoutes } from './routes.js'
import type { SearchableBookmark, SearchDocumentInput } from './search-index.js'
import type { SiteFilesInput } from './site-files.js'

export const DEFAULT_PAGE_SIZE = 200
/** Where `bookgen preview` serves a site: the origin of absolute URLs when no `site` is set. */
export const PREVIEW_ORIGIN = 'http://localhost:4173'
export const DEFAULT_FEED_LIMIT = 50

/**
 * The site files' input alone, without planning the pages: what a worker thread making the site
 * files needs (see `site-files-thread.ts`). The same as `planSite(input).siteData`.
 */
export function planSiteData(input: SiteInput): SiteFilesInput {
  return siteDataOf(input, planRoutes(input.root, input.base), Math.max(1, input.pageSize ?? DEFAULT_PAGE_SIZE))
}

/**
 * The site files' input: every bookmark with its clickable URL and folder, the folders' paths
 * ("Development › Web"), the tags, and every page's path for the sitemap (folder pages, tag
 * pages, the tag index), in the order the pages are generated.
 */
export function siteDataOf(input: SiteInput, routes: SiteRoutes, pageSize: number): SiteFilesInput {
  const bookmarks: Bookmark[] = []
  /** Each bookmark's folder, by index in `folders`. */
  const folderIndexes: number[] = []
  const folders: SiteFilesInput['folders'] = []
  const pages: string[] = []
  const pathOf = new Map<Folder, string>()
  for (const route of routes.folders) {
    const folder = route.folder
    const folderIndex = folders.length
    const parentPath = route.parent === undefined ? undefined : pathOf.get(route.parent.folder)
    const folderPath =
      route.parent === undefined ? '' : parentPath ? `${parentPath} › ${folder.title || 'Untitled'}` : folder.title || 'Untitled'
    pathOf.set(folder, folderPath)
    folders.push({ title: folderPath, name: folder.title, url: routes.url(route.path) })
    for (const child of folder.children) {
      if (child.type === 'bookmark') {
        bookmarks.push(child)
        folderIndexes.push(folderIndex)
      }
    }
    const count = pageCount(entryCount(folder), pageSize)
    for (let number = 1; number <= count; number++) pages.push(pagePath(route.path, number))
  }
  for (const tagRoute of routes.tags) {
    const count = pageCount(tagRoute.bookmarks.length, pageSize)
    for (let number = 1; number <= count; number++) pages.push(pagePath(tagRoute.path, number))
  }
  pages.push('tags/')
  let documents: SearchDocumentInput[] | undefined
  return {
    siteTitle: input.siteTitle,
    description: input.description,
    lang: input.lang,
    base: input.base,
    origin: input.siteOrigin ?? PREVIEW_ORIGIN,
    allowFileLinks: input.allowFileLinks,
    feedLimit: input.feedLimit ?? DEFAULT_FEED_LIMIT,
    bookmarks,
    folderOf: folderIndexes,
    get documents() {
      return (documents ??= searchDocuments(bookmarks, folderIndexes, input.allowFileLinks))
    },
    folders,
    tags: routes.tags.map((route) => ({ tag: route.tag, path: route.path })),
    pages,
    exportCollection: input.exportCollection,
  }
}

/** The search index's documents: each bookmark with its clickable URL and its folder's index. */
export function searchDocuments(
  bookmarks: readonly SearchableBookmark[],
  folderOf: readonly number[],
  allowFileLinks: boolean,
): SearchDocumentInput[] {
  return bookmarks.map((bookmark, index) => ({
    bookmark,
    href: safeHref(bookmark.href, { allowFile: allowFileLinks }),
    folder: folderOf[index]!,
  }))
}

/** Path of page `number` of a folder or tag (`page/2/` below it from the second page on). */
export function pagePath(path: string, number: number): string {
  return number === 1 ? path : `${path}page/${number}/`
}

export function pageCount(entries: number, pageSize: number): number {
  return Math.max(1, Math.ceil(entries / pageSize))
}

/** Entries on a folder page: bookmarks and aliases (separators do not count). */
export function entryCount(folder: Folder): number {
  let count = 0
  for (const child of folder.children) if (child.type === 'bookmark' || child.type === 'alias') count++
  return count
}

