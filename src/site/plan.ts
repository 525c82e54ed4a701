/**
 * The build plan: a bookmark tree → every output file (pages, search index, feed, sitemap,
 * exports, favicons) and the theme assets to copy. Pure: no file system; a clock only when one is
 * passed in.
 *
 * Each bookmark's entry is rendered and serialized once and reused on its folder page and its tag
 * pages; each distinct tag list likewise. Files are generated lazily as the writer consumes them,
 * so memory holds the model and the entries, not every page of the site at once.
 */
import { createHash } from 'node:crypto'
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import type { PageInfo } from '../config.js'
import type { Alias, Bookmark, Collection, Folder } from '../model.js'
import { documentToHast, paginationToHast, type PageInput, type SiteContext } from '../render/document.js'
import { folderPageToHast, type SubfolderLink } from '../render/folder-page.js'
import { notFoundPageToHast } from '../render/not-found-page.js'
import { searchPageToHast } from '../render/search-page.js'
import { serializeFragment, serializeHastSegments, trustedBytesNode, trustedNode, type TrustedHtml } from '../render/serialize.js'
import { segmentsToText } from '../render/fast-html.js'
import { tagIndexToHast, tagPageToHast } from '../render/tag-pages.js'
import { aliasToHast, bookmarkToHast, type EntryContext } from '../render/xfolk.js'
import { sameItems } from './published-copy.js'
import { planRoutes, trailOf, type FolderRoute, type SiteRoutes } from './routes.js'
import { DEFAULT_FEED_LIMIT, DEFAULT_PAGE_SIZE, entryCount, pageCount, pagePath, siteDataOf } from './site-data.js'
import { SEARCH_DIR } from './search-index.js'
import { siteFileProducers, type SiteFilesInput } from './site-files.js'

/** Hooks from the config's `theme` (see `ThemeOptions`). */
export interface ThemeHooks {
  head?: ((page: PageInfo) => ElementContent[]) | undefined
  footer?: ((page: PageInfo) => ElementContent[]) | undefined
  entry?: ((bookmark: Bookmark, renderDefault: () => Element) => Element) | undefined
  page?: ((page: PageInfo, content: ElementContent[]) => ElementContent[]) | undefined
  /** Absolute path of a stylesheet replacing the default one. */
  stylesheet?: string | undefined
}

export interface SiteInput {
  root: Folder
  siteTitle: string
  /** Shown under the title on the home page and in the feed. */
  description?: string | undefined
  lang: string
  /** Starts and ends with `/`. */
  base: string
  /** Origin for absolute URLs (feed, sitemap), e.g. `https://me.github.io`. Default: the preview server's. */
  siteOrigin?: string | undefined
  allowFileLinks: boolean
  /** What each alias stands for (see `resolveAliases`). */
  aliasTargets: ReadonlyMap<Alias, Bookmark | Folder>
  /** Entries per folder or tag page. Default: 200. */
  pageSize?: number | undefined
  /** Entries in the Atom feed; 0 for no feed. Default: 50. */
  feedLimit?: number | undefined
  /** Custom domain for GitHub Pages (`CNAME`). */
  cname?: string | undefined
  /** The published collection, written as `bookmarks.html` and `bookmarks.xbel`. */
  exportCollection?: Collection | undefined
  theme?: ThemeHooks | undefined
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
   * from `siteData` elsewhere (a build makes them in a worker thread).
   */
  deferSiteFiles?: boolean | undefined
  /** A clock (e.g. `performance.now`) to time the phases with; without it no timings are taken. */
  clock?: (() => number) | undefined
}

/** Serialized entries and tag lists, reusable from one build to the next (watch mode). */
export interface RenderCache {
  /**
   * Entries' HTML, encoded as UTF-8 (see `Utf8Arena`), by bookmark: watch mode keeps a bookmark
   * whose content did not change the same object from one build to the next (see `PageMemo`).
   */
  entries: WeakMap<Bookmark, Uint8Array>
  /** Each tag's list item (its link), serialized once, by tag. */
  tagItems: Map<string, TrustedHtml>
  /** What the cached HTML depends on besides the bookmark (base, language…). */
  context: string
  /**
   * Each tag's page path when the cached HTML was made: entries link to their tags, so a tag whose
   * path changed (slugs settled anew) makes the cache start afresh. A new tag changes nothing cached.
   */
  tagPaths: Map<string, string>
}

