/**
 * The search index's filter files: what the query operators (`#tag`, `site:`, `folder:`,
 * `after:`/`before:`, `is:`) and the facets read of every document, one file per kind, so that a
 * query downloads only the kinds it uses (`templates/default/search-engine.js` reads them):
 *
 * - `tags.json`: `{names, parts}`, every tag as written, sorted, and the index of the first name of
 *   each part: `tags-<N>.json` is `{docs}`, the documents of the names of part N (each name's as
 *   gaps from -1, in the digits of a term's postings: `POSTING_DIGITS`, search-terms.js), parts
 *   of about {@link PART_BYTES}, so `#tag` downloads the names and one part;
 * - `hosts.json` and `hosts-<N>.json`: the same for hosts (lower case, without `www.`);
 * - `folders.json`: `{names, parents, runs}`, each folder's name and its parent's index (-1 for the
 *   top level), and the documents' folders as runs `[folder, count, …]` (documents come folder by
 *   folder, so a folder and the folders below it hold one range of documents);
 * - `dates.json`: `{first, days}`, each document's day added (days since 1970-01-01 UTC, less
 *   `first`; -1 without a date), in the digits of a term's postings, for `after:`/`before:` to
 *   the month or the day;
 * - `years.json`: `{first, years}`, each document's year added as one character of `years` (its
 *   offset from `first` in {@link YEAR_DIGITS}, a space without a date): what the year facets and
 *   `after:`/`before:` of whole years read, a fraction of `dates.json`; `years` is null when the
 *   years span more than there are digits;
 * - `flags.json`: per flag the site publishes (`toread`; `dead` after `bookgen check`), its documents.
 */
import type { SearchIndexInput } from './input.js'
import { serializeJson } from '../../model/json.js'
import { AsciiWriter } from './postings.js'
import { splitHref } from './urls.js'

/** The filter files, by kind (the file is `<kind>.json`, with parts `<kind>-<N>.json` for tags and hosts). */
export const FILTER_KINDS = ['tags', 'hosts', 'folders', 'dates', 'years', 'flags'] as const

/**
 * The digits of `years.json`: printable ASCII that JSON writes as it is (no `"` or `\`), offset 0
 * first. Kept in step with search-engine.js.
 */
export const YEAR_DIGITS = Array.from({ length: 127 - 35 }, (_, index) => String.fromCharCode(35 + index))
  .filter((digit) => digit !== '\\')
  .join('')

export type FilterKind = (typeof FILTER_KINDS)[number]

export interface FilterFiles {
  /** Flags the site publishes, for `is:`. */
  flags: string[]
  /** Bytes of the files the facets read (tags, hosts, folders, years), before compression. */
  facetBytes: number
  /** Each file's name (without `.json`) and contents, with the kind it belongs to. */
  files: Array<{ kind: FilterKind; name: string; contents: string }>
}

const DAY = 86_400_000

/** Every filter file of the documents of `input`. */
export function filterFiles(input: SearchIndexInput): FilterFiles {
  const { documents } = input
  const tags = new Map<string, number[]>()
  const hosts = new Map<string, number[]>()
  const toRead: number[] = []
  const days = new Array<number>(documents.length)
  const runs: number[] = []
  let first = Infinity
  for (let id = 0; id < documents.length; id++) {
    const { bookmark, folder } = documents[id]!
    for (const tag of bookmark.tags) push(tags, tag, id)
    const host = bookmark.href === undefined ? '' : splitHref(bookmark.href).host
    if (host !== '') push(hosts, host, id)
    if (bookmark.toRead === true) toRead.push(id)
    const added = bookmark.added
    const day = added === undefined || !Number.isFinite(added) ? -1 : Math.floor(added / DAY)
    days[id] = day
    if (day >= 0 && day < first) first = day
    if (runs.length > 0 && runs[runs.length - 2] === folder) runs[runs.length - 1]!++
    else runs.push(folder, 1)
  }
  if (first === Infinity) first = 0
  for (let id = 0; id < days.length; id++) if (days[id]! >= 0) days[id]! -= first
  const dead = [...(input.dead ?? [])]
  const flags = [...(toRead.length > 0 ? ['toread'] : []), ...(dead.length > 0 ? ['dead'] : [])]
  const files: FilterFiles['files'] = [
    ...invertedFiles('tags', tags),
    ...invertedFiles('hosts', hosts),
    {
      kind: 'folders',
      name: 'folders',
      contents: serializeJson({
        names: input.folders.map((entry) => entry.name),
        parents: input.folders.map((entry) => entry.parent ?? -1),
        runs,
      }),
    },
    { kind: 'dates', name: 'dates', contents: `{"first":${first},"days":${digits(days)}}` },
    { kind: 'years', name: 'years', contents: yearsJson(days, first) },
    {
      kind: 'flags',
      name: 'flags',
      contents: `{"toread":[${gaps(toRead)}]${dead.length > 0 ? `,"dead":[${gaps(dead)}]` : ''}}`,
    },
  ]
  let facetBytes = 0
  for (const file of files) if (FACET_KINDS.has(file.kind)) facetBytes += Buffer.byteLength(file.contents)
  return { flags, facetBytes, files }
}

