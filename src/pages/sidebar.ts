/**
 * The folder sidebar beside folder, tag and archive pages (shown on wide screens): bounded, not the
 * whole tree, so a page stays small at a million bookmarks. It lists the top level and, down the
 * way to the current folder, the folder on the way; the last levels (the current folder's parent's,
 * its own and its sub-folders) list their siblings too, at most `PER_LEVEL` each. Pure.
 */
import type { Element, ElementContent } from 'hast'
import type { Folder } from '../model/tree.js'
import { el } from '../render/hast.js'
import { serializeFragment, trustedNode, type TrustedHtml } from '../render/serialize.js'
import { cleanText } from '../render/text.js'
import type { PageContext } from './context.js'
import { trailRoutesOf, type FolderRoute } from './routes.js'
import { listedFolder } from './tree-page.js'

/** Folders listed at one level before a "more" link. */
const PER_LEVEL = 40
/** Levels above the current folder's sub-folders that list all their folders, besides the top level. */
const OPEN_LEVELS = 2
/** Levels of the way down shown above those; a deeper way leaves out its middle. */
const MAX_LEVELS = 6

type SidebarContext = Pick<PageContext, 'i18n' | 'input' | 'routes' | 'urls' | 'totals'>

/**
 * The sidebar of a folder's page at `from` (its first page's path by default), or of the pages of no
 * folder (tags, archive), serialized; none without folders. A folder page's links are relative to
 * it where that is shorter (see `SiteUrls.link`): on a deep page that halves the sidebar.
 */
export function sidebarOf(
  context: SidebarContext,
  current?: FolderRoute,
  from = current?.path,
): TrustedHtml | undefined {
  const { t, tn } = context.i18n
  const trail = current === undefined ? [context.routes.folders[0]!] : trailRoutesOf(current)
  const last = trail.length - 1
  let below: Element | undefined
  // From the current folder up: each level's list, the folder on the way holding the one below.
  for (let index = last; index >= 0; index--) {
    const skipped = last - OPEN_LEVELS - MAX_LEVELS
    if (index > 0 && index < skipped) {
      // The middle of a deep way is left out, as in the breadcrumbs.
      if (index === 1 && below !== undefined)
        below = el('ul', {}, [
          el('li', { className: ['gap'] }, [`… ${tn('count.folders', skipped - 1)}`, below]),
        ])
      continue
    }
    const wide = index === 0 || index >= last - OPEN_LEVELS
    below = levelOf(context, trail[index]!.folder, trail[index + 1]?.folder, below, { current, from, wide })
  }
  return below && serializeFragment(el('nav', { className: ['sidebar'], ariaLabel: t('nav.folders') }, below))
}

/**
 * The list of `folder`'s sub-folders: all (`wide`, at most `PER_LEVEL`) or `next` alone, `next`
 * holding `below`; links relative to the page at `from`, if any.
 */
function levelOf(
  context: SidebarContext,
  folder: Folder,
  next: Folder | undefined,
  below: Element | undefined,
  { current, from, wide }: { current: FolderRoute | undefined; from: string | undefined; wide: boolean },
): Element | undefined {
  const hrefOf = (folder: Folder): string => {
    const path = context.routes.folderRoute.get(folder)!.path
    return from === undefined ? context.urls.path(path) : context.urls.link(path, from)
  }
  const all = wide ? listedChildren(context, folder) : []
  const shown = all.slice(0, PER_LEVEL)
  if (next !== undefined && !shown.includes(next) && listedFolder(context)(next)) shown.push(next)
  if (shown.length === 0) return undefined
  const { t, tn } = context.i18n
  const items = shown.map((child) => {
    const href = hrefOf(child)
    const title = cleanText(child.title) || t('untitledFolder')
    const link = el('a', child === current?.folder ? { href, ariaCurrent: 'page' } : { href }, title)
    return el('li', {}, child === next && below !== undefined ? [link, below] : [link])
  })
  if (all.length > shown.length) {
    items.push(el('li', {}, [el('a', { href: hrefOf(folder) }, tn('home.more', all.length - shown.length))]))
  }
  return el('ul', {}, items)
}

/** A folder's listed sub-folders, found once per build (a folder's every sub-folder page asks). */
function listedChildren(context: SidebarContext, folder: Folder): Folder[] {
  let known = children.get(context.totals)
  if (known === undefined) children.set(context.totals, (known = new Map()))
  let list = known.get(folder)
  if (list === undefined) {
    const listed = listedFolder(context)
    list = folder.children.filter((child): child is Folder => child.type === 'folder' && listed(child))
    known.set(folder, list)
  }
  return list
}

const children = new WeakMap<object, Map<Folder, Folder[]>>()

/** What a page is given: its sidebar as a node, if any. */
export function sidebarNode(html: TrustedHtml | undefined): { sidebar?: ElementContent } {
  return html === undefined ? {} : { sidebar: trustedNode(html) }
}

/** The sidebar of the pages of no folder, made once per build. */
export function sharedSidebar(context: PageContext): { sidebar?: ElementContent } {
  if (!shared.has(context)) shared.set(context, sidebarOf(context))
  return sidebarNode(shared.get(context))
}

const shared = new WeakMap<PageContext, TrustedHtml | undefined>()
