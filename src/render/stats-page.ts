/**
 * The stats page (`stats/`): the collection in numbers. Bookmarks per year and per month as bar
 * charts (inline SVG, drawn with percentages so they fit any width; each a labelled image, its
 * numbers in a table beside it for screen readers and readers without CSS), the top hosts and
 * tags, the untagged share and, with a link store, the dead-link share. Pure.
 */
import type { Element, ElementContent } from 'hast'
import { h, s } from 'hastscript'
import { breadcrumbsToHast } from './document.js'
import { cleanText } from './text.js'
import type { LinkState } from '../links/store-format.js'
import type { I18n } from './i18n.js'

/** One bar: what it counts and how many, with the page that lists them, if any. */
export interface StatsBar {
  label: string
  count: number
  href?: string | undefined
}

export interface StatsInput {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
  bookmarks: number
  untagged: number
  /** Bookmarks without a date. */
  undated: number
  /** Links in the link store in each state; none without a store. */
  links: Readonly<Record<LinkState, number>> | undefined
  /** Oldest first. */
  years: StatsBar[]
  /** The last months (up to 24) up to the newest bookmark's, oldest first. */
  months: StatsBar[]
  hosts: StatsBar[]
  tags: StatsBar[]
}

/** `<main>` content of the stats page. */
export function statsPageToHast(input: StatsInput): ElementContent[] {
  const { i18n } = input
  const { t, formatNumber } = i18n
  const facts: Array<[string, string]> = [
    [t('bookmarks'), formatNumber(input.bookmarks)],
    [t('stats.untagged'), share(i18n, input.untagged, input.bookmarks)],
    [t('stats.undated'), share(i18n, input.undated, input.bookmarks)],
  ]
  if (input.links !== undefined) {
    const { alive, redirected, unknown, dead } = input.links
    facts.push([
      t('stats.dead'),
      t('stats.checked', { share: share(i18n, dead, alive + redirected + unknown + dead) }),
    ])
  }
  return [
    breadcrumbsToHast(input.i18n, input.crumbs),
    h('h1', t('nav.stats')),
    h(
      'dl.stats-facts',
      facts.flatMap(([term, value]) => [h('dt', term), h('dd', value)]),
    ),
    ...section(i18n, 'years', t('stats.years'), t('stats.year'), input.years, true),
    ...section(i18n, 'months', t('stats.months'), t('stats.month'), input.months, true),
    ...section(i18n, 'hosts', t('stats.hosts'), t('stats.host'), input.hosts, false),
    ...section(i18n, 'tags', t('stats.tags'), t('stats.tag'), input.tags, false),
  ]
}

/** `count` of `total`, with its percentage. */
function share({ formatNumber }: I18n, count: number, total: number): string {
  const percent = formatNumber(total === 0 ? 0 : count / total, {
    style: 'percent',
    maximumFractionDigits: 1,
  })
  return `${formatNumber(count)} (${percent})`
}

/** A section: its heading, a chart of its bars over time (`columns`) or as a ranking, and its table. */
function section(
  i18n: I18n,
  id: string,
  title: string,
  column: string,
  bars: StatsBar[],
  columns: boolean,
): Element[] {
  if (bars.length === 0) return []
  const { t, formatNumber } = i18n
  const max = Math.max(1, ...bars.map((bar) => bar.count))
  const headingId = `stats-${id}`
  const rows = bars.map((bar) =>
    h('tr', [
      h(
        'th',
        { scope: 'row' },
        bar.href === undefined ? cleanText(bar.label) : h('a', { href: bar.href }, cleanText(bar.label)),
      ),
      h('td', formatNumber(bar.count)),
      ...(columns ? [] : [h('td.stats-bar', rankBar(bar.count / max))]),
    ]),
  )
  return [
    h('section.stats', { ariaLabelledBy: headingId }, [
      h('h2', { id: headingId }, title),
      ...(columns ? [columnChart(i18n, title, bars, max)] : []),
      h('table.stats-table', [
        h('caption.visually-hidden', title),
        h(
          'thead',
          h('tr', [
            h('th', { scope: 'col' }, column),
            h('th', { scope: 'col' }, t('bookmarks')),
            ...(columns ? [] : [h('td')]),
          ]),
        ),
        h('tbody', rows),
      ]),
    ]),
  ]
}

/** Bars over time, as a labelled image: each bar's share of the width, its height the count's share of the largest. */
function columnChart({ tn, formatNumber }: I18n, title: string, bars: StatsBar[], max: number): Element {
  const width = 100 / bars.length
  const peak = bars.reduce((best, bar) => (bar.count > best.count ? bar : best))
  const summary = tn('stats.chart', bars.length, {
    first: bars[0]!.label,
    last: bars.at(-1)!.label,
    peak: formatNumber(peak.count),
    peakAt: peak.label,
  })
  return s(
    'svg.stats-chart',
    { role: 'img', 'aria-label': `${title}: ${summary}`, width: '100%', height: '160' },
    [
      s('title', `${title}`),
      s('desc', summary),
      ...bars.map((bar, index) => {
        const height = (bar.count / max) * 100
        return s(
          'rect',
          {
            x: `${(index * width + width * 0.1).toFixed(3)}%`,
            y: `${(100 - height).toFixed(3)}%`,
            width: `${(width * 0.8).toFixed(3)}%`,
            height: `${height.toFixed(3)}%`,
          },
          [s('title', `${cleanText(bar.label)}: ${formatNumber(bar.count)}`)],
        )
      }),
    ],
  )
}

/** A ranking's bar, its length `fraction` of the cell: decoration, the number is beside it. */
function rankBar(fraction: number): Element {
  return s('svg', { ariaHidden: 'true', focusable: 'false', width: '100%', height: '12' }, [
    s('rect', { width: `${(fraction * 100).toFixed(3)}%`, height: '100%' }),
  ])
}
