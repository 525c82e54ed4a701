/**
 * One Pinboard (or Delicious v1) post → a bookmark, for the JSON export and the XML one, which
 * name their fields alike: `href`; `description` (the title); `extended` (the note → description);
 * `time` (ISO 8601 → added); `shared` (`no` → private); `toread` (`yes` → toRead); `tags` (JSON) or
 * `tag` (XML), space-separated; every other field (`meta`, `hash`, Delicious' `others`…) is kept
 * as an attribute under its own name, and so is a `shared` or `toread` that is not `yes`/`no`.
 */
import { normalizeTags, type Bookmark } from '../../model/tree.js'
import { splitTags, yesNo, type Fields, type ExportReader } from './service.js'

/** The bookmark for the post whose fields are `fields`. */
export function pinboardPost(reader: ExportReader, fields: Fields): Bookmark {
  const bookmark = reader.bookmark(fields.at, fields.text('description') ?? '', fields.text('href'))
  const note = fields.text('extended')
  if (note !== undefined && note !== '') bookmark.description = note
  const added = fields.date('time', 'iso')
  if (added !== undefined) bookmark.added = added
  const key = fields.has('tags') ? 'tags' : 'tag'
  const list = Array.isArray(fields.values[key]) ? fields.list(key) : undefined
  bookmark.tags = list !== undefined ? normalizeTags(list) : splitTags(fields.text(key) ?? '', /\s+/)
  if (fields.flag('shared', yesNo) === false) bookmark.private = true
  if (fields.flag('toread', yesNo) === true) bookmark.toRead = true
  fields.keepRest(bookmark)
  return bookmark
}
