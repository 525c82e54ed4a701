/**
 * The archive: `archive/` (how many bookmarks were added each year and month, linking each year's
 * pages) and `archive/<year>/` (that year's bookmarks, newest first), plus the bookmarks without a
 * date at `archive/undated/`.
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export interface ArchiveIndexInput {
  crumbs: Array<{ title: string; href: string }>
  /** Newest year first; `months` holds twelve counts, January first. */
  years: Array<{ year: number; href: string; count: number; months: number[] }>
  /** The page of bookmarks without a date, when there are any. */
  undated: { href: string; count: number } | undefined
}

/** `<main>` content of `archive/`. */
export function archiveIndexToHast(input: ArchiveIndexInput): ElementContent[] {
  const dated = input.years.reduce((sum, year) => sum + year.count, 0)
  const content: ElementContent[] = [
    breadcrumbsToHast(input.crumbs),
    h('h1', 'Archive'),
    h('p.folder-stats', `${plural(dated, 'bookmark')} by date added`),
  ]
  if (input.years.length === 0) content.push(h('p.empty', 'No bookmark has a date.'))
  else
    content.push(
      h(
        'ol.archive-years',
        input.years.map((year) =>
          h('li', [
            h('a.archive-year', { href: year.href }, String(year.year)),
            ' ',
            h('span.count', plural(year.count, 'bookmark')),
            h(
              'ul.archive-months',
              year.months.flatMap((count, month) =>
                count === 0 ? [] : [h('li', [MONTHS[month]!, ' ', h('span.count', String(count))])],
              ),
            ),
          ]),
        ),
      ),
    )
  if (input.undated !== undefined)
    content.push(
      h('p.archive-undated', [
        h('a', { href: input.undated.href }, 'Without a date'),
        ' ',
        h('span.count', plural(input.undated.count, 'bookmark')),
      ]),
    )
  return content
}

export interface ArchivePageInput {
  /** `2024`, or `Without a date`. */
  title: string
  crumbs: Array<{ title: string; href: string }>
  /** This page's entries, already rendered. */
  entries: ElementContent[]
  total: number
  pages?: { current: number; count: number; navigation: Element } | undefined
}

/** `<main>` content of one page of a year (or of the undated bookmarks). */
export function archivePageToHast(input: ArchivePageInput): ElementContent[] {
  const pages = input.pages
  return [
    breadcrumbsToHast(input.crumbs),
    h(
      'h1',
      pages !== undefined && pages.current > 1
        ? [input.title, h('span.page-number', ` (page ${pages.current} of ${pages.count})`)]
        : input.title,
    ),
    h('p.folder-stats', plural(input.total, 'bookmark')),
    h('h2.visually-hidden', 'Bookmarks'),
    h('ul.entries', input.entries),
    ...(pages === undefined ? [] : [pages.navigation]),
  ]
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
