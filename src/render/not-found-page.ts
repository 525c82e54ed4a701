/**
 * The 404 page (`404.html`, which GitHub Pages serves for any missing path): what happened and
 * where to go instead. Its links are absolute, so it works at any depth.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'

/** `<main>` content of the 404 page. */
export function notFoundPageToHast(input: {
  homeUrl: string
  tagsUrl: string
  searchUrl: string
}): ElementContent[] {
  return [
    h('h1', 'Page not found'),
    h(
      'p',
      'There is no page at this address. The folder may have been renamed or moved since the link was made.',
    ),
    h('ul', [
      h('li', h('a', { href: input.homeUrl }, 'Start from the top folder')),
      h('li', h('a', { href: input.tagsUrl }, 'Browse the tags')),
      h('li', h('a', { href: input.searchUrl }, 'Search the bookmarks')),
    ]),
  ]
}
