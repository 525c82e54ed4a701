/**
 * Tag pages (`tags/<tag>/`: every bookmark with the tag) and the tag index (`tags/`: every tag with
 * its count, linked with `rel="tag"` so the last path segment names the tag).
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'
import { cleanText } from './text.js'

export interface TagPageInput {
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
}

/** `<main>` content of one tag's page. */
export function tagPageToHast(input: TagPageInput): ElementContent[] {
  const count = input.total ?? input.entries.length
  const pages = input.pages
  const heading: Array<Element | string> = ['Tag: ', h('span.tag-name', cleanText(input.tag))]
  if (pages !== undefined && pages.current > 1)
    heading.push(h('span.page-number', ` (page ${pages.current} of ${pages.count})`))
  return [
    breadcrumbsToHast(input.crumbs),
    h('h1', heading),
    h('p.folder-stats', [
      `${count} bookmark${count === 1 ? '' : 's'}`,
      ...(input.searchUrl === undefined
        ? []
        : [' · ', h('a.tag-search', { href: input.searchUrl }, 'Search within this tag')]),
    ]),
    h('h2.visually-hidden', 'Bookmarks'),
    h('ul.entries', input.entries),
    ...(pages === undefined ? [] : [pages.navigation]),
  ]
}

export interface TagIndexInput {
  crumbs: Array<{ title: string; href: string }>
  tags: Array<{ tag: string; href: string; count: number }>
}

/** `<main>` content of the tag index. */
export function tagIndexToHast(input: TagIndexInput): ElementContent[] {
  const content: ElementContent[] = [breadcrumbsToHast(input.crumbs), h('h1', 'Tags')]
  if (input.tags.length === 0) {
    content.push(h('p.empty', 'No bookmark has a tag yet.'))
    return content
  }
  content.push(h('p.folder-stats', `${input.tags.length} tag${input.tags.length === 1 ? '' : 's'}`))
  content.push(
    h(
      'ul.tag-index',
      input.tags.map(({ tag, href, count }) =>
        h('li', [h('a', { rel: ['tag'], href }, cleanText(tag)), ' ', h('span.count', String(count))]),
      ),
    ),
  )
  return content
}
