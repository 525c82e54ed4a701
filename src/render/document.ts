/**
 * The page shell around every page's content: `<head>` (title, stylesheet, CSP, feed link), a skip
 * link, the header with the site title and the search form (a plain GET form, so it works without
 * JavaScript; `/` focuses it on every page), `<main>`, and the footer with the site's links (home,
 * the folder tree, tags, archive, search, feed, exports). The light/dark switch is added by
 * `theme.js`: it only works with JavaScript, so a page without it carries nothing of it.
 *
 * The shell is on every page (tens of thousands on a large site), so it says each thing once:
 * no `color-scheme` meta (the stylesheet, which blocks rendering, sets it), no default `method`.
 */
import type { Element, ElementContent, Root } from 'hast'
import { h } from 'hastscript'
import { el } from './hast.js'
import { directionOf, type I18n } from './i18n.js'
import { serializeFragments, trustedNode } from './serialize.js'
import { cleanText } from './text.js'
import { APP_COLOURS, APP_ICONS, MANIFEST_PATH } from './web-app.js'

export interface SiteContext {
  /** Site title, shown in the header and in every `<title>`. */
  siteTitle: string
  /** The site's description: every page's meta description unless the page has its own. */
  description?: string | undefined
  i18n: I18n
  /** Absolute URL path for a path below the base (`url('tags/')` → `/base/tags/`). */
  url(path: string): string
  /** Whether the site has an Atom feed (`feed.xml`). */
  feed: boolean
  /** Whether the site has an OpenSearch description (`opensearch.xml`, see site-files/), linked for browsers. */
  openSearch?: boolean | undefined
  /** The collection as files to download (the site's exports), in the order the footer lists them. */
  downloads: readonly Download[]
  /** Whether the site has a link report (`links/`, after `bookgen check`). */
  linkReport?: boolean | undefined
  /** Whether the site has the changes pages (`changes/`, from the sources' Git history). */
  changes?: boolean | undefined
  /**
   * Whether the site is an installable web app that works offline (`offline` in the config): the
   * manifest and theme colours in the head, and the offline page in the footer.
   */
  offline?: boolean | undefined
  /** Entries as a grid of cards (`layout: 'cards'`): the body's class `cards`. */
  cards?: boolean | undefined
  /** Extra `<head>` elements for every page (theme hook). */
  head?: ((page: PageInput) => ElementContent[]) | undefined
  /** Footer content replacing the default line (theme hook). */
  footer?: ((page: PageInput) => ElementContent[]) | undefined
}

/** A download of the whole collection: `bookmarks.html`, "browser HTML", "imports into any browser". */
export interface Download {
  path: string
  label: string
  note?: string | undefined
}

export interface PageInput {
  /** Page title; the site title is appended in `<title>` (except on the home page). */
  title: string
  /** The page's meta description (a folder's own); else the site's, else the title. */
  description?: string | undefined
  /** Path below the base, for the "current page" marker. */
  path: string
  main: ElementContent[]
  /** Module scripts to load (paths below the base). */
  scripts?: string[]
  /** Extra `<head>` elements. */
  head?: Element[]
  /** Whether the page's entries may be re-sorted by the reader (`assets/site.js`). */
  sortable?: boolean
  /** The folder sidebar beside `<main>` (wide screens). */
  sidebar?: ElementContent
}

/**
 * Content-Security-Policy for every page: no inline script or style, no plugins, scripts and
 * styles only from the site itself (`default-src`, which `script-src` and `style-src` would only
 * repeat on every page), images from the site or data: URIs.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'"

/**
 * The parts of the shell that are the same on every page of a site, each serialized once per site
 * and reused (a large site has thousands of pages): the meta tags, the stylesheet/icon/feed links
 * and theme script, the skip link, the header's search form and theme switch, the footer's links
 * and its default line.
 */
interface Shell {
  metas: ElementContent
  links: ElementContent
  skip: ElementContent
  tools: ElementContent
  footerNav: ElementContent
  builtWith: ElementContent
  /** The words of the scripts every page loads (theme.js, site.js). */
  text: ElementContent
}

const shells = new WeakMap<SiteContext, Shell>()

