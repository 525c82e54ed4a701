/**
 * CSV exports where each row is one bookmark (Pocket, Instapaper, Raindrop.io, Readwise Reader):
 * the header checked, each row mapped by the format, placed in the folder its list or path names,
 * every cell the mapping does not read kept as an attribute under its column's name, and rows
 * longer or shorter than the header reported.
 */
import { BookgenError } from '../../model/errors.js'
import { createFolder, type Bookmark, type Collection } from '../../model/tree.js'
import { columnReader, otherCells, readCsv, type CsvRecord, type CsvTable } from './csv.js'
import { FolderPaths } from './folders.js'
import { ExportReader, type At } from './service.js'
import type { SourceInput } from '../types.js'

/** One row, as a format's mapping sees it. */
export interface CsvRow {
  /** The cell under the column `name` (case-insensitive), `''` when absent. */
  cell(name: string): string
  /** Where the row starts (in a zip member: `file` is `<archive>!/<member>`). */
  readonly at: At
}

/** A row's bookmark and the folder path it belongs in (empty: the root). */
export interface CsvEntry {
  readonly bookmark: Bookmark
  readonly path: readonly string[]
}

/** What a CSV format is to this module. */
export interface CsvFormat {
  readonly format: string
  readonly area: string
  /** The collection's title. */
  readonly title: string
  /** Columns (lower case) without which the file is not of this format. */
  readonly required: readonly string[]
  /** Columns (lower case) the mapping reads; cells of other columns become attributes. */
  readonly known: ReadonlySet<string>
  /** Top-level folders that come first, in this order. */
  readonly ordered?: readonly string[]
  row(reader: ExportReader, row: CsvRow): CsvEntry
}

/** Read a CSV export whose text `input` holds. */
export function readCsvBookmarks(input: SourceInput, format: CsvFormat): Collection {
  const decoded = input.text()
  const reader = new ExportReader(input.file, format.area)
  reader.noteDecoding(decoded)
  const folders = new FolderPaths(reader, format.ordered)
  readCsvRows(decoded.text, input.file, format, reader, folders)
  const root = createFolder()
  root.children = folders.children()
  return reader.finish(format.format, format.title, root, decoded.encoding)
}

/** Read the rows of one CSV text into `folders` (several texts may go into one collection). */
export function readCsvRows(
  text: string,
  file: string,
  format: CsvFormat,
  reader: ExportReader,
  folders: FolderPaths,
): void {
  const table = readCsv(text, file, format.area)
  checkHeader(table, file, format)
  const cell = columnReader(table)
  for (const record of table.records) {
    const at = file === reader.file ? record.at : { ...record.at, file }
    checkLength(reader, table, record, at)
    const { bookmark, path } = format.row(reader, { cell: (name) => cell(record, name), at })
    for (const [name, value] of otherCells(table, record, format.known))
      reader.attribute(bookmark, name, value)
    folders.add(bookmark, path, at)
  }
}

function checkHeader(table: CsvTable, file: string, format: CsvFormat): void {
  const columns = new Set(table.columns.map((name) => name.toLowerCase()))
  const missing = format.required.filter((name) => !columns.has(name))
  if (missing.length === 0) return
  throw new BookgenError(
    `Not a ${format.title} CSV export: the header row lacks the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')} (it has ${table.columns.join(', ') || 'none'})`,
    { rule: `${format.area}/wrong-columns`, file, ...table.headerAt },
  )
}

function checkLength(reader: ExportReader, table: CsvTable, record: CsvRecord, at: At): void {
  const { length } = record.cells
  const expected = table.columns.length
  if (length === expected) return
  reader.warn(
    at,
    'ragged-row',
    length > expected
      ? `Row ${record.row} has ${length} cells, the header ${expected}; the extra cells are kept as attributes "column N"`
      : `Row ${record.row} has ${length} cells, the header ${expected}; the missing ones are read as empty`,
  )
}
