/**
 * What the readers of browsers' JSON bookmark trees share (Chromium's `Bookmarks`, Firefox's
 * backups): the file decoded as JSON text (an empty one is an empty collection), the objects of
 * the parsed tree placed along the paths the reader names (`jsonOffsets`), warnings at those
 * places, and values the model has no field for kept as attributes.
 */
import { BookgenError } from '../../model/errors.js'
import { createRecord, type Bookmark, type Collection, type Folder, type Place } from '../../model/tree.js'
import { attributeValue, decodeJsonBytes } from './json.js'
import { emptyCollection } from './text-source.js'
import { jsonOffsets, type Descend } from './json-scan.js'
import { LineIndex } from './line-index.js'
import { WarningCollector } from './limits.js'

/**
 * Decode `bytes` as JSON text and read it with `read`; the decoding warnings come first. A file
 * that is empty or only white space is the empty collection.
 */
export function readJsonText(
  bytes: Uint8Array,
  file: string,
  format: string,
  area: string,
  read: (text: string, encoding: string) => Collection,
): Collection {
  const { text, encoding, warnings } = decodeJsonBytes(bytes, file, area)
  if (text.trim() === '') return emptyCollection(format, file, encoding)
  const collection = read(text, encoding)
  collection.warnings.unshift(...warnings)
  return collection
}

/** A reader of one parsed JSON tree, whose warnings are placed at the objects they concern. */
export class JsonTreeReader {
  protected readonly text: string
  protected readonly file: string
  protected readonly value: unknown
  protected readonly offsets: Map<object, number>
  /** The rule area: `chrome`, `firefox`. */
  private readonly area: string
  private readonly collector: WarningCollector
  private lines: LineIndex | undefined

  constructor(text: string, file: string, value: unknown, area: string, topRole: string, descend: Descend) {
    this.text = text
    this.file = file
    this.value = value
    this.area = area
    this.offsets = jsonOffsets(text, value, topRole, descend)
    this.collector = new WarningCollector(file)
  }

  /** The collection read into `root`, with the warnings so far. */
  protected collection(format: string, encoding: string, root: Folder): Collection {
    return { format, file: this.file, encoding, title: '', root, warnings: this.collector.finish() }
  }

  /** The error `<area>/not-bookmarks`, placed where the document starts. */
  protected notBookmarks(message: string): BookgenError {
    const start = this.text.search(/\S|$/)
    return new BookgenError(message, {
      rule: `${this.area}/not-bookmarks`,
      file: this.file,
      ...this.lineIndex().locate(start),
    })
  }

  /** Keep `value` as the attribute `key` of `target`; one too long to keep is left out, with a warning. */
  protected keep(target: Folder | Bookmark, key: string, value: unknown, owner: object): void {
    const text = attributeValue(value)
    if (text === undefined) {
      this.warn(owner, `${this.area}/value-too-long`, `The value of "${key}" is too long to keep; left out`)
      return
    }
    target.attributes ??= createRecord()
    target.attributes[key] = text
  }

  protected setPlace(target: { place?: Place }, item: object): void {
    const place = this.place(item)
    if (place !== undefined) target.place = place
  }

  protected place(item: object): Place | undefined {
    const offset = this.offsets.get(item)
    if (offset === undefined) return undefined
    return { file: this.file, ...this.lineIndex().locate(offset) }
  }

  protected warn(item: object, rule: string, message: string): void {
    const place = this.place(item)
    this.collector.add(place?.line ?? 1, place?.column ?? 1, rule, message)
  }

  private lineIndex(): LineIndex {
    this.lines ??= new LineIndex(this.text)
    return this.lines
  }
}
