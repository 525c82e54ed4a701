/**
 * JSON exports that are one list of objects (Pinboard, Delicious, GoodLinks): the list parsed
 * once by `parseJsonSource`, each element paired with the line and column where it starts (from
 * one linear scan of the text, since JSON.parse gives no places: `json-scan.ts`).
 */
import { BookgenError } from '../../model/errors.js'
import { createFolder, type Bookmark, type Collection } from '../../model/tree.js'
import { LineIndex } from './line-index.js'
import { ExportReader, Fields, jsonKind, type At } from './service.js'
import { isJsonObject, parseJsonSource } from './json.js'
import { scanJsonValues } from './json-scan.js'
import type { SourceInput } from '../types.js'

/** One element of the list and where it starts. */
export interface JsonListItem {
  readonly value: unknown
  readonly at: At
}

/**
 * Parse `text` as a JSON list. Throws `BookgenError` `<area>/syntax` for text that is not JSON and
 * `<area>/not-a-list` for JSON that is not a list.
 */
export function readJsonList(text: string, file: string, area: string): JsonListItem[] {
  const value = parseJsonSource(text, file, `${area}/syntax`)
  const lines = new LineIndex(text)
  if (!Array.isArray(value)) {
    const start = lines.locate(text.search(/\S|$/))
    throw new BookgenError(`Expected a list ([…]) of bookmarks; the file holds ${jsonKind(value)}`, {
      rule: `${area}/not-a-list`,
      file,
      ...start,
    })
  }
  const offsets: number[] = []
  const element = (path: readonly unknown[], offset: number): void => {
    if (path.length === 1) offsets.push(offset)
  }
  scanJsonValues(text, element, { maxDepth: 1 })
  return value.map((item: unknown, index) => ({
    value: item,
    at: lines.locate(offsets[index] ?? 0),
  }))
}

/** What a JSON list format is: its name, rule area and title, and how one object becomes a bookmark. */
export interface JsonListFormat {
  readonly format: string
  readonly area: string
  readonly title: string
  bookmark(reader: ExportReader, fields: Fields): Bookmark
}

/**
 * Read a JSON list export: each object one bookmark, in file order, at the root. An element that
 * is not an object is skipped with a warning.
 */
export function readJsonBookmarks(input: SourceInput, format: JsonListFormat): Collection {
  const decoded = input.text()
  const reader = new ExportReader(input.file, format.area)
  reader.noteDecoding(decoded)
  const root = createFolder()
  for (const { value, at } of readJsonList(decoded.text, input.file, format.area)) {
    if (isJsonObject(value)) root.children.push(format.bookmark(reader, new Fields(reader, value, at)))
    else reader.warn(at, 'not-an-object', `Expected a bookmark object, found ${jsonKind(value)}; skipped`)
  }
  return reader.finish(format.format, format.title, root, decoded.encoding)
}
