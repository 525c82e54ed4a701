/**
 * What the pages and the site files are made from: the published tree and every setting they use,
 * each resolved once (from `ResolvedConfig`, by the model step) and required here, so no later
 * stage has defaults of its own.
 */
import type { Element, ElementContent } from 'hast'
import type { PageInfo } from '../config/options.js'
import type { Alias, Bookmark, Collection, Folder } from '../model/tree.js'
import type { SiteLinks } from '../links/site-links.js'
import type { HistoryView } from '../history/build-step.js'
import type { PrivateEntry } from './private.js'

/** Hooks from the config's `theme` (see `ThemeOptions`). */
export interface ThemeHooks {
  head?: ((page: PageInfo) => ElementContent[]) | undefined
  footer?: ((page: PageInfo) => ElementContent[]) | undefined
  entry?:
    ((bookmark: Bookmark, renderDefault: () => Element, form: 'full' | 'compact') => Element) | undefined
  page?: ((page: PageInfo, content: ElementContent[]) => ElementContent[]) | undefined
  /** Absolute path of a stylesheet replacing the default one. */
  stylesheet?: string | undefined
}

export interface SiteInput {
  root: Folder
  siteTitle: string
  /** Shown under the title on the home page and in the feed. */
  description: string | undefined
  lang: string
  /** Starts and ends with `/`. */
  base: string
  /** Internal links as paths under `base`, or relative to each page (see `UserConfig.urls`). */
  urls: 'absolute' | 'relative'
  /**
   * The build's day (epoch milliseconds at 00:00 UTC): picks the home page's rediscovered bookmark.
   * From `SOURCE_DATE_EPOCH` when set (see `buildDay`), so a build can be reproduced.
   */
  buildDay: number
  /** Origin for absolute URLs (feed, sitemap), e.g. `https://me.github.io`, or the preview server's. */
  siteOrigin: string
  /**
   * Whether the site has an OpenSearch description (`opensearch.xml`): only when its address
   * (`site`) is known, since the description's URLs must be absolute.
   */
  openSearch: boolean
  allowFileLinks: boolean
  /** What each alias stands for (see `resolveAliases`). */
  aliasTargets: ReadonlyMap<Alias, Bookmark | Folder>
  /** Entries per folder or tag page (at least 1). */
  pageSize: number
  /** List folders without bookmarks (at any depth) on the home page and `folders/`; not without it. */
  showEmptyFolders?: boolean | undefined
  /** Entries one per row, or as a grid of cards (see `UserConfig.layout`). */
  layout?: 'list' | 'cards' | undefined
  /** Entries in the Atom feed; 0 for no feed. */
  feedLimit: number
  /** Custom domain for GitHub Pages (`CNAME`). */
  cname: string | undefined
  /** Full or compact entries on tag and archive pages (see `compactListings`). */
  listings: 'auto' | 'full' | 'compact'
  /** Whether the exports are gzipped (`'auto'`: for a large collection, see `exportsGzipped`). */
  exports: 'auto' | 'plain' | 'gzip'
  /** The published collection, written as the site's exports; none for a site without them. */
  exportCollection: Collection | undefined
  theme: ThemeHooks
  /** What the link store says (`bookgen check`): dead links are marked, and listed on `links/`; none without a store. */
  links: SiteLinks | undefined
  /** The sources' Git history, for the changes pages and `changes.xml`; absent without one. */
  history?: HistoryView | undefined
  /** Whether the site is an installable web app that works offline (`offline`). */
  offline: boolean
  /**
   * The private section's bookmarks (`private`, when its passphrase is set): its page is planned
   * with the site, its encrypted contents made by the build. Absent without a private section.
   */
  privateSection?: { entries: readonly PrivateEntry[] } | undefined
}
