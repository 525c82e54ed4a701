/**
 * The same URL bookmarked more than once (in one source or across several). Repeats are always
 * reported; with `dedupe` only the first is published, with the tags of all of them.
 */
import { forEachNode, normalizeTags, type Bookmark, type Folder, type Node } from '../model/tree.js'
import { plainUrlHref } from '../model/urls.js'
import { copyBookmark, copyFolder, sameItems } from './copy.js'

export interface Duplicate {
  /** The later bookmark. */
  bookmark: Bookmark
  /** The first bookmark with the same URL (document order). */
  first: Bookmark
}

/** What `findDuplicates` and `removeDuplicates` keep between builds (watch mode). */
export interface DuplicateMemo {
  /** A number for each URL key seen. */
  ids: Map<string, number>
  /** By folder: the key number of each child (-1 for children that are not bookmarks with a URL). */
  folders: WeakMap<Folder, Int32Array>
  /** By key number: the build in which it was last seen, and its first bookmark in that build. */
  seen: Int32Array
  firsts: Bookmark[]
  build: number
  /** The copy of a first bookmark that carries the tags of its repeats, by first bookmark. */
  merged: WeakMap<Bookmark, Bookmark>
  /** The folder without its repeats, by folder. */
  deduped: WeakMap<Folder, Folder>
}

/** An empty memo for `findDuplicates` and `removeDuplicates`. */
export function createDuplicateMemo(): DuplicateMemo {
  return {
    ids: new Map(),
    folders: new WeakMap(),
    seen: new Int32Array(1024),
    firsts: [],
    build: 0,
    merged: new WeakMap(),
    deduped: new WeakMap(),
  }
}

/** The comparison key of a URL: WHATWG-normalized when it parses (host case, default port…). */
export function urlKey(href: string): string {
  const plain = plainUrlHref(href)
  if (plain !== undefined) return plain
  try {
    return new URL(href).href
  } catch {
    return href.trim()
  }
}

/**
 * Every bookmark whose URL appeared earlier in the tree (document order). With a memo (watch
 * mode), URL keys are worked out once per folder object and numbered, so a build over a tree that
 * is mostly unchanged costs one pass over small numbers.
 */
export function findDuplicates(root: Folder, memo?: DuplicateMemo): Duplicate[] {
  if (memo !== undefined) return findDuplicatesByNumber(root, memo)
  const firsts = new Map<string, Bookmark>()
  const duplicates: Duplicate[] = []
  forEachNode(root, (node) => {
    if (node.type !== 'bookmark' || node.href === undefined || node.href === '') return
    const key = urlKey(node.href)
    const first = firsts.get(key)
    if (first === undefined) firsts.set(key, node)
    else duplicates.push({ bookmark: node, first })
  })
  return duplicates
}

function findDuplicatesByNumber(root: Folder, memo: DuplicateMemo): Duplicate[] {
  const build = ++memo.build
  const duplicates: Duplicate[] = []
  const firsts = memo.firsts
  const stack: Array<{ children: readonly Node[]; ids: Int32Array; index: number }> = []
  const enter = (folder: Folder): void => {
    let ids = memo.folders.get(folder)
    if (ids === undefined) {
      ids = keyNumbers(folder.children, memo)
      memo.folders.set(folder, ids)
    }
    stack.push({ children: folder.children, ids, index: 0 })
  }
  enter(root)
  let seen = memo.seen
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    const { children, ids } = top
    let index = top.index
    for (; index < children.length; index++) {
      const id = ids[index]!
      if (id >= 0) {
        if (seen[id] === build) duplicates.push({ bookmark: children[index] as Bookmark, first: firsts[id]! })
        else {
          seen[id] = build
          firsts[id] = children[index] as Bookmark
        }
      } else if (children[index]!.type === 'folder') break
    }
    if (index >= children.length) {
      stack.pop()
      continue
    }
    top.index = index + 1
    enter(children[index] as Folder)
    // New key numbers may have outgrown the table.
    if (memo.seen.length !== seen.length) seen = memo.seen
  }
  return duplicates
}

/** The key number of each child of a folder (-1 where there is no URL to compare). */
function keyNumbers(children: readonly Node[], memo: DuplicateMemo): Int32Array {
  const ids = new Int32Array(children.length).fill(-1)
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!
    if (child.type !== 'bookmark' || child.href === undefined || child.href === '') continue
    const key = urlKey(child.href)
    let id = memo.ids.get(key)
    if (id === undefined) {
      id = memo.ids.size
      memo.ids.set(key, id)
      if (id >= memo.seen.length) {
        const grown = new Int32Array(memo.seen.length * 2)
        grown.set(memo.seen)
        memo.seen = grown
      }
    }
    ids[i] = id
  }
  return ids
}

/**
 * The tree without the later bookmarks of each URL; the first is replaced by a copy carrying the
 * tags of all. Copy on write: folders without repeats are kept as they are, and the tree given is
 * not changed. With a memo, the same copies come back while their content is the same.
 */
export function removeDuplicates(
  root: Folder,
  duplicates: readonly Duplicate[],
  memo?: DuplicateMemo,
): Folder {
  if (duplicates.length === 0) return root
  const drop = new Set<Bookmark>()
  const tags = new Map<Bookmark, string[]>()
  for (const { bookmark, first } of duplicates) {
    drop.add(bookmark)
    tags.set(first, normalizeTags([...(tags.get(first) ?? first.tags), ...bookmark.tags]))
  }
  const merged = new Map<Bookmark, Bookmark>()
  for (const [first, list] of tags) {
    const previous = memo?.merged.get(first)
    const copy =
      previous !== undefined && sameItems(previous.tags, list)
        ? previous
        : copyBookmark(first, { tags: list })
    memo?.merged.set(first, copy)
    merged.set(first, copy)
  }
  const visit = (folder: Folder): Folder => {
    let children: Node[] | undefined
    const source = folder.children
    for (let i = 0; i < source.length; i++) {
      const child = source[i]!
      let out: Node | undefined = child
      if (child.type === 'folder') out = visit(child)
      else if (child.type === 'bookmark') out = drop.has(child) ? undefined : (merged.get(child) ?? child)
      if (out !== child && children === undefined) children = source.slice(0, i)
      if (children !== undefined && out !== undefined) children.push(out)
    }
    if (children === undefined) return folder
    const previous = memo?.deduped.get(folder)
    const copy =
      previous !== undefined && sameItems(previous.children, children)
        ? previous
        : copyFolder(folder, children)
    memo?.deduped.set(folder, copy)
    return copy
  }
  return visit(root)
}
