/**
 * The tag pages: one per tag at `tags/<tag>/` (rel-tag: the last path segment is the tag), listing
 * its bookmarks from every folder, continued at `page/2/`… when long. Pure.
 */
import type { OutputFile } from '../model/output.js'
import { trustedBytesNode } from '../render/serialize.js'
import { tagPageToHast } from '../render/tag-pages.js'
import type { PageContext } from './context.js'
import { pagesNavigation } from './folder-pages.js'
import { keptPages } from './memo.js'
import { feedHead } from './feeds.js'
import { pageCount, paginate, pagePath } from './paths.js'
import { TAGS_PATH } from './routes.js'
import { sharedSidebar } from './sidebar.js'
import { operatorFor } from '#search-query'

/** Every tag's pages, in tag order. */
export function* tagPages(context: PageContext): Generator<OutputFile> {
  const { t } = context.i18n
  const url = context.urls.path
  const link = context.urls.link
  const { changes, check } = context
  for (const tagRoute of context.routes.tags) {
    if (changes.tags !== undefined && !changes.tags.has(tagRoute.tag)) {
      const count = pageCount(tagRoute.bookmarks.length, context.input.pageSize)
      const kept = keptPages(check, tagRoute.path, count)
      if (kept !== undefined) {
        yield* kept
        continue
      }
    }
    const chunks = paginate(tagRoute.bookmarks, context.input.pageSize)
    const feed = feedHead(context, tagRoute)
    for (let index = 0; index < chunks.length; index++) {
      const number = index + 1
      const path = pagePath(tagRoute.path, number)
      const chunk = chunks[index]!
      const listed = chunk.filter((item) => item !== 'separator')
      if (
        check.unchanged(
          path,
          [
            'tag',
            tagRoute.tag,
            number,
            chunks.length,
            tagRoute.bookmarks.length,
            context.relatedTags.get(tagRoute.tag),
            'search-link',
            'head' in feed,
            sharedSidebar(context).sidebar,
            context.entries.listingKey(listed),
          ],
          chunk,
        )
      ) {
        yield { path: `${path}index.html`, contents: '', unchanged: true }
        continue
      }
      // Every tag page is a folder of `tags/` (`tags/<slug>/`): another tag's link (a related tag is
      // never the page's own) is the link to `tags/` from here and its slug, as `link` makes it (it
      // chooses alike for each: their ends are the same).
      const tagsLink = link(TAGS_PATH, path)
      const file = context.page(
        { kind: 'tag', title: tagRoute.tag, path, pageNumber: number },
        `${t('tag.heading')}${tagRoute.tag}`,
        tagPageToHast({
          i18n: context.i18n,
          tag: tagRoute.tag,
          crumbs: [
            { title: context.input.siteTitle, href: link('', path) },
            { title: t('nav.tags'), href: tagsLink },
            { title: tagRoute.tag, href: link(tagRoute.path, path) },
          ],
          entries: [trustedBytesNode(context.entries.listedEntries(listed))],
          total: tagRoute.bookmarks.length,
          pages: pagesNavigation(context, tagRoute.path, number, chunks.length),
          searchUrl: `${url('search/')}?q=${encodeURIComponent(operatorFor('tag', tagRoute.tag))}`,
          related: (context.relatedTags.get(tagRoute.tag) ?? []).map((related) => ({
            tag: related.tag,
            href: `${tagsLink}${context.routes.tagRoute.get(related.tag)!.path.slice(TAGS_PATH.length)}`,
            count: related.count,
          })),
        }),
        { sortable: true, ...sharedSidebar(context), ...feed },
      )
      yield file
    }
  }
}
