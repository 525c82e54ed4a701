/**
 * Watch mode's page memo: what each page was built from last time, so that an unchanged page is
 * not rendered again. It relies on what the model step guarantees in watch mode: an unchanged
 * bookmark is the same object from one build to the next, and so is a folder exactly when nothing
 * it holds, at any depth, changed. Pure.
 */
import type { Alias, Bookmark, Folder } from '../model/tree.js'
import { sameItems } from '../publish/copy.js'

/** A page's items: bookmarks, aliases and separators, in order. */
export type PageItems = ReadonlyArray<Bookmark | Alias | 'separator'>

export class PageMemo {
  /**
   * By output path: the items the page showed (the objects themselves) and a key of everything
   * else it shows. A page whose items are the same objects and whose key is the same is unchanged.
   */
  readonly pages = new Map<string, { key: string; items: PageItems }>()
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
    prune() {
      if (memo === undefined) return
      for (const file of memo.pages.keys()) if (!seen.has(file)) memo.pages.delete(file)
      for (const path of memo.folders.keys()) if (!seen.has(`${path}index.html`)) memo.folders.delete(path)
    },
  }
}
