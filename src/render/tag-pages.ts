/**
 * Tag pages (`tags/<tag>/`: every bookmark with the tag) and the tag index (`tags/`: every tag with
 * its count, linked with `rel="tag"` so the last path segment names the tag).
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'
import { cleanText } from './text.js'

export interface TagPageInput {
  tag: string
  crumbs: Array<{ title: string; href: string }>
  /** Entry items, already rendered. */
  entries: ElementContent[]
}

/** `<main>` content of one tag's page. */
export function tagPageToHast(input: TagPageInput): ElementContent[] {
  const count = input.entries.length
  return [
    breadcrumbsToHast(input.crumbs),
    h('h1', ['Tag: ', h('span.tag-name', cleanText(input.tag))]),
    h('p.folder-stats', `${count} bookmark${count === 1 ? '' : 's'}`),
    h('h2.visually-hidden', 'Bookmarks'),
    h('ul.entries', input.entries),
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
