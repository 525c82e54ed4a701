/**
 * Which bookmarks are private (the config's `private`): those marked private in their source, those
 * in a private folder, and those carrying a private tag. The one rule that the published tree, the
 * link check, the changes pages and the private section all follow. Pure.
 */
import type { PrivateSettings } from '../config/private.js'
import type { HistoryView } from '../history/build-step.js'
import type { Change } from '../history/walk.js'
import { forEachNode, type Bookmark, type Folder, type Node } from '../model/tree.js'

/** The config's `private.include`, ready to match: folder paths and tags in lower case. */
export interface PrivateRule {
  /** Folder paths (titles from the top level down, lower case): every bookmark below one is private. */
  readonly folders: ReadonlyArray<readonly string[]>
  readonly tags: ReadonlySet<string>
}

/** The rule of a config's `private`, or undefined without one. */
export function privateRule(settings: PrivateSettings | undefined): PrivateRule | undefined {
  if (settings === undefined) return undefined
  return {
    folders: settings.folders.map((path) => path.map(foldTitle)),
    tags: new Set(settings.tags.map(foldTitle)),
  }
}

/** A title or tag as the rule compares it. */
function foldTitle(text: string): string {
  return text.trim().toLowerCase()
}

/** A folder's path as the rule compares it: its parent's, then its own title. */
export function childPath(parent: readonly string[], folder: Folder): string[] {
  return [...parent, foldTitle(folder.title)]
}

/** Whether the folder at `path` (see `childPath`) is one of the rule's private folders, or below one. */
export function isPrivateFolder(path: readonly string[], rule: PrivateRule): boolean {
  return rule.folders.some(
    (folder) => folder.length <= path.length && folder.every((title, index) => title === path[index]),
  )
}

/** Whether a bookmark is private by itself: marked so in its source, or carrying a private tag. */
export function isPrivateBookmark(bookmark: Bookmark, rule: PrivateRule | undefined): boolean {
  if (bookmark.private === true) return true
  if (rule === undefined || rule.tags.size === 0) return false
  return bookmark.tags.some((tag) => rule.tags.has(foldTitle(tag)))
}

/** A private bookmark, with the titles of the folders above it (the root left out). */
export interface PrivateEntry {
  bookmark: Bookmark
  folders: readonly string[]
}

/** Every private bookmark under `root`, in document order, with its folders. */
export function privateEntries(root: Folder, rule: PrivateRule): PrivateEntry[] {
  const entries: PrivateEntry[] = []
  const visit = (folder: Folder, titles: readonly string[], path: readonly string[], inside: boolean) => {
    for (const child of folder.children) {
      if (child.type === 'bookmark') {
        if (inside || isPrivateBookmark(child, rule)) entries.push({ bookmark: child, folders: titles })
      } else if (child.type === 'folder') {
        const below = childPath(path, child)
        visit(child, [...titles, child.title], below, inside || isPrivateFolder(below, rule))
      }
    }
  }
  visit(root, [], [], false)
  return entries
}

/**
 * Every node at or below a private folder of `root` (folders included): what aliases elsewhere may
 * not show. Empty when the rule names no folder.
 */
export function insidePrivateFolders(root: Folder, rule: PrivateRule | undefined): Set<Node> {
  const inside = new Set<Node>()
  if (rule === undefined || rule.folders.length === 0) return inside
  const visit = (folder: Folder, path: readonly string[], hidden: boolean) => {
    for (const child of folder.children) {
      if (child.type !== 'folder') {
        if (hidden) inside.add(child)
        continue
      }
      const below = childPath(path, child)
      const childHidden = hidden || isPrivateFolder(below, rule)
      if (childHidden) inside.add(child)
      visit(child, below, childHidden)
    }
  }
  visit(root, [], false)
  return inside
}

/**
 * The history as the changes pages may show it: without the changes to private bookmarks — those
 * marked so (the history records the mark), those in a private folder then, and those with a URL
 * of a private bookmark now. The history does not record tags: with tags in the rule, only the
 * changes to bookmarks published now are shown (a bookmark that carried a private tag and was
 * removed would otherwise be listed).
 */
export function withoutPrivateChanges(
  view: HistoryView,
  rule: PrivateRule,
  trees: { source: Folder; published: Folder },
): HistoryView {
  const hidden = new Set<string>()
  for (const { bookmark } of privateEntries(trees.source, rule))
    if (bookmark.href !== undefined) hidden.add(bookmark.href)
  let shown: Set<string> | undefined
  if (rule.tags.size > 0) {
    shown = new Set()
    forEachNode(trees.published, (node) => {
      if (node.type === 'bookmark' && node.href !== undefined) shown!.add(node.href)
    })
  }
  // A source's folders are below its section's on a site of several: its rule paths less their first title.
  const inner: PrivateRule = {
    folders: rule.folders.map((path) => path.slice(1)).filter((path) => path.length > 0),
    tags: rule.tags,
  }
  const isPrivate = (change: Change): boolean => {
    if (change.private === true || hidden.has(change.href)) return true
    if (typeof change.from === 'string' && hidden.has(change.from)) return true
    if (shown !== undefined && !shown.has(change.href)) return true
    const paths = [change.path, ...(Array.isArray(change.from) ? [change.from as readonly string[]] : [])]
    return paths.some((path) => {
      const folded = path.map(foldTitle)
      return isPrivateFolder(folded, rule) || isPrivateFolder(folded, inner)
    })
  }
  return {
    commits: view.commits.map((commit) => {
      const changes = commit.changes.filter((change) => !isPrivate(change))
      return changes.length === commit.changes.length ? commit : { ...commit, changes }
    }),
  }
}
