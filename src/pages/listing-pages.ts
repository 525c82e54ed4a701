/** The pages of a list of bookmarks: a tag's, an archive year's. Pure. */
import type { Element, ElementContent } from 'hast'
import type { OutputFile } from '../model/output.js'
import type { Bookmark } from '../model/tree.js'
import { trustedBytesNode } from '../render/serialize.js'
import type { PageContext } from './context.js'
import { pagesNavigation } from './folder-pages.js'
import { keptPages } from './memo.js'
import { pageCount, paginate, pagePath } from './paths.js'
import { sharedSidebar } from './sidebar.js'

/** One page of a tag's or an archive list's bookmarks, for its producer to render. */
export interface ListingPage {
  number: number
  path: string
  entries: ElementContent[]
  pages: { current: number; count: number; navigation: Element } | undefined
}

/**
 * The pages of a tag's or an archive list's bookmarks, `pageSize` to a page. In watch mode a list
 * planning knows `unchanged` is passed on whole when the memo has it, and a page whose `key` and
 * bookmarks are as last build is passed on unchanged; `make` renders the others.
 */
export function* listingPages(
  context: PageContext,
  list: { path: string; bookmarks: readonly Bookmark[]; unchanged: boolean; key: unknown[] },
  make: (page: ListingPage) => OutputFile,
): Generator<OutputFile> {
  const { check, entries, input } = context
  if (list.unchanged) {
    const kept = keptPages(check, list.path, pageCount(list.bookmarks.length, input.pageSize))
    if (kept !== undefined) return yield* kept
  }
  const chunks = paginate(list.bookmarks, input.pageSize)
  for (const [index, chunk] of chunks.entries()) {
    const number = index + 1
    const path = pagePath(list.path, number)
    const listed = chunk.filter((item) => item !== 'separator')
    const key = [
      ...list.key,
      number,
      chunks.length,
      list.bookmarks.length,
      sharedSidebar(context).sidebar,
      entries.listingKey(listed),
    ]
    if (check.unchanged(path, key, chunk)) {
      yield { path: `${path}index.html`, contents: '', unchanged: true }
      continue
    }
    yield make({
      number,
      path,
      entries: [trustedBytesNode(entries.listedEntries(listed))],
      pages: pagesNavigation(context, list.path, number, chunks.length),
    })
    yield* context.takeIcons()
  }
}
