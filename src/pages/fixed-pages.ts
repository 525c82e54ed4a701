/**
 * The pages every site has once: the tag index, the search page, the 404 page, the small files
 * GitHub Pages reads (`.nojekyll`, `CNAME`); for a site that works offline (`offline`), its
 * offline page, web app manifest and icons; and the private section's page (`private`, when the
 * build makes the section). Pure.
 */
import type { AssetCopy, OutputFile } from '../model/output.js'
import { notFoundPageToHast } from '../render/not-found-page.js'
import { searchPageToHast } from '../render/search-page.js'
import { tagIndexToHast } from '../render/tag-pages.js'
import { offlinePageToHast } from '../render/offline-page.js'
import { webAppFiles } from '../render/web-app.js'
import { privatePageToHast } from '../render/private-page.js'
import { SEARCH_DIR } from './paths.js'
import type { PageContext } from './context.js'

/** The offline page's script (`offline`). */
export const OFFLINE_ASSET: AssetCopy = { path: 'assets/offline.js', source: 'default/offline.js' }
/** The private section's script, in the section's own folder with its page and its data (`private/`). */
export const PRIVATE_ASSET: AssetCopy = { path: 'private/unlock.js', source: 'default/private.js' }

export function* fixedPages(context: PageContext): Generator<OutputFile> {
  const { t } = context.i18n
  const url = context.urls.path
  const home = { title: context.input.siteTitle, href: url('') }
  const tagsCrumb = { title: t('nav.tags'), href: url('tags/') }
  const search = t('nav.search')
  const pages = [
    context.page(
      { kind: 'tags', title: tagsCrumb.title, path: 'tags/', pageNumber: 1 },
      tagsCrumb.title,
      tagIndexToHast({
        i18n: context.i18n,
        crumbs: [home, tagsCrumb],
        // Most used first; the routes are in name order, which ties keep (the sort is stable).
        tags: [...context.routes.tags]
          .sort((a, b) => b.bookmarks.length - a.bookmarks.length)
          .map((route) => ({ tag: route.tag, href: url(route.path), count: route.bookmarks.length })),
      }),
    ),
    context.page(
      { kind: 'search', title: search, path: 'search/', pageNumber: 1 },
      search,
      searchPageToHast({
        i18n: context.i18n,
        crumbs: [home, { title: search, href: url('search/') }],
        indexUrl: url(`${SEARCH_DIR}index.json`),
        tagsUrl: url('tags/'),
        homeUrl: url(''),
      }),
      { scripts: ['assets/search.js'] },
    ),
    context.page(
      { kind: 'not-found', title: t('notFound.title'), path: '404/', pageNumber: 1 },
      t('notFound.title'),
      notFoundPageToHast({
        i18n: context.i18n,
        homeUrl: url(''),
        tagsUrl: url('tags/'),
        searchUrl: url('search/'),
      }),
    ),
  ]
  if (context.input.offline) {
    pages.push(
      context.page(
        { kind: 'offline', title: t('offline.title'), path: 'offline/', pageNumber: 1 },
        t('offline.title'),
        offlinePageToHast({
          i18n: context.i18n,
          crumbs: [home, { title: t('nav.offline'), href: url('offline/') }],
          homeUrl: url(''),
        }),
        { scripts: ['assets/offline.js'] },
      ),
      ...webAppFiles(context.input),
    )
  }
  if (context.input.privateSection !== undefined) {
    pages.push(
      context.page(
        { kind: 'private', title: t('private.title'), path: 'private/', pageNumber: 1 },
        t('private.title'),
        privatePageToHast({
          i18n: context.i18n,
          crumbs: [home, { title: t('private.crumb'), href: url('private/') }],
        }),
        { scripts: [PRIVATE_ASSET.path] },
      ),
    )
  }
  yield* pages
  yield { path: '.nojekyll', contents: '' }
  const cname = context.input.cname
  if (cname !== undefined && cname !== '') yield { path: 'CNAME', contents: `${cname.trim()}\n` }
}
