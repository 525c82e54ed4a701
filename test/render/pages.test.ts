import type { Element } from 'hast'
import { h } from 'hastscript'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, documentToHast, type SiteContext } from '../../src/render/document.js'
import { folderPageToHast } from '../../src/render/folder-page.js'
import { i18nOf } from '../../src/render/i18n.js'
import { searchPageToHast } from '../../src/render/search-page.js'
import { parseQuery } from '#search-query'
import { serializeHast, serializeHastReference } from '../../src/render/serialize.js'
import { cleanText } from '../../src/render/text.js'
import { tagIndexToHast, tagPageToHast } from '../../src/render/tag-pages.js'
import { page } from '../html.js'

const site: SiteContext = {
  siteTitle: 'Links',
  i18n: i18nOf('fr'),
  url: (path) => `/b/${path}`,
  feed: true,
  downloads: [{ path: 'bookmarks.html', label: 'browser HTML' }],
}
const en = i18nOf('en')
const main = (content: Parameters<typeof documentToHast>[1]['main']) =>
  page(serializeHast({ type: 'root', children: content }))

describe('documentToHast', () => {
  it('should wrap a page: doctype, lang, CSP, title, stylesheet, skip link, landmarks, search form', () => {
    const html = serializeHast(documentToHast(site, { title: 'Web', path: 'web/', main: [h('h1', 'Web')] }))
    expect(html.startsWith('<!DOCTYPE html><html lang="fr">')).toBe(true)
    const doc = page(html)
    expect(doc.text('title')).toEqual(['Web · Links'])
    expect(doc.attr('meta[http-equiv=Content-Security-Policy]', 'content')).toEqual([CONTENT_SECURITY_POLICY])
    expect(doc.attr('link[rel=stylesheet]', 'href')).toEqual(['/b/assets/style.css'])
    expect(doc.attr('a.skip-link', 'href')).toEqual(['#main'])
    expect(doc.all('header, main#main, footer')).toHaveLength(3)
    expect(doc.attr('form[role=search]', 'action')).toEqual(['/b/search/'])
    expect(doc.attr('form input[type=search]', 'name')).toEqual(['q'])
    expect(doc.attr('script', 'src')).toEqual(['/b/assets/theme.js', '/b/assets/site.js'])
    expect(doc.attr('link[rel=alternate]', 'href')).toEqual(['/b/feed.xml'])
  })

  it('should mark the home page and load only the scripts asked for', () => {
    const doc = page(
      serializeHast(documentToHast(site, { title: 'Links', path: '', main: [], scripts: ['assets/x.js'] })),
    )
    expect(doc.text('title')).toEqual(['Links'])
    expect(doc.attr('.site-title', 'aria-current')).toEqual(['page'])
    expect(doc.attr('script[type=module]', 'src')).toEqual(['/b/assets/site.js', '/b/assets/x.js'])
    // The light/dark switch is added by theme.js (test/browser/accessibility.test.ts).
    expect(doc.all('.theme-toggle')).toHaveLength(0)
    expect(doc.attr('#search-q', 'aria-label')).toEqual(['Rechercher dans les favoris'])
  })

  it("should describe every page: its own description, else the site's, else its title, on one short line", () => {
    const metaOf = (context: SiteContext, description?: string) =>
      page(
        serializeHast(
          documentToHast(context, {
            title: 'Web',
            path: 'web/',
            main: [],
            ...(description && { description }),
          }),
        ),
      ).attr('meta[name=description]', 'content')
    const described = { ...site, description: 'My links\nabout the web' }
    expect(metaOf(site)).toEqual(['Web · Links'])
    expect(metaOf(described)).toEqual(['My links about the web'])
    expect(metaOf(described, '  Styling  pages ')).toEqual(['Styling pages'])
    const long = metaOf(site, `${'😀'.repeat(400)}`)[0]!
    expect([...long]).toHaveLength(300)
    expect(long.endsWith('😀…')).toBe(true)
  })
})

