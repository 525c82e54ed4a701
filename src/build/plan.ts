/**
 * The page planner: the published tree → every page of the site (in the order of `PAGE_KINDS`,
 * each kind made by its producer), the favicons, and the theme files to copy; and the site-wide
 * files (search index, feed, sitemap, exports) as producers to run here or elsewhere. Pure: no file
 * system; a clock only when one is passed in.
 *
 * Files are made lazily as the writer consumes them, so memory holds the model and the entries,
 * not every page of the site at once.
 */
import type { AssetCopy, OutputFile } from '../model/output.js'
import type { SiteInput } from '../publish/site-input.js'
import { siteUrls } from '../publish/urls.js'
import { siteDataOf } from '../site-files/input.js'
import { siteFileProducers, type SiteFilesInput } from '../site-files/index.js'
import {
  countBookmarks,
  countDocuments,
  createPageContext,
  type KnownChanges,
  type PageContext,
  type PlanTimings,
} from '../pages/context.js'
import { changesPages } from '../pages/changes-pages.js'
import { createEntries, createRenderCache, type RenderCache } from '../pages/entries.js'
import { archivePages } from '../pages/archive-pages.js'
import { fixedPages, OFFLINE_ASSET, PRIVATE_ASSET } from '../pages/fixed-pages.js'
import { appIconAssets } from '../render/web-app.js'
import { linksPages } from '../pages/links-pages.js'
import { feedFiles } from '../pages/feeds.js'
import { statsPage } from '../pages/stats-page.js'
import { folderPages } from '../pages/folder-pages.js'
import { exportsGzipped } from '../pages/downloads.js'
import { createIcons } from '../pages/icons.js'
import { PAGE_KINDS, type PageKindName } from '../pages/kinds.js'
import { createPageCheck, type PageMemo, type PlanStats } from '../pages/memo.js'
import { entryCount, pageCount, SEARCH_DIR } from '../pages/paths.js'
import { patchRoutes, planRoutes, type SiteRoutes } from '../pages/routes.js'
import { shapeDelta } from '../pages/delta.js'
import { archiveListOf, carryRelatedTags, carryTimeline, madeTimeline } from '../pages/timeline.js'
import type { Folder } from '../model/tree.js'
import { tagPages } from '../pages/tag-pages.js'
import { compactListings } from '../pages/listings.js'
import { treePage } from '../pages/tree-page.js'

/** How one build plans (the defaults are a plain build's). */
export interface PlanOptions {
  /**
   * Rendered entries kept between builds (watch mode): an entry whose content did not change is
   * not rendered again. Without it every build renders everything.
   */
  cache?: RenderCache | undefined
  /**
   * What each page was built from last time (watch mode), by path: a page whose inputs did not
   * change is not rendered again, and comes out as `{path, unchanged: true}`.
   */
  pageKeys?: PageMemo | undefined
  /**
   * Leave the site-wide files (search index, feed, sitemap, exports) out of `files`; they are then
   * produced on demand through `siteFiles` (watch mode builds them when they are asked for), or
   * from `siteData` elsewhere (a build makes them after the pages, writing each as it is made).
   */
  deferSiteFiles?: boolean | undefined
  /** A clock (e.g. `performance.now`) to time the phases with; without it no timings are taken. */
  clock?: (() => number) | undefined
  /**
   * `files` is consumed one file at a time, each written before the next is asked for, and no
   * file is kept (a build's writer): without a cache, the memory of a page's entries is then used
   * again for the next page's (see `Entries.recycle`). Collecting `files` into an array would
   * see earlier pages overwritten.
   */
  reuseEntryMemory?: boolean | undefined
}

export interface SitePlan {
  /**
   * Every output file, produced lazily in a stable order as it is iterated: pages are rendered
   * only when the writer asks for them, so memory holds the entries, not the whole site.
   * Iterate once.
   */
  files: Iterable<OutputFile>
  assets: AssetCopy[]
  /** Known up front, except `icons`, which is complete once `files` has been consumed. */
  stats: PlanStats
  /** Filled in while `files` is consumed (only when a clock was given). */
  timings?: PlanTimings
  /**
   * The site-wide files by path (search index, feed, sitemap, exports), each produced when
   * called. A key ending in `/` is a directory of files produced together (the search index: its
   * `index.json` and the shards it names).
   */
  siteFiles: Map<string, () => OutputFile | OutputFile[]>
  /** What the site files are made from: plain data (no routes, no hast). */
  siteData: SiteFilesInput
}

