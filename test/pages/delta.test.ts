import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, type Bookmark, type Folder } from '../../src/model/tree.js'
import { sameTags, shapeDelta, substitution } from '../../src/pages/delta.js'
import { patchRoutes, planRoutes, type SiteRoutes } from '../../src/pages/routes.js'
import { carryTimeline, relatedTagsOf, timelineOf } from '../../src/pages/timeline.js'

const folder = (title: string, children: Folder['children'] = []): Folder =>
  Object.assign(createFolder(title), { children })
const bookmark = (title: string, tags: string[] = [], added?: number): Bookmark =>
  Object.assign(createBookmark(title, `https://example.com/${title}`), {
    tags,
    ...(added === undefined ? {} : { added }),
  })

/** A small tree, and the same tree with `edit` applied to a copy of the path down to `Web`. */
function trees(edit: (web: Folder) => Folder['children']): { before: Folder; after: Folder } {
  const web = folder('Web', [bookmark('a', ['x', 'y'], 1e12), bookmark('b', ['y'], 2e12), bookmark('c')])
  const reading = folder('Reading', [bookmark('d', ['x'], 3e12)])
  const development = folder('Development', [web, { type: 'separator' }])
  const before = folder('Root', [development, reading, bookmark('e', ['z'], 1.5e12)])
  const newWeb = { ...web, children: edit(web) }
  const after = {
    ...before,
    children: [
      { ...development, children: [newWeb, development.children[1]!] },
      reading,
      before.children[2]!,
    ],
  }
  return { before, after }
}

/** What routes say, by value: the folders' titles and paths, each tag's path and bookmarks. */
function routesOf(routes: SiteRoutes): unknown {
  return {
    folders: routes.folders.map((route) => [route.folder, route.path, route.parent?.folder, route.depth]),
    // Looked up, never iterated: its order does not matter.
    folderRoute: routes.folders.map((route) => routes.folderRoute.get(route.folder)?.path),
    size: routes.folderRoute.size,
    tags: routes.tags.map((route) => [route.tag, route.path, route.bookmarks]),
  }
}

describe('shapeDelta', () => {
  it('should list the bookmarks and folders an edit replaced in place, walking only new folders', () => {
    const { before, after } = trees((web) => [
      { ...(web.children[0] as Bookmark), title: 'A' },
      ...web.children.slice(1),
    ])
    const delta = shapeDelta(before, after)!
    expect(delta.bookmarks).toHaveLength(1)
    expect(delta.bookmarks[0]![1].title).toBe('A')
    expect(delta.folders.map(([, folder]) => folder.title)).toEqual(['Root', 'Development', 'Web'])
    expect(shapeDelta(before, before)).toEqual({ bookmarks: [], folders: [] })
  })

  it('should give up when the shape changed: an item added or removed, a folder renamed, an alias', () => {
    expect(
      shapeDelta(...(Object.values(trees((web) => [...web.children, bookmark('new')])) as [Folder, Folder])),
    ).toBeUndefined()
    expect(
      shapeDelta(...(Object.values(trees((web) => web.children.slice(1))) as [Folder, Folder])),
    ).toBeUndefined()
    expect(
      shapeDelta(
        ...(Object.values(trees((web) => [folder('X'), ...web.children.slice(1)])) as [Folder, Folder]),
      ),
    ).toBeUndefined()
    expect(
      shapeDelta(
        ...(Object.values(trees((web) => [{ type: 'alias', ref: '1' }, ...web.children.slice(1)])) as [
          Folder,
          Folder,
        ]),
      ),
    ).toBeUndefined()
    const { before, after } = trees((web) => web.children)
    const renamed = {
      ...after,
      children: [{ ...(after.children[0] as Folder), title: 'Dev' }, ...after.children.slice(1)],
    }
    expect(shapeDelta(before, renamed)).toBeUndefined()
    // Too many bookmarks changed: made anew.
    const all = trees((web) => web.children.map((child) => ({ ...(child as Bookmark) })))
    expect(shapeDelta(all.before, all.after, 2)).toBeUndefined()
    expect(shapeDelta(all.before, all.after, 3)?.bookmarks).toHaveLength(3)
  })

  it('should tell whether tags are the same, and replace objects in a list once told to', () => {
    const a = bookmark('a', ['x'])
    expect(sameTags([[a, { ...a }]])).toBe(true)
    expect(sameTags([[a, { ...a, tags: ['x', 'y'] }]])).toBe(false)
    const list = [1, 2, 3, 2]
    const change = substitution(list, [[2, 5]])!
    expect(list).toEqual([1, 2, 3, 2])
    change()
    expect(list).toEqual([1, 5, 3, 5])
    expect(substitution(list, [[7, 5]])).toBeUndefined()
    expect(
      substitution(list, [
        [5, 6],
        [7, 8],
      ]),
    ).toBeUndefined()
    expect(list).toEqual([1, 5, 3, 5])
  })
})

describe('patchRoutes and carried timelines', () => {
  it('should give what planning the new tree gives, when no tags changed', () => {
    const { before, after } = trees((web) => [
      { ...(web.children[0] as Bookmark), title: 'A' },
      web.children[1]!,
      { ...(web.children[2] as Bookmark), description: 'now described' },
    ])
    const previous = planRoutes(before)
    const timeline = timelineOf(previous)
    relatedTagsOf(previous)
    const delta = shapeDelta(before, after)!
    const patched = patchRoutes(previous, delta)!
    expect(routesOf(patched)).toEqual(routesOf(planRoutes(after)))
    expect(carryTimeline(patched, timeline, delta.bookmarks)).toBe(true)
    const fresh = planRoutes(after)
    expect(timelineOf(patched)).toEqual(timelineOf(fresh))
    for (const [index, bookmark] of timelineOf(fresh).all.entries())
      expect(timelineOf(patched).all[index]).toBe(bookmark)
    expect(timelineOf(patched).years.map((year) => year.bookmarks)).toEqual(
      timelineOf(fresh).years.map((year) => year.bookmarks),
    )
  })

  it('should plan anew when tags changed, and not carry a timeline whose dates changed', () => {
    const tagged = trees((web) => [
      { ...(web.children[0] as Bookmark), tags: ['x'] },
      ...web.children.slice(1),
    ])
    const previous = planRoutes(tagged.before)
    const paths = previous.folders.map((route) => route.folder)
    expect(patchRoutes(previous, shapeDelta(tagged.before, tagged.after)!)).toBeUndefined()
    // Left as it was.
    expect(previous.folders.map((route) => route.folder)).toEqual(paths)
    const dated = trees((web) => [
      { ...(web.children[0] as Bookmark), added: 5e12 },
      ...web.children.slice(1),
    ])
    const routes = planRoutes(dated.before)
    const timeline = timelineOf(routes)
    const delta = shapeDelta(dated.before, dated.after)!
    const patched = patchRoutes(routes, delta)!
    expect(carryTimeline(patched, timeline, delta.bookmarks)).toBe(false)
    expect(timelineOf(patched).dated[0]!.added).toBe(5e12)
  })
})
