/**
 * Tag pages (`tags/<tag>/`: every bookmark with the tag) and the tag index (`tags/`: every tag with
 * its count, linked with `rel="tag"` so the last path segment names the tag).
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'
import { el } from './hast.js'
import type { I18n } from './i18n.js'
import { tagItem, tagSize } from './overview.js'
import { cleanText } from './text.js'

export interface TagPageInput {
  i18n: I18n
  tag: string
  crumbs: Array<{ title: string; href: string }>
  /** Entry items of this page, already rendered. */
  entries: ElementContent[]
  /** Bookmarks with the tag, on all pages (default: the entries given). */
  total?: number | undefined
  /** For a tag split over several pages: this page's number, the count, and the page links. */
  pages?: { current: number; count: number; navigation: Element } | undefined
  /** The search for this tag (`search/?q=%23tag`), to search within its bookmarks. */
  searchUrl?: string | undefined
  /** Tags found on the same bookmarks, most shared first, with how many they share. */
  related?: Array<{ tag: string; href: string; count: number }> | undefined
}

/** `<main>` content of one tag's page. */
export function tagPageToHast(input: TagPageInput): ElementContent[] {
  const { t, tn } = input.i18n
  const count = input.total ?? input.entries.length
  const pages = input.pages
  const heading: Array<Element | string> = [
    t('tag.heading'),
    el('span', { className: ['tag-name'] }, cleanText(input.tag)),
  ]
  if (pages !== undefined && pages.current > 1)
    heading.push(
      el(
        'span',
        { className: ['page-number'] },
        t('pages.of', { current: pages.current, count: pages.count }),
      ),
    )
  return [
    breadcrumbsToHast(input.i18n, input.crumbs),
    el('h1', {}, heading),
    el('p', { className: ['folder-stats'] }, [
      tn('count.bookmarks', count),
      ...(input.searchUrl === undefined
        ? []
        : [' · ', el('a', { className: ['tag-search'], href: input.searchUrl }, t('tag.search'))]),
    ]),
    ...relatedToHast(input.i18n, input.related ?? []),
    el('h2', { className: ['visually-hidden'] }, t('bookmarks')),
    el('ul', { className: ['entries'] }, input.entries),
    ...(pages === undefined ? [] : [pages.navigation]),
  ]
}

/** The related tags of a tag page: links to narrow down, with how many bookmarks they share ("12 in common"). */
function relatedToHast(
  { t, tn }: I18n,
  related: Array<{ tag: string; href: string; count: number }>,
): ElementContent[] {
  if (related.length === 0) return []
  const links = related.map(({ tag, href, count }) =>
    el('li', {}, el('a', { rel: ['tag'], href, title: tn('tag.common', count) }, cleanText(tag))),
  )
  return [
    el('nav', { className: ['related-tags'], ariaLabel: t('tag.related') }, [
      el('span', { className: ['related-label'] }, t('tag.often')),
      el('ul', { className: ['tags'] }, links),
    ]),
  ]
}

export interface TagIndexInput {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
  /** Most used first. */
  tags: Array<{ tag: string; href: string; count: number }>
}

/**
 * `<main>` content of the tag index: every tag, most used first and sized by use, with a filter
 * box (shown by `assets/site.js`, which also offers A–Z order).
 */
export function tagIndexToHast(input: TagIndexInput): ElementContent[] {
  const { t, tn } = input.i18n
  const content: ElementContent[] = [breadcrumbsToHast(input.i18n, input.crumbs), h('h1', t('nav.tags'))]
  if (input.tags.length === 0) {
    content.push(h('p.empty', t('tag.none')))
    return content
  }
  content.push(h('p.folder-stats', tn('tag.index', input.tags.length)))
  content.push(
    h('div.tag-tools', { hidden: true }, [
      h('label', { htmlFor: 'tag-filter' }, t('tag.filter')),
      h('input#tag-filter', { type: 'search', autocomplete: 'off', spellCheck: 'false' }),
      h('button#tag-order', { type: 'button' }, t('client.sortAZ')),
    ]),
  )
  const max = input.tags.reduce((most, tag) => Math.max(most, tag.count), 1)
  content.push(
    el(
      'ul',
      { className: ['tag-index', 'tag-cloud'] },
      input.tags.map((tag) => tagItem({ ...tag, size: tagSize(tag.count, max) })),
    ),
  )
  return content
}
