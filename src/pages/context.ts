/**
 * What every page producer works with during one build: the site input and its routes, the URL
 * builder, the entries, the favicons, the page memo (watch mode) and the theme's hooks. Made once
 * per build by the page planner (`plan.ts`). Pure.
 */
import { downloadsOf, exportsGzipped } from './downloads.js'
import type { ElementContent } from 'hast'
import type { PageInfo } from '../config/options.js'
import type { Folder } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import type { SiteInput } from '../publish/site-input.js'
import type { SiteUrls } from '../publish/urls.js'
import { documentToHast, type Download, type PageInput, type SiteContext } from '../render/document.js'
import { segmentsToText } from '../render/fast-html.js'
import { i18nOf, type I18n } from '../render/i18n.js'
import { serializeHastSegments } from '../render/serialize.js'
import type { Entries } from './entries.js'
import type { Icons } from './icons.js'
import type { PageCheck, PlanStats } from './memo.js'
import type { SiteRoutes } from './routes.js'
import { relatedTagsOf, timelineOf, type Timeline } from './timeline.js'

/** Milliseconds spent in each phase of planning (only when a clock was given). */
export interface PlanTimings {
  /** Folder and tag routes (slugs). */
  routes: number
  render: number
  search: number
}

/**
 * What planning knows changed since the last build (watch mode, when an edit kept the tree's shape:
 * see `shapeDelta`), so that pages it did not touch are not looked at one by one.
 */
export interface KnownChanges {
  /**
   * Stands for what the folder tree page shows (every folder's title, path and size): the same
   * object as last build's exactly when that is the same.
   */
  tree: object
  /**
   * The folders the edit made anew (those on the way down to what it changed): the others, the
   * same objects under the same titles, have the same pages. Undefined when any may have changed.
   */
  folders: ReadonlySet<Folder> | undefined
  /** The tags whose pages may have changed; undefined when any may have. */
  tags: ReadonlySet<string> | undefined
  /** The archive lists (`archive/2024/`, `archive/undated/`) whose pages may have changed; undefined when any may have. */
  lists: ReadonlySet<string> | undefined
}

export interface PageContext {
  readonly input: SiteInput
  /** The site's UI words, in its `lang`. */
  readonly i18n: I18n
  readonly routes: SiteRoutes
  readonly urls: SiteUrls
  /** Bookmarks in each folder and below. */
  readonly totals: ReadonlyMap<Folder, number>
  readonly entries: Entries
  readonly icons: Icons
  readonly check: PageCheck
  readonly stats: PlanStats
  /** What planning knows changed since the last build (watch mode). */
  readonly changes: KnownChanges
  /** The bookmarks by date added (made when first asked for). */
  readonly timeline: Timeline
  /** The site's exports, plain or gzipped (see `exportsGzipped`). */
  readonly downloads: readonly Download[]
  /** Each tag's co-occurring tags (made when first asked for). */
  readonly relatedTags: ReadonlyMap<string, ReadonlyArray<{ tag: string; count: number }>>
  /** A page of the site, rendered in the shell, with the theme's hooks applied. */
  page(info: PageInfo, title: string, main: ElementContent[], extra?: Partial<PageInput>): OutputFile
  /** The favicon files named since the last call (counted in `stats`). */
  takeIcons(): Generator<OutputFile>
}

/** The page context of one build. */
export function createPageContext(parts: {
  input: SiteInput
  routes: SiteRoutes
  urls: SiteUrls
  totals: ReadonlyMap<Folder, number>
  entries: Entries
  icons: Icons
  check: PageCheck
  stats: PlanStats
  changes: KnownChanges
}): PageContext {
  const { input, urls, icons, stats } = parts
  const theme = input.theme
  const i18n = i18nOf(input.lang)
  const downloads = downloadsOf(i18n, exportsGzipped(input.exports, stats.bookmarks))
  let currentPage: PageInfo = { kind: 'folder', title: input.siteTitle, path: '', pageNumber: 1 }
  const site: SiteContext = {
    siteTitle: input.siteTitle,
    description: input.description,
    i18n,
    url: urls.path,
    feed: input.feedLimit > 0,
    openSearch: input.openSearch,
    downloads,
    linkReport: input.links !== undefined,
    changes: input.history !== undefined,
    offline: input.offline,
    cards: input.layout === 'cards',
    head: theme.head === undefined ? undefined : () => theme.head!(currentPage),
    footer: theme.footer === undefined ? undefined : () => theme.footer!(currentPage),
  }
  let timeline: Timeline | undefined
  let related: Map<string, Array<{ tag: string; count: number }>> | undefined
  return {
    ...parts,
    i18n,
    downloads,
    get timeline() {
      return (timeline ??= timelineOf(parts.routes))
    },
    get relatedTags() {
      return (related ??= relatedTagsOf(parts.routes))
    },
    page(info, title, main, extra = {}) {
      currentPage = info
      const content = theme.page === undefined ? main : theme.page(info, main)
      const path = info.kind === 'not-found' ? '404.html' : `${info.path}index.html`
      const segments = serializeHastSegments(
        documentToHast(site, { title, path: info.path, main: content, ...extra }),
      )
      if (!urls.relative) return pageFile(path, segments)
      const from = info.kind === 'not-found' ? '' : info.path
      return pageFile(path, [urls.localize(segmentsToText(segments), from)])
    },
    *takeIcons() {
      yield* icons.take()
      stats.icons = icons.count
    },
  }
}

/**
 * Bookmarks with a URL in each folder and below (post-order over the document-order folder list).
 * Watch mode passes the last build's counts: a folder that is the same object holds the same
 * bookmarks (see `PageMemo`), so only the folders an edit made anew are counted.
 */
export function countBookmarks(
  routes: SiteRoutes,
  previous?: ReadonlyMap<Folder, number>,
): Map<Folder, number> {
  const totals = new Map<Folder, number>()
  for (let i = routes.folders.length - 1; i >= 0; i--) {
    const route = routes.folders[i]!
    const known = previous?.get(route.folder)
    if (known !== undefined) {
      totals.set(route.folder, known)
      continue
    }
    let total = 0
    for (const child of route.folder.children) {
      if (child.type === 'bookmark' && child.href !== undefined) total++
      else if (child.type === 'folder') total += totals.get(child) ?? 0
    }
    totals.set(route.folder, total)
  }
  return totals
}

/** Bookmarks (with or without a URL) across all folders: the search index's documents. */
export function countDocuments(routes: SiteRoutes): number {
  let count = 0
  for (const route of routes.folders)
    for (const child of route.folder.children) if (child.type === 'bookmark') count++
  return count
}

/**
 * A page as an output file: its segments for the writer, and its text, made only when asked for
 * (tests, watch mode's hashes).
 */
function pageFile(path: string, segments: Array<string | Uint8Array>): OutputFile {
  if (segments.length === 1 && typeof segments[0] === 'string') return { path, contents: segments[0] }
  let text: string | undefined
  return {
    path,
    segments,
    get contents(): string {
      return (text ??= segmentsToText(segments))
    },
  }
}
