import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, type Bookmark, type Folder } from '../../src/model/tree.js'
import { planRoutes } from '../../src/pages/routes.js'
import { archiveCounts, relatedTagsOf, timelineOf } from '../../src/pages/timeline.js'
import { random } from '../formats/netscape/edits.js'

/** Dates on the edges of months, years and the calendar's ends, ties, and dates not to list. */
function collection(seed: number, size = 600): Folder {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const edges = [
    new Date(0).setUTCFullYear(1, 0, 1),
    new Date(0).setUTCFullYear(50, 1, 28),
    new Date(0).setUTCFullYear(99, 11, 31) + 86_399_999,
    new Date(0).setUTCFullYear(100, 0, 1),
    -1,
    0,
    Date.UTC(2000, 1, 29, 12),
    Date.UTC(2024, 0, 31, 23, 59, 59, 999),
    Date.UTC(2024, 1, 1),
    Date.UTC(9999, 11, 31, 23, 59, 59),
    Date.UTC(10000, 0, 1),
    Number.NaN,
    -0,
    0.25,
    -0.5,
    Date.UTC(2024, 0, 31) + 0.001,
    Date.UTC(2024, 0, 31) - 0.001,
  ]
  const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p']
  const root = createFolder('Bookmarks')
  const folders = [root, createFolder('One'), createFolder('Two')]
  root.children.push(folders[1]!, folders[2]!)
  for (let index = 0; index < size; index++) {
    const bookmark: Bookmark = createBookmark(`B${index}`, `https://example.org/${index}`)
    const kind = next()
    if (kind < 0.3) bookmark.added = pick(edges)
    else if (kind < 0.9)
      bookmark.added = Math.floor(next() * 40) * 86_400_000 * 97 + (next() < 0.5 ? 0 : 3_600_000)
    bookmark.tags = tags.filter(() => next() < 0.3)
    pick(folders).children.push(bookmark)
  }
  return root
}

/** The timeline as the obvious code makes it: a sort of the bookmarks, a Date for each. */
function referenceTimeline(root: Folder) {
  const all: Bookmark[] = []
  for (const route of planRoutes(root).folders)
    for (const child of route.folder.children) if (child.type === 'bookmark') all.push(child)
  const usable = (added: number | undefined): added is number =>
    added !== undefined &&
    Number.isFinite(added) &&
    new Date(added).getUTCFullYear() >= 1 &&
    new Date(added).getUTCFullYear() <= 9999
  const dated = all.filter((bookmark) => usable(bookmark.added)).sort((a, b) => b.added! - a.added!)
  const years: Array<{ year: number; titles: string[]; months: number[] }> = []
  for (const bookmark of dated) {
    const date = new Date(bookmark.added!)
    let last = years[years.length - 1]
    if (last?.year !== date.getUTCFullYear()) {
      last = { year: date.getUTCFullYear(), titles: [], months: new Array<number>(12).fill(0) }
      years.push(last)
    }
    last.titles.push(bookmark.title)
    last.months[date.getUTCMonth()]!++
  }
  return {
    dated: dated.map((bookmark) => bookmark.title),
    undated: all.filter((bookmark) => !usable(bookmark.added)).map((bookmark) => bookmark.title),
    years,
  }
}

describe('timelineOf', () => {
  it('should list the dated bookmarks newest first (ties in document order) by year and month, as a sort with a Date each does', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const root = collection(seed)
      const timeline = timelineOf(planRoutes(root))
      const expected = referenceTimeline(root)
      expect(timeline.dated.map((bookmark) => bookmark.title)).toEqual(expected.dated)
      expect(timeline.undated.map((bookmark) => bookmark.title)).toEqual(expected.undated)
      expect(
        timeline.years.map((year) => ({
          year: year.year,
          titles: year.bookmarks.map((bookmark) => bookmark.title),
          months: year.months,
        })),
      ).toEqual(expected.years)
      expect(timeline.years.map((year) => year.path)).toEqual(
        expected.years.map((year) => `archive/${year.year}/`),
      )
    }
  })
})

describe('archiveCounts', () => {
  it('should count each year and the undated as the timeline lists them, whether it is made or not', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const root = collection(seed)
      const expected = referenceTimeline(root)
      const counts = {
        years: expected.years.map((year) => ({ year: year.year, count: year.titles.length })),
        undated: expected.undated.length,
      }
      const routes = planRoutes(root)
      expect(archiveCounts(routes)).toEqual(counts)
      timelineOf(routes)
      expect(archiveCounts(routes)).toEqual(counts)
    }
  })
})

describe('relatedTagsOf', () => {
  it('should give each tag the tags most often on the same bookmarks, most shared first, then by name', () => {
    for (const seed of [1, 2, 3]) {
      const routes = planRoutes(collection(seed))
      const related = relatedTagsOf(routes)
      for (const route of routes.tags) {
        const counts = new Map<string, number>()
        for (const bookmark of route.bookmarks)
          for (const tag of bookmark.tags) if (tag !== route.tag) counts.set(tag, (counts.get(tag) ?? 0) + 1)
        const expected = [...counts]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .slice(0, 12)
          .map(([tag, count]) => ({ tag, count }))
        expect(related.get(route.tag)).toEqual(expected)
      }
    }
  })
})
