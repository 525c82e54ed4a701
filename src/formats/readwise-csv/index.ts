/**
 * Readwise Reader's CSV export: `Title,URL,ID,Document tags,Saved date,Reading progress,Location,
 * Seen`.
 *
 * Mapping: `Location` → a folder titled with it as written (`new`, `later`, `shortlist`,
 * `archive`, `feed`; empty → the root), the items of `new`, `later` and `shortlist` also
 * `toRead: true` (see `read-state.ts`); `Document tags`, a Python list (`["don't", 'a, b']`) →
 * tags (the `favorite` tag, Reader's star, stays a tag); `Saved date` (`2022-12-05 12:42:10+00:00`)
 * → added; `Title`, `URL`; `ID`, `Reading progress`, `Seen` and other columns are kept as
 * attributes when not empty. A tag cell that is not such a list is kept as an attribute.
 */
import { normalizeTags } from '../../model/tree.js'
import { csvEntry, type CsvFormat, type CsvRow } from '../shared/csv.js'
import { isReaderUnread } from '../shared/read-state.js'
import type { ExportReader } from '../shared/service.js'

const READWISE_CSV: CsvFormat = {
  format: 'readwise-csv',
  area: 'readwise',
  title: 'Readwise Reader',
  required: ['title', 'url', 'document tags', 'saved date', 'location'],
  known: new Set(['title', 'url', 'document tags', 'saved date', 'location']),
  row(reader: ExportReader, row: CsvRow) {
    const bookmark = reader.bookmark(row.at, row.cell('title'), row.cell('url'))
    const added = reader.date(row.at, 'Saved date', row.cell('saved date'), 'iso')
    if (added !== undefined) bookmark.added = added
    const cell = row.cell('document tags')
    const tags = cell.trim() === '' ? [] : pythonList(cell)
    if (tags !== undefined) bookmark.tags = normalizeTags(tags)
    else {
      reader.warn(
        row.at,
        'invalid-tags',
        'Document tags is not a list such as [\'a\', "b"]; kept as an attribute',
      )
      reader.attribute(bookmark, 'Document tags', cell)
    }
    const location = row.cell('location').trim()
    if (isReaderUnread(location)) bookmark.toRead = true
    return { bookmark, path: location === '' ? [] : [location] }
  },
}

/**
 * The strings of a Python list's text (`['a', "b's"]`, as `repr` writes it: items quoted with `'`
 * or `"`, backslash escapes), or undefined when the text is not one.
 */
export function pythonList(text: string): string[] | undefined {
  const items: string[] = []
  let at = skipSpace(text, 0)
  if (text[at] !== '[') return undefined
  at = skipSpace(text, at + 1)
  if (text[at] === ']') return skipSpace(text, at + 1) === text.length ? items : undefined
  for (;;) {
    const quote = text[at]
    if (quote !== "'" && quote !== '"') return undefined
    let value = ''
    let i = at + 1
    for (; i < text.length && text[i] !== quote; i++) value += text[i] === '\\' ? (text[++i] ?? '') : text[i]
    if (i >= text.length) return undefined
    items.push(value)
    at = skipSpace(text, i + 1)
    if (text[at] === ']') return skipSpace(text, at + 1) === text.length ? items : undefined
    if (text[at] !== ',') return undefined
    at = skipSpace(text, at + 1)
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++
  return at
}

export const readwiseCsv = csvEntry(READWISE_CSV, {
  label: 'Readwise Reader CSV export',
  where: 'Readwise Reader: Preferences → Export library (CSV).',
})
