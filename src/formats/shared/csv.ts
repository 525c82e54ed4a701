/**
 * CSV exports (Pocket, Instapaper, Raindrop.io, Readwise Reader): csv-parse reads the records, this
 * module finds the header row, names each record's cells by column, keeps the line every record
 * starts on, and turns the parser's errors into `BookgenError`s that name the line and the row
 * (rows counted as a spreadsheet does: the header is row 1). Sniffers match the header row's
 * column names, never the file name.
 */
import { createRequire } from 'node:module'
import type { CsvError as CsvErrorType, parse as parseType } from 'csv-parse/sync'
import { BookgenError } from '../../model/errors.js'
import { createFolder, type Bookmark, type Collection, type Folder } from '../../model/tree.js'
import { ExportReader, type At } from './service.js'
import type { FormatEntry, SourceInput } from '../types.js'

/**
 * csv-parse, loaded on first use (its CommonJS build, synchronously): a build of any other format
 * never pays for its 20 modules.
 */
let csvParse: { parse: typeof parseType; CsvError: typeof CsvErrorType } | undefined
function library(): NonNullable<typeof csvParse> {
  return (csvParse ??= createRequire(import.meta.url)('csv-parse/sync') as NonNullable<typeof csvParse>)
}

/** Longest record accepted, in characters (a never-closed quote stops here, not at the end of memory). */
export const MAX_CSV_RECORD = 16 * 1024 * 1024

/** One data record: its cells by position, where it starts, and its spreadsheet row number. */
export interface CsvRecord {
  readonly cells: readonly string[]
  /** Line of the record's first character (1-based); column is always 1. */
  readonly at: At
  /** Spreadsheet row: the header is row 1, the first record row 2. */
  readonly row: number
}

/** A parsed CSV file: its header's column names (trimmed, as written) and its data records. */
export interface CsvTable {
  readonly columns: readonly string[]
  readonly records: readonly CsvRecord[]
  /** Line of the header row. */
  readonly headerAt: At
}

interface ParsedRecord {
  record: string[]
  info: { lines: number; empty_lines: number }
}

/**
 * Parse `text` as CSV with a header row. Ragged rows are kept (short ones padded by the caller's
 * lookups, both reported by `checkLength`); blank lines are skipped. Throws `BookgenError`
 * `<area>/csv-syntax` at the line where the parser stopped.
 */
export function readCsv(text: string, file: string, area: string): CsvTable {
  let parsed: ParsedRecord[]
  try {
    parsed = library().parse(text, {
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: MAX_CSV_RECORD,
    }) as unknown as ParsedRecord[]
  } catch (error) {
    throw csvError(error, file, area)
  }
  const records: CsvRecord[] = []
  let endLine = 0
  let emptyLines = 0
  let headerAt: At = { line: 1, column: 1 }
  let columns: string[] = []
  parsed.forEach(({ record, info }, index) => {
    const at = { line: endLine + 1 + (info.empty_lines - emptyLines), column: 1 }
    endLine = info.lines
    emptyLines = info.empty_lines
    if (index === 0) {
      columns = record.map((name) => name.trim())
      headerAt = at
    } else records.push({ cells: record, at, row: index + 1 })
  })
  return { columns, records, headerAt }
}

function csvError(error: unknown, file: string, area: string): unknown {
  if (!(error instanceof library().CsvError)) return error
  const details = error as CsvErrorType & { lines?: number; records?: number }
  const line = typeof details.lines === 'number' && details.lines > 0 ? details.lines : 1
  const row = typeof details.records === 'number' ? details.records + 1 : undefined
  const reason = error.message.replace(/\s+at line \d+\b/, '').replace(/^[^:]*:\s*/, '')
  return new BookgenError(`Not valid CSV${row === undefined ? '' : ` (row ${row})`}: ${reason}`, {
    rule: `${area}/csv-syntax`,
    file,
    line,
    column: 1,
    cause: error,
  })
}

/** Cell lookup by column name for one table: `cell(record, 'url')` is `''` when the row is short. */
export function columnReader(table: CsvTable): (record: CsvRecord, name: string) => string {
  const index = new Map<string, number>()
  table.columns.forEach((name, position) => {
    const key = name.toLowerCase()
    if (!index.has(key)) index.set(key, position)
  })
  return (record, name) => {
    const position = index.get(name.toLowerCase())
    return position === undefined ? '' : (record.cells[position] ?? '')
  }
}

