/**
 * The tag pages: one per tag at `tags/<tag>/` (rel-tag: the last path segment is the tag), listing
 * its bookmarks from every folder, continued at `page/2/`… when long. Pure.
 */
import type { OutputFile } from '../model/output.js'
import { tagPageToHast } from '../render/tag-pages.js'
import type { PageContext } from './context.js'
import { listingPages } from './listing-pages.js'
import { feedHead } from './feeds.js'
import { TAGS_PATH } from './routes.js'
import { sharedSidebar } from './sidebar.js'
import { operatorFor } from '#search-query'

/** Every tag's pages, in tag order. */
export function* tagPages(context: PageContext): Generator<OutputFile> {
  const { t } = context.i18n
  const url = context.urls.path
  const link = context.urls.link
  const { changes } = context
  for (const tagRoute of context.routes.tags) {
    const unchanged = changes.tags !== undefined && !changes.tags.has(tagRoute.tag)
    const feed = feedHead(context, tagRoute)
    const key = ['tag', tagRoute.tag, context.relatedTags.get(tagRoute.tag), 'search-link', 'head' in feed]
    yield* listingPages(context, { ...tagRoute, unchanged, key }, (page) => {
      const path = page.path
      // Every tag page is a folder of `tags/` (`tags/<slug>/`): another tag's link (a related tag is
      // never the page's own) is the link to `tags/` from here and its slug, as `link` makes it (it
      // chooses alike for each: their ends are the same).
      const tagsLink = link(TAGS_PATH, path)
      return context.page(
        { kind: 'tag', title: tagRoute.tag, path, pageNumber: page.number },
        `${t('tag.heading')}${tagRoute.tag}`,
        tagPageToHast({
          i18n: context.i18n,
          tag: tagRoute.tag,
          crumbs: [
            { title: context.input.siteTitle, href: link('', path) },
            { title: t('nav.tags'), href: tagsLink },
            { title: tagRoute.tag, href: link(tagRoute.path, path) },
          ],
          entries: page.entries,
          total: tagRoute.bookmarks.length,
          pages: page.pages,
          searchUrl: `${url('search/')}?q=${encodeURIComponent(operatorFor('tag', tagRoute.tag))}`,
          related: (context.relatedTags.get(tagRoute.tag) ?? []).map((related) => ({
            tag: related.tag,
            href: `${tagsLink}${context.routes.tagRoute.get(related.tag)!.path.slice(TAGS_PATH.length)}`,
            count: related.count,
          })),
        }),
        { sortable: true, ...sharedSidebar(context), ...feed },
      )
    })
  }
}
