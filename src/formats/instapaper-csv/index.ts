/**
 * Instapaper's CSV export: `URL,Title,Selection,Folder` (old) and
 * `URL,Title,Selection,Folder,Timestamp,Tags` (November 2025 on; `Tags` a JSON list in a cell).
 *
 * Mapping: `Folder` → a folder of that title for every value (`Unread`, `Archive`, `Starred` and
 * user folders alike; see `read-state.ts`), the items of "Unread" also `toRead: true`; an empty
 * `Folder` → the root. `Selection` (the highlighted text) → description; `Timestamp` (Unix
 * seconds) → added; `Tags` → tags (a cell that is not a JSON list of text is kept as the attribute
 * `Tags`, with a warning). Rows stay in file order (Instapaper writes the newest first; wallabag
 * and Readeck reverse them on import); other columns are kept as attributes.
 */
import { normalizeTags } from '../../model/tree.js'
import { csvEntry, type CsvFormat, type CsvRow } from '../shared/csv.js'
import { isUnreadList, POCKET_UNREAD } from '../shared/read-state.js'
import type { At, ExportReader } from '../shared/service.js'

const INSTAPAPER_CSV: CsvFormat = {
  format: 'instapaper-csv',
  area: 'instapaper',
  title: 'Instapaper',
  required: ['url', 'title', 'selection', 'folder'],
  known: new Set(['url', 'title', 'selection', 'folder', 'timestamp', 'tags']),
  ordered: [POCKET_UNREAD, 'Archive', 'Starred'],
  row(reader: ExportReader, row: CsvRow) {
    const bookmark = reader.bookmark(row.at, row.cell('title'), row.cell('url'))
    const selection = row.cell('selection')
    if (selection !== '') bookmark.description = selection
    const added = reader.date(row.at, 'Timestamp', row.cell('timestamp'), 'epoch')
    if (added !== undefined) bookmark.added = added
    const tags = row.cell('tags')
    const list = tags === '' ? [] : jsonTags(tags)
    if (list !== undefined) bookmark.tags = normalizeTags(list)
    else {
      warnTags(reader, row.at, tags)
      reader.attribute(bookmark, 'Tags', tags)
    }
    const folder = row.cell('folder').trim()
    if (isUnreadList(folder)) bookmark.toRead = true
    return { bookmark, path: folder === '' ? [] : [folder] }
  },
}

/** The tags of a `Tags` cell (`["a","b"]`), or undefined when it is not a JSON list of text. */
function jsonTags(cell: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(cell)
    return Array.isArray(value) && value.every((tag) => typeof tag === 'string') ? value : undefined
  } catch {
    return undefined
  }
}

function warnTags(reader: ExportReader, at: At, cell: string): void {
  const shown = cell.length > 60 ? `${cell.slice(0, 60)}…` : cell
  reader.warn(
    at,
    'invalid-tags',
    `Tags ${JSON.stringify(shown)} is not a JSON list of tags; kept as an attribute`,
  )
}

export const instapaperCsv = csvEntry(INSTAPAPER_CSV, {
  label: 'Instapaper CSV export',
  where: 'Instapaper: Settings → Export → Download .CSV file.',
})