function shellOf(site: SiteContext): Shell {
  let shell = shells.get(site)
  if (shell !== undefined) return shell
  const { t } = site.i18n
  const fragment = (elements: Element[]): ElementContent => trustedNode(serializeFragments(elements))
  const footerLinks: Array<[string, string]> = [
    [t('nav.home'), site.url('')],
    [t('nav.folders'), site.url('folders/')],
    [t('nav.tags'), site.url('tags/')],
    [t('nav.archive'), site.url('archive/')],
    [t('nav.search'), site.url('search/')],
    [t('nav.stats'), site.url('stats/')],
    ...(site.changes === true ? ([[t('nav.changes'), site.url('changes/')]] as Array<[string, string]>) : []),
    ...(site.offline === true ? ([[t('nav.offline'), site.url('offline/')]] as Array<[string, string]>) : []),
    ...(site.feed ? ([[t('nav.feed'), site.url('feed.xml')]] as Array<[string, string]>) : []),
    ...(site.linkReport === true ? ([[t('nav.links'), site.url('links/')]] as Array<[string, string]>) : []),
    ...site.downloads.map((download): [string, string] => [
      t('nav.export', { label: download.label }),
      site.url(download.path),
    ]),
  ]
  shell = {
    // The policy's quotes need no escaping in a double-quoted attribute (the serializer writes
    // each as `&#x27;`, 50 bytes a page); the metas are constants, nothing from a source.
    metas: trustedNode({
      html: serializeFragments([
        h('meta', { charSet: 'utf-8' }),
        h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
        h('meta', { httpEquiv: 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }),
      ]).html.replaceAll('&#x27;', "'"),
    }),
    links: fragment([
      h('link', { rel: 'stylesheet', href: site.url('assets/style.css') }),
      h('link', { rel: 'icon', href: site.url('assets/icon.svg'), type: 'image/svg+xml' }),
      ...(site.offline === true ? webAppLinks(site) : []),
      ...(site.feed
        ? [
            h('link', {
              rel: 'alternate',
              type: 'application/atom+xml',
              title: cleanText(site.siteTitle),
              href: site.url('feed.xml'),
            }),
          ]
        : []),
      ...(site.openSearch === true
        ? [
            h('link', {
              rel: 'search',
              type: 'application/opensearchdescription+xml',
              title: cleanText(site.siteTitle),
              href: site.url('opensearch.xml'),
            }),
          ]
        : []),
      // Small and blocking on purpose: it applies a saved light/dark choice before the first paint.
      h('script', { src: site.url('assets/theme.js') }),
      // `/` to search, re-sorting entries, the tag filter: deferred, and nothing needs it.
      h('script', { type: 'module', src: site.url('assets/site.js') }),
    ]),
    skip: fragment([h('a.skip-link', { href: '#main' }, t('skip'))]),
    tools: fragment([searchForm(site)]),
    footerNav: fragment([
      h('nav', { 'aria-label': t('nav.label') }, [
        h(
          'ul',
          footerLinks.map(([label, href]) => h('li', h('a', { href }, label))),
        ),
      ]),
    ]),
    text: clientText(site.i18n, 'ui-text', 'client.'),
    builtWith: fragment([
      h('p', [
        t('footer.before'),
        h('a', { href: 'https://github.com/bookgen/bookgen' }, 'bookgen'),
        t('footer.after'),
      ]),
    ]),
  }
  shells.set(site, shell)
  return shell
}

/** Build the whole document for one page. */
export function documentToHast(site: SiteContext, page: PageInput): Root {
  const isHome = page.path === ''
  const title = isHome ? cleanText(site.siteTitle) : `${cleanText(page.title)} · ${cleanText(site.siteTitle)}`
  const shell = shellOf(site)
  const head: ElementContent[] = [
    shell.metas,
    el('title', {}, title),
    el('meta', {
      name: 'description',
      content: metaDescription(page.description || site.description || title),
    }),
    shell.links,
    shell.text,
    ...(page.head ?? []),
    ...(page.scripts ?? []).map((script) => el('script', { type: 'module', src: site.url(script) })),
    ...(site.head?.(page) ?? []),
  ]
  const body: ElementContent[] = [
    shell.skip,
    el('header', { className: HEADER_CLASS }, [
      el(
        'a',
        isHome
          ? { className: SITE_TITLE_CLASS, href: site.url(''), ariaCurrent: 'page' }
          : { className: SITE_TITLE_CLASS, href: site.url('') },
        cleanText(site.siteTitle),
      ),
      shell.tools,
    ]),
    ...(page.sidebar === undefined ? [] : [page.sidebar]),
    el(
      'main',
      page.sortable === true ? { id: 'main', tabIndex: -1, dataSortable: '' } : { id: 'main', tabIndex: -1 },
      page.main,
    ),
    el('footer', { className: FOOTER_CLASS }, [
      shell.footerNav,
      ...(site.footer?.(page) ?? [shell.builtWith]),
    ]),
  ]
  return {
    type: 'root',
    children: [
      { type: 'doctype' },
      el(
        'html',
        directionOf(site.i18n.lang) === 'rtl'
          ? { lang: site.i18n.lang, dir: 'rtl' }
          : { lang: site.i18n.lang },
        [el('head', {}, head), el('body', site.cards === true ? { className: CARDS_CLASS } : {}, body)],
      ),
    ],
  }
}

/** A description on one line, at most about 300 characters (search engines show fewer). */
function metaDescription(text: string): string {
  const line = cleanText(text).replace(/\s+/g, ' ').trim()
  const chars = line.length <= 300 ? undefined : [...line]
  return chars === undefined || chars.length <= 300 ? line : `${chars.slice(0, 299).join('').trimEnd()}…`
}

