/**
 * The history of one bookmark file, walked version by version: which bookmarks each commit added,
 * removed, moved, renamed or changed, and when each bookmark still present was first seen and last
 * changed. Pure: versions come in as parsed collections; `read.ts` does the I/O. The state is plain
 * JSON, so a build keeps it in the output's `.bookgen-history` folder and the next build walks only
 * the commits that came since.
 */
import type { Collection } from '../model/tree.js'
import { matchRecords } from './match.js'
import { recordsOf, samePath, type BookmarkRecord } from './records.js'

/** What a commit did to one bookmark. */
export type ChangeKind = 'added' | 'removed' | 'moved' | 'renamed' | 'changed'

export interface Change {
  kind: ChangeKind
  title: string
  href: string
  /** Folder path after the change (before it, for a removal). */
  path: readonly string[]
  /** `moved`: the folder path before; `renamed`: the title before; `changed`: the URL before. */
  from?: string | readonly string[]
  /** The bookmark is private (Netscape `PRIVATE`): the changes pages leave it out. */
  private?: true
}

/** One commit of the file, with what it did. */
export interface CommitSummary {
  hash: string
  /** Committer time, ms since the epoch. */
  time: number
  subject: string
  /** Bookmarks (with a URL) before and after the commit. */
  before: number
  after: number
  changes: Change[]
}

/** A bookmark of the newest version walked, with its dates from the history. */
export interface LiveBookmark {
  record: BookmarkRecord
  /** Time of the first commit holding it; undefined when the oldest version read had it (a history cut short). */
  added?: number
  /** Time of the last commit changing its title, URL, folder or description; undefined if none did. */
  modified?: number
}

/** Everything the walk knows after the newest version it was given. */
export interface HistoryState {
  /** Commits walked, oldest first (those that left the bookmarks as they were included). */
  commits: CommitSummary[]
  /** The blob of the newest version walked (an unchanged blob is not read again). */
  blob: string | undefined
  live: LiveBookmark[]
}

export function emptyHistory(): HistoryState {
  return { commits: [], blob: undefined, live: [] }
}

/** One version of the file: the commit and the collection it holds (undefined: the file was deleted). */
export interface Version {
  hash: string
  time: number
  subject: string
  blob: string | undefined
  collection: Collection | undefined
  /**
   * The version a history cut short starts from (the commit before the oldest one read): its
   * bookmarks are there, with no date, and the commit is not one of the history's.
   */
  base?: boolean
}

/** Walk one more version: the state after it (`state` is updated in place and returned). */
export function walkVersion(state: HistoryState, version: Version): HistoryState {
  const { time } = version
  const summary = commitSummary(state, version)
  if (version.base !== true) state.commits.push(summary)
  if (version.blob !== undefined && version.blob === state.blob) return state
  state.blob = version.blob
  const records =
    version.collection === undefined ? [] : recordsOf(version.collection.root).map((item) => item.record)
  const next = pairUp(state.live, records, summary, version.base === true ? undefined : time)
  // Document order of the new version.
  state.live = records.map((record) => next.get(record)!)
  summary.after = state.live.length
  return state
}

/**
 * Walk one more version given as splices of the last one's bookmarks (see `tiles.ts`): only the
 * bookmarks the splices remove and add are matched. `state` is updated in place and returned.
 */
export function walkSplices(
  state: HistoryState,
  version: Omit<Version, 'collection'>,
  splices: ReadonlyArray<{ at: number; remove: number; records: readonly BookmarkRecord[] }>,
): HistoryState {
  const summary = commitSummary(state, version)
  state.commits.push(summary)
  state.blob = version.blob
  const left: LiveBookmark[] = []
  const came: BookmarkRecord[] = []
  for (const splice of splices) {
    for (let i = splice.at; i < splice.at + splice.remove; i++) left.push(state.live[i]!)
    came.push(...splice.records)
  }
  if (left.length === 0 && came.length === 0) return state
  const next = pairUp(left, came, summary, version.time)
  const live: LiveBookmark[] = []
  let copied = 0
  for (const splice of splices) {
    for (let i = copied; i < splice.at; i++) live.push(state.live[i]!)
    for (const record of splice.records) live.push(next.get(record)!)
    copied = splice.at + splice.remove
  }
  for (let i = copied; i < state.live.length; i++) live.push(state.live[i]!)
  state.live = live
  summary.after = live.length
  return state
}

/** A commit's summary before its changes are known: as many bookmarks after it as before. */
export function commitSummary(state: HistoryState, version: Omit<Version, 'collection'>): CommitSummary {
  const { hash, time, subject } = version
  return { hash, time, subject, before: state.live.length, after: state.live.length, changes: [] }
}

/**
 * Match the bookmarks that left with those that came, noting the changes in `summary`, at `time`
 * (undefined: those that came have no date, see `Version.base`).
 */
export function pairUp(
  left: readonly LiveBookmark[],
  came: readonly BookmarkRecord[],
  summary: CommitSummary,
  time: number | undefined,
): Map<BookmarkRecord, LiveBookmark> {
  const { pairs, removed, added } = matchRecords(left, came, {
    old: (item) => item.record,
    new: (record) => record,
  })
  const next = new Map<BookmarkRecord, LiveBookmark>()
  for (const [old, record] of pairs) {
    const change = changeOf(old.record, record)
    const live: LiveBookmark = { record }
    if (old.added !== undefined) live.added = old.added
    if (change === undefined) {
      if (old.modified !== undefined) live.modified = old.modified
    } else {
      if (time !== undefined) live.modified = time
      summary.changes.push(withPrivacy(change, record))
    }
    next.set(record, live)
  }
  for (const record of added) {
    next.set(record, time === undefined ? { record } : { record, added: time })
    summary.changes.push(
      withPrivacy({ kind: 'added', title: record.title, href: record.href, path: record.path }, record),
    )
  }
  for (const old of removed) {
    const { title, href, path } = old.record
    summary.changes.push(withPrivacy({ kind: 'removed', title, href, path }, old.record))
  }
  return next
}

/** What changed between two versions of a bookmark, or undefined when nothing the history tracks did. */
function changeOf(before: BookmarkRecord, after: BookmarkRecord): Change | undefined {
  const { title, href, path } = after
  if (!samePath(before.path, path)) return { kind: 'moved', title, href, path, from: before.path }
  if (before.title !== title) return { kind: 'renamed', title, href, path, from: before.title }
  if (before.href !== href) return { kind: 'changed', title, href, path, from: before.href }
  if (before.description !== after.description) return { kind: 'changed', title, href, path }
  return undefined
}

function withPrivacy(change: Change, record: BookmarkRecord): Change {
  if (record.private === true) change.private = true
  return change
}
