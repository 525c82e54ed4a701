/**
 * The search page: its results are filled in by `assets/search.js` from the prebuilt index, so it
 * says so for readers without JavaScript. It explains the query language (parsed by
 * `templates/default/search-query.js`) in a short help, and holds the places where the script
 * puts notices about the query and the facets that narrow the results.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast, clientText } from './document.js'
import type { I18n } from './i18n.js'

export interface SearchPageInput {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
  /** URL of the prebuilt index's `index.json`. */
  indexUrl: string
  /** URL of the tag index, offered when JavaScript is off. */
  tagsUrl: string
  homeUrl: string
}

/** The query language, by example: [what to type, the catalogue's key for what it finds]. */
const SEARCH_SYNTAX: ReadonlyArray<readonly [string, string]> = [
  ['css grid', 'help.words'],
  ['"grid layout"', 'help.phrase'],
  ['#music', 'help.tag'],
  ['css -grid', 'help.not'],
  ['site:github.com', 'help.site'],
  ['folder:recipes', 'help.folder'],
  ['after:2020 before:2021-06', 'help.dates'],
  ['is:toread', 'help.toread'],
  ['is:dead', 'help.dead'],
  ['rust OR go', 'help.or'],
]

/** `<main>` content of the search page. */
export function searchPageToHast(input: SearchPageInput): ElementContent[] {
  const { t } = input.i18n
  return [
    breadcrumbsToHast(input.i18n, input.crumbs),
    h('h1', t('nav.search')),
    h(
      'noscript',
      h('p.notice', [
        t('search.noscript'),
        h('a', { href: input.homeUrl }, t('search.noscriptFolders')),
        t('search.noscriptOr'),
        h('a', { href: input.tagsUrl }, t('search.noscriptTags')),
        t('search.noscriptEnd'),
      ]),
    ),
    h('details.search-help', [
      h('summary', t('help.summary')),
      h(
        'dl',
        SEARCH_SYNTAX.flatMap(([example, meaning]) => [h('dt', h('code', example)), h('dd', t(meaning))]),
      ),
      h('p', [
        t('help.keys1'),
        h('kbd', '/'),
        t('help.keys2'),
        h('kbd', 'Esc'),
        t('help.keys3'),
        h('kbd', '↓'),
        t('help.keys4'),
      ]),
    ]),
    h('p#search-status.search-status', { role: 'status', 'aria-live': 'polite' }, t('search.client.start')),
    h('ul#search-notices.search-notices', { hidden: true }),
    h('nav#search-facets.search-facets', { 'aria-label': t('search.facets'), hidden: true }),
    h('ol#search-results.entries.search-results', {
      'data-index': input.indexUrl,
    }),
    h('button#search-more.search-more', { type: 'button', hidden: true }, t('search.client.more')),
    clientText(input.i18n, 'ui-search', 'search.client.'),
  ]
}