/** Theme files every site gets, relative to `templates/`. */
export const THEME_ASSETS: readonly AssetCopy[] = [
  { path: 'assets/style.css', source: 'default/style.css' },
  { path: 'assets/theme.js', source: 'default/theme.js' },
  { path: 'assets/site.js', source: 'default/site.js' },
  { path: 'assets/ui-text.js', source: 'default/ui-text.js' },
  { path: 'assets/icon.svg', source: 'default/icon.svg' },
  { path: 'assets/icon-fallback.svg', source: 'default/icon-fallback.svg' },
  { path: 'assets/entry-view.js', source: 'default/entry-view.js' },
  { path: 'assets/host-name.js', source: 'default/host-name.js' },
  { path: 'assets/search.js', source: 'default/search.js' },
  { path: 'assets/search-terms.js', source: 'default/search-terms.js' },
  { path: 'assets/search-engine.js', source: 'default/search-engine.js' },
  { path: 'assets/search-query.js', source: 'default/search-query.js' },
  { path: 'assets/searchable-map.js', source: 'npm:minisearch/dist/es/SearchableMap.js' },
]

/**
 * The last kind of page (in the order of `PAGE_KINDS`) that shows entries in bulk: full entries on
 * folder pages, full or compact ones (made of the full ones' heads, kept) on tag and archive pages. The
 * home page's few entries that come after are rendered again.
 */
const LAST_SHOWING_ENTRIES: PageKindName = 'archive'

/** The producer of each kind of page (see `PAGE_KINDS`). */
const PRODUCERS: Readonly<Record<PageKindName, (context: PageContext) => Generator<OutputFile>>> = {
  folders: folderPages,
  tags: tagPages,
  archive: archivePages,
  tree: treePage,
  fixed: fixedPages,
  links: linksPages,
  changes: changesPages,
  feeds: feedFiles,
  stats: statsPage,
}

/** Plan every file of the site. */
export function planSite(input: SiteInput, options: PlanOptions = {}): SitePlan {
  const clock = options.clock
  const t0 = clock?.() ?? 0
  const { routes, totals, stats, changes } = planShape(input, options.pageKeys)
  const timings: PlanTimings = { routes: (clock?.() ?? 0) - t0, render: 0, search: 0 }
  // Made when first asked for: watch mode, until the site files are requested, never needs them.
  let siteData: SiteFilesInput | undefined
  const dataOf = (): SiteFilesInput => (siteData ??= siteDataOf(input, routes))
  const siteFiles = siteFileProducers(dataOf, {
    feed: input.feedLimit > 0,
    exports: input.exportCollection !== undefined,
    gzipExports: exportsGzipped(input.exports, stats.bookmarks),
    openSearch: input.openSearch,
  })
  const timing = clock === undefined ? undefined : { clock, timings }
  const files: Iterable<OutputFile> = {
    *[Symbol.iterator]() {
      yield* generateFiles(input, options, { routes, totals, stats, changes }, siteFiles, timing)
    },
  }
  const assets = [
    ...THEME_ASSETS,
    ...(input.offline ? [OFFLINE_ASSET, ...appIconAssets(input.siteTitle)] : []),
    ...(input.privateSection === undefined ? [] : [PRIVATE_ASSET]),
  ].map((asset) =>
    asset.path === 'assets/style.css' && input.theme.stylesheet !== undefined
      ? { ...asset, source: input.theme.stylesheet }
      : asset,
  )
  return {
    files,
    assets,
    stats,
    siteFiles,
    get siteData() {
      return dataOf()
    },
    ...(clock === undefined ? {} : { timings }),
  }
}

/**
 * The routes, counts and page counts of the site. Watch mode (a page memo) keeps them for the next
 * build: an edit that kept the tree's shape (see `shapeDelta`) and no bookmark's tags changed
 * patches them, and what depends on them (the timeline, the related tags) is carried over, instead
 * of walking the whole collection again; its `changes` then say which tag and archive pages may
 * have changed.
 */
function planShape(
  input: SiteInput,
  memo: PageMemo | undefined,
): { routes: SiteRoutes; totals: Map<Folder, number>; stats: PlanStats; changes: KnownChanges } {
  const previous = memo?.plan
  const delta = previous === undefined ? undefined : shapeDelta(previous.root, input.root)
  const patched = delta === undefined ? undefined : patchRoutes(previous!.routes, delta)
  const routes = patched ?? planRoutes(input.root)
  const totals = countBookmarks(routes, previous?.totals)
  let changes: KnownChanges = { tree: {}, folders: undefined, tags: undefined, lists: undefined }
  let stats: PlanStats
  if (patched !== undefined && delta !== undefined && previous !== undefined) {
    stats = { ...previous.stats, icons: 0 }
    carryRelatedTags(routes, previous.routes)
    const timeline = madeTimeline(previous.routes)
    const carried = timeline !== undefined && carryTimeline(routes, timeline, delta.bookmarks)
    const sameSizes = delta.folders.every(
      ([before, after]) => previous.totals.get(before) === totals.get(after),
    )
    changes = {
      tree: sameSizes ? previous.tree : {},
      folders: new Set(delta.folders.map(([, folder]) => folder)),
      tags: new Set(delta.bookmarks.flatMap(([bookmark]) => bookmark.tags)),
      lists: carried ? new Set(delta.bookmarks.map(([bookmark]) => archiveListOf(bookmark))) : undefined,
    }
  } else {
    const bookmarks = countDocuments(routes)
    stats = {
      folderPages: routes.folders.reduce(
        (sum, route) => sum + pageCount(entryCount(route.folder), input.pageSize),
        0,
      ),
      tagPages: routes.tags.reduce((sum, tag) => sum + pageCount(tag.bookmarks.length, input.pageSize), 0),
      bookmarks,
      compactListings: compactListings(input.listings, bookmarks),
      icons: 0,
    }
  }
  if (memo !== undefined) {
    const { folderPages, tagPages, bookmarks, compactListings } = stats
    // The key is set once the pages are planned (see `generateFiles`).
    const globalKey = patched === undefined ? undefined : previous?.globalKey
    const kept = { folderPages, tagPages, bookmarks, compactListings }
    memo.plan = { root: input.root, routes, totals, stats: kept, tree: changes.tree, globalKey }
  }
  return { routes, totals, stats, changes }
}

