/**
 * What a build does with a file's history: gives its bookmarks the dates the file lacks, and
 * refuses to publish a commit that removed most of them. Pure.
 */
import { BookgenError } from '../model/errors.js'
import type { Collection } from '../model/tree.js'
import { matchRecords } from './match.js'
import { recordsOf } from './records.js'
import type { HistoryState, LiveBookmark } from './walk.js'
import type { HistorySettings } from '../config/history.js'
export {
  checkHistoryOptions,
  historyDefaults,
  resolveHistory,
  type HistoryOptions,
  type HistorySettings,
} from '../config/history.js'

/**
 * Give the bookmarks of `collection` (the file as it is now) the dates the history knows, where
 * the file has none: `added` from the first commit holding the bookmark, `modified` from the last
 * commit changing it. Each date set so is named in the bookmark's `dateSources`. Returns how many
 * bookmarks got a date.
 */
export function applyHistoryDates(collection: Collection, state: HistoryState): number {
  const current = recordsOf(collection.root)
  const { pairs } = matchRecords<LiveBookmark, (typeof current)[number]>(state.live, current, {
    old: (item) => item.record,
    new: (item) => item.record,
  })
  let dated = 0
  for (const [live, { bookmark }] of pairs) {
    const sources: { added?: 'history'; modified?: 'history' } = {}
    if (bookmark.added === undefined) {
      bookmark.added = live.added
      sources.added = 'history'
    }
    if (bookmark.modified === undefined && live.modified !== undefined) {
      bookmark.modified = live.modified
      sources.modified = 'history'
    }
    if (sources.added !== undefined || sources.modified !== undefined) {
      bookmark.dateSources = sources
      dated++
    }
  }
  return dated
}

/** The newest commit's removals, when they exceed what `settings` allow. */
export function massRemoval(
  state: HistoryState,
  settings: HistorySettings,
): { hash: string; subject: string; time: number; removed: number; before: number } | undefined {
  const newest = state.commits[state.commits.length - 1]
  if (newest === undefined) return undefined
  let removed = 0
  for (const change of newest.changes) if (change.kind === 'removed') removed++
  if (removed < settings.minRemoved || removed <= settings.maxRemoved * newest.before || removed === 0)
    return undefined
  return { hash: newest.hash, subject: newest.subject, time: newest.time, removed, before: newest.before }
}

/** Throw `history/mass-removal` when the newest commit removed too much and that is not allowed. */
export function guardMassRemoval(state: HistoryState, settings: HistorySettings, file: string): void {
  if (settings.allowRemoval) return
  const found = massRemoval(state, settings)
  if (found === undefined) return
  const share = Math.round((found.removed / found.before) * 100)
  throw new BookgenError(
    `Commit ${found.hash.slice(0, 7)} ("${found.subject}") removes ${found.removed} of ${found.before} bookmarks (${share}%, more than ${Math.round(settings.maxRemoved * 100)}%); the site was left as it was. If this was meant, build with --allow-removal (or history.allowRemoval); to undo it, bookgen restore --from ${found.hash.slice(0, 7)}~1`,
    { ruleId: 'history/mass-removal', file },
  )
}
