/**
 * What a build does with a file's history: gives its bookmarks the dates the file lacks, and
 * refuses to publish a commit that removed most of them. Pure.
 */
import { BookgenError } from '../errors.js'
import type { Collection } from '../model.js'
import { matchRecords } from './match.js'
import { recordsOf } from './records.js'
import type { HistoryState, LiveBookmark } from './walk.js'

/** Settings of the `history` config option, resolved. */
export interface HistorySettings {
  /** Share of the previous commit's bookmarks a commit may remove (0–1). Default 0.25. */
  maxRemoved: number
  /** Fewest removed bookmarks that can trip the guard. Default 20. */
  minRemoved: number
  /** Publish even when the newest commit removed too much. Default false. */
  allowRemoval: boolean
}

/** What a user may write under `history` in the config. */
export interface HistoryOptions {
  /** Share of the bookmarks the newest commit may remove before the build fails (0–1). Default: `0.25` */
  maxRemoved?: number | undefined
  /** Fewest removed bookmarks that make a build fail. Default: `20` */
  minRemoved?: number | undefined
  /** Publish anyway when the newest commit removed too much (`--allow-removal`). Default: `false` */
  allowRemoval?: boolean | undefined
}

export const historyDefaults: Readonly<HistorySettings> = Object.freeze({
  maxRemoved: 0.25,
  minRemoved: 20,
  allowRemoval: false,
})

/** `history` from the config and the flags: false when turned off. */
export function resolveHistory(
  user: HistoryOptions | false | undefined,
  flags: { history?: boolean | undefined; allowRemoval?: boolean | undefined } = {},
): HistorySettings | false {
  if (user === false || flags.history === false) return false
  const settings: HistorySettings = {
    maxRemoved: user?.maxRemoved ?? historyDefaults.maxRemoved,
    minRemoved: user?.minRemoved ?? historyDefaults.minRemoved,
    allowRemoval: flags.allowRemoval === true || (user?.allowRemoval ?? historyDefaults.allowRemoval),
  }
  return Object.freeze(settings)
}

/** Check the `history` config value; a message naming what is wrong, or undefined when it is fine. */
export function checkHistoryOptions(value: unknown): string | undefined {
  if (value === false) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return '"history" must be false or { maxRemoved?, minRemoved?, allowRemoval? }'
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue
    if (name === 'maxRemoved') {
      if (typeof item !== 'number' || !(item >= 0 && item <= 1))
        return '"history.maxRemoved" must be a share from 0 to 1, e.g. 0.25'
    } else if (name === 'minRemoved') {
      if (typeof item !== 'number' || !Number.isInteger(item) || item < 0)
        return '"history.minRemoved" must be a whole number, 0 or more'
    } else if (name === 'allowRemoval') {
      if (typeof item !== 'boolean') return '"history.allowRemoval" must be true or false'
    } else return `Unknown option "history.${name}"; known: maxRemoved, minRemoved, allowRemoval`
  }
  return undefined
}

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
