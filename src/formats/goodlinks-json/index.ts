/**
 * GoodLinks' JSON export: a list of `{title, url, originalURL, tags[], starred, summary,
 * addedAt}`. `addedAt` is Unix seconds (a fraction allowed) → added; `summary` → description;
 * `originalURL`, `starred` (the model has no favourite field) and anything else (`readAt`…) are
 * kept as attributes. Flat: the bookmarks sit at the root, in file order.
 */
import { normalizeTags } from '../../model/tree.js'
import { firstObjectKeys } from '../shared/json-scan.js'
import { readJsonBookmarks, type ExportReader, type Fields } from '../shared/service.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'

function goodLinksBookmark(reader: ExportReader, fields: Fields) {
  const bookmark = reader.bookmark(fields.at, fields.text('title') ?? '', fields.text('url'))
  const summary = fields.text('summary')
  if (summary !== undefined && summary !== '') bookmark.description = summary
  const added = fields.date('addedAt', 'epoch')
  if (added !== undefined) bookmark.added = added
  bookmark.tags = normalizeTags(fields.list('tags') ?? [])
  fields.keepRest(bookmark)
  return bookmark
}

export const goodLinksJson: FormatEntry = {
  name: 'goodlinks-json',
  label: 'GoodLinks JSON export',
  where: 'GoodLinks: Settings → Export → JSON.',
  sniff(head: SniffHead): boolean {
    const keys = firstObjectKeys(head.text)
    return keys !== undefined && keys.has('url') && keys.has('addedAt')
  },
  read(input: SourceInput) {
    return readJsonBookmarks(input, {
      format: 'goodlinks-json',
      area: 'goodlinks',
      title: 'GoodLinks',
      bookmark: goodLinksBookmark,
    })
  },
}