/**
 * The web app's head elements: its manifest (site.js registers the service worker when a page has
 * one), the icon a home screen shows on iOS, and the browser's colours in each scheme.
 */
function webAppLinks(site: SiteContext): Element[] {
  return [
    h('link', { rel: 'manifest', href: site.url(MANIFEST_PATH) }),
    h('link', { rel: 'apple-touch-icon', href: site.url(APP_ICONS.small) }),
    h('meta', { name: 'theme-color', content: APP_COLOURS.light, media: '(prefers-color-scheme: light)' }),
    h('meta', { name: 'theme-color', content: APP_COLOURS.dark, media: '(prefers-color-scheme: dark)' }),
  ]
}

// Frozen, so the serializer writes each class attribute once (see fast-html.ts). Only the shell's:
// a theme's `page` hook gets the main content and may change it.
const HEADER_CLASS = Object.freeze(['site-header']) as string[]
const SITE_TITLE_CLASS = Object.freeze(['site-title']) as string[]
const FOOTER_CLASS = Object.freeze(['site-footer']) as string[]
const CARDS_CLASS = Object.freeze(['cards']) as string[]

/** The search form: GET `search/?q=…`, a search input named by its `aria-label`. */
function searchForm(site: SiteContext): Element {
  const { t } = site.i18n
  return h('form.search-form', { role: 'search', action: site.url('search/') }, [
    h('input#search-q', {
      type: 'search',
      name: 'q',
      ariaLabel: t('search.box'),
      placeholder: t('search.box'),
      autocomplete: 'off',
      spellCheck: 'false',
    }),
    h('button', { type: 'submit' }, t('search.button')),
  ])
}

/** Longest trail shown whole; a deeper one shows its first link, a gap and its last links. */
const MAX_CRUMBS = 10

/**
 * A breadcrumb trail: links for every ancestor, the current page marked. A trail deeper than
 * `MAX_CRUMBS` leaves out its middle (each link's address holds the whole path, so a folder
 * hundreds of levels down would carry hundreds of kilobytes of trail); every page still links to
 * its parent, so the whole way up is there.
 */
export function breadcrumbsToHast({ t, tn }: I18n, crumbs: Array<{ title: string; href: string }>): Element {
  const link = (crumb: { title: string; href: string }, index: number): Element =>
    el('li', {}, [
      el(
        'a',
        index === crumbs.length - 1 ? { href: crumb.href, ariaCurrent: 'page' } : { href: crumb.href },
        cleanText(crumb.title) || t('untitled'),
      ),
    ])
  const items =
    crumbs.length <= MAX_CRUMBS
      ? crumbs.map(link)
      : [
          link(crumbs[0]!, 0),
          el('li', { className: ['gap'], title: tn('count.folders', crumbs.length - MAX_CRUMBS + 1) }, '…'),
          ...crumbs
            .slice(crumbs.length - (MAX_CRUMBS - 2))
            .map((crumb, index) => link(crumb, crumbs.length - (MAX_CRUMBS - 2) + index)),
        ]
  return el('nav', { className: ['breadcrumbs'], ariaLabel: t('breadcrumb') }, [el('ol', {}, items)])
}

/**
 * Links between the pages of a paginated folder or tag: previous/next and a window of page
 * numbers (first, last, and two around the current one).
 */
export function paginationToHast(
  { t }: I18n,
  current: number,
  count: number,
  href: (page: number) => string,
): Element {
  const shown = new Set(
    [1, count, current - 2, current - 1, current, current + 1, current + 2].filter(
      (page) => page >= 1 && page <= count,
    ),
  )
  const items: ElementContent[] = []
  let previous = 0
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page > previous + 1) items.push(el('li', { className: ['gap'], ariaHidden: 'true' }, '…'))
    items.push(
      el('li', {}, [
        page === current
          ? el('a', { href: href(page), ariaCurrent: 'page' }, String(page))
          : el('a', { href: href(page), ariaLabel: t('pages.page', { page }) }, String(page)),
      ]),
    )
    previous = page
  }
  return el('nav', { className: ['pagination'], ariaLabel: t('pages.label') }, [
    current > 1
      ? el('a', { className: ['previous'], href: href(current - 1), rel: ['prev'] }, t('pages.previous'))
      : el('span', { className: ['previous', 'disabled'] }, t('pages.previous')),
    el('ol', {}, items),
    current < count
      ? el('a', { className: ['next'], href: href(current + 1), rel: ['next'] }, t('pages.next'))
      : el('span', { className: ['next', 'disabled'] }, t('pages.next')),
  ])
}

/** The messages under `prefix` for a client script, as JSON in the page (`id` names it), serialized. */
export function clientText(i18n: I18n, id: string, prefix: string): ElementContent {
  const json = JSON.stringify(i18n.messagesOf(prefix)).replaceAll('<', '\\u003c')
  return trustedNode(serializeFragments([h('script', { type: 'application/json', id }, json)]))
}
