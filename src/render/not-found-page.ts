/**
 * The 404 page (`404.html`, which GitHub Pages serves for any missing path): what happened and
 * where to go instead. Its links are absolute, so it works at any depth.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import type { I18n } from './i18n.js'

/** `<main>` content of the 404 page. */
export function notFoundPageToHast(input: {
  i18n: I18n
  homeUrl: string
  tagsUrl: string
  searchUrl: string
}): ElementContent[] {
  const { t } = input.i18n
  return [
    h('h1', t('notFound.title')),
    h('p', t('notFound.text')),
    h('ul', [
      h('li', h('a', { href: input.homeUrl }, t('notFound.home'))),
      h('li', h('a', { href: input.tagsUrl }, t('notFound.tags'))),
      h('li', h('a', { href: input.searchUrl }, t('notFound.search'))),
    ]),
  ]
}
