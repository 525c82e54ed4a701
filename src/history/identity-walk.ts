/**
 * The fast walk for a format with a re-reader (`FormatEntry.reread`, Netscape's): each version is
 * read again from the one before, as watch mode does, which reads only the run of entries an edit
 * touched and keeps every unchanged node the same object. A bookmark that is the same object, in
 * a folder of the same path, is the same bookmark with nothing changed; only the others are
 * matched (`match.ts`). A version costs its edit and one pass over the tree, not a full read and a
 * full match. Pure, over the collections it is given.
 */
import type { Bookmark, Collection, Folder } from '../model/tree.js'
import { cleanText } from '../model/text.js'
import { isFloccusSeparator } from '../formats/shared/separator-bookmarks.js'
import { folderPathTitle, pathKey, recordOfBookmark, type BookmarkRecord } from './records.js'
import { commitSummary, pairUp, type HistoryState, type LiveBookmark, type Version } from './walk.js'

/** Each bookmark of the last version walked: its live entry and the path it was at. */
export type Identities = Map<Bookmark, { live: LiveBookmark; key: string }>

/** The identities of `collection`, whose bookmarks (with records) are `state.live` in order. */
export function identitiesOf(collection: Collection, state: HistoryState): Identities | undefined {
  const identities: Identities = new Map()
  let index = 0
  let aligned = true
  visit(collection.root, (bookmark, _path, key) => {
    const live = state.live[index++]
    if (live === undefined || live.record.href !== cleanText(bookmark.href!)) aligned = false
    else identities.set(bookmark, { live, key })
  })
  return aligned && index === state.live.length ? identities : undefined
}

/**
 * Walk one more version, knowing the last one's `identities`; the identities of this one. `state`
 * is updated in place.
 */
export function walkByIdentity(
  state: HistoryState,
  version: Omit<Version, 'collection'>,
  collection: Collection,
  identities: Identities,
): Identities {
  const summary = commitSummary(state, version)
  state.commits.push(summary)
  state.blob = version.blob
  // Per bookmark of the new version, in order: its live entry when unchanged, else its record.
  const entries: Array<{ bookmark: Bookmark; key: string; live?: LiveBookmark; record?: BookmarkRecord }> = []
  const kept = new Set<LiveBookmark>()
  const came: BookmarkRecord[] = []
  visit(collection.root, (bookmark, path, key) => {
    const previous = identities.get(bookmark)
    if (previous !== undefined && previous.key === key && !kept.has(previous.live)) {
      kept.add(previous.live)
      entries.push({ bookmark, key, live: previous.live })
    } else {
      const record = recordOfBookmark(bookmark, path)!
      came.push(record)
      entries.push({ bookmark, key, record })
    }
  })
  const left = kept.size === state.live.length ? [] : state.live.filter((live) => !kept.has(live))
  const paired =
    left.length === 0 && came.length === 0 ? undefined : pairUp(left, came, summary, version.time)
  const next: Identities = new Map()
  const live: LiveBookmark[] = []
  for (const entry of entries) {
    const item = entry.live ?? paired!.get(entry.record!)!
    live.push(item)
    next.set(entry.bookmark, { live: item, key: entry.key })
  }
  state.live = live
  summary.after = live.length
  return next
}

/** Every bookmark with a URL (not a Floccus separator) under `root`, in document order, with its folder path. */
function visit(
  root: Folder,
  onBookmark: (bookmark: Bookmark, path: readonly string[], key: string) => void,
): void {
  const walk = (folder: Folder, path: readonly string[], key: string): void => {
    for (const node of folder.children) {
      if (node.type === 'folder') {
        const inner = [...path, folderPathTitle(node)]
        walk(node, inner, pathKey(inner))
      } else if (
        node.type === 'bookmark' &&
        node.href !== undefined &&
        node.href !== '' &&
        !isFloccusSeparator(node.href)
      )
        onBookmark(node, path, key)
    }
  }
  walk(root, [], pathKey([]))
}
