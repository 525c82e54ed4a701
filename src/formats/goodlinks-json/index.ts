/**
 * GoodLinks' JSON export: a list of `{title, url, originalURL, tags[], starred, summary,
 * addedAt}`. `addedAt` is Unix seconds (a fraction allowed) → added; `summary` → description;
 * `originalURL`, `starred` (the model has no favourite field) and anything else (`readAt`…) are
 * kept as attributes. Flat: the bookmarks sit at the root, in file order.
 */
import { normalizeTags } from '../../model/tree.js'
import { jsonListEntry, type ExportReader, type Fields } from '../shared/service.js'

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

export const goodLinksJson = jsonListEntry(
  {
    name: 'goodlinks-json',
    label: 'GoodLinks JSON export',
    where: 'GoodLinks: Settings → Export → JSON.',
  },
  {
    area: 'goodlinks',
    title: 'GoodLinks',
    claims: (keys) => keys.has('url') && keys.has('addedAt'),
    bookmark: goodLinksBookmark,
  },
)
