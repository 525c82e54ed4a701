/**
 * Delicious' JSON export (2021): a list of `{title, tags[], url, description, created, others,
 * owner, private}`. `created` is Unix seconds as text → added; `private` `"1"` → private; `tags`
 * may be `[""]` (no tags); `others` (how many others saved the link) and `owner` are kept as
 * attributes. Flat: the bookmarks sit at the root, in file order.
 */
import { normalizeTags } from '../../model/tree.js'
import { jsonListEntry, type ExportReader, type Fields } from '../shared/service.js'

/** `private`: Delicious writes `"0"`/`"1"`; numbers and booleans are read alike. */
function privateFlag(value: unknown): boolean | undefined {
  if (value === '1' || value === 1 || value === true) return true
  if (value === '0' || value === 0 || value === false) return false
  return undefined
}

function deliciousBookmark(reader: ExportReader, fields: Fields) {
  const bookmark = reader.bookmark(fields.at, fields.text('title') ?? '', fields.text('url'))
  const description = fields.text('description')
  if (description !== undefined && description !== '') bookmark.description = description
  const added = fields.date('created', 'epoch')
  if (added !== undefined) bookmark.added = added
  bookmark.tags = normalizeTags(fields.list('tags') ?? [])
  if (fields.flag('private', privateFlag) === true) bookmark.private = true
  fields.keepRest(bookmark)
  return bookmark
}

export const deliciousJson = jsonListEntry(
  {
    name: 'delicious-json',
    label: 'Delicious JSON export',
    where: "Delicious: the account's export as JSON (delicious_export.<date>.json).",
  },
  {
    area: 'delicious',
    title: 'Delicious',
    claims: (keys) =>
      keys.has('url') &&
      keys.has('created') &&
      (keys.has('owner') || keys.has('others') || keys.has('private')),
    bookmark: deliciousBookmark,
  },
)
