/**
 * Raindrop.io's CSV export (`id,title,note,excerpt,url,folder,tags,created,cover,highlights,
 * favorite`, as developer.raindrop.io documents the export and the app writes it).
 *
 * Mapping: `folder` `Parent/Child` → nested folders (made on first use, in row order; empty →
 * the root); `title`, `url`; `note` (the user's note) → description; `tags`, comma-separated
 * (Raindrop writes `"a, b"`) → tags; `created` (ISO 8601) → added. `id` (Raindrop's number, not
 * an id anything in the file refers to), `excerpt` (the page's own description), `cover`,
 * `highlights` and `favorite` (the model has no favourite or highlights field) are kept as
 * attributes under their own names when not empty, as is any other column.
 */
import { csvEntry, type CsvFormat, type CsvRow } from '../shared/csv.js'
import { splitTags, type ExportReader } from '../shared/service.js'

const RAINDROP_CSV: CsvFormat = {
  format: 'raindrop-csv',
  area: 'raindrop',
  title: 'Raindrop.io',
  required: ['title', 'url', 'folder', 'tags', 'created', 'excerpt'],
  known: new Set(['title', 'note', 'url', 'folder', 'tags', 'created']),
  row(reader: ExportReader, row: CsvRow) {
    const bookmark = reader.bookmark(row.at, row.cell('title'), row.cell('url'))
    const note = row.cell('note')
    if (note !== '') bookmark.description = note
    const added = reader.date(row.at, 'created', row.cell('created'), 'iso')
    if (added !== undefined) bookmark.added = added
    bookmark.tags = splitTags(row.cell('tags'), ',')
    const path = row
      .cell('folder')
      .split('/')
      .map((title) => title.trim())
      .filter((title) => title !== '')
    return { bookmark, path }
  },
}

export const raindropCsv = csvEntry(RAINDROP_CSV, {
  label: 'Raindrop.io CSV export',
  where: 'Raindrop.io: Settings → Backups, or a collection → Export → CSV.',
})