/** An empty render cache. */
export function createRenderCache(): RenderCache {
  return { entries: new WeakMap(), tagItems: new Map(), context: '', tagPaths: new Map() }
}

/**
 * What each page was built from last time (watch mode), so that an unchanged page is not rendered
 * again. It relies on what the model step guarantees in watch mode: an unchanged bookmark is the
 * same object from one build to the next, and so is a folder exactly when nothing it holds, at
 * any depth, changed.
 */
export class PageMemo {
  /**
   * By output path: the items the page showed (the objects themselves) and a key of everything
   * else it shows. A page whose items are the same objects and whose key is the same is unchanged.
   */
  readonly pages = new Map<string, { key: string; items: ReadonlyArray<Bookmark | Alias | 'separator'> }>()
  /**
   * By folder page path: the folder, a key of what its pages show besides the folder (the build-wide
   * settings, its ancestors' titles), its pages and the bookmarks on them with a favicon. When the
   * folder is the same object and the key is the same, its pages are unchanged without a look at
   * its items. Folders with aliases are not kept here: an alias shows a target from elsewhere.
   */
  readonly folders = new Map<string, { folder: Folder; key: string; pages: string[]; icons: Bookmark[] }>()

  clear(): void {
    this.pages.clear()
    this.folders.clear()
  }
}

/** An empty page memo. */
export function createPageMemo(): PageMemo {
  return new PageMemo()
}

/** Milliseconds spent in each phase of planning (only when a clock was given). */
export interface PlanTimings {
  /** Folder and tag routes (slugs). */
  routes: number
  render: number
  search: number
}

/** One file of the built site; `path` is relative to the output directory and uses `/`. */
export interface OutputFile {
  path: string
  contents: string | Uint8Array
  /**
   * The same bytes as `contents`, in parts (text, and UTF-8 chunks), for the writer: a page holds
   * its entries as the bytes they were encoded to once, not as one string made for each page.
   */
  segments?: ReadonlyArray<string | Uint8Array> | undefined
  /**
   * A file made in chunks while it is written (the exports, tens of megabytes for a large
   * collection): the writer calls it with a sink instead of reading `contents`, so the whole text
   * is never held. `contents` then makes it whole, only when asked for.
   */
  stream?: ((sink: (chunk: string) => void) => void) | undefined
  /** Only with `pageKeys`: the page is exactly as last built (`contents` is then empty). */
  unchanged?: boolean
}

/**
 * A theme file copied as it is. `source` is a path relative to the package's `templates/` folder,
 * an absolute path (a user's own file), or `npm:<package>/<file>` for a file of an installed package.
 */
export interface AssetCopy {
  path: string
  source: string
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
  stats: { folderPages: number; tagPages: number; bookmarks: number; icons: number }
  /** Filled in while `files` is consumed (only when a clock was given). */
  timings?: PlanTimings
  /**
   * The site-wide files by path (search index, feed, sitemap, exports), each produced when
   * called. A key ending in `/` is a directory of files produced together (the search index: its
   * `index.json` and the shards it names).
   */
  siteFiles: Map<string, () => OutputFile | OutputFile[]>
  /** What the site files are made from: plain data, which a worker thread can take. */
  siteData: SiteFilesInput
}

/** Theme files every site gets, relative to `templates/`. */
export const THEME_ASSETS: readonly AssetCopy[] = [
  { path: 'assets/style.css', source: 'default/style.css' },
  { path: 'assets/theme.js', source: 'default/theme.js' },
  { path: 'assets/icon.svg', source: 'default/icon.svg' },
  { path: 'assets/icon-fallback.svg', source: 'default/icon-fallback.svg' },
  { path: 'assets/search.js', source: 'default/search.js' },
  { path: 'assets/search-terms.js', source: 'default/search-terms.js' },
  { path: 'assets/search-engine.js', source: 'default/search-engine.js' },
  { path: 'assets/searchable-map.js', source: 'npm:minisearch/dist/es/SearchableMap.js' },
]

