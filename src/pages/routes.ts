/**
 * Where every page goes: folder pages at pretty URLs mirroring the tree (`development/web/`), tag
 * pages at `tags/<tag>/`, all under the configured base. Pure: takes the tree, returns the map.
 */
import type { Bookmark, Folder } from '../model/tree.js'
import { sameTags, substitution, type ShapeDelta } from './delta.js'
import { assignSlugs } from './slug.js'

/** Top-level names the site itself uses; a folder called "Tags" gets `tags-2/`. */
export const RESERVED_TOP_LEVEL: ReadonlySet<string> = new Set([
  'tags',
  'search',
  'assets',
  'page',
  'folders',
  'archive',
  'links',
])
/** Inside every folder, `page/` holds the further pages of a long folder. */
export const RESERVED_IN_FOLDERS: ReadonlySet<string> = new Set(['page'])

export interface TagRoute {
  tag: string
  /** Path below the base, e.g. `tags/css/`. */
  path: string
  bookmarks: Bookmark[]
}

export interface FolderRoute {
  folder: Folder
  /** Path below the base; `''` for the root. */
  path: string
  /** The enclosing folder's route (undefined for the root). */
  parent: FolderRoute | undefined
  depth: number
}

/** Folders from the root down to `route` (inclusive). */
export function trailOf(route: FolderRoute): Folder[] {
  return trailRoutesOf(route).map((at) => at.folder)
}

/** The routes of `trailOf`: the root's first, `route` last. */
export function trailRoutesOf(route: FolderRoute): FolderRoute[] {
  const trail: FolderRoute[] = []
  for (let at: FolderRoute | undefined = route; at !== undefined; at = at.parent) trail.push(at)
  return trail.reverse()
}

export interface SiteRoutes {
  /** Every folder in document order, root first. */
  folders: FolderRoute[]
  folderRoute: Map<Folder, FolderRoute>
  /** Tags sorted by name (case-insensitive, then exact). */
  tags: TagRoute[]
  tagRoute: Map<string, TagRoute>
}

/** The folder of the tag pages: a tag's page is `tags/<slug>/`. */
export const TAGS_PATH = 'tags/'

/** Compute every folder and tag route for a tree (paths below the base; see `SiteUrls`). */
export function planRoutes(root: Folder): SiteRoutes {
  const folders: FolderRoute[] = []
  const folderRoute = new Map<Folder, FolderRoute>()
  const tagBookmarks = new Map<string, Bookmark[]>()

  const rootRoute: FolderRoute = { folder: root, path: '', parent: undefined, depth: 0 }
  folderRoute.set(root, rootRoute)
  // Iterative depth-first walk in document order, so deep trees cannot overflow the stack.
  const stack: FolderRoute[] = [rootRoute]
  while (stack.length > 0) {
    const route = stack.pop()!
    folders.push(route)
    const subfolders: Folder[] = []
    for (const child of route.folder.children) {
      if (child.type === 'folder') subfolders.push(child)
      else if (child.type === 'bookmark') {
        for (const tag of child.tags) {
          const list = tagBookmarks.get(tag)
          if (list === undefined) tagBookmarks.set(tag, [child])
          else list.push(child)
        }
      }
    }
    if (subfolders.length === 0) continue
    const slugs = assignSlugs(
      subfolders.map((folder) => folder.title),
      route.path === '' ? RESERVED_TOP_LEVEL : RESERVED_IN_FOLDERS,
    )
    const childRoutes = subfolders.map((folder, index) => {
      const childRoute: FolderRoute = {
        folder,
        path: `${route.path}${slugs[index]}/`,
        parent: route,
        depth: route.depth + 1,
      }
      folderRoute.set(folder, childRoute)
      return childRoute
    })
    for (let i = childRoutes.length - 1; i >= 0; i--) stack.push(childRoutes[i]!)
  }

  const tagNames = [...tagBookmarks.keys()].sort(compareTags)
  const tagSlugs = assignSlugs(tagNames)
  const tags = tagNames.map((tag, index) => ({
    tag,
    path: `${TAGS_PATH}${tagSlugs[index]}/`,
    bookmarks: tagBookmarks.get(tag)!,
  }))
  const tagRoute = new Map(tags.map((route) => [route.tag, route]))

  return { folders, folderRoute, tags, tagRoute }
}

function compareTags(a: string, b: string): number {
  const la = a.toLowerCase()
  const lb = b.toLowerCase()
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0
}

/**
 * The routes of the tree that `delta` made from the tree of `routes` (watch mode): the same paths
 * and tags, so the folders' routes are updated in place (the routes of the folders below keep
 * pointing at them) and the tags' lists get the new bookmarks, in place. `routes` is then the new tree's and
 * must not be used for the old one. Undefined, and `routes` left as it was, when the edit changed
 * a bookmark's tags or a folder is not in `routes`: then the routes are planned anew.
 */
export function patchRoutes(routes: SiteRoutes, delta: ShapeDelta): SiteRoutes | undefined {
  if (!sameTags(delta.bookmarks)) return undefined
  for (const [before] of delta.folders) if (!routes.folderRoute.has(before)) return undefined
  const byTag = new Map<string, Array<[Bookmark, Bookmark]>>()
  for (const pair of delta.bookmarks) {
    for (const tag of pair[0].tags) {
      const pairs = byTag.get(tag)
      if (pairs === undefined) byTag.set(tag, [pair])
      else if (!pairs.includes(pair)) pairs.push(pair)
    }
  }
  const changes: Array<() => void> = []
  for (const [tag, pairs] of byTag) {
    const route = routes.tagRoute.get(tag)
    const change = route === undefined ? undefined : substitution(route.bookmarks, pairs)
    if (change === undefined) return undefined
    changes.push(change)
  }
  for (const change of changes) change()
  for (const [before, after] of delta.folders) {
    const route = routes.folderRoute.get(before)!
    routes.folderRoute.delete(before)
    route.folder = after
    routes.folderRoute.set(after, route)
  }
  return { ...routes }
}
