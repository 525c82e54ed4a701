/**
 * The search page: its results are filled in by `assets/search.js` from the prebuilt index, so it
 * says so for readers without JavaScript.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'

export interface SearchPageInput {
  crumbs: Array<{ title: string; href: string }>
  /** URL of the prebuilt index's `index.json`. */
  indexUrl: string
  /** URL of the tag index, offered when JavaScript is off. */
  tagsUrl: string
  homeUrl: string
}

/** `<main>` content of the search page. */
export function searchPageToHast(input: SearchPageInput): ElementContent[] {
  return [
    breadcrumbsToHast(input.crumbs),
    h('h1', 'Search'),
    h(
      'noscript',
      h('p.notice', [
        'Search runs in your browser and needs JavaScript. Without it, browse ',
        h('a', { href: input.homeUrl }, 'the folders'),
        ' or ',
        h('a', { href: input.tagsUrl }, 'the tags'),
        '.',
      ]),
    ),
    h(
      'p#search-status.search-status',
      { role: 'status', 'aria-live': 'polite' },
      'Type in the search box above.',
    ),
    h('ol#search-results.entries.search-results', {
      'data-index': input.indexUrl,
    }),
    h('button#search-more.search-more', { type: 'button', hidden: true }, 'Show more results'),
  ]
}
