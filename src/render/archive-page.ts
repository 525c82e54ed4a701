/**
 * The archive: `archive/` (how many bookmarks were added each year and month, linking each year's
 * pages) and `archive/<year>/` (that year's bookmarks, newest first), plus the bookmarks without a
 * date at `archive/undated/`.
 */
import type { Element, ElementContent } from 'hast'
import { breadcrumbsToHast } from './document.js'
import { el } from './hast.js'
import type { I18n } from './i18n.js'

export interface ArchiveIndexInput {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
  /** Newest year first; `months` holds twelve counts, January first. */
  years: Array<{ year: number; href: string; count: number; months: number[] }>
  /** The page of bookmarks without a date, when there are any. */
  undated: { href: string; count: number } | undefined
}

/** `<main>` content of `archive/`. */
export function archiveIndexToHast(input: ArchiveIndexInput): ElementContent[] {
  const { t, tn, formatDate } = input.i18n
  const dated = input.years.reduce((sum, year) => sum + year.count, 0)
  const content: ElementContent[] = [
    breadcrumbsToHast(input.i18n, input.crumbs),
    el('h1', {}, t('nav.archive')),
    el('p', { className: ['folder-stats'] }, tn('archive.dated', dated)),
  ]
  if (input.years.length === 0) content.push(el('p', { className: ['empty'] }, t('archive.none')))
  else
    content.push(
      el(
        'ol',
        { className: ['archive-years'] },
        input.years.map((year) =>
          el('li', {}, [
            el(
              'a',
              { className: ['archive-year'], href: year.href },
              formatDate(Date.UTC(year.year, 6), { year: 'numeric' }),
            ),
            ' ',
            el('span', { className: ['count'] }, tn('count.bookmarks', year.count)),
            el(
              'ul',
              { className: ['archive-months'] },
              year.months.flatMap((count, month) =>
                count === 0
                  ? []
                  : [
                      el('li', {}, [
                        formatDate(Date.UTC(year.year, month, 15), { month: 'short' }),
                        ' ',
                        el('span', { className: ['count'] }, String(count)),
                      ]),
                    ],
              ),
            ),
          ]),
        ),
      ),
    )
  if (input.undated !== undefined)
    content.push(
      el('p', { className: ['archive-undated'] }, [
        el('a', { href: input.undated.href }, t('archive.undated')),
        ' ',
        el('span', { className: ['count'] }, tn('count.bookmarks', input.undated.count)),
      ]),
    )
  return content
}

export interface ArchivePageInput {
  i18n: I18n
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
  const { t, tn } = input.i18n
  const pages = input.pages
  return [
    breadcrumbsToHast(input.i18n, input.crumbs),
    el(
      'h1',
      {},
      pages !== undefined && pages.current > 1
        ? [
            input.title,
            el(
              'span',
              { className: ['page-number'] },
              t('pages.of', { current: pages.current, count: pages.count }),
            ),
          ]
        : input.title,
    ),
    el('p', { className: ['folder-stats'] }, tn('count.bookmarks', input.total)),
    el('h2', { className: ['visually-hidden'] }, t('bookmarks')),
    el('ul', { className: ['entries'] }, input.entries),
    ...(pages === undefined ? [] : [pages.navigation]),
  ]
}
