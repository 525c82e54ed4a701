/**
 * The collection by date added, and the tags by what they are used with: what the home page, the
 * archive and the tag pages show beyond the folder tree. Made once per build, when first asked
 * for. Pure.
 */
import type { Bookmark } from '../model/tree.js'
import { substitution } from './delta.js'
import type { SiteRoutes } from './routes.js'

export interface ArchiveYear {
  year: number
  /** Path below the base: `archive/2024/`. */
  path: string
  /** Newest first (ties in document order). */
  bookmarks: Bookmark[]
  /** Bookmarks added in each month, January first. */
  months: number[]
}

export interface Timeline {
  /** Every bookmark, in document order. */
  all: Bookmark[]
  /** Bookmarks with a usable date, newest first. */
  dated: Bookmark[]
  /** Bookmarks without a date (or with one outside the years 1–9999), in document order. */
  undated: Bookmark[]
  /** Newest year first. */
  years: ArchiveYear[]
}

/** Where the bookmarks added in `year` are listed. */
export function archiveYearPath(year: number): string {
  return `archive/${year}/`
}

/** Where the bookmarks without a date are listed. */
export const UNDATED_PATH = 'archive/undated/'

/** Timelines made, by the routes they were made from: the pages and the sitemap share one. */
const made = new WeakMap<SiteRoutes, Timeline>()

/** The site's bookmarks by date added (made once for the same routes). */
export function timelineOf(routes: SiteRoutes): Timeline {
  let timeline = made.get(routes)
  if (timeline === undefined) made.set(routes, (timeline = makeTimeline(routes)))
  return timeline
}

/** The timeline made for `routes`, if one was. */
export function madeTimeline(routes: SiteRoutes): Timeline | undefined {
  return made.get(routes)
}

/**
 * Watch mode: `routes` (patched from earlier routes, see `patchRoutes`) have the timeline
 * `previous` with each pair's first bookmark replaced by its second, when every pair has the same
 * date: `previous` is made so, in place, and becomes theirs, instead of sorting every bookmark
 * again (its lists are not copied either: on this machine, new memory for a copy of a million-item
 * list costs a few hundred milliseconds). False, and `previous` left as it was, when a date changed.
 */
export function carryTimeline(
  routes: SiteRoutes,
  previous: Timeline,
  pairs: ReadonlyArray<[Bookmark, Bookmark]>,
): boolean {
  if (pairs.some(([a, b]) => !Object.is(a.added, b.added))) return false
  const dated = pairs.filter(([a]) => isDatable(a))
  const changes = [
    substitution(previous.all, pairs),
    substitution(previous.dated, dated),
    substitution(
      previous.undated,
      pairs.filter(([a]) => !isDatable(a)),
    ),
  ]
  for (const year of previous.years) {
    const mine = dated.filter(([a]) => new Date(a.added!).getUTCFullYear() === year.year)
    if (mine.length > 0) changes.push(substitution(year.bookmarks, mine))
  }
  if (changes.includes(undefined)) return false
  // The bookmarks with a link, carried over too while every pair has one or neither has.
  const linked = linkedMade.get(previous)
  const linkedChange =
    linked !== undefined && pairs.every(([a, b]) => isLinked(a) === isLinked(b))
      ? substitution(
          linked,
          pairs.filter(([a]) => isLinked(a)),
        )
      : undefined
  for (const change of changes) change!()
  if (linkedChange === undefined) linkedMade.delete(previous)
  else linkedChange()
  made.set(routes, previous)
  return true
}

