/**
 * The `changes/` page kind: the sources' Git history as pages of days (newest first, paginated by
 * `pageSize` changes), and `changes.xml`. Nothing when the sources have no history. Pure.
 */
import { dayFormatter } from '../model/dates.js'
import type { OutputFile } from '../model/output.js'
import type { PageContext } from './context.js'
import { pagePath } from './paths.js'
import { safeHref, withoutUserinfo } from '../model/safe-url.js'
import { changesFeedToXml } from '../render/changes-feed.js'
import {
  changesPageToHast,
  type ChangeCommit,
  type ChangeLine,
  type ChangesDay,
} from '../render/changes-page.js'
import type { HistoryView } from '../history/build-step.js'

/** Path of the changes pages below the base. */
export const CHANGES_PATH = 'changes/'
/** Commits in `changes.xml`. */
const FEED_COMMITS = 50

export function* changesPages(context: PageContext): Generator<OutputFile> {
  const { t } = context.i18n
  const history = context.input.history
  if (history === undefined) return
  const url = context.urls.path
  const commits = changeCommits(history, context.input.allowFileLinks, context.input.pageSize)
  const pages = paginateDays(groupByDay(commits), context.input.pageSize)
  const crumbs = [
    { title: context.input.siteTitle, href: url('') },
    { title: t('nav.changes'), href: url(CHANGES_PATH) },
  ]
  const shown = dayFormatter(context.input.lang)
  const formatDay = (day: string) => shown(Date.parse(day))
  const files: OutputFile[] = []
  for (const [index, days] of pages.entries()) {
    const number = index + 1
    const path = pagePath(CHANGES_PATH, number)
    files.push(
      context.page(
        { kind: 'changes', title: t('nav.changes'), path, pageNumber: number },
        number === 1 ? t('nav.changes') : t('changes.page', { page: number }),
        changesPageToHast({
          i18n: context.i18n,
          crumbs,
          feedHref: url('changes.xml'),
          days,
          formatDay,
          pages: {
            current: number,
            count: pages.length,
            newer: number === 1 ? undefined : url(pagePath(CHANGES_PATH, number - 1)),
            older: number === pages.length ? undefined : url(pagePath(CHANGES_PATH, number + 1)),
          },
        }),
      ),
    )
  }
  files.push({
    path: 'changes.xml',
    contents: changesFeedToXml({
      i18n: context.i18n,
      title: context.input.siteTitle,
      absolute: context.urls.absolute,
      commits,
      limit: FEED_COMMITS,
    }),
  })
  yield* files
}

/**
 * The commits (newest first) with what the pages show of them: private bookmarks left out, and
 * additions beyond `maxAdded` in one commit (the first commit of a collection adds all of it)
 * counted instead of listed. Removals are always listed in full: they are what a reader recovers.
 */
function changeCommits(history: HistoryView, allowFileLinks: boolean, maxAdded: number): ChangeCommit[] {
  const result: ChangeCommit[] = []
  for (const commit of history.commits) {
    const lines: ChangeLine[] = []
    let added = 0
    let moreAdded = 0
    for (const change of commit.changes) {
      if (change.private === true) continue
      // The history's URLs are the sources' own: published, like the tree's, without credentials.
      const href = safeHref(change.href && withoutUserinfo(change.href), { allowFile: allowFileLinks })
      if (href === undefined) continue // held back from the site (file:, place:, javascript:…)
      if (change.kind === 'added' && ++added > maxAdded) {
        moreAdded++
        continue
      }
      lines.push({ kind: change.kind, title: change.title, href, path: change.path, from: change.from })
    }
    if (lines.length > 0)
      result.push({
        hash: commit.hash,
        subject: commit.subject,
        time: commit.time,
        lines,
        ...(moreAdded > 0 ? { moreAdded } : {}),
      })
  }
  return result
}

function groupByDay(commits: readonly ChangeCommit[]): ChangesDay[] {
  const days: ChangesDay[] = []
  for (const commit of commits) {
    const day = new Date(commit.time).toISOString().slice(0, 10)
    const last = days[days.length - 1]
    if (last?.day === day) last.commits.push(commit)
    else days.push({ day, commits: [commit] })
  }
  return days
}

/** Days on pages of about `pageSize` changes; a day is never split. Always at least one page. */
function paginateDays(days: readonly ChangesDay[], pageSize: number): ChangesDay[][] {
  const pages: ChangesDay[][] = [[]]
  let count = 0
  for (const day of days) {
    const size = day.commits.reduce((sum, commit) => sum + commit.lines.length, 0)
    if (count > 0 && count + size > pageSize) {
      pages.push([])
      count = 0
    }
    pages[pages.length - 1]!.push(day)
    count += size
  }
  return pages
}