/** Plan every file of the site. */
export function planSite(input: SiteInput): SitePlan {
  const clock = input.clock
  const t0 = clock?.() ?? 0
  const routes = planRoutes(input.root, input.base)
  const totals = countBookmarks(routes)
  const pageSize = Math.max(1, input.pageSize ?? DEFAULT_PAGE_SIZE)
  const timings: PlanTimings = { routes: (clock?.() ?? 0) - t0, render: 0, search: 0 }
  const stats = {
    folderPages: routes.folders.reduce((sum, route) => sum + pageCount(entryCount(route.folder), pageSize), 0),
    tagPages: routes.tags.reduce((sum, tag) => sum + pageCount(tag.bookmarks.length, pageSize), 0),
    bookmarks: countDocuments(routes),
    icons: 0,
  }
  // Made when first asked for: a build whose site files come from a worker thread, and watch mode
  // until they are requested, never need them here.
  let siteData: SiteFilesInput | undefined
  const dataOf = (): SiteFilesInput => (siteData ??= siteDataOf(input, routes, pageSize))
  const siteFiles = siteFileProducers(dataOf, {
    feed: (input.feedLimit ?? DEFAULT_FEED_LIMIT) > 0,
    exports: input.exportCollection !== undefined,
  })
  const files: Iterable<OutputFile> = {
    [Symbol.iterator]: () =>
      generateFiles(input, routes, totals, pageSize, stats, siteFiles, clock === undefined ? undefined : { clock, timings }),
  }
  const assets = THEME_ASSETS.map((asset) =>
    asset.path === 'assets/style.css' && input.theme?.stylesheet !== undefined ? { ...asset, source: input.theme.stylesheet } : asset,
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

function* generateFiles(
  input: SiteInput,
  routes: SiteRoutes,
  totals: Map<Folder, number>,
  pageSize: number,
  stats: SitePlan['stats'],
  siteFiles: Map<string, () => OutputFile | OutputFile[]>,
  timing: { clock: () => number; timings: PlanTimings } | undefined,
): Generator<OutputFile> {
  const theme = input.theme ?? {}
  const feedLimit = input.feedLimit ?? DEFAULT_FEED_LIMIT
  let currentPage: PageInfo = { kind: 'folder', title: input.siteTitle, path: '', pageNumber: 1 }
  const site: SiteContext = {
    siteTitle: input.siteTitle,
    lang: input.lang,
    url: routes.url,
    feed: feedLimit > 0,
    head: theme.head === undefined ? undefined : () => theme.head!(currentPage),
    footer: theme.footer === undefined ? undefined : () => theme.footer!(currentPage),
  }
  const icons = new Set<string>()
  const pendingIcons: OutputFile[] = []
  const iconUrl = iconPlanner(routes, (file) => {
    if (icons.has(file.path)) return
    icons.add(file.path)
    pendingIcons.push(file)
  })
  const cache = input.cache ?? createRenderCache()
  const context = JSON.stringify([input.base, input.lang, input.allowFileLinks, theme.entry === undefined])
  let tagPathsChanged = false
  for (const route of routes.tags) {
    const previous = cache.tagPaths.get(route.tag)
    if (previous !== undefined && previous !== route.path) tagPathsChanged = true
  }
  if (cache.context !== context || tagPathsChanged) {
    cache.entries = new WeakMap()
    cache.tagItems.clear()
    cache.context = context
    input.pageKeys?.clear()
  }
  cache.tagPaths = new Map(routes.tags.map((route) => [route.tag, route.path]))
  const tagItems = cache.tagItems
  const entryContext: EntryContext = {
    tagUrl: (tag) => routes.url(routes.tagRoute.get(tag)?.path ?? 'tags/'),
    tagItem: (tag, render) => {
      let item = tagItems.get(tag)
      if (item === undefined) {
        item = serializeFragment(render())
        tagItems.set(tag, item)
      }
      return trustedNode(item)
    },
    iconUrl,
    allowFileLinks: input.allowFileLinks,
  }
  // Entries by bookmark, for this build or across builds (the render cache): each is serialized
  // once, encoded as UTF-8 once, and its bytes written on its folder and tag pages.
  const entries = input.cache?.entries ?? new WeakMap<Bookmark, Uint8Array>()
  const arena = new Utf8Arena()
  const renderEntry = (bookmark: Bookmark): Uint8Array => {
    if (theme.entry === undefined) return arena.encode(serializeFragment(bookmarkToHast(bookmark, entryContext)).html)
    // The hook may change what it gets: a copy, without the entries' shared (frozen) class lists.
    const entry = theme.entry(bookmark, () => structuredClone(bookmarkToHast(bookmark, entryContext)))
    return arena.encode(serializeFragment(entry).html)
  }
  const entryFor = (bookmark: Bookmark): Uint8Array => {
    let entry = entries.get(bookmark)
    if (entry === undefined) {
      entry = renderEntry(bookmark)
      entries.set(bookmark, entry)
    }
    return entry
  }
  const page = (info: PageInfo, title: string, main: ElementContent[], extra: Partial<PageInput> = {}): OutputFile => {
    currentPage = info
    const content = theme.page === undefined ? main : theme.page(info, main)
    const path = info.kind === 'not-found' ? '404.html' : `${info.path}index.html`
    return pageFile(path, serializeHastSegments(documentToHast(site, { title, path: info.path, main: content, ...extra })))
  }
  // Watch mode: a page whose items are the same objects as last time, and whose other inputs are
  // the same, is not rendered again.
  const pageKeys = input.pageKeys
  const seenPages = new Set<string>()
  const globalKey = JSON.stringify([cache.context, input.siteTitle, input.description, feedLimit > 0, pageSize])
  const unchanged = (path: string, parts: unknown[], items: ReadonlyArray<Bookmark | Alias | 'separator'>): boolean => {
    if (pageKeys === undefined) return false
    const file = `${path}index.html`
    seenPages.add(file)
    // An alias shows its target, which may have changed anywhere in the tree.
    const aliases: unknown[] = []
    for (const item of items) {
      if (item === 'separator') continue
      if (item.type === 'alias') {
        const target = input.aliasTargets.get(item)
        aliases.push([item.ref, target?.title, target?.type === 'bookmark' ? target.href : routes.folderRoute.get(target as Folder)?.path])
      } else if (item.icon !== undefined) {
        // Favicon files are written when an entry first names them in a build: a page's icons are
        // named here, whether the page is rendered again or not (its entries may come from the cache).
        iconUrl(item)
      }
    }
    const key = JSON.stringify([globalKey, parts, aliases])
    const previous = pageKeys.pages.get(file)
    pageKeys.pages.set(file, { key, items })
    return previous !== undefined && previous.key === key && sameItems(previous.items, items)
  }
  // Time spent in here (rendering) is added up between yields; the writer's time is not.
  let started = timing?.clock() ?? 0
  const pause = (phase: 'render' | 'search'): void => {
    if (timing !== undefined) timing.timings[phase] += timing.clock() - started
  }
  const resume = (): void => {
    if (timing !== undefined) started = timing.clock()
  }

  // Ancestors' titles by folder, for the folder memo's key (breadcrumbs show them).
  const trails = new Map<Folder, string>()
  for (const route of routes.folders) {
    const folder = route.folder
    const isRoot = route.parent === undefined
    let folderKey: string | undefined
    if (pageKeys !== undefined) {
      const trail = route.parent === undefined ? '' : `${trails.get(route.parent.folder)}\u0000${route.parent.folder.title}`
      trails.set(folder, trail)
      folderKey = `${globalKey}\u0001${trail}`
      const memo = pageKeys.folders.get(route.path)
      if (memo !== undefined && memo.folder === folder && memo.key === folderKey) {
        for (const bookmark of memo.icons) iconUrl(bookmark)
        for (const file of memo.pages) {
          seenPages.add(file)
          yield { path: file, contents: '', unchanged: true }
        }
        yield* flushIcons(pendingIcons, stats)
        continue
      }
    }
    const subfolders: SubfolderLink[] = []
    const items: Array<Bookmark | Alias | 'separator'> = []
    for (const child of folder.children) {
      switch (child.type) {
        case 'folder': {
          const childRoute = routes.folderRoute.get(child)!
          subfolders.push({ title: child.title, href: routes.url(childRoute.path), count: totals.get(child) ?? 0 })
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
    /**
     * A page's items: each run of bookmarks as one fragment (their entries' HTML joined, one node
     * for the serializer instead of one per entry), aliases as elements, separators as they are.
     */
    const renderItems = (chunk: ReadonlyArray<Bookmark | Alias | 'separator'>): Array<ElementContent | 'separator'> => {
      const rendered: Array<ElementContent | 'separator'> = []
      let run: Uint8Array[] = []
      for (const item of chunk) {
        if (item !== 'separator' && item.type === 'bookmark') {
          run.push(entryFor(item))
          continue
        }
        if (run.length > 0) rendered.push(trustedBytesNode(run))
        run = []
        if (item === 'separator') rendered.push(item)
        else {
          const target = input.aliasTargets.get(item)
          const targetUrl = target?.type === 'folder' ? routes.url(routes.folderRoute.get(target)?.path ?? '') : undefined
          rendered.push(aliasToHast(item, target, targetUrl, entryContext))
        }
      }
      if (run.length > 0) rendered.push(trustedBytesNode(run))
      return rendered
    }
    const crumbs = isRoot
      ? []
      : trailOf(route).map((item, index) => ({
          title: index === 0 ? input.siteTitle : item.title,
          href: routes.url(routes.folderRoute.get(item)!.path),
        }))
    const chunks = paginate(items, pageSize)
    const direct = items.filter((item) => item !== 'separator').length
    if (pageKeys !== undefined && folderKey !== undefined) {
      if (items.some((item) => item !== 'separator' && item.type === 'alias')) pageKeys.folders.delete(route.path)
      else {
        pageKeys.folders.set(route.path, {
          folder,
          key: folderKey,
          pages: chunks.map((_chunk, index) => `${pagePath(route.path, index + 1)}index.html`),
          icons: items.filter((item): item is Bookmark => item !== 'separator' && item.type === 'bookmark' && item.icon !== undefined),
        })
      }
    }
    for (let index = 0; index < chunks.length; index++) {
      const number = index + 1
      const path = pagePath(route.path, number)
      const chunk = chunks[index]!
      const same = unchanged(
        path,
        ['folder', number, chunks.length, folder.title, folder.description, crumbs, subfolders, totals.get(folder), direct],
        chunk,
      )
      if (same) {
        yield { path: `${path}index.html`, contents: '', unchanged: true }
        yield* flushIcons(pendingIcons, stats)
        continue
      }
      const file = page(
        { kind: 'folder', title: folder.title, path, pageNumber: number },
        isRoot ? input.siteTitle : folder.title || 'Untitled folder',
        folderPageToHast({
          title: isRoot ? input.siteTitle : folder.title,
          description: folder.description,
          crumbs,
          subfolders,
          items: renderItems(chunk),
          total: totals.get(folder) ?? 0,
          direct,
          lead: isRoot ? input.description : undefined,
          extras: isRoot ? [downloads(routes, feedLimit > 0)] : undefined,
          pages: pagesOf(routes, route.path, number, chunks.length),
        }),
      )
      pause('render')
      yield file
      yield* flushIcons(pendingIcons, stats)
      resume()
    }
  }

  const home = { title: input.siteTitle, href: routes.url('') }
  const tagsCrumb = { title: 'Tags', href: routes.url('tags/') }
  for (const tagRoute of routes.tags) {
    const chunks = paginate(tagRoute.bookmarks, pageSize)
    for (let index = 0; index < chunks.length; index++) {
      const number = index + 1
      const path = pagePath(tagRoute.path, number)
      const chunk = chunks[index]!
      if (unchanged(path, ['tag', tagRoute.tag, number, chunks.length, tagRoute.bookmarks.length], chunk)) {
        yield { path: `${path}index.html`, contents: '', unchanged: true }
        continue
      }
      const file = page(
        { kind: 'tag', title: tagRoute.tag, path, pageNumber: number },
        `Tag: ${tagRoute.tag}`,
        tagPageToHast({
          tag: tagRoute.tag,
          crumbs: [home, tagsCrumb, { title: tagRoute.tag, href: routes.url(tagRoute.path) }],
          entries: [trustedBytesNode(chunk.filter((item) => item !== 'separator').map(entryFor))],
          total: tagRoute.bookmarks.length,
          pages: pagesOf(routes, tagRoute.path, number, chunks.length),
        }),
      )
      pause('render')
      yield file
      resume()
    }
  }
  if (pageKeys !== undefined) {
    for (const file of pageKeys.pages.keys()) if (!seenPages.has(file)) pageKeys.pages.delete(file)
    for (const path of pageKeys.folders.keys()) if (!seenPages.has(`${path}index.html`)) pageKeys.folders.delete(path)
  }
  // Keep in the cache only the tags this site has, so it never grows past one site's worth
  // (entries go with their bookmarks).
  for (const tag of tagItems.keys()) if (!routes.tagRoute.has(tag)) tagItems.delete(tag)
  const finalPages = [
    page(
      { kind: 'tags', title: 'Tags', path: 'tags/', pageNumber: 1 },
      'Tags',
      tagIndexToHast({
        crumbs: [home, tagsCrumb],
        tags: routes.tags.map((route) => ({ tag: route.tag, href: routes.url(route.path), count: route.bookmarks.length })),
      }),
    ),
    page(
      { kind: 'search', title: 'Search', path: 'search/', pageNumber: 1 },
      'Search',
      searchPageToHast({
        crumbs: [home, { title: 'Search', href: routes.url('search/') }],
        indexUrl: routes.url(`${SEARCH_DIR}index.json`),
        tagsUrl: routes.url('tags/'),
        homeUrl: routes.url(''),
      }),
      { scripts: ['assets/search.js'] },
    ),
    page(
      { kind: 'not-found', title: 'Page not found', path: '404/', pageNumber: 1 },
      'Page not found',
      notFoundPageToHast({ homeUrl: routes.url(''), tagsUrl: routes.url('tags/'), searchUrl: routes.url('search/') }),
    ),
  ]
  pause('render')
  yield* finalPages
  yield { path: '.nojekyll', contents: '' }
  if (input.cname !== undefined && input.cname !== '') yield { path: 'CNAME', contents: `${input.cname.trim()}\n` }
  resume()
  if (input.deferSiteFiles === true) return
  for (const [path, produce] of siteFiles) {
    resume()
    const produced = produce()
    pause(path === SEARCH_DIR ? 'search' : 'render')
    if (Array.isArray(produced)) yield* produced
    else yield produced
  }
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

const UTF8_ENCODER = new TextEncoder()

/**
 * Text encoded as UTF-8 into large shared blocks, one view per text: a build's hundred thousand
 * entries without a hundred thousand buffers (each would be memory outside the heap that V8 counts
 * towards its next full collection).
 */
class Utf8Arena {
  private block = new Uint8Array(0)
  private used = 0
  /**
   * Size of the next block: small first, doubling up to `BLOCK_SIZE`, so that a watch-mode rebuild
   * that renders a few entries keeps a few kilobytes alive, not megabytes.
   */
  private next = 1 << 16

  encode(text: string): Uint8Array {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const room = text.length * 3
    if (room > BLOCK_SIZE / 4) return UTF8_ENCODER.encode(text)
    if (this.used + room > this.block.length) {
      this.block = new Uint8Array(Math.max(this.next, room))
      this.next = Math.min(this.next * 2, BLOCK_SIZE)
      this.used = 0
    }
    const { written } = UTF8_ENCODER.encodeInto(text, this.block.subarray(this.used))
    const bytes = this.block.subarray(this.used, this.used + written)
    this.used += written
    return bytes
  }
}

const BLOCK_SIZE = 1 << 22

/** Page `number` of `count` of the folder or tag at `path`, with its navigation; none for one page. */
function pagesOf(
  routes: SiteRoutes,
  path: string,
  number: number,
  count: number,
): { current: number; count: number; navigation: Element } | undefined {
  if (count === 1) return undefined
  return { current: number, count, navigation: paginationToHast(number, count, (n) => routes.url(pagePath(path, n))) }
}

/** Split items into pages of `pageSize` entries; separators travel with the entries around them. */
function paginate<T>(items: readonly (T | 'separator')[], pageSize: number): Array<Array<T | 'separator'>> {
  const pages: Array<Array<T | 'separator'>> = [[]]
  let count = 0
  for (const item of items) {
    if (item !== 'separator') {
      if (count === pageSize) {
        pages.push([])
        count = 0
      }
      count++
    }
    pages[pages.length - 1]!.push(item)
  }
  return pages
}

/** The home page's line of downloads: the collection as browser HTML and XBEL, and the feed. */
function downloads(routes: SiteRoutes, feed: boolean): Element {
  const links: Array<Element | string> = [
    'Download this collection: ',
    h('a', { href: routes.url('bookmarks.html'), download: 'bookmarks.html' }, 'browser HTML'),
    ' (imports into any browser) · ',
    h('a', { href: routes.url('bookmarks.xbel'), download: 'bookmarks.xbel' }, 'XBEL'),
  ]
  if (feed) links.push(' · ', h('a', { href: routes.url('feed.xml') }, 'Atom feed'))
  return h('p.downloads', links)
}

function* flushIcons(pending: OutputFile[], stats: SitePlan['stats']): Generator<OutputFile> {
  while (pending.length > 0) {
    stats.icons++
    yield pending.shift()!
  }
}

/** Bookmarks (with or without a URL) across all folders: the search index's documents. */
function countDocuments(routes: SiteRoutes): number {
  let count = 0
  for (const route of routes.folders) for (const child of route.folder.children) if (child.type === 'bookmark') count++
  return count
}

/** Bookmarks in each folder and below (post-order over the document-order folder list). */
function countBookmarks(routes: SiteRoutes): Map<Folder, number> {
  const totals = new Map<Folder, number>()
  for (let i = routes.folders.length - 1; i >= 0; i--) {
    const route: FolderRoute = routes.folders[i]!
    let total = 0
    for (const child of route.folder.children) {
      if (child.type === 'bookmark' && child.href !== undefined) total++
      else if (child.type === 'folder') total += totals.get(child) ?? 0
    }
    totals.set(route.folder, total)
  }
  return totals
}

/** Raster image types a favicon data URI may carry (no SVG: it can script when opened directly). */
const ICON_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
}

/** Favicons are written once as files named by content hash and shared by every page. */
function iconPlanner(routes: SiteRoutes, emit: (file: OutputFile) => void): (bookmark: Bookmark) => string | undefined {
  const byUri = new Map<string, string | undefined>()
  return (bookmark) => {
    const uri = bookmark.icon
    if (uri === undefined || !uri.startsWith('data:')) return undefined
    if (byUri.has(uri)) return byUri.get(uri)
    const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(uri)
    const extension = match ? ICON_TYPES[match[1]!.toLowerCase()] : undefined
    let url: string | undefined
    if (match && extension !== undefined) {
      const bytes = Buffer.from(match[2]!, 'base64')
      if (bytes.length > 0 && bytes.length <= 64 * 1024) {
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
        const path = `assets/icons/${hash}.${extension}`
        emit({ path, contents: bytes })
        url = routes.url(path)
      }
    }
    byUri.set(uri, url)
    return url
  }
}
