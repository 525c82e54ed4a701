/**
 * A folder's page content: breadcrumbs, heading, description, its sub-folders (with sizes) and its
 * entries in document order, separators kept between them.
 */
import type { Element, ElementContent } from 'hast'
import { breadcrumbsToHast } from './document.js'
import { el } from './hast.js'
import type { I18n } from './i18n.js'
import { cleanText } from './text.js'

export interface SubfolderLink {
  title: string
  href: string
  /** Bookmarks in the folder and below. */
  count: number
}

export interface FolderPageInput {
  i18n: I18n
  title: string
  description?: string | undefined
  /** Ancestors and the folder itself; empty on the home page. */
  crumbs: Array<{ title: string; href: string }>
  subfolders: SubfolderLink[]
  /** Entry items (`li` elements or trusted fragments) and separators (`'separator'`), in order. */
  items: Array<ElementContent | 'separator'>
  /** Bookmarks in this folder and below. */
  total: number
  /** Entries directly in this folder, on all its pages (default: the items given). */
  direct?: number | undefined
  /** A line such as a site description, shown under the heading on the home page. */
  lead?: string | undefined
  /** Extra content under the heading (the home page's downloads). */
  extras?: ElementContent[] | undefined
  /**
   * The home page's overview (see `overview.ts`): shown in place of the stats line and the
   * sub-folders, with the root's own bookmarks after it under "Top level".
   */
  overview?: ElementContent[] | undefined
  /** For a folder split over several pages: this page's number, the count, and the page links. */
  pages?: { current: number; count: number; navigation: Element } | undefined
}

/** Build the `<main>` content of a folder page. */
export function folderPageToHast(input: FolderPageInput): ElementContent[] {
  const { t, tn } = input.i18n
  const content: ElementContent[] = []
  if (input.crumbs.length > 1) content.push(breadcrumbsToHast(input.i18n, input.crumbs))
  const heading = cleanText(input.title) || t('untitledFolder')
  const pages = input.pages
  content.push(
    el(
      'h1',
      {},
      pages === undefined || pages.current === 1
        ? heading
        : [
            heading,
            el(
              'span',
              { className: ['page-number'] },
              t('pages.of', { current: pages.current, count: pages.count }),
            ),
          ],
    ),
  )
  const first = pages === undefined || pages.current === 1
  if (first && input.lead !== undefined && input.lead !== '')
    content.push(el('p', { className: ['lead'] }, cleanText(input.lead)))
  if (first && input.description !== undefined && input.description !== '') {
    content.push(el('p', { className: ['folder-description'] }, cleanText(input.description)))
  }
  if (first && input.extras !== undefined) content.push(...input.extras)
  const overview = first ? input.overview : undefined
  if (overview !== undefined) content.push(...overview)
  else content.push(el('p', { className: ['folder-stats'] }, summary(input)))
  if (overview === undefined && first && input.subfolders.length > 0) {
    content.push(
      el('nav', { className: ['subfolders'], ariaLabel: t('folders') }, [
        el('h2', { className: ['visually-hidden'] }, t('folders')),
        el(
          'ul',
          {},
          input.subfolders.map((sub) =>
            el('li', {}, [
              el(
                'a',
                { className: ['folder-link'], href: sub.href },
                cleanText(sub.title) || t('untitledFolder'),
              ),
              ' ',
              el(
                'span',
                { className: ['count'], title: tn('count.bookmarks', sub.count) },
                String(sub.count),
              ),
            ]),
          ),
        ),
      ]),
    )
  }
  const groups = splitAtSeparators(input.items)
  if (groups.length > 0) {
    content.push(
      overview === undefined
        ? el('h2', { className: ['visually-hidden'] }, t('bookmarks'))
        : el('h2', {}, t('topLevel')),
    )
    groups.forEach((group, index) => {
      if (index > 0) content.push(el('hr', { className: ['separator'] }))
      content.push(el('ul', { className: ['entries'] }, group))
    })
  } else if (input.subfolders.length === 0 && overview === undefined) {
    content.push(el('p', { className: ['empty'] }, t('folder.empty')))
  }
  if (pages !== undefined) content.push(pages.navigation)
  return content
}

function summary(input: FolderPageInput): string {
  const direct = input.direct ?? input.items.filter((item) => item !== 'separator').length
  const { tn } = input.i18n
  const parts = [tn('count.bookmarks', input.total)]
  if (input.subfolders.length > 0) {
    parts.push(tn('count.folders', input.subfolders.length))
    if (direct !== input.total) parts.push(tn('folder.here', direct))
  }
  return parts.join(' · ')
}

/** Entries grouped between separators; empty groups (leading, trailing, repeated separators) dropped. */
function splitAtSeparators(items: Array<ElementContent | 'separator'>): ElementContent[][] {
  const groups: ElementContent[][] = []
  let current: ElementContent[] = []
  for (const item of items) {
    if (item === 'separator') {
      if (current.length > 0) groups.push(current)
      current = []
    } else current.push(item)
  }
  if (current.length > 0) groups.push(current)
  return groups
}