/** The files the facets read. */
const FACET_KINDS = new Set<FilterKind>(['tags', 'hosts', 'folders', 'years'])

/** `years.json` of the documents' days (offsets from `first`, -1 for none). */
function yearsJson(days: readonly number[], first: number): string {
  const yearOf = (day: number): number => new Date((day + first) * DAY).getUTCFullYear()
  let firstYear = Infinity
  let lastYear = -Infinity
  for (const day of days) {
    if (day < 0) continue
    const year = yearOf(day)
    if (year < firstYear) firstYear = year
    if (year > lastYear) lastYear = year
  }
  if (firstYear === Infinity) firstYear = lastYear = 1970
  if (lastYear - firstYear >= YEAR_DIGITS.length) return `{"first":${firstYear},"years":null}`
  let years = ''
  for (const day of days) years += day < 0 ? ' ' : YEAR_DIGITS[yearOf(day) - firstYear]!
  return `{"first":${firstYear},"years":${JSON.stringify(years)}}`
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [id])
  else list.push(id)
}

/** Target size of a part of the tags' or hosts' documents, before compression. */
export const PART_BYTES = 32 * 1024

/**
 * `<kind>.json`, `{names, parts}`: the keys, sorted, and where each part starts; and the parts,
 * `<kind>-<N>.json`, `{docs}`: each key's documents as gaps.
 */
function invertedFiles(kind: 'tags' | 'hosts', map: ReadonlyMap<string, number[]>): FilterFiles['files'] {
  const names = [...map.keys()].sort()
  const parts: number[] = []
  const files: FilterFiles['files'] = []
  let lists: string[] = []
  let bytes = 0
  const close = (): void => {
    files.push({ kind, name: `${kind}-${files.length}`, contents: `{"docs":[${lists.join(',')}]}` })
    lists = []
    bytes = 0
  }
  names.forEach((name, index) => {
    const list = digits(gapList(map.get(name)!))
    if (bytes > 0 && bytes + list.length > PART_BYTES) close()
    if (lists.length === 0) parts.push(index)
    lists.push(list)
    bytes += list.length + 1
  })
  if (lists.length > 0) close()
  return [
    { kind, name: kind, contents: `{"names":${serializeJson(names)},"parts":[${parts.join(',')}]}` },
    ...files,
  ]
}

/** Numbers as a JSON string of the digits of a term's postings (`decodePostings` reads them). */
function digits(numbers: readonly number[]): string {
  // One writer for every list: a new one each time zeroed 64 KiB per host, tag and year.
  const out = digitsWriter
  out.clear()
  out.byte(QUOTE)
  for (const number of numbers) out.posting(number)
  out.byte(QUOTE)
  return out.text()
}

const QUOTE = 0x22
const digitsWriter = new AsciiWriter(1 << 12)

/** Ascending ids as the gaps between them, the first from -1. */
function gapList(ids: readonly number[]): number[] {
  let previous = -1
  return ids.map((id) => {
    const gap = id - previous
    previous = id
    return gap
  })
}

/** Ascending ids as the gaps between them, the first from -1. */
function gaps(ids: readonly number[]): string {
  let previous = -1
  let text = ''
  for (const id of ids) {
    text += text === '' ? `${id - previous}` : `,${id - previous}`
    previous = id
  }
  return text
}