function makeTimeline(routes: SiteRoutes): Timeline {
  // Each bookmark's date is read once, into `dates` (a bookmark's properties are read through a
  // cache of the many shapes bookmarks come in, several times slower than a typed array).
  const all: Bookmark[] = []
  const linked: Bookmark[] = []
  const undated: Bookmark[] = []
  const unsorted: Bookmark[] = []
  let dates = new Float64Array(1024)
  for (const route of routes.folders)
    for (const child of route.folder.children) {
      if (child.type !== 'bookmark') continue
      all.push(child)
      if (isLinked(child)) linked.push(child)
      const added = child.added
      if (!isDatableDate(added)) {
        undated.push(child)
        continue
      }
      dates = withRoom(dates, unsorted.length + 1)
      dates[unsorted.length] = added
      unsorted.push(child)
    }
  const order = newestFirst(dates.subarray(0, unsorted.length))
  const dated = new Array<Bookmark>(order.length)
  const years: ArchiveYear[] = []
  const date = new Date(0)
  // The year and month change rarely down the sorted list: the calendar is asked when they do.
  let monthStart = Infinity
  let month = 0
  let last: ArchiveYear | undefined
  for (let at = 0; at < order.length; at++) {
    const index = order[at]!
    const bookmark = unsorted[index]!
    const added = dates[index]!
    dated[at] = bookmark
    if (added < monthStart) {
      date.setTime(added)
      const year = date.getUTCFullYear()
      month = date.getUTCMonth()
      date.setUTCFullYear(year, month, 1)
      monthStart = date.setUTCHours(0, 0, 0, 0)
      if (last === undefined || last.year !== year) {
        last = { year, path: archiveYearPath(year), bookmarks: [], months: new Array<number>(12).fill(0) }
        years.push(last)
      }
    }
    last!.bookmarks.push(bookmark)
    last!.months[month]!++
  }
  const timeline = { all, dated, undated, years }
  linkedMade.set(timeline, linked)
  return timeline
}

/**
 * How many bookmarks each archive list shows (each year's, newest year first, then the undated
 * ones'), as the timeline has them: the sitemap needs no more. Where the timeline is not made
 * (a worker thread making the sitemap), counting takes a few milliseconds at 100k bookmarks and
 * making the timeline 190.
 */
export function archiveCounts(routes: SiteRoutes): {
  years: Array<{ year: number; count: number }>
  undated: number
} {
  const timeline = made.get(routes)
  if (timeline !== undefined)
    return {
      years: timeline.years.map((year) => ({ year: year.year, count: year.bookmarks.length })),
      undated: timeline.undated.length,
    }
  const counts = new Map<number, number>()
  const date = new Date(0)
  let undated = 0
  for (const route of routes.folders)
    for (const child of route.folder.children) {
      if (child.type !== 'bookmark') continue
      if (!isDatable(child)) {
        undated++
        continue
      }
      date.setTime(child.added!)
      const year = date.getUTCFullYear()
      counts.set(year, (counts.get(year) ?? 0) + 1)
    }
  const years = [...counts].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year)
  return { years, undated }
}

/**
 * The indexes of `added` (dates) from the newest, equal dates in the order given. Up to
 * `RADIX_FROM` dates, a sort that compares them; from there, a stable radix sort of the dates' bits
 * (a comparison sort calls back for each of n log n comparisons: 0.7 s for a million bookmarks,
 * against a few tens of milliseconds). Below that, a build's first sort runs before the radix
 * sort's loops are compiled, and the comparison sort is quicker: 10k dates 11 → 8 ms, 60k 34 → 28
 * (cold, medians of 5). `added` is left as it was.
 */
function newestFirst(added: Float64Array): Uint32Array {
  const count = added.length
  const order = new Uint32Array(count)
  for (let index = 0; index < count; index++) order[index] = index
  // `||` ties -0 and 0 too.
  if (count < RADIX_FROM) return order.sort((a, b) => added[b]! - added[a]! || a - b)
  const dates = new Float64Array(count)
  // `+ 0` makes -0 a 0, so the two tie as equal dates do.
  for (let index = 0; index < count; index++) dates[index] = added[index]! + 0
  // A double's bits, read as an unsigned number, order like the number when it is positive, and
  // the other way round when it is negative. Made into keys that order newest first: a negative
  // date's bits as they are, a positive one's inverted, its sign bit left clear.
  const words = new Uint32Array(dates.buffer)
  for (let index = 0; index < count; index++) {
    const high = 2 * index + HIGH
    if (words[high]! >>> 31 === 0) {
      words[high] = ~words[high]! & 0x7fffffff
      words[2 * index + LOW] = ~words[2 * index + LOW]!
    }
  }
  let sorted = order
  let spare = new Uint32Array(count)
  // Digits of 16 bits: four passes.
  const bits = 16
  const radix = 1 << bits
  const mask = radix - 1
  const perWord = 32 / bits
  const starts = new Uint32Array(radix + 1)
  // Stable passes, the lowest digit first; a pass where every key has the same digit (the top bits
  // of dates from the same decades) changes nothing and is skipped.
  for (let pass = 0; pass < 2 * perWord; pass++) {
    const word = pass < perWord ? LOW : HIGH
    const shift = (pass % perWord) * bits
    starts.fill(0)
    for (let index = 0; index < count; index++) starts[((words[2 * index + word]! >>> shift) & mask) + 1]++
    if (starts[((words[word]! >>> shift) & mask) + 1] === count) continue
    for (let digit = 1; digit <= radix; digit++) starts[digit]! += starts[digit - 1]!
    for (let at = 0; at < count; at++) {
      const index = sorted[at]!
      spare[starts[(words[2 * index + word]! >>> shift) & mask]!++] = index
    }
    ;[sorted, spare] = [spare, sorted]
  }
  return sorted
}

