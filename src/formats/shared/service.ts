/**
 * What the readers of bookmarking services' exports (Pocket, Pinboard, Instapaper, Raindrop.io,
 * Delicious, GoodLinks, Readwise) share: one `ExportReader` per file that makes placed bookmarks,
 * reads dates with the source's unit, keeps every field no model field takes as an attribute,
 * collects warnings under the format's rule area, and finishes the collection (decoding warnings
 * placed, limits enforced); and the reading of the exports that are one JSON list of objects.
 */
import { BookgenError } from '../../model/errors.js'
import {
  createBookmark,
  createFolder,
  createRecord,
  normalizeTags,
  type Bookmark,
  type Collection,
  type Folder,
  type Place,
} from '../../model/tree.js'
import { cleanHref, hrefNote } from '../../model/urls.js'
import { parseEpochDate, parseW3cDate, type DateResult } from './dates.js'
import type { DecodedText } from './decode.js'
import { enforceLimits, WarningCollector } from './limits.js'
import { LineIndex } from './line-index.js'
import { dataTitle } from './titles.js'
import { isJsonObject, parseJsonSource } from './json.js'
import { findJsonOffsets, firstObjectKeys } from './json-scan.js'
import type { FormatEntry, SourceInput } from '../types.js'

/** A place in the source text (1-based line and column), in `file` when not the reader's own (a zip member). */
export interface At {
  readonly line: number
  readonly column: number
  readonly file?: string
}

/** How a date field is written: epoch seconds (any unit by magnitude, as Netscape) or ISO 8601 text. */
export type DateForm = 'epoch' | 'iso'

/** Deepest JSON value kept as an attribute's text; deeper ones are left out with a warning. */
export const MAX_ATTRIBUTE_JSON_DEPTH = 64

/** The state of reading one export file. */
export class ExportReader {
  readonly file: string
  /** The rule area: `pocket`, `pinboard`… (`<area>/<problem>`). */
  readonly area: string
  /** Warnings by file: the reader's own first, then each zip member's. */
  private readonly collectors = new Map<string, WarningCollector>()

  constructor(file: string, area: string) {
    this.file = file
    this.area = area
    this.collectors.set(file, new WarningCollector(file))
  }

  /** A warning `<area>/<problem>` at `at`. */
  warn(at: At, problem: string, message: string): void {
    this.collector(at.file ?? this.file).add(at.line, at.column, `${this.area}/${problem}`, message)
  }

  place(at: At): Place {
    return { file: at.file ?? this.file, line: at.line, column: at.column }
  }

  /**
   * A bookmark placed at `at`, its title as the export has it (only trimmed: see `dataTitle`) and
   * its URL cleaned (`cleanHref`). An empty or missing URL is a repair: the entry is kept without
   * one (its title and notes may still be worth having), with a warning. A URL that is relative or
   * no URL at all is kept as written, with the note the Netscape reader gives about such an HREF.
   */
  bookmark(at: At, title: string, href: string | undefined): Bookmark {
    const url = href === undefined ? '' : cleanHref(href)
    const bookmark = createBookmark(dataTitle(title), url === '' ? undefined : url)
    bookmark.place = this.place(at)
    if (url === '') {
      this.warn(
        at,
        'missing-url',
        `An entry${title === '' ? '' : ` ("${title}")`} has no URL; kept without one`,
      )
    } else {
      const note = hrefNote(url, 'URL')
      if (note !== undefined) this.warn(at, note.problem, note.message)
    }
    return bookmark
  }

  /** A folder placed at `at`, open (`folded: false`) as a service's lists are. */
  folder(title: string, at: At): Folder {
    const folder = createFolder(dataTitle(title))
    folder.folded = false
    folder.place = this.place(at)
    return folder
  }

