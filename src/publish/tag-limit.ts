/**
 * Tags a published bookmark keeps: its first `limits.tagsPerBookmark` (64 by default). Each tag is
 * a page of the site and a link in every entry of the bookmark, so a file of bookmarks that each
 * carry hundreds of tags of their own would make a site a thousand times its size. Pure, copy on
 * write as `removeDuplicates` is: a folder with no bookmark over the limit below it is kept as it
 * is, and with a memo (watch mode) an unchanged folder gives the same result without being visited.
 */
import type { Bookmark, Folder, Node } from '../model/tree.js'
import { copyBookmark, copyFolder } from './copy.js'
import type { Message } from '../model/message.js'

/** What the limit cut below a folder, per source file: bookmarks, tags left out, the first one cut. */
interface Cut {
  bookmarks: number
  tags: number
  /** The first bookmark cut (its place is read when the warning is made: watch mode moves places). */
  first: Bookmark
}
type Cuts = ReadonlyMap<string, Cut>

/** What `limitTags` gave for one folder. */
interface Limited {
  folder: Folder
  cuts: Cuts
}

/** What `limitTags` keeps between builds (watch mode). */
export interface TagLimitMemo {
  limit: number
  folders: WeakMap<Folder, Limited>
  /** The copy of each bookmark cut, by bookmark. */
  bookmarks: WeakMap<Bookmark, Bookmark>
}

/** An empty memo for `limitTags`. */
export function createTagLimitMemo(): TagLimitMemo {
  return { limit: 0, folders: new WeakMap(), bookmarks: new WeakMap() }
}

const NONE: Cuts = new Map()

/**
 * The tree with every bookmark that has more than `limit` tags replaced by a copy that keeps the
 * first `limit`, and what was left out: a warning per source file, placed at its first bookmark cut.
 */
export function limitTags(
  root: Folder,
  limit: number,
  memo?: TagLimitMemo,
): { root: Folder; warnings: Message[] } {
  if (memo !== undefined && memo.limit !== limit) {
    memo.limit = limit
    memo.folders = new WeakMap()
    memo.bookmarks = new WeakMap()
  }
  const folders = memo?.folders ?? new Map<Folder, Limited>()
  const copies = memo?.bookmarks ?? new Map<Bookmark, Bookmark>()
  const visit = (folder: Folder): Limited => {
    const known = folders.get(folder)
    if (known !== undefined) return known
    let children: Node[] | undefined
    let cuts: Map<string, Cut> | undefined
    const source = folder.children
    for (let i = 0; i < source.length; i++) {
      const child = source[i]!
      let out: Node = child
      if (child.type === 'folder') {
        const below = visit(child)
        out = below.folder
        for (const [file, cut] of below.cuts) addCut((cuts ??= new Map()), file, cut)
      } else if (child.type === 'bookmark' && child.tags.length > limit) {
        let copy = copies.get(child)
        if (copy === undefined) {
          copy = copyBookmark(child, { tags: child.tags.slice(0, limit) })
          copies.set(child, copy)
        }
        out = copy
        const cut = { bookmarks: 1, tags: child.tags.length - limit, first: child }
        addCut((cuts ??= new Map()), child.place?.file ?? '', cut)
      }
      if (out !== child && children === undefined) children = source.slice(0, i)
      if (children !== undefined) children.push(out)
    }
    const result = {
      folder: children === undefined ? folder : copyFolder(folder, children),
      cuts: cuts ?? NONE,
    }
    folders.set(folder, result)
    return result
  }
  const top = visit(root)
  const warnings = [...top.cuts].map(([file, cut]) => tagWarning(file, cut, limit))
  return { root: top.folder, warnings }
}

/** Count `cut` into `cuts` (a later one's first bookmark comes after the first one's). */
function addCut(cuts: Map<string, Cut>, file: string, cut: Cut): void {
  const sum = cuts.get(file)
  if (sum === undefined) cuts.set(file, { ...cut })
  else {
    sum.bookmarks += cut.bookmarks
    sum.tags += cut.tags
  }
}

function tagWarning(file: string, { bookmarks, tags, first }: Cut, limit: number): Message {
  const which = bookmarks === 1 ? 'This bookmark has' : `${bookmarks} bookmarks, this the first, have`
  return {
    file,
    line: first.place?.line ?? 0,
    column: first.place?.column ?? 0,
    rule: 'publish/too-many-tags',
    message: `${which} more than ${limit} tags: ${tags} tag${tags === 1 ? '' : 's'} left out, each keeping its first ${limit}. Set limits.tagsPerBookmark in the config to keep more`,
  }
}
