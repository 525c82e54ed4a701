/**
 * The search page: its results are filled in by `assets/search.js` from the prebuilt index, so it
 * says so for readers without JavaScript. It explains the query language (parsed by
 * `templates/default/search-query.js`) in a short help, and holds the places where the script
 * puts notices about the query and the facets that narrow the results.
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

/** The query language, by example: [what to type, what it finds]. */
export const SEARCH_SYNTAX: ReadonlyArray<readonly [string, string]> = [
  ['css grid', 'both words (the last may be the start of a word); near spellings when nothing matches'],
  ['"grid layout"', 'the words together, in this order'],
  ['#music', 'tagged music'],
  ['css -grid', 'css but not grid; also -#tag, -site:…, -folder:…'],
  ['site:github.com', 'links to github.com or its subdomains'],
  ['folder:recipes', 'in a folder called Recipes, or below it'],
  ['after:2020 before:2021-06', 'added from 2020 until May 2021 (YYYY, YYYY-MM or YYYY-MM-DD)'],
  ['is:toread', 'marked to read (Pinboard’s TOREAD), if the site has any'],
  ['is:dead', 'links found dead by the last link check, if there was one'],
  ['rust OR go', 'either word'],
]

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
    h('details.search-help', [
      h('summary', 'How to search'),
      h(
        'dl',
        SEARCH_SYNTAX.flatMap(([example, meaning]) => [h('dt', h('code', example)), h('dd', meaning)]),
      ),
      h('p', [
        'Press ',
        h('kbd', '/'),
        ' on any page to jump to the search box, ',
        h('kbd', 'Esc'),
        ' to clear it, and ',
        h('kbd', '↓'),
        ' to move through the results.',
      ]),
    ]),
    h(
      'p#search-status.search-status',
      { role: 'status', 'aria-live': 'polite' },
      'Type in the search box above.',
    ),
    h('ul#search-notices.search-notices', { hidden: true }),
    h('nav#search-facets.search-facets', { 'aria-label': 'Narrow the results', hidden: true }),
    h('ol#search-results.entries.search-results', {
      'data-index': input.indexUrl,
    }),
    h('button#search-more.search-more', { type: 'button', hidden: true }, 'Show more results'),
  ]
}