/** From this many dates on, they are sorted by their bits (`newestFirst`). */
export const RADIX_FROM = 1 << 16
/** Where a double's low and high 32 bits are in its two words (the machine's byte order). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
const LOW = LITTLE_ENDIAN ? 0 : 1
const HIGH = 1 - LOW

/** Dates of the years 1–9999 only: their paths are four digits or fewer. */
const FIRST = new Date(0).setUTCFullYear(1, 0, 1)
const AFTER_LAST = Date.UTC(10000, 0, 1)

/** The archive list that shows `bookmark`: its year's, or the undated one. */
export function archiveListOf(bookmark: Bookmark): string {
  return isDatable(bookmark) ? archiveYearPath(new Date(bookmark.added!).getUTCFullYear()) : UNDATED_PATH
}

function isDatable(bookmark: Bookmark): boolean {
  return isDatableDate(bookmark.added)
}

function isDatableDate(added: number | undefined): added is number {
  return added !== undefined && Number.isFinite(added) && added >= FIRST && added < AFTER_LAST
}

/** Each tag's related tags, as `relatedTagsOf` made them, by the routes they were made from. */
const relatedMade = new WeakMap<SiteRoutes, RelatedTags>()

export type RelatedTags = Map<string, Array<{ tag: string; count: number }>>

/**
 * For each tag, the tags most often found on the same bookmarks (at most `limit`, most shared
 * first, then by name), to narrow a tag page down. Made once for the same routes (and the
 * default limit), or carried over from earlier routes with the same tags (see `carryRelatedTags`).
 */
export function relatedTagsOf(routes: SiteRoutes, limit = 12): RelatedTags {
  if (limit !== 12) return makeRelatedTags(routes, limit)
  let related = relatedMade.get(routes)
  if (related === undefined) relatedMade.set(routes, (related = makeRelatedTags(routes, limit)))
  return related
}

/**
 * Watch mode: `routes` have the same tags on the same bookmarks as `previous` (an edit that changed
 * no tag, see `patchRoutes`), so the same related tags, if they were made.
 */
export function carryRelatedTags(routes: SiteRoutes, previous: SiteRoutes): void {
  const related = relatedMade.get(previous)
  if (related !== undefined) relatedMade.set(routes, related)
}

