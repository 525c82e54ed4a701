/**
 * What the home page shows above the root's own bookmarks: the overview (see
 * `render/overview.ts`) made from this build's routes, timeline and the build's day. Pure.
 */
import type { ElementContent } from 'hast'
import { dayFormatter, formatW3cDate } from '../model/dates.js'
import { overviewToHast, tagSize, type OverviewFolder } from '../render/overview.js'
import type { Folder } from '../model/tree.js'
import { trustedBytesNode } from '../render/serialize.js'
import { ARCHIVE_PATH, TREE_PATH } from './paths.js'
import type { PageContext } from './context.js'
import { rediscoveryOf } from './timeline.js'
import { listedFolder } from './tree-page.js'

/** Newest bookmarks shown. */
const RECENT = 20
/** Top-level folders shown, and sub-folders shown under each. */
const FOLDERS = 24
const SUBFOLDERS = 6
/** Most used tags shown. */
const TAGS = 30

export function homeOverview(context: PageContext): ElementContent[] {
  const url = context.urls.path
  const { routes, timeline, totals } = context
  const { t } = context.i18n
  const root = routes.folders[0]!.folder
  const listed = listedFolder(context)
  const topLevel = root.children.filter((child): child is Folder => child.type === 'folder' && listed(child))
  const folders: OverviewFolder[] = topLevel.slice(0, FOLDERS).map((folder) => {
    const subfolders = folder.children.filter(
      (child): child is Folder => child.type === 'folder' && listed(child),
    )
    return {
      title: folder.title,
      href: url(routes.folderRoute.get(folder)!.path),
      count: totals.get(folder) ?? 0,
      children: subfolders.slice(0, SUBFOLDERS).map((child) => ({
        title: child.title,
        href: url(routes.folderRoute.get(child)!.path),
        count: totals.get(child) ?? 0,
      })),
      more: Math.max(0, subfolders.length - SUBFOLDERS),
    }
  })
  const entries = (list: readonly Parameters<typeof context.entries.entryFor>[0][]) =>
    trustedBytesNode(list.map(context.entries.entryFor))
  const recent =
    timeline.dated.length > 0
      ? {
          heading: t('home.recent'),
          entries: [entries(timeline.dated.slice(0, RECENT))],
          href: url(ARCHIVE_PATH),
          label: t('home.byDate'),
        }
      : timeline.all.length > 0
        ? {
            heading: t('bookmarks'),
            entries: [entries(timeline.all.slice(0, RECENT))],
            href: url(TREE_PATH),
            label: t('nav.folders'),
          }
        : undefined
  const picked = rediscoveryOf(timeline, context.input.buildDay)
  const byUse = [...routes.tags].sort((a, b) => b.bookmarks.length - a.bookmarks.length).slice(0, TAGS)
  const max = byUse[0]?.bookmarks.length ?? 1
  const day = (time: number | undefined) =>
    time === undefined ? undefined : formatW3cDate(time).slice(0, 10)
  const shown = dayFormatter(context.input.lang)
  const shownDay = (time: number | undefined) => (time === undefined ? undefined : shown(time))
  return overviewToHast({
    i18n: context.i18n,
    stats: {
      bookmarks: timeline.all.length,
      folders: routes.folders.length - 1,
      tags: routes.tags.length,
      first: shownDay(timeline.dated[timeline.dated.length - 1]?.added),
      last: shownDay(timeline.dated[0]?.added),
    },
    folders,
    moreFolders: Math.max(0, topLevel.length - FOLDERS),
    foldersHref: url(TREE_PATH),
    recent,
    pick: picked === undefined ? undefined : { entry: entries([picked]), day: day(context.input.buildDay)! },
    tags: byUse
      .sort((a, b) => (a.tag < b.tag ? -1 : 1))
      .map((route) => ({
        tag: route.tag,
        href: url(route.path),
        count: route.bookmarks.length,
        size: tagSize(route.bookmarks.length, max),
      })),
    tagsHref: url('tags/'),
  })
}
