/**
 * The page shell around every page's content: `<head>` (title, stylesheet, CSP), a skip link, the
 * header with the site title and the search form (a plain GET form, so it works without
 * JavaScript), `<main>`, and the footer.
 */
import type { Element, ElementContent, Root } from 'hast'
import { h } from 'hastscript'
import { cleanText } from './text.js'

export interface SiteContext {
  /** Site title, shown in the header and in every `<title>`. */
  siteTitle: string
  lang: string
  /** Absolute URL path for a path below the base (`url('tags/')` → `/base/tags/`). */
  url(path: string): string
}

export interface PageInput {
  /** Page title; the site title is appended in `<title>` (except on the home page). */
  title: string
  /** Path below the base, for the canonical "current page" marker. */
  path: string
  main: ElementContent[]
  /** Module scripts to load (paths below the base). */
  scripts?: string[]
  /** Extra `<head>` elements. */
  head?: Element[]
}

/**
 * Content-Security-Policy for every page: no inline script or style, no plugins, scripts only from
 * the site itself (the search page's module), images from the site or data: URIs.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'"

/** Build the whole document for one page. */
export function documentToHast(site: SiteContext, page: PageInput): Root {
  const isHome = page.path === ''
  const title = isHome ? cleanText(site.siteTitle) : `${cleanText(page.title)} · ${cleanText(site.siteTitle)}`
  const head: ElementContent[] = [
    h('meta', { charSet: 'utf-8' }),
    h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    h('meta', { httpEquiv: 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }),
    h('meta', { name: 'generator', content: 'bookgen' }),
    h('title', title),
    h('link', { rel: 'stylesheet', href: site.url('assets/style.css') }),
    h('link', { rel: 'icon', href: site.url('assets/icon.svg'), type: 'image/svg+xml' }),
    ...(page.head ?? []),
    ...(page.scripts ?? []).map((script) => h('script', { type: 'module', src: site.url(script) })),
  ]
  const body: ElementContent[] = [
    h('a.skip-link', { href: '#main' }, 'Skip to content'),
    h('header.site-header', [
      h(
        'a.site-title',
        isHome ? { href: site.url(''), 'aria-current': 'page' } : { href: site.url('') },
        cleanText(site.siteTitle),
      ),
      searchForm(site),
    ]),
    h('main#main', { tabIndex: -1 }, page.main),
    h('footer.site-footer', [
      h('nav', { 'aria-label': 'Site' }, [
        h('ul', [
          h('li', h('a', { href: site.url('') }, 'All folders')),
          h('li', h('a', { href: site.url('tags/') }, 'Tags')),
          h('li', h('a', { href: site.url('search/') }, 'Search')),
        ]),
      ]),
      h('p', ['Built with ', h('a', { href: 'https://github.com/bookgen/bookgen' }, 'bookgen'), '.']),
    ]),
  ]
  return {
    type: 'root',
    children: [{ type: 'doctype' }, h('html', { lang: site.lang }, [h('head', head), h('body', body)])],
  }
}

/** The search form: GET `search/?q=…`, a labelled search input. */
function searchForm(site: SiteContext): Element {
  return h('form.search-form', { role: 'search', action: site.url('search/'), method: 'get' }, [
    h('label.visually-hidden', { htmlFor: 'search-q' }, 'Search bookmarks'),
    h('input#search-q', {
      type: 'search',
      name: 'q',
      placeholder: 'Search bookmarks',
      autocomplete: 'off',
      spellCheck: 'false',
    }),
    h('button', { type: 'submit' }, 'Search'),
  ])
}

/** A breadcrumb trail: links for every ancestor, the current page marked. */
export function breadcrumbsToHast(crumbs: Array<{ title: string; href: string }>): Element {
  return h(
    'nav.breadcrumbs',
    { 'aria-label': 'Breadcrumb' },
    h(
      'ol',
      crumbs.map((crumb, index) =>
        index === crumbs.length - 1
          ? h(
              'li',
              h('a', { href: crumb.href, 'aria-current': 'page' }, cleanText(crumb.title) || 'Untitled'),
            )
          : h('li', h('a', { href: crumb.href }, cleanText(crumb.title) || 'Untitled')),
      ),
    ),
  )
}