  /**
   * A date field's instant, or undefined (with a warning) when it is empty-but-present as `0`,
   * negative, absurd or not a date. An empty value is no date, silently.
   */
  date(at: At, field: string, raw: unknown, form: DateForm): number | undefined {
    if (raw === undefined || raw === null || raw === '') return undefined
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      this.warn(at, 'invalid-date', `${field} is ${jsonKind(raw)}, not a date; left out`)
      return undefined
    }
    const text = typeof raw === 'number' ? numberText(raw) : raw
    const result: DateResult = form === 'epoch' ? parseEpochDate(text) : parseW3cDate(text)
    if (!result.ok) {
      this.warn(at, 'invalid-date', `${field} is not usable (${result.reason}); left out`)
      return undefined
    }
    if (result.note !== undefined) this.warn(at, 'date-read-loosely', `${field}: ${result.note}`)
    return result.value
  }

  /**
   * Keep a source field as an attribute, named as the source wrote it: text as it is, any other
   * JSON value as JSON text. `undefined` is nothing to keep.
   */
  attribute(item: Bookmark | Folder, key: string, value: unknown, at?: At): void {
    if (value === undefined) return
    let text: string
    if (typeof value === 'string') text = value
    else if (jsonDepth(value) > MAX_ATTRIBUTE_JSON_DEPTH) {
      if (at !== undefined)
        this.warn(at, 'too-deep', `${key} nests deeper than ${MAX_ATTRIBUTE_JSON_DEPTH} levels; left out`)
      return
    } else text = JSON.stringify(value)
    item.attributes ??= createRecord()
    item.attributes[key] = text
  }

  /**
   * Report what decoding `decoded` (the text of `file`) found, placed in that text: called before
   * the text is read, so these come first.
   */
  noteDecoding(decoded: DecodedText, file = this.file): void {
    if (decoded.warnings.length === 0) return
    const lines = new LineIndex(decoded.text)
    for (const { offset, rule, message } of decoded.warnings) {
      const { line, column } = lines.locate(offset)
      this.collector(file).add(line, column, rule, message)
    }
  }

  /**
   * The collection, finished: `LIMITS` enforced. The root's title is the collection's title, as a
   * Netscape file's `<H1>` repeats its `<TITLE>`.
   */
  finish(format: string, title: string, root: Folder, encoding: string): Collection {
    root.title = title
    const collection: Collection = {
      format,
      file: this.file,
      encoding,
      title,
      root,
      warnings: [...this.collectors.values()].flatMap((collector) => collector.finish()),
    }
    enforceLimits(collection)
    return collection
  }

  private collector(file: string): WarningCollector {
    let collector = this.collectors.get(file)
    if (collector === undefined) this.collectors.set(file, (collector = new WarningCollector(file)))
    return collector
  }
}

/** Split a tag list on `separator` (a string or pattern), trimmed, empty and repeated tags dropped. */
export function splitTags(value: string, separator: string | RegExp): string[] {
  return value === '' ? [] : normalizeTags(value.split(separator))
}

/** `yes`/`no` flags as Pinboard and Delicious write them; undefined for anything else. */
export function yesNo(value: unknown): boolean | undefined {
  if (value === 'yes') return true
  if (value === 'no') return false
  return undefined
}

/** A JSON value's kind, for messages: `a number`, `an object`… */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  switch (typeof value) {
    case 'string':
      return 'text'
    case 'number':
      return 'a number'
    case 'boolean':
      return `${String(value)}`
    case 'object':
      return 'an object'
    default:
      return typeof value
  }
}

/** A number as decimal text without an exponent where it is an integer (1e21 stays as JSON writes it). */
function numberText(value: number): string {
  return Number.isSafeInteger(value) ? value.toFixed(0) : String(value)
}

/** How deep a JSON value nests (a scalar is 0), counted iteratively up to just past the limit. */
export function jsonDepth(value: unknown): number {
  let deepest = 0
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (typeof next.value !== 'object' || next.value === null) continue
    const depth = next.depth + 1
    if (depth > deepest) deepest = depth
    if (deepest > MAX_ATTRIBUTE_JSON_DEPTH) return deepest
    for (const child of Object.values(next.value)) stack.push({ value: child, depth })
  }
  return deepest
}

/**
 * The fields of one JSON object (or XML element's attributes) being mapped onto a bookmark: each
 * field a mapping reads is marked used, and `keepRest` keeps every other one as an attribute, so
 * that a field no model field takes, or one of the wrong type, is never lost.
 */
export class Fields {
  readonly values: Readonly<Record<string, unknown>>
  readonly at: At
  private readonly reader: ExportReader
  private readonly used = new Set<string>()

  constructor(reader: ExportReader, values: Readonly<Record<string, unknown>>, at: At) {
    this.reader = reader
    this.values = values
    this.at = at
  }

  has(key: string): boolean {
    return Object.hasOwn(this.values, key)
  }