function makeRelatedTags(routes: SiteRoutes, limit: number): RelatedTags {
  const tags = routes.tags
  const number = new Map<string, number>()
  tags.forEach((route, index) => number.set(route.tag, index))
  // Each tagged bookmark's tags, by number, read once (`of[ends[b - 1]..ends[b]]` for the b-th),
  // and each tag's bookmarks by that order: what `routes.tags` lists, as plain numbers, so the
  // counting below reads typed arrays (looking every tag up again for each of its bookmark's tags
  // was most of the cost).
  let of = new Int32Array(1024)
  const ends: number[] = []
  const perTag = new Int32Array(tags.length + 1)
  for (const route of routes.folders)
    for (const child of route.folder.children) {
      if (child.type !== 'bookmark' || child.tags.length === 0) continue
      const start = ends.length === 0 ? 0 : ends[ends.length - 1]!
      of = withRoom(of, start + child.tags.length)
      let end = start
      for (const tag of child.tags) {
        const index = number.get(tag)
        if (index === undefined) continue
        of[end++] = index
        perTag[index + 1]!++
      }
      ends.push(end)
    }
  for (let index = 1; index <= tags.length; index++) perTag[index]! += perTag[index - 1]!
  const listed = new Int32Array(perTag[tags.length]!)
  const next = perTag.slice(0, tags.length)
  for (let bookmark = 0, start = 0; bookmark < ends.length; start = ends[bookmark++]!)
    for (let at = start; at < ends[bookmark]!; at++) listed[next[of[at]!]!++] = bookmark
  // Ties go by name (plain string order): each tag's place in that order, so that choosing the
  // most shared compares numbers only.
  const rank = nameRanks(tags.map((route) => route.tag))
  const counts = new Int32Array(tags.length)
  const seen = new Int32Array(tags.length)
  const top = new Int32Array(Math.max(limit, 0))
  const related: RelatedTags = new Map()
  for (let self = 0; self < tags.length; self++) {
    let seenCount = 0
    for (let at = perTag[self]!; at < perTag[self + 1]!; at++) {
      const bookmark = listed[at]!
      for (let other = bookmark === 0 ? 0 : ends[bookmark - 1]!; other < ends[bookmark]!; other++) {
        const tag = of[other]!
        if (tag !== self && counts[tag]++ === 0) seen[seenCount++] = tag
      }
    }
    // The `limit` most shared, best first, kept in order as the counts are read (a tag shares
    // bookmarks with hundreds of others, of which a dozen are shown).
    let kept = 0
    for (let index = 0; index < seenCount && limit > 0; index++) {
      const tag = seen[index]!
      if (kept === limit && !ahead(tag, top[limit - 1]!, counts, rank)) continue
      let at = kept === limit ? limit - 1 : kept++
      for (; at > 0 && ahead(tag, top[at - 1]!, counts, rank); at--) top[at] = top[at - 1]!
      top[at] = tag
    }
    const list = new Array<{ tag: string; count: number }>(kept)
    for (let index = 0; index < kept; index++)
      list[index] = { tag: tags[top[index]!]!.tag, count: counts[top[index]!]! }
    related.set(tags[self]!.tag, list)
    for (let index = 0; index < seenCount; index++) counts[seen[index]!] = 0
  }
  return related
}

/** Whether tag `a` comes before tag `b`: on more bookmarks, or as many and first by name. */
function ahead(a: number, b: number, counts: Int32Array, rank: Int32Array): boolean {
  return counts[a]! > counts[b]! || (counts[a] === counts[b] && rank[a]! < rank[b]!)
}

/** Each name's place when the names are sorted in plain string order. */
function nameRanks(names: readonly string[]): Int32Array {
  const order = names.map((_, index) => index).sort((a, b) => (names[a]! < names[b]! ? -1 : 1))
  const rank = new Int32Array(names.length)
  order.forEach((index, place) => (rank[index] = place))
  return rank
}

/** The bookmarks with a link of each timeline, in document order (see `rediscoveryOf`). */
const linkedMade = new WeakMap<Timeline, Bookmark[]>()

function isLinked(bookmark: Bookmark): boolean {
  return bookmark.href !== undefined && bookmark.href !== ''
}

/**
 * The bookmark the home page brings back on `day` (epoch milliseconds): one of the timeline's
 * bookmarks with a link, picked by a hash of the day number, so each day has its own and every
 * build of that day the same.
 */
export function rediscoveryOf(timeline: Timeline, day: number): Bookmark | undefined {
  let linked = linkedMade.get(timeline)
  if (linked === undefined) linkedMade.set(timeline, (linked = timeline.all.filter(isLinked)))
  if (linked.length === 0) return undefined
  let hash = Math.floor(day / 86_400_000) >>> 0
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0
  hash = (hash ^ (hash >>> 16)) >>> 0
  return linked[hash % linked.length]
}

/** `array`, or a copy twice the size it must have, when it holds fewer than `size` items. */
function withRoom<T extends Float64Array | Int32Array>(array: T, size: number): T {
  if (size <= array.length) return array
  const grown = new (array.constructor as new (length: number) => T)(2 * size)
  grown.set(array)
  return grown
}
