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
  for (const change of changes) change!()
  made.set(routes, previous)
  return true
}

function makeTimeline(routes: SiteRoutes): Timeline {
  // Each bookmark's date is read once, into `dates`: the sort compares numbers, not bookmarks.
  const all: Bookmark[] = []
  const undated: Bookmark[] = []
  const unsorted: Bookmark[] = []
  const dates: number[] = []
  for (const route of routes.folders)
    for (const child of route.folder.children) {
      if (child.type !== 'bookmark') continue
      all.push(child)
      const added = child.added
      if (!isDatableDate(added)) {
        undated.push(child)
        continue
      }
      dates.push(added)
      unsorted.push(child)
    }
  const order = newestFirst(dates)
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
  return { all, dated, undated, years }
}

/**
 * How many bookmarks each archive list shows (each year's, newest year first, then the undated
 * ones'), as the timeline has them: the sitemap, made from the site files' input, needs no more.
 * Counting takes a few milliseconds at 100k bookmarks, making the timeline 190.
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

/** The indexes of `added` (dates) from the newest, equal dates in the order given. */
function newestFirst(added: readonly number[]): Uint32Array {
  const order = new Uint32Array(added.length)
  for (let index = 0; index < added.length; index++) order[index] = index
  // `||` ties -0 and 0 too.
  return order.sort((a, b) => added[b]! - added[a]! || a - b)
}

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

/** Related tags a tag page shows at most. */
const RELATED_TAGS = 12

/**
 * For each tag, the tags most often found on the same bookmarks (at most `RELATED_TAGS`, most
 * shared first, then by name), to narrow a tag page down. Made once for the same routes, or
 * carried over from earlier routes with the same tags (see `carryRelatedTags`).
 */
export function relatedTagsOf(routes: SiteRoutes): RelatedTags {
  let related = relatedMade.get(routes)
  if (related === undefined) relatedMade.set(routes, (related = makeRelatedTags(routes)))
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

function makeRelatedTags(routes: SiteRoutes): RelatedTags {
  const related: RelatedTags = new Map()
  for (const { tag: self, bookmarks } of routes.tags) {
    const counts = new Map<string, number>()
    for (const bookmark of bookmarks)
      for (const tag of bookmark.tags) if (tag !== self) counts.set(tag, (counts.get(tag) ?? 0) + 1)
    const shared = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))
    related.set(
      self,
      shared.slice(0, RELATED_TAGS).map(([tag, count]) => ({ tag, count })),
    )
  }
  return related
}

function isLinked(bookmark: Bookmark): boolean {
  return bookmark.href !== undefined && bookmark.href !== ''
}

/**
 * The bookmark the home page brings back on `day` (epoch milliseconds): one of the timeline's
 * bookmarks with a link, picked by a hash of the day number, so each day has its own and every
 * build of that day the same.
 */
export function rediscoveryOf(timeline: Timeline, day: number): Bookmark | undefined {
  const linked = timeline.all.filter(isLinked)
  if (linked.length === 0) return undefined
  let hash = Math.floor(day / 86_400_000) >>> 0
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0
  hash = (hash ^ (hash >>> 16)) >>> 0
  return linked[hash % linked.length]
}