/**
 * The cells of `record` under columns other than `known` (names compared case-insensitively),
 * and cells past the header's last column (named `column N`, 1-based): what a reader keeps as
 * attributes so that no cell is lost. Empty cells are left out.
 */
export function otherCells(
  table: CsvTable,
  record: CsvRecord,
  known: ReadonlySet<string>,
): Array<[name: string, value: string]> {
  const cells: Array<[string, string]> = []
  record.cells.forEach((value, position) => {
    if (value === '') return
    const name = table.columns[position]
    if (name !== undefined && known.has(name.toLowerCase())) return
    cells.push([name === undefined || name === '' ? `column ${position + 1}` : name, value])
  })
  return cells
}

/**
 * The column names of the first row of `head` (a file's first bytes as text), lower-cased and
 * trimmed, or undefined when that row is not CSV. Only the first line is read: none of the
 * services' header rows has a line break inside a quoted name.
 */
export function csvHeader(head: string): string[] | undefined {
  const end = head.indexOf('\n')
  const line = (end === -1 ? head : head.slice(0, end)).replace(/\r$/, '')
  if (line.trim() === '' || !line.includes(',')) return undefined
  try {
    const [record] = library().parse(line, { relax_quotes: true, relax_column_count: true }) as string[][]
    return record?.map((name) => name.trim().toLowerCase())
  } catch {
    return undefined
  }
}

/** Whether `header` (from `csvHeader`) has every one of `required` (lower-case) columns. */
export function hasColumns(header: readonly string[] | undefined, required: readonly string[]): boolean {
  return header !== undefined && required.every((name) => header.includes(name))
}

// ---- exports where each row is one bookmark ----------------------------------------------
// The header checked, each row mapped by the format, placed in the folder its list or path names,
// every cell the mapping does not read kept as an attribute under its column's name, and rows
// longer or shorter than the header reported.

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

/** The registry entry of a CSV export read by `format`, sniffed by its required columns. */
export function csvEntry(format: CsvFormat, entry: Pick<FormatEntry, 'label' | 'where'>): FormatEntry {
  return {
    name: format.format,
    ...entry,
    sniff: (head) => hasColumns(csvHeader(head.text), format.required),
    read: (input) => readCsvBookmarks(input, format),
  }
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

interface Entry {
  readonly folder: Folder
  readonly children: Map<string, Entry>
}

/**
 * Folders of a flat export, made from each entry's list or folder path as the entries come: a
 * folder is made the first time an entry needs it and placed where that entry is. Top-level
 * folders named in `ordered` come first in that order (Pocket's "Unread" before "Read Archive",
 * whatever the rows' order); the other top-level folders follow in the order they first appear,
 * then the entries that have no folder. Iterative, any depth (`enforceLimits` bounds it later).
 */
export class FolderPaths {
  private readonly top = new Map<string, Entry>()
  private readonly loose: Bookmark[] = []
  private readonly reader: ExportReader
  private readonly ordered: readonly string[]

  constructor(reader: ExportReader, ordered: readonly string[] = []) {
    this.reader = reader
    this.ordered = ordered
  }

  /** Put `bookmark` in the folder at `path` (titles from the top; empty: the root). */
  add(bookmark: Bookmark, path: readonly string[], at: At): void {
    if (path.length === 0) {
      this.loose.push(bookmark)
      return
    }
    let parent: Entry | undefined
    for (const title of path) {
      const level = parent?.children ?? this.top
      let entry = level.get(title)
      if (entry === undefined) {
        entry = { folder: this.reader.folder(title, at), children: new Map() }
        level.set(title, entry)
        parent?.folder.children.push(entry.folder)
      }
      parent = entry
    }
    parent!.folder.children.push(bookmark)
  }

  /** The root's children: the top-level folders in order (see above), then the loose entries. */
  children(): Array<Folder | Bookmark> {
    const first = this.ordered.flatMap((title) => this.top.get(title)?.folder ?? [])
    const rest = [...this.top.entries()]
      .filter(([title]) => !this.ordered.includes(title))
      .map(([, entry]) => entry.folder)
    return [...first, ...rest, ...this.loose]
  }
}
