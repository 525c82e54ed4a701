/**
 * The build plan: a bookmark tree → every output file (pages, search index, favicons) and the
 * theme assets to copy. Pure: no file system; a clock only when one is passed in.
 *
 * Each bookmark's entry is rendered and serialized once and reused on its folder page and its tag
 * pages; each distinct tag list likewise. Files are generated lazily as the writer consumes them,
 * so memory holds the model and the entries, not every page of the site at once.
 */
import { createHash } from 'node:crypto'
import type { ElementContent } from 'hast'
import type { Alias, Bookmark, Folder } from '../model.js'
import { documentToHast, type SiteContext } from '../render/document.js'
import { folderPageToHast, type SubfolderLink } from '../render/folder-page.js'
import { safeHref } from '../render/safe-url.js'
import { searchPageToHast } from '../render/search-page.js'
import { serializeFragment, serializeFragments, serializeHast, trustedNode, type TrustedHtml } from '../render/serialize.js'
import { tagIndexToHast, tagPageToHast } from '../render/tag-pages.js'
import { aliasToHast, bookmarkToHast, type EntryContext } from '../render/xfolk.js'
import { planRoutes, trailOf, type FolderRoute, type SiteRoutes } from './routes.js'
import { buildSearchIndex, serializeSearchIndex, type SearchDocumentInput } from './search-index.js'

export interface SiteInput {
  root: Folder
  siteTitle: string
  /** Shown under the title on the home page. */
  description?: string | undefined
  lang: string
  /** Starts and ends with `/`. */
  base: string
  allowFileLinks: boolean
  /** What each alias stands for (see `resolveAliases`). */
  aliasTargets: ReadonlyMap<Alias, Bookmark | Folder>
  /** A clock (e.g. `performance.now`) to time the phases with; without it no timings are taken. */
  clock?: (() => number) | undefined
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
}

/**
 * A theme file copied as it is. `source` is a path relative to the package's `templates/` folder,
 * or `npm:<package>/<file>` for a file of an installed package.
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
}

/** Theme files every site gets, relative to `templates/`. */
export const THEME_ASSETS: readonly AssetCopy[] = [
  { path: 'assets/style.css', source: 'default/style.css' },
  { path: 'assets/icon.svg', source: 'default/icon.svg' },
  { path: 'assets/search.js', source: 'default/search.js' },
  { path: 'assets/search-terms.js', source: 'default/search-terms.js' },
  { path: 'assets/minisearch.js', source: 'npm:minisearch/dist/es/index.js' },
]

/** Plan every file of the site. */
export function planSite(input: SiteInput): SitePlan {
  const clock = input.clock
  const t0 = clock?.() ?? 0
  const routes = planRoutes(input.root, input.base)
  const totals = countBookmarks(routes)
  const timings: PlanTimings = { routes: (clock?.() ?? 0) - t0, render: 0, search: 0 }
  const stats = {
    folderPages: routes.folders.length,
    tagPages: routes.tags.length,
    bookmarks: countDocuments(routes),
    icons: 0,
  }
  const files: Iterable<OutputFile> = {
    [Symbol.iterator]: () => generateFiles(input, routes, totals, stats, clock === undefined ? undefined : { clock, timings }),
  }
  return { files, assets: [...THEME_ASSETS], stats, ...(clock === undefined ? {} : { timings }) }
}