function* generateFiles(
  input: SiteInput,
  options: PlanOptions,
  shape: { routes: SiteRoutes; totals: Map<Folder, number>; stats: PlanStats; changes: KnownChanges },
  siteFiles: Map<string, () => OutputFile | OutputFile[]>,
  timing: { clock: () => number; timings: PlanTimings } | undefined,
): Generator<OutputFile> {
  const { routes, totals, stats } = shape
  const urls = siteUrls(input.base, input.siteOrigin, input.urls)
  const icons = createIcons(urls)
  // A one-shot build with compact listings keeps only each entry's head once its folder's page is
  // made (see `createEntries`); with full listings, the whole entry for the pages that list it again.
  const compact = stats.compactListings
  const entries = createEntries(
    input,
    routes,
    urls,
    options.cache ?? createRenderCache(),
    (bookmark) => icons.urlOf(bookmark),
    options.cache === undefined && compact ? 'heads' : 'whole',
    compact,
  )
  const memo = options.pageKeys
  const plan = memo?.plan
  if (entries.reset) memo?.clear()
  const globalKey = JSON.stringify([
    entries.key,
    input.siteTitle,
    input.description,
    input.feedLimit > 0,
    input.openSearch,
    input.pageSize,
    input.showEmptyFolders === true,
    input.layout,
    // Compact entries show their folders' titles: a folder renamed changes their pages.
    compact && memo !== undefined && routes.folders.map((route) => route.folder.title),
  ])
  let changes = shape.changes
  if (plan !== undefined && memo !== undefined) {
    // Pages are known unchanged only under the same settings and titles as last build.
    if (entries.reset || plan.globalKey !== globalKey)
      changes = { tree: {}, folders: undefined, tags: undefined, lists: undefined }
    memo.plan = { ...plan, globalKey, tree: changes.tree }
  }
  const check = createPageCheck(
    memo,
    globalKey,
    (alias) => {
      const target = input.aliasTargets.get(alias)
      return [
        alias.ref,
        target?.title,
        target?.type === 'bookmark'
          ? target.href
          : target === undefined
            ? undefined
            : routes.folderRoute.get(target)?.path,
      ]
    },
    (bookmark) => icons.urlOf(bookmark),
  )
  const context = createPageContext({
    input,
    routes,
    urls,
    totals,
    entries,
    icons,
    check,
    stats,
    changes,
  })
  for (const kind of PAGE_KINDS) {
    const files = PRODUCERS[kind.name](context)
    for (;;) {
      const next = timed(timing, 'render', () => files.next())
      if (next.done === true) break
      yield next.value
      if (options.reuseEntryMemory === true) entries.recycle()
    }
    // A one-shot build keeps no entry past the last kind of page that shows them: their bytes
    // (about 0.5 KB a bookmark) go before the next pages and the site files are made. Watch mode
    // keeps them for the next build.
    if (options.cache === undefined && kind.name === LAST_SHOWING_ENTRIES) entries.release()
  }
  // An edit that kept the tree's shape (its changes known) keeps every page's path: nothing to forget.
  if (changes.tags === undefined) check.prune()
  entries.prune()
  if (options.deferSiteFiles === true) return
  for (const [path, produce] of siteFiles) {
    const produced = timed(timing, path === SEARCH_DIR ? 'search' : 'render', produce)
    if (Array.isArray(produced)) yield* produced
    else yield produced
  }
}

/**
 * What `make` returns, the time it took added to `phase`: each file a producer makes is timed, the
 * writer's time between files is not.
 */
function timed<T>(
  timing: { clock: () => number; timings: PlanTimings } | undefined,
  phase: 'render' | 'search',
  make: () => T,
): T {
  const started = timing?.clock() ?? 0
  const made = make()
  if (timing !== undefined) timing.timings[phase] += timing.clock() - started
  return made
}
