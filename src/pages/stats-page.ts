/**
 * The stats page (`stats/`): counts of the published bookmarks (the same the home page and the
 * archive count) by year, month, host and tag, and the shares untagged, undated and, with a link
 * store, the links it found dead. Pure.
 */
import type { OutputFile } from '../model/output.js'
import { displayHost } from '../render/host.js'
import { statsPageToHast, type StatsBar } from '../render/stats-page.js'
import type { PageContext } from './context.js'

/** Where the page is, below the base. */
export const STATS_PATH = 'stats/'
/** Months charted, up to the newest bookmark's; hosts and tags listed. */
const MONTHS = 24
const TOP = 15

export function* statsPage(context: PageContext): Generator<OutputFile> {
  const { formatDate, t } = context.i18n
  const { input, routes, timeline } = context
  const url = context.urls.path
  const hosts = new Map<string, number>()
  let untagged = 0
  for (const bookmark of timeline.all) {
    if (bookmark.tags.length === 0) untagged++
    const host = displayHost(bookmark.href)
    if (host !== undefined) hosts.set(host, (hosts.get(host) ?? 0) + 1)
  }
  const top = (counts: Iterable<[string, number]>): Array<[string, number]> =>
    [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0)).slice(0, TOP)
  const file = context.page(
    { kind: 'stats', title: t('nav.stats'), path: STATS_PATH, pageNumber: 1 },
    t('nav.stats'),
    statsPageToHast({
      i18n: context.i18n,
      crumbs: [
        { title: input.siteTitle, href: url('') },
        { title: t('nav.stats'), href: url(STATS_PATH) },
      ],
      bookmarks: timeline.all.length,
      untagged,
      undated: timeline.undated.length,
      links: input.links === undefined ? undefined : { ...input.links.counts },
      years: timeline.years
        .map((year) => ({
          label: formatDate(Date.UTC(year.year, 6), { year: 'numeric' }),
          count: year.bookmarks.length,
          href: url(year.path),
        }))
        .reverse(),
      months: lastMonths(context),
      hosts: top(hosts).map(([label, count]) => ({ label, count })),
      tags: top(routes.tags.map((route) => [route.tag, route.bookmarks.length])).map(([label, count]) => ({
        label,
        count,
        href: url(routes.tagRoute.get(label)!.path),
      })),
    }),
  )
  yield file
}

/** The `MONTHS` months up to the newest bookmark's, oldest first, in the site's language. */
function lastMonths(context: PageContext): StatsBar[] {
  const { formatDate } = context.i18n
  const years = context.timeline.years
  if (years.length === 0) return []
  const byYear = new Map(years.map((year) => [year.year, year.months]))
  const newest = new Date(context.timeline.dated[0]!.added!)
  const bars: StatsBar[] = []
  for (let back = MONTHS - 1; back >= 0; back--) {
    const at = new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth() - back, 1))
    const count = byYear.get(at.getUTCFullYear())?.[at.getUTCMonth()] ?? 0
    bars.push({ label: formatDate(at.getTime(), { month: 'short', year: 'numeric' }), count })
  }
  return bars
}