function* generateFiles(
  input: SiteInput,
  routes: SiteRoutes,
  totals: Map<Folder, number>,
  stats: SitePlan['stats'],
  timing: { clock: () => number; timings: PlanTimings } | undefined,
): Generator<OutputFile> {
  const site: SiteContext = { siteTitle: input.siteTitle, lang: input.lang, url: routes.url }
  const icons = new Set<string>()
  const pendingIcons: OutputFile[] = []
  const iconUrl = iconPlanner(routes, (file) => {
    if (icons.has(file.path)) return
    icons.add(file.path)
    pendingIcons.push(file)
  })
  const tagLists = new Map<string, TrustedHtml>()
  const entryContext: EntryContext = {
    tagUrl: (tag) => routes.url(routes.tagRoute.get(tag)?.path ?? 'tags/'),
    tagList: (tags, render) => {
      const key = tags.join('\u0000')
      let list = tagLists.get(key)
      if (list === undefined) {
        list = serializeFragments(render())
        tagLists.set(key, list)
      }
      return trustedNode(list)
    },
    iconUrl,
    allowFileLinks: input.allowFileLinks,
  }
  const entries = new Map<Bookmark, TrustedHtml>()
  const entryFor = (bookmark: Bookmark): TrustedHtml => {
    let entry = entries.get(bookmark)
    if (entry === undefined) {
      entry = serializeFragment(bookmarkToHast(bookmark, entryContext))
      entries.set(bookmark, entry)
    }
    return entry
  }
  const page = (path: string, title: string, main: ElementContent[], scripts?: string[]): OutputFile => ({
    path: `${path}index.html`,
    contents: serializeHast(documentToHast(site, { title, path, main, ...(scripts ? { scripts } : {}) })),
  })
  // Time spent in here (rendering) is added up between yields; the writer's time is not.
  let started = timing?.clock() ?? 0
  const pause = (phase: 'render' | 'search'): void => {
    if (timing === undefined) return
    const now = timing.clock()
    timing.timings[phase] += now - started
  }
  const resume = (): void => {
    if (timing !== undefined) started = timing.clock()
  }

  const documents: SearchDocumentInput[] = []
  const folderPaths: Array<{ title: string; name: string; url: string }> = []
  const pathOf = new Map<Folder, string>()
  for (const route of routes.folders) {
    const folder = route.folder
    const folderIndex = folderPaths.length
    const parentPath = route.parent === undefined ? undefined : pathOf.get(route.parent.folder)
    const folderPath = route.parent === undefined ? '' : parentPath ? `${parentPath} › ${folder.title || 'Untitled'}` : folder.title || 'Untitled'
    pathOf.set(folder, folderPath)
    folderPaths.push({ title: folderPath, name: folder.title, url: routes.url(route.path) })
    const subfolders: SubfolderLink[] = []
    const items: Array<ElementContent | 'separator'> = []
    for (const child of folder.children) {
      switch (child.type) {
        case 'folder': {
          const childRoute = routes.folderRoute.get(child)!
          subfolders.push({ title: child.title, href: routes.url(childRoute.path), count: totals.get(child) ?? 0 })
          break
        }
        case 'bookmark':
          items.push(trustedNode(entryFor(child)))
          documents.push({
            bookmark: child,
            href: safeHref(child.href, { allowFile: input.allowFileLinks }),
            folder: folderIndex,
          })
          break
        case 'alias': {
          const target = input.aliasTargets.get(child)
          const targetUrl = target?.type === 'folder' ? routes.url(routes.folderRoute.get(target)?.path ?? '') : undefined
          items.push(aliasToHast(child, target, targetUrl, entryContext))
          break
        }
        case 'separator':
          items.push('separator')
          break
      }
    }
    const isRoot = route.parent === undefined
    const crumbs = isRoot
      ? []
      : trailOf(route).map((item, index) => ({
          title: index === 0 ? input.siteTitle : item.title,
          href: routes.url(routes.folderRoute.get(item)!.path),
        }))
    const file = page(
      route.path,
      isRoot ? input.siteTitle : folder.title || 'Untitled folder',
      folderPageToHast({
        title: isRoot ? input.siteTitle : folder.title,
        description: folder.description,
        crumbs,
        subfolders,
        items,
        total: totals.get(folder) ?? 0,
        lead: isRoot ? input.description : undefined,
      }),
    )
    pause('render')
    yield file
    yield* flushIcons(pendingIcons, stats)
    resume()
  }

  const home = { title: input.siteTitle, href: routes.url('') }
  const tagsCrumb = { title: 'Tags', href: routes.url('tags/') }
  for (const tagRoute of routes.tags) {
    const file = page(
      tagRoute.path,
      `Tag: ${tagRoute.tag}`,
      tagPageToHast({
        tag: tagRoute.tag,
        crumbs: [home, tagsCrumb, { title: tagRoute.tag, href: routes.url(tagRoute.path) }],
        entries: tagRoute.bookmarks.map((bookmark) => trustedNode(entryFor(bookmark))),
      }),
    )
    pause('render')
    yield file
    resume()
  }
  entries.clear()
  const tagIndex = page(
    'tags/',
    'Tags',
    tagIndexToHast({
      crumbs: [home, tagsCrumb],
      tags: routes.tags.map((route) => ({ tag: route.tag, href: routes.url(route.path), count: route.bookmarks.length })),
    }),
  )
  const searchPage = page(
    'search/',
    'Search',
    searchPageToHast({
      crumbs: [home, { title: 'Search', href: routes.url('search/') }],
      indexUrl: routes.url('search-index.json'),
      tagsUrl: routes.url('tags/'),
      homeUrl: routes.url(''),
    }),
    ['assets/search.js'],
  )
  pause('render')
  yield tagIndex
  yield searchPage
  yield { path: '.nojekyll', contents: '' }

  resume()
  const index = buildSearchIndex({
    documents,
    folders: folderPaths,
    tags: routes.tags.map((route) => ({ tag: route.tag, url: routes.url(route.path) })),
  })
  documents.length = 0
  const indexFile: OutputFile = { path: 'search-index.json', contents: serializeSearchIndex(index) }
  pause('search')
  yield indexFile
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
