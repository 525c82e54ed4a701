/**
 * What the private section holds (`private`), before the build encrypts it: its bookmarks rendered
 * as the folder pages render entries (the same renderer, the theme's `entry` hook applied), their
 * favicons inline as data: URIs (a file of the site would tell what the section holds), grouped by
 * folder in document order; and a search index of their own, in the site's format (see
 * docs/search-format.md), whose files `private/unlock.js` hands to the site's search engine from
 * memory. A tag links to the section's own search for it. Pure.
 */
import type { Element } from 'hast'
import { operatorFor } from '#search-query'
import { safeHref } from '../model/safe-url.js'
import type { Bookmark } from '../model/tree.js'
import { publishedBookmark } from '../publish/filter.js'
import type { PrivateEntry } from '../publish/private.js'
import type { SiteInput } from '../publish/site-input.js'
import { serializeHast } from '../render/serialize.js'
import { cleanText } from '../render/text.js'
import { i18nOf } from '../render/i18n.js'
import { bookmarkToHast, type EntryContext } from '../render/xfolk.js'
import { inlineIconOf } from '../pages/icons.js'
import { SEARCH_DIR } from '../pages/paths.js'
import { buildSearchIndex, type SearchIndexInput } from './search/index.js'

/** The decrypted contents of `private/data.bin` (gzipped JSON; see `src/build/private.ts`). */
export interface PrivatePayload {
  version: 1
  /** How many bookmarks. */
  count: number
  /** Each folder (its path, `Work › Clients`; `''` for the top level) and its entries' HTML, in order. */
  folders: Array<{ path: string; entries: string[] }>
  /** The search index's files by name below its directory (`index.json`, `<id>/t0.json`, …). */
  search: Record<string, string>
}

/** The payload of the private section's entries, in the site's language. */
export function privatePayload(input: SiteInput, entries: readonly PrivateEntry[]): PrivatePayload {
  const tagSearch = (tag: string) => `?q=${encodeURIComponent(operatorFor('tag', tag))}`
  const i18n = i18nOf(input.lang)
  const context: EntryContext = {
    i18n,
    tagUrl: tagSearch,
    iconUrl: inlineIconOf,
    allowFileLinks: input.allowFileLinks,
  }
  const render = (bookmark: Bookmark): string => {
    const renderDefault = (): Element => bookmarkToHast(bookmark, context, 'full')
    return serializeHast(input.theme.entry?.(bookmark, renderDefault, 'full') ?? renderDefault())
  }
  const folders: PrivatePayload['folders'] = []
  const folderIndex = new Map<string, number>()
  const documents: SearchIndexInput['documents'] = []
  const byFolder: Bookmark[][] = []
  for (const { bookmark: source, folders: titles } of entries) {
    const bookmark = publishedBookmark(source)
    const path = titles.map((title) => cleanText(title) || i18n.t('untitled')).join(' › ')
    let index = folderIndex.get(path)
    if (index === undefined) {
      index = folders.length
      folderIndex.set(path, index)
      folders.push({ path, entries: [] })
      byFolder.push([])
    }
    folders[index]!.entries.push(render(bookmark))
    byFolder[index]!.push(bookmark)
  }
  // Search results are the entries above: document ids in the order they are shown, folder by folder.
  byFolder.forEach((bookmarks, folder) => {
    for (const bookmark of bookmarks)
      documents.push({ bookmark, href: safeHref(bookmark.href, { allowFile: input.allowFileLinks }), folder })
  })
  const tags = [...new Set(documents.flatMap((document) => document.bookmark.tags))]
  const index = buildSearchIndex({
    documents,
    folders: folders.map((folder) => ({
      title: folder.path,
      name: folder.path.split(' › ').pop() ?? '',
      url: `?q=${encodeURIComponent(operatorFor('folder', folder.path.split(' › ').pop() ?? ''))}`,
    })),
    tags: tags.map((tag) => ({ tag, url: tagSearch(tag) })),
  })
  const search: Record<string, string> = {}
  for (const file of index.files) search[file.path.slice(SEARCH_DIR.length)] = file.contents
  return { version: 1, count: documents.length, folders, search }
}
