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
import { trustedBytesNode } from '../render/serialize.js'
import type { PageContext } from './context.js'
import { pagesNavigation } from './folder-pages.js'
import { keptPages } from './memo.js'
import { pageCount, paginate, pagePath } from './paths.js'
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
  const lists = context.changes.lists
  if (lists !== undefined && !lists.has(list.path)) {
    const kept = keptPages(context.check, list.path, pageCount(list.bookmarks.length, context.input.pageSize))
    if (kept !== undefined) {
      yield* kept
      return
    }
  }
  const link = context.urls.link
  const chunks = paginate(list.bookmarks, context.input.pageSize)
  for (let index = 0; index < chunks.length; index++) {
    const number = index + 1
    const path = pagePath(list.path, number)
    const chunk = chunks[index]!
    const listed = chunk.filter((item) => item !== 'separator')
    if (
      context.check.unchanged(
        path,
        [
          'archive',
          list.path,
          number,
          chunks.length,
          list.bookmarks.length,
          sharedSidebar(context).sidebar,
          context.entries.listingKey(listed),
        ],
        chunk,
      )
    ) {
      yield { path: `${path}index.html`, contents: '', unchanged: true }
      continue
    }
    const file = context.page(
      { kind: 'archive', title: list.title, path, pageNumber: number },
      list.title,
      archivePageToHast({
        i18n: context.i18n,
        title: list.title,
        crumbs: [
          { title: context.input.siteTitle, href: link('', path) },
          { title: context.i18n.t('nav.archive'), href: link(ARCHIVE_PATH, path) },
          { title: list.title, href: link(list.path, path) },
        ],
        entries: [trustedBytesNode(context.entries.listedEntries(listed))],
        total: list.bookmarks.length,
        pages: pagesNavigation(context, list.path, number, chunks.length),
      }),
      { sortable: true, ...sharedSidebar(context) },
    )
    yield file
    yield* context.takeIcons()
  }
}
