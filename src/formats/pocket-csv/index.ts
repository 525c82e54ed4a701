/**
 * Pocket's CSV export (2025): `title,url,time_added[,cursor],tags,status`, one row per saved item,
 * shipped as a zip of parts (`part_000000.csv`, `part_000001.csv`…), each with its header; a zip
 * holding Pocket CSV parts is read as one collection, parts in name order, read with the bounds
 * of `zip.ts`. Places and messages in a part name it `<archive>!/<part>`.
 *
 * Mapping, the same as for Pocket's HTML export (see `read-state.ts`): `status` `unread` → folder
 * "Unread" and `toRead: true`; `archive` → folder "Read Archive"; any other status → the root,
 * kept as the attribute `status`, with a warning. `time_added` (Unix seconds) → added; `tags`
 * split on `|`; `title`, `url`; other columns (`cursor`…) are kept as attributes when not empty.
 */
import { BookgenError } from '../../model/errors.js'
import { createFolder, type Collection } from '../../model/tree.js'
import { decodeSource } from '../shared/decode.js'
import {
  csvHeader,
  FolderPaths,
  hasColumns,
  readCsvBookmarks,
  readCsvRows,
  type CsvFormat,
  type CsvRow,
} from '../shared/csv.js'
import { pocketSection, POCKET_ARCHIVE, POCKET_UNREAD } from '../shared/read-state.js'
import { ExportReader, splitTags } from '../shared/service.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'
import { isZip, readZip, zipMemberNames } from '../shared/zip.js'

/** A Pocket CSV part's name in the export's zip. */
const PART = /(?:^|\/)part_\d+\.csv$/i

const POCKET_CSV: CsvFormat = {
  format: 'pocket-csv',
  area: 'pocket',
  title: 'Pocket',
  required: ['title', 'url', 'time_added', 'status'],
  known: new Set(['title', 'url', 'time_added', 'tags', 'status']),
  ordered: [POCKET_UNREAD, POCKET_ARCHIVE],
  row(reader: ExportReader, row: CsvRow) {
    const bookmark = reader.bookmark(row.at, row.cell('title'), row.cell('url'))
    const added = reader.date(row.at, 'time_added', row.cell('time_added'), 'epoch')
    if (added !== undefined) bookmark.added = added
    bookmark.tags = splitTags(row.cell('tags'), '|')
    const status = row.cell('status')
    const section = pocketSection(status)
    if (section === POCKET_UNREAD) bookmark.toRead = true
    if (section === undefined) {
      reader.warn(
        row.at,
        'unknown-status',
        `status "${status}" is neither unread nor archive; kept at the top`,
      )
      reader.attribute(bookmark, 'status', status)
    }
    return { bookmark, path: section === undefined ? [] : [section] }
  },
}

/** The Pocket CSV parts of a zip export, read in name order into one collection. */
function readPocketZip(input: SourceInput): Collection {
  const members = readZip(
    input.bytes,
    input.file,
    'pocket',
    (name) => /\.csv$/i.test(name) && !name.startsWith('__MACOSX/'),
  )
  if (members.length === 0) {
    throw new BookgenError(
      'The zip archive holds no CSV file: expected Pocket export parts such as part_000000.csv',
      {
        rule: 'pocket/no-csv-in-zip',
        file: input.file,
      },
    )
  }
  members.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const reader = new ExportReader(input.file, 'pocket')
  const folders = new FolderPaths(reader, POCKET_CSV.ordered)
  let encoding: string | undefined
  for (const member of members) {
    const file = `${input.file}!/${member.name}`
    const decoded = decodeSource(member.bytes)
    encoding ??= decoded.encoding
    reader.noteDecoding(decoded, file)
    readCsvRows(decoded.text, file, POCKET_CSV, reader, folders)
  }
  const root = createFolder()
  root.children = folders.children()
  return reader.finish('pocket-csv', 'Pocket', root, encoding ?? 'utf-8')
}

export const pocketCsv: FormatEntry = {
  name: 'pocket-csv',
  label: 'Pocket CSV export',
  where: 'Pocket: Settings → Export (a zip of part_000000.csv…, read as it is or unpacked).',
  sniff(head: SniffHead): boolean {
    if (isZip(head.bytes)) {
      const first = zipMemberNames(head.bytes).find((name) => !name.endsWith('/'))
      return first !== undefined && PART.test(first)
    }
    return hasColumns(csvHeader(head.text), POCKET_CSV.required)
  },
  read(input: SourceInput): Collection {
    return isZip(input.bytes) ? readPocketZip(input) : readCsvBookmarks(input, POCKET_CSV)
  },
}
