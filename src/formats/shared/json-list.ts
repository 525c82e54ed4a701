/**
 * JSON exports that are one list of objects (Pinboard, Delicious, GoodLinks): the list parsed
 * once by `parseJsonSource`, each element paired with the line and column where it starts (from
 * one linear scan of the text, since JSON.parse gives no places), and, for sniffers, the keys of
 * the first object in a file's head, read without parsing the (possibly cut) rest.
 */
import { BookgenError } from '../../model/errors.js'
import { createFolder, type Bookmark, type Collection } from '../../model/tree.js'
import { LineIndex } from './line-index.js'
import { ExportReader, Fields, jsonKind, type At } from './service.js'
import { isJsonObject, parseJsonSource } from './json.js'
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
      ruleId: `${area}/not-a-list`,
      file,
      ...start,
    })
  }
  const offsets = elementOffsets(text)
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

/**
 * Offsets of the elements of the top-level list of valid JSON `text`: each is the first
 * character after `[` or a `,` at depth 1, past white space. Strings are skipped whole, so
 * brackets and commas inside them do not count.
 */
function elementOffsets(text: string): number[] {
  const offsets: number[] = []
  let depth = 0
  let expectValue = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue
    if (expectValue && depth === 1 && c !== 0x5d /* ] */) offsets.push(i)
    expectValue = false
    if (c === 0x22 /* " */) i = stringEnd(text, i)
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++
      if (depth === 1) expectValue = true
    } else if (c === 0x5d || c === 0x7d /* } */) depth--
    else if (c === 0x2c /* , */ && depth === 1) expectValue = true
  }
  return offsets
}

/** Offset of the closing quote of the string whose opening quote is at `start` (or the end). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x5c /* \ */) i++
    else if (c === 0x22) return i
  }
  return text.length
}

/**
 * The keys of the first object of a top-level JSON list in `head` (a file's first bytes; the
 * rest may be cut off), or undefined when the head does not start that way. Keys of nested
 * objects are not included.
 */
export function firstObjectKeys(head: string): Set<string> | undefined {
  const start = /^\s*\[\s*\{/.exec(head)
  if (start === null) return undefined
  const keys = new Set<string>()
  let depth = 1
  let i = start[0].length
  let expectKey = true
  while (i < head.length && depth > 0) {
    const c = head.charCodeAt(i)
    if (c === 0x22) {
      const end = stringEnd(head, i)
      if (depth === 1 && expectKey) keys.add(head.slice(i + 1, end))
      expectKey = false
      i = end + 1
      continue
    }
    if (c === 0x5b || c === 0x7b) depth++
    else if (c === 0x5d || c === 0x7d) depth--
    else if (c === 0x2c && depth === 1) expectKey = true
    i++
  }
  return keys
}
