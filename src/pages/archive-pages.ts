/**
 * The archive: `archive/` (counts per year and month), each year's bookmarks at `archive/<year>/`
 * (newest first, continued at `page/2/`… like a folder), and the bookmarks without a date at
 * `archive/undated/`. Pure.
 */
import { ARCHIVE_PATH } from './paths.js'
export { ARCHIVE_PATH } from './paths.js'
import type { Bookmark } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import { archiveIndexToHast, archivePageToHast } from '../render/archive-page.js'
import type { PageContext } from './context.js'
import { listingPages } from './listing-pages.js'
import { UNDATED_PATH } from './timeline.js'
import { sharedSidebar } from './sidebar.js'

/** The archive's index, then every year's pages (newest year first), then the undated ones. */
export function* archivePages(context: PageContext): Generator<OutputFile> {
  const { formatDate, t } = context.i18n
  const url = context.urls.path
  const { years, undated } = context.timeline
  const home = { title: context.input.siteTitle, href: url('') }
  const archive = { title: t('nav.archive'), href: url(ARCHIVE_PATH) }
  const index = context.page(
    { kind: 'archive', title: archive.title, path: ARCHIVE_PATH, pageNumber: 1 },
    archive.title,
    archiveIndexToHast({
      i18n: context.i18n,
      crumbs: [home, archive],
      years: years.map((year) => ({
        year: year.year,
        href: url(year.path),
        count: year.bookmarks.length,
        months: year.months,
      })),
      undated: undated.length === 0 ? undefined : { href: url(UNDATED_PATH), count: undated.length },
    }),
    sharedSidebar(context),
  )
  yield index
  const lists = years.map((year) => ({
    title: formatDate(Date.UTC(year.year, 6), { year: 'numeric' }),
    path: year.path,
    bookmarks: year.bookmarks,
  }))
  if (undated.length > 0) lists.push({ title: t('archive.undated'), path: UNDATED_PATH, bookmarks: undated })
  for (const list of lists) yield* listPages(context, list)
}

function* listPages(
  context: PageContext,
  list: { title: string; path: string; bookmarks: Bookmark[] },
): Generator<OutputFile> {
  const link = context.urls.link
  const unchanged = context.changes.lists !== undefined && !context.changes.lists.has(list.path)
  yield* listingPages(context, { ...list, unchanged, key: ['archive', list.path] }, (page) =>
    context.page(
      { kind: 'archive', title: list.title, path: page.path, pageNumber: page.number },
      list.title,
      archivePageToHast({
        i18n: context.i18n,
        title: list.title,
        crumbs: [
          { title: context.input.siteTitle, href: link('', page.path) },
          { title: context.i18n.t('nav.archive'), href: link(ARCHIVE_PATH, page.path) },
          { title: list.title, href: link(list.path, page.path) },
        ],
        entries: page.entries,
        total: list.bookmarks.length,
        pages: page.pages,
      }),
      { sortable: true, ...sharedSidebar(context) },
    ),
  )
}
