/**
 * Reading JSON exports field by field into the model, for the self-hosted managers' readers: each
 * object's fields are taken by name with the type the format gives them; a field of the wrong type,
 * a date that cannot be read, and every field no typed model field takes are kept in the item's
 * `attributes` (strings as written, anything else as JSON), so nothing is lost, and each repair is
 * a warning placed at the field (`file:line:col`, found lazily by `json-scan.ts`).
 */
import { createRecord, type Bookmark, type Collection, type Folder, type Place } from '../../model/tree.js'
import { parseIsoInstant, type DateResult } from './dates.js'
import { decodeWarnings, type DecodedText } from './decode.js'
import { enforceLimits, LIMITS, WarningCollector } from './limits.js'
import { LineIndex } from './line-index.js'
import { memberOffset } from './json-scan.js'
import { attributeValue } from './json.js'

/** The warnings and places of one JSON source file. */
export class JsonSource {
  readonly file: string
  readonly text: string
  /** The rule area: `linkding`, `linkwarden`. */
  readonly area: string
  private readonly collector: WarningCollector
  private readonly counts = new Map<string, number>()
  private lines: LineIndex | undefined

  constructor(file: string, text: string, area: string) {
    this.file = file
    this.text = text
    this.area = area
    this.collector = new WarningCollector(file)
  }

  /** The place of `offset` in the text. */
  place(offset: number): Place {
    this.lines ??= new LineIndex(this.text)
    return { file: this.file, ...this.lines.locate(offset) }
  }

  /**
   * Warn `<area>/<problem>` at the offset `where` gives. `where` is only called for warnings the
   * collector keeps, so that a file with a million bad values is not searched a million times.
   */
  warn(where: () => number | undefined, problem: string, message: string): void {
    const rule = `${this.area}/${problem}`
    const count = (this.counts.get(rule) ?? 0) + 1
    this.counts.set(rule, count)
    const offset = count <= LIMITS.warningsPerRule ? where() : undefined
    const place = offset === undefined ? { line: 1, column: 1 } : this.place(offset)
    this.collector.add(place.line, place.column, rule, message)
  }

  /** The warnings so far (and the summaries of rules that had too many). */
  finish(): ReturnType<WarningCollector['finish']> {
    return this.collector.finish()
  }
}

/** What a JSON value is, in words: `a number`, `a list`, … */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'number') return 'a number'
  return typeof value === 'boolean' ? 'true or false' : typeof value
}

/** The fields of one JSON object on their way into a bookmark or folder. */
export class JsonFields {
  readonly source: JsonSource
  readonly value: Readonly<Record<string, unknown>>
  /** Offset of the object's `{` in the text. */
  readonly offset: number
  private readonly taken = new Set<string>()
  private readonly kept = new Map<string, string>()

  constructor(source: JsonSource, value: Readonly<Record<string, unknown>>, offset: number) {
    this.source = source
    this.value = value
    this.offset = offset
  }

  /** The place of the object. */
  place(): Place {
    return this.source.place(this.offset)
  }

  /** The raw value of own member `key` (never an inherited one such as `constructor`), marked as used. */
  take(key: string): unknown {
    this.taken.add(key)
    return Object.hasOwn(this.value, key) ? this.value[key] : undefined
  }

  /**
   * Keep member `key` in the attributes as it was written (a string as it is, else as JSON); but
   * for null and `""`, which mean "no value".
   */
  keep(key: string): void {
    this.taken.add(key)
    const value = Object.hasOwn(this.value, key) ? this.value[key] : undefined
    if (value !== undefined && value !== null && value !== '') this.kept.set(key, keptText(value))
  }

  /** Warn at member `key` of this object. */
  warnAt(key: string | undefined, problem: string, message: string): void {
    this.source.warn(
      () =>
        key === undefined ? this.offset : (memberOffset(this.source.text, this.offset, key) ?? this.offset),
      problem,
      message,
    )
  }

  /** A string member; null and absence are undefined; another type is kept and warned about. */
  string(key: string): string | undefined {
    const value = this.take(key)
    if (value === undefined || value === null || typeof value === 'string') return value ?? undefined
    this.wrongType(key, value, 'a string')
    return undefined
  }

  /** A true/false member; null and absence are undefined; another type is kept and warned about. */
  boolean(key: string): boolean | undefined {
    const value = this.take(key)
    if (value === undefined || value === null || typeof value === 'boolean') return value ?? undefined
    this.wrongType(key, value, 'true or false')
    return undefined
  }

  /** A list member; null and absence are undefined; another type is kept and warned about. */
  list(key: string): readonly unknown[] | undefined {
    const value = this.take(key)
    if (value === undefined || value === null) return undefined
    if (Array.isArray(value)) return value
    this.wrongType(key, value, 'a list')
    return undefined
  }

  /** An id (a number or a string) as text; another type is kept and warned about. */
  id(key: string): string | undefined {
    const value = this.take(key)
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
      return String(value)
    if (value !== undefined && value !== null) this.wrongType(key, value, 'a number or a string')
    return undefined
  }

  /**
   * An ISO 8601 date member as an instant. A date that cannot be read (or is absurd) is kept as
   * written in the attributes, with a warning.
   */
  date(key: string, parse: (raw: string) => DateResult = parseIsoInstant): number | undefined {
    const raw = this.string(key)
    if (raw === undefined || raw.trim() === '') return undefined
    const result = parse(raw)
    if (!result.ok) {
      this.keep(key)
      this.warnAt(key, 'invalid-date', `${key}: ${result.reason}; kept it as written, without a date`)
      return undefined
    }
    if (result.note !== undefined) this.warnAt(key, 'nonstandard-date', `${key}: ${result.note}`)
    return result.value
  }

  /**
   * Put the kept members and every member not taken into `item`'s attributes, in the object's
   * order; but for null and `""`, which these exports write for "no value".
   */
  finishInto(item: Folder | Bookmark): void {
    for (const key of Object.keys(this.value)) {
      const kept = this.kept.get(key)
      const value = this.value[key]
      if (kept === undefined && (this.taken.has(key) || value === null || value === '')) continue
      item.attributes ??= createRecord()
      item.attributes[key] = kept ?? keptText(value)
    }
  }

  private wrongType(key: string, value: unknown, expected: string): void {
    this.keep(key)
    this.warnAt(
      key,
      'wrong-type',
      `${key} should be ${expected}, found ${jsonKind(value)}; kept it as written`,
    )
  }
}

/** A JSON value as an attribute: a string as it is, anything else as compact JSON, however long. */
function keptText(value: unknown): string {
  return attributeValue(value, Infinity) ?? ''
}

/** The collection read from a JSON source: decoding warnings first, then the reader's; limits enforced. */
export function jsonCollection(
  format: string,
  source: JsonSource,
  decoded: DecodedText,
  root: Folder,
): Collection {
  const collection: Collection = {
    format,
    file: source.file,
    encoding: decoded.encoding,
    title: root.title,
    root,
    warnings: [...decodeWarnings(decoded, source.file), ...source.finish()],
  }
  enforceLimits(collection)
  return collection
}

/** Offset of the first character that is not white space (the text's length if there is none). */
export function firstValueOffset(text: string): number {
  return text.search(/\S|$/)
}