describe('folderPageToHast', () => {
  const entry = (text: string): Element => h('li.xfolkentry', text)

  it('should show breadcrumbs, description, sizes and entries split at separators', () => {
    const doc = main(
      folderPageToHast({
        i18n: en,
        title: 'Web',
        description: 'About\nthe web',
        crumbs: [
          { title: 'Links', href: '/b/' },
          { title: 'Web', href: '/b/web/' },
        ],
        subfolders: [{ title: 'CSS', href: '/b/web/css/', count: 3 }],
        items: ['separator', entry('one'), 'separator', 'separator', entry('two'), 'separator'],
        total: 5,
      }),
    )
    expect(doc.text('.breadcrumbs a')).toEqual(['Links', 'Web'])
    expect(doc.text('.folder-description')).toEqual(['About\nthe web'])
    expect(doc.text('.folder-stats')).toEqual(['5 bookmarks · 1 folder · 2 here'])
    expect(doc.text('.subfolders a')).toEqual(['CSS'])
    expect(doc.all('ul.entries')).toHaveLength(2)
    expect(doc.all('hr.separator')).toHaveLength(1)
  })

  it('should shorten a deep trail to its first link, a gap and its last links, the current page last', () => {
    const crumbs = Array.from({ length: 40 }, (_, index) => ({ title: `L${index}`, href: `/b/${index}/` }))
    const doc = main(
      folderPageToHast({ i18n: en, title: 'L39', crumbs, subfolders: [], items: [], total: 0 }),
    )
    expect(doc.text('.breadcrumbs a')).toEqual(['L0', 'L32', 'L33', 'L34', 'L35', 'L36', 'L37', 'L38', 'L39'])
    expect(doc.text('.breadcrumbs .gap')).toEqual(['…'])
    expect(doc.attr('.breadcrumbs [aria-current=page]', 'href')).toEqual(['/b/39/'])
    const short = main(
      folderPageToHast({
        i18n: en,
        title: 'L9',
        crumbs: crumbs.slice(0, 10),
        subfolders: [],
        items: [],
        total: 0,
      }),
    )
    expect(short.text('.breadcrumbs a')).toHaveLength(10)
    expect(short.all('.breadcrumbs .gap')).toHaveLength(0)
  })

  it('should say when a folder is empty', () => {
    const doc = main(
      folderPageToHast({ i18n: en, title: '', crumbs: [], subfolders: [], items: [], total: 0 }),
    )
    expect(doc.text('h1')).toEqual(['Untitled folder'])
    expect(doc.text('.empty')).toEqual(['This folder is empty.'])
  })
})

describe('tag pages and the search page', () => {
  it('should render a tag page and the tag index with rel=tag links', () => {
    const crumbs = [{ title: 'Links', href: '/b/' }]
    expect(
      main(tagPageToHast({ i18n: en, tag: 'css', crumbs, entries: [h('li.xfolkentry', 'x')] })).text('h1'),
    ).toEqual(['Tag: css'])
    const index = main(
      tagIndexToHast({ i18n: en, crumbs, tags: [{ tag: 'css', href: '/b/tags/css/', count: 2 }] }),
    )
    expect(index.attr('a[rel=tag]', 'href')).toEqual(['/b/tags/css/'])
    expect(main(tagIndexToHast({ i18n: en, crumbs, tags: [] })).text('.empty')).toEqual([
      'No bookmark has a tag yet.',
    ])
  })

  it('should give the search page a noscript note, a live status and the index URL', () => {
    const doc = main(
      searchPageToHast({
        i18n: en,
        crumbs: [],
        indexUrl: '/b/assets/search/index.json',
        tagsUrl: '/b/tags/',
        homeUrl: '/b/',
      }),
    )
    expect(doc.all('noscript')).toHaveLength(1)
    expect(doc.attr('#search-status', 'aria-live')).toEqual(['polite'])
    expect(doc.attr('#search-results', 'data-index')).toEqual(['/b/assets/search/index.json'])
    // The syntax help, every example a query the parser reads as operators or words.
    const examples = doc.text('.search-help dt code')
    expect(examples).toEqual(
      expect.arrayContaining(['#music', 'site:github.com', 'css -grid', '"grid layout"']),
    )
    for (const example of examples) expect(parseQuery(example).notices, example).toEqual([])
  })

  it('should write related tags as a labelled list of tag links with shared counts, hostile names escaped', () => {
    const related = [
      { tag: 'css', href: '../css/', count: 12 },
      { tag: 'a"b&c <script>alert(1)</script>', href: '/b/tags/a-b-c/?x="1"&y=`2`', count: 1 },
      { tag: "bell\u0007 it's", href: "../bell-it-s/'", count: 3 },
      { tag: '\u0000', href: '../-/', count: 2 },
    ]
    const html = serializeHast({
      type: 'root',
      children: tagPageToHast({ i18n: en, tag: 'x', crumbs: [], entries: [], related }),
    })
    const reference = serializeHastReference(
      h('nav.related-tags', { ariaLabel: 'Related tags' }, [
        h('span.related-label', 'Often with: '),
        h(
          'ul.tags',
          related.map(({ tag, href, count }) =>
            h('li', [h('a', { rel: ['tag'], href, title: `${count} in common` }, cleanText(tag))]),
          ),
        ),
      ]),
    )
    expect(html).toContain(reference)
    const doc = page(html)
    expect(doc.text('.related-tags a')).toEqual(['css', 'a"b&c <script>alert(1)</script>', "bell it's", ''])
    expect(doc.attr('.related-tags a', 'href')).toEqual(related.map((entry) => entry.href))
    expect(doc.all('script')).toHaveLength(0)
    // No related tags, no list.
    expect(
      serializeHast({
        type: 'root',
        children: tagPageToHast({ i18n: en, tag: 'x', crumbs: [], entries: [] }),
      }),
    ).not.toContain('related-tags')
  })

  it('should link a tag page to the search for its tag', () => {
    const doc = main(
      tagPageToHast({
        i18n: en,
        tag: 'web dev',
        crumbs: [],
        entries: [],
        searchUrl: '/b/search/?q=%23%22web%20dev%22',
      }),
    )
    expect(doc.attr('a.tag-search', 'href')).toEqual(['/b/search/?q=%23%22web%20dev%22'])
  })
})
