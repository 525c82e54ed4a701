/**
 * The kinds of pages a site has, in the order they are made, each with the paths of its pages that
 * go into the sitemap. The page planner (`plan.ts`) renders each kind with its producer, and the
 * sitemap lists exactly these paths, so the two cannot drift apart. A new kind of page is one
 * entry here and one producer module.
 */
import type { SiteInput } from '../publish/site-input.js'
import type { SiteRoutes } from './routes.js'
import { entryCount, pageCount, pagePath } from './paths.js'
import { archiveCounts, archiveYearPath, UNDATED_PATH } from './timeline.js'

export interface PageKind {
  readonly name: 'folders' | 'tags' | 'archive' | 'tree' | 'fixed' | 'links' | 'changes' | 'feeds' | 'stats'
  /** The kind's pages that belong in the sitemap, as paths below the base, in order. */
  sitemap(routes: SiteRoutes, pageSize: number, input: SitemapInput): string[]
}

export const PAGE_KINDS = [
  {
    name: 'folders',
    sitemap: (routes, pageSize) =>
      routes.folders.flatMap((route) => pagePaths(route.path, pageCount(entryCount(route.folder), pageSize))),
  },
  {
    name: 'tags',
    sitemap: (routes, pageSize) =>
      routes.tags.flatMap((route) => pagePaths(route.path, pageCount(route.bookmarks.length, pageSize))),
  },
  {
    name: 'archive',
    sitemap: (routes, pageSize) => {
      const { years, undated } = archiveCounts(routes)
      const lists = years.map((year) => ({ path: archiveYearPath(year.year), count: year.count }))
      if (undated > 0) lists.push({ path: UNDATED_PATH, count: undated })
      return ['archive/', ...lists.flatMap((list) => pagePaths(list.path, pageCount(list.count, pageSize)))]
    },
  },
  { name: 'tree', sitemap: () => ['folders/'] },
  // The tag index; the search page and the 404 page are not for search engines.
  { name: 'fixed', sitemap: () => ['tags/'] },
  // The link report, on a site with a link store (see `links-pages.ts`).
  { name: 'links', sitemap: (_routes, _pageSize, input) => (input.links === undefined ? [] : ['links/']) },
  // The Git history's changes (`src/history/`): a log, not content for search engines.
  { name: 'changes', sitemap: () => [] },
  // Each tag's and folder's Atom feed (`feeds.ts`): not pages.
  { name: 'feeds', sitemap: () => [] },
  { name: 'stats', sitemap: () => ['stats/'] },
] as const satisfies readonly PageKind[]

/** What of the site input the sitemap depends on besides the routes. */
export type SitemapInput = Pick<SiteInput, 'pageSize' | 'links'>

export type PageKindName = (typeof PAGE_KINDS)[number]['name']

/** Every page of the site that belongs in the sitemap, in the order the pages are made. */
export function sitemapPages(routes: SiteRoutes, input: SitemapInput): string[] {
  return PAGE_KINDS.flatMap((kind) => kind.sitemap(routes, input.pageSize, input))
}

function pagePaths(path: string, count: number): string[] {
  const paths: string[] = []
  for (let number = 1; number <= count; number++) paths.push(pagePath(path, number))
  return paths
}
