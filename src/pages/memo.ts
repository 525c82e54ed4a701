/**
 * Watch mode's page memo: what each page was built from last time, so that an unchanged page is
 * not rendered again. It relies on what the model step guarantees in watch mode: an unchanged
 * bookmark is the same object from one build to the next, and so is a folder exactly when nothing
 * it holds, at any depth, changed. Pure.
 */
import type { Alias, Bookmark, Folder } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import { sameItems } from '../publish/copy.js'
import type { SiteRoutes } from './routes.js'
import { pagePath } from './paths.js'

/** A page's items: bookmarks, aliases and separators, in order. */
export type PageItems = ReadonlyArray<Bookmark | Alias | 'separator'>

export class PageMemo {
  /**
   * By output path: the items the page showed (the objects themselves) and a key of everything
   * else it shows. A page whose items are the same objects and whose key is the same is unchanged.
   */
  readonly pages = new Map<string, { key: string; items: PageItems; token?: object }>()
  /**
   * By folder page path: the folder, a key of what its pages show besides the folder (the build-wide
   * settings, its ancestors' titles), its pages and the bookmarks on them with a favicon. When the
   * folder is the same object and the key is the same, its pages are unchanged without a look at
   * its items. Folders with aliases are not kept here: an alias shows a target from elsewhere.
   */
  readonly folders = new Map<string, { folder: Folder; key: string; pages: string[]; icons: Bookmark[] }>()
  /** What the last build was planned from, so that an edit that kept the tree's shape patches it. */
  plan: PlannedShape | undefined

  clear(): void {
    this.pages.clear()
    this.folders.clear()
    this.plan = undefined
  }
}

/**
 * The last build's tree and what the planner worked out from it (see `planSite`). Its routes are
 * patched in place by the next build (see `patchRoutes`): they then belong to that build.
 */
export interface PlannedShape {
  root: Folder
  routes: SiteRoutes
  /** Bookmarks with a URL in each folder and below. */
  totals: ReadonlyMap<Folder, number>
  stats: Omit<PlanStats, 'icons'>
  /** See `KnownChanges.tree`. */
  tree: object
  /** The key every page's key starts with (settings, titles), once the pages were planned. */
  globalKey: string | undefined
}

/** An empty page memo. */
export function createPageMemo(): PageMemo {
  return new PageMemo()
}

/** Counts of the planned site. */
export interface PlanStats {
  folderPages: number
  tagPages: number
  bookmarks: number
  /** Whether tag and archive pages list bookmarks compactly (see `compactListings`). */
  compactListings: boolean
  /** Complete once the files have been consumed. */
  icons: number
}

/** One build's use of the memo: which pages are unchanged, and which were seen at all. */
export interface PageCheck {
  /** The memo, when there is one (watch mode). */
  readonly memo: PageMemo | undefined
  /** What every page depends on (settings, titles): part of every key. */
  readonly globalKey: string
  /** Output files of this build's pages, as they are checked. */
  readonly seen: Set<string>
  /**
   * Whether the page at `path` shows the same `items` (the same objects) and the same `parts` as
   * last time; records what it shows now. Always false without a memo.
   */
  unchanged(path: string, parts: unknown[], items: PageItems): boolean
  /**
   * Whether the page at `path` shows the same `parts` as last time and was made from the same
   * `token` (an object that stands for what else it shows); records what it shows now.
   */
  unchangedSince(path: string, parts: unknown[], token: object): boolean
  /**
   * The page at `path`, which the caller knows is unchanged (see `KnownChanges`): true, and the page
   * kept, when the memo has it; false when it has to be checked after all.
   */
  kept(path: string): boolean
  /** Forget the pages this build did not make. */
  prune(): void
}

/**
 * The page check of one build. `aliasTarget` tells what an alias shows (a target that changed
 * anywhere in the tree changes the page); `noteIcon` is told of every bookmark with a favicon on a
 * checked page (favicon files are written when an entry first names them in a build, whether the
 * page is rendered again or not).
 */
export function createPageCheck(
  memo: PageMemo | undefined,
  globalKey: string,
  aliasTarget: (alias: Alias) => unknown,
  noteIcon: (bookmark: Bookmark) => void,
): PageCheck {
  const seen = new Set<string>()
  return {
    memo,
    globalKey,
    seen,
    unchanged(path, parts, items) {
      if (memo === undefined) return false
      const file = `${path}index.html`
      seen.add(file)
      const aliases: unknown[] = []
      for (const item of items) {
        if (item === 'separator') continue
        if (item.type === 'alias') aliases.push(aliasTarget(item))
        else if (item.icon !== undefined) noteIcon(item)
      }
      const key = JSON.stringify([globalKey, parts, aliases])
      const previous = memo.pages.get(file)
      memo.pages.set(file, { key, items })
      return previous !== undefined && previous.key === key && sameItems(previous.items, items)
    },
    unchangedSince(path, parts, token) {
      if (memo === undefined) return false
      const file = `${path}index.html`
      seen.add(file)
      const key = JSON.stringify([globalKey, parts])
      const previous = memo.pages.get(file)
      memo.pages.set(file, { key, items: [], token })
      return previous !== undefined && previous.key === key && previous.token === token
    },
    kept(path) {
      const file = `${path}index.html`
      if (memo?.pages.has(file) !== true) return false
      seen.add(file)
      return true
    },
    prune() {
      if (memo === undefined) return
      for (const file of memo.pages.keys()) if (!seen.has(file)) memo.pages.delete(file)
      for (const path of memo.folders.keys()) if (!seen.has(`${path}index.html`)) memo.folders.delete(path)
    },
  }
}

/**
 * The `count` pages of the list at `path` (a tag's, an archive year's), which the caller knows are
 * unchanged (see `KnownChanges`), as output files to pass on: undefined when the memo lacks one of
 * them (they are then checked one by one).
 */
export function keptPages(check: PageCheck, path: string, count: number): OutputFile[] | undefined {
  const files: OutputFile[] = []
  for (let number = 1; number <= count; number++) {
    const page = pagePath(path, number)
    if (!check.kept(page)) return undefined
    files.push({ path: `${page}index.html`, contents: '', unchanged: true })
  }
  return files
}