  /** A field as text: a string as it is, a number as its digits; absent or null is undefined. */
  text(key: string): string | undefined {
    if (!this.has(key)) return undefined
    const value = this.values[key]
    if (typeof value === 'string' || typeof value === 'number' || value === null) this.used.add(key)
    if (typeof value === 'string') return value
    if (typeof value === 'number') return numberText(value)
    if (value !== null) this.wrongType(key, 'text', value)
    return undefined
  }

  /** A field that is a list of text (or undefined); a list holding anything else is kept as it is. */
  list(key: string): string[] | undefined {
    if (!this.has(key)) return undefined
    const value = this.values[key]
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      this.used.add(key)
      return value
    }
    if (value === null) this.used.add(key)
    else this.wrongType(key, 'a list of text', value)
    return undefined
  }

  /** A date field (see `ExportReader.date`); a value that is not one is left out, with a warning. */
  date(key: string, form: DateForm): number | undefined {
    if (!this.has(key)) return undefined
    this.used.add(key)
    return this.reader.date(this.at, key, this.values[key], form)
  }

  /**
   * A flag field, read by `read` (`true`/`false`, or undefined for a value it does not know, which
   * is kept as an attribute with a warning).
   */
  flag(key: string, read: (value: unknown) => boolean | undefined): boolean | undefined {
    if (!this.has(key) || this.values[key] === null) return undefined
    const value = read(this.values[key])
    if (value === undefined)
      this.reader.warn(
        this.at,
        'unknown-value',
        `${key} is ${JSON.stringify(this.values[key])}, which bookgen does not know; kept as an attribute`,
      )
    else this.used.add(key)
    return value
  }

  /** Keep every field not read as an attribute of `item`, under its own name. */
  keepRest(item: Bookmark | Folder): void {
    for (const [key, value] of Object.entries(this.values)) {
      if (!this.used.has(key) && value !== null) this.reader.attribute(item, key, value, this.at)
    }
  }

  private wrongType(key: string, expected: string, value: unknown): void {
    this.reader.warn(
      this.at,
      'wrong-type',
      `${key} should be ${expected}, not ${jsonKind(value)}; kept as an attribute`,
    )
  }
}

// ---- JSON lists: Pinboard, Delicious, GoodLinks --------------------------------------------

/**
 * What a JSON list format is: its rule area and title, which keys of the list's first object
 * claim a file, and how one object becomes a bookmark.
 */
export interface JsonListFormat {
  readonly area: string
  readonly title: string
  claims(keys: ReadonlySet<string>): boolean
  bookmark(reader: ExportReader, fields: Fields): Bookmark
}

/** The registry entry of a JSON list export read by `format`. */
export function jsonListEntry(
  entry: Pick<FormatEntry, 'name' | 'label' | 'where'>,
  format: JsonListFormat,
): FormatEntry {
  return {
    ...entry,
    sniff(head) {
      const keys = firstObjectKeys(head.text)
      return keys !== undefined && format.claims(keys)
    },
    read: (input) => readJsonBookmarks(input, entry.name, format),
  }
}

/**
 * Read a JSON list export: each object one bookmark, in file order, at the root. Text that is not
 * JSON is `<area>/syntax`, JSON that is not a list `<area>/not-a-list`; an element that is not an
 * object is skipped with a warning.
 */
function readJsonBookmarks(input: SourceInput, name: string, format: JsonListFormat): Collection {
  const decoded = input.text()
  const { text } = decoded
  const reader = new ExportReader(input.file, format.area)
  reader.noteDecoding(decoded)
  const list = parseJsonSource(text, input.file, `${format.area}/syntax`)
  const lines = new LineIndex(text)
  if (!Array.isArray(list)) {
    throw new BookgenError(`Expected a list ([…]) of bookmarks; the file holds ${jsonKind(list)}`, {
      rule: `${format.area}/not-a-list`,
      file: input.file,
      ...lines.locate(text.search(/\S|$/)),
    })
  }
  const offsets = findJsonOffsets(text, [['*']])[0]!
  const root = createFolder()
  list.forEach((value: unknown, index) => {
    const at = lines.locate(offsets.get(String(index)) ?? 0)
    if (isJsonObject(value)) root.children.push(format.bookmark(reader, new Fields(reader, value, at)))
    else reader.warn(at, 'not-an-object', `Expected a bookmark object, found ${jsonKind(value)}; skipped`)
  })
  return reader.finish(name, format.title, root, decoded.encoding)
}
