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
    if (bookmark.added === undefined && live.added !== undefined) {
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

/**
 * The source's last change — its newest commit that changed the bookmarks; commits after it that
 * left them as they were (a rename, the same bookmarks written anew, a commit a cut-short history
 * starts after) do not hide it — when its removals exceed what `settings` allow; `index` is its
 * place in `state.commits`.
 */
export function massRemoval(
  state: HistoryState,
  settings: HistorySettings,
):
  | { hash: string; subject: string; time: number; removed: number; before: number; index: number }
  | undefined {
  let index = state.commits.length - 1
  while (index >= 0 && state.commits[index]!.changes.length === 0) index--
  const last = state.commits[index]
  if (last === undefined) return undefined
  let removed = 0
  for (const change of last.changes) if (change.kind === 'removed') removed++
  if (removed < settings.minRemoved || removed <= settings.maxRemoved * last.before || removed === 0)
    return undefined
  const { hash, subject, time, before } = last
  return { hash, subject, time, removed, before, index }
}

/** The line of a commit message that accepts the removal made by commit `hash` (see `guardMassRemoval`). */
export function allowRemovalLine(hash: string): string {
  return `Allow-removal: ${hash.slice(0, 7)}`
}

/** Whether `message` (a commit's) has a line that accepts the removal made by commit `hash`. */
export function allowsRemoval(message: string, hash: string): boolean {
  for (const line of message.split('\n')) {
    const named = /^allow-removal:\s*([0-9a-f]{7,64})\s*$/i.exec(line)?.[1]
    if (named !== undefined && hash.startsWith(named.toLowerCase())) return true
  }
  return false
}

/**
 * Throw `history/mass-removal` when the source's last change removed too much (`found`, from
 * `massRemoval`) and that is not allowed.
 */
export function guardMassRemoval(
  found: NonNullable<ReturnType<typeof massRemoval>>,
  settings: HistorySettings,
  file: string,
): void {
  if (settings.allowRemoval) return
  const share = Math.round((found.removed / found.before) * 100)
  const short = found.hash.slice(0, 7)
  throw new BookgenError(
    `Commit ${short} ("${found.subject}") removes ${found.removed} of ${found.before} bookmarks (${share}%, more than ${Math.round(settings.maxRemoved * 100)}%); the site was left as it was. If this was meant, build with --allow-removal, or commit a message with the line "${allowRemovalLine(found.hash)}" (CI: git commit --allow-empty -m "${allowRemovalLine(found.hash)}"); to undo it, bookgen restore --from ${short}~1`,
    { rule: 'history/mass-removal', file },
  )
}
