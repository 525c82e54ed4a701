/**
 * Where every page goes: folder pages at pretty URLs mirroring the tree (`development/web/`), tag
 * pages at `tags/<tag>/`, all under the configured base. Pure: takes the tree, returns the map.
 * A path that would be longer than `MAX_ROUTE_BYTES` is shortened (see `shortenedPath`), so that
 * any tree, however deep, fits every file system.
 */
import { createHash } from 'node:crypto'
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
  'stats',
  // The offline page (`offline`) and the private section (`private`), on every site alike: a
  // folder's slug stays the same whether the section is built or not.
  'offline',
  'private',
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

/**
 * Longest path of a folder's or a tag's page below the base, in bytes of UTF-8 (what Linux and
 * macOS count; Windows counts UTF-16 units, never more). With `page/123/index.html` after it, a
 * file's path inside the site stays under 230, so a site fits Windows' 260-character paths (a git
 * checkout without `core.longpaths`) below a short folder, and macOS' 1,024 and Linux' 4,096
 * below any folder that fits them. Each part of a path is a slug, 240 bytes at most (`slug.ts`),
 * under the 255 every file system allows a name.
 */
export const MAX_ROUTE_BYTES = 200

/** Bytes of a shortened path's part kept from the slug, before its hash. */
const SHORT_PREFIX_BYTES = 24

/** Compute every folder and tag route for a tree (paths below the base; see `SiteUrls`). */
export function planRoutes(root: Folder): SiteRoutes {
  const folders: FolderRoute[] = []
  const folderRoute = new Map<Folder, FolderRoute>()
  const tagBookmarks = new Map<string, Bookmark[]>()

  const rootRoute: FolderRoute = { folder: root, path: '', parent: undefined, depth: 0 }
  folderRoute.set(root, rootRoute)
  // For each folder at or below one whose path was shortened: a digest of the path it would have
  // without the limit (its parent's digest and its slug), which names it (see `shortenedPath`).
  const digests = new Map<FolderRoute, string>()
  const shortened = new Set<string>()
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
      subfolders.map((folder) => folder.slug ?? folder.title),
      route.path === '' ? RESERVED_TOP_LEVEL : RESERVED_IN_FOLDERS,
    )
    const above = digests.get(route)
    const childRoutes = subfolders.map((folder, index) => {
      const slug = slugs[index]!
      const path = `${route.path}${slug}/`
      const childRoute: FolderRoute = { folder, path, parent: route, depth: route.depth + 1 }
      if (above !== undefined || !fits(path)) {
        const digest = digestOf(above === undefined ? path : `${above}/${slug}`)
        digests.set(childRoute, digest)
        if (!fits(path)) childRoute.path = shortenedPath(route.path, slug, digest, shortened)
      }
      folderRoute.set(folder, childRoute)
      return childRoute
    })
    for (let i = childRoutes.length - 1; i >= 0; i--) stack.push(childRoutes[i]!)
  }

  const tagNames = [...tagBookmarks.keys()].sort(compareTags)
  const tagSlugs = assignSlugs(tagNames)
  const tags = tagNames.map((tag, index) => {
    const slug = tagSlugs[index]!
    const path = `${TAGS_PATH}${slug}/`
    return {
      tag,
      path: fits(path) ? path : shortenedPath(TAGS_PATH, slug, digestOf(path), shortened),
      bookmarks: tagBookmarks.get(tag)!,
    }
  })
  const tagRoute = new Map(tags.map((route) => [route.tag, route]))

  return { folders, folderRoute, tags, tagRoute }
}

/** Whether `path` is at most `MAX_ROUTE_BYTES` long (a third of that in UTF-16 units always is). */
function fits(path: string): boolean {
  return path.length * 3 <= MAX_ROUTE_BYTES || Buffer.byteLength(path) <= MAX_ROUTE_BYTES
}

/** A digest of `text`, in hexadecimal (64 digits). */
function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/**
 * The path of a page below `parent` whose own path would be too long: the longest of `parent`
 * and the paths above it where it fits, and a name made of the start of its slug and of `digest`,
 * a digest of the path it would have without the limit (`very-long-folder-name_3f9a0c1b7e/`). The
 * same tree gives the same paths on every build, and no two pages the same: slugs never hold `_`,
 * and the paths digested are unique. The pages below it are found there, by every link.
 */
function shortenedPath(parent: string, slug: string, digest: string, taken: Set<string>): string {
  let prefix = ''
  for (const point of slug) {
    if (Buffer.byteLength(prefix + point) > SHORT_PREFIX_BYTES) break
    prefix += point
  }
  prefix = prefix.replace(/-+$/, '')
  // Ten hex digits; more in the (one in a trillion) case that two such names meet in one folder.
  for (let digits = 10; ; digits += 6) {
    const name = `${prefix}_${digest.slice(0, digits)}/`
    let at = parent
    // Up a folder at a time: each path above a page's is a page's path too.
    while (!fits(`${at}${name}`)) at = at.slice(0, at.lastIndexOf('/', at.length - 2) + 1)
    const path = `${at}${name}`
    if (!taken.has(path) || digits >= digest.length) {
      taken.add(path)
      return path
    }
  }
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
