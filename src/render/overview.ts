/**
 * The home page's overview: the collection at a glance (counts, date range), the top-level folders
 * with their sub-folders, the newest bookmarks, one bookmark brought back from the collection, and
 * the most used tags, each section linking to the page that has all of it.
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import { cleanText } from './text.js'

export interface OverviewFolder {
  title: string
  href: string
  count: number
  /** Its first sub-folders. */
  children: Array<{ title: string; href: string; count: number }>
  /** Sub-folders not listed. */
  more: number
}

export interface OverviewInput {
  stats: {
    bookmarks: number
    folders: number
    tags: number
    first?: string | undefined
    last?: string | undefined
  }
  folders: OverviewFolder[]
  /** Top-level folders not listed. */
  moreFolders: number
  foldersHref: string
  /** The newest bookmarks (or, without dates, the first ones), as rendered entries. */
  recent: { heading: string; entries: ElementContent[]; href: string; label: string } | undefined
  /** The day's pick, as a rendered entry, and the day (`YYYY-MM-DD`). */
  pick: { entry: ElementContent; day: string } | undefined
  /** Most used tags, each with a size from 1 to 5. */
  tags: Array<{ tag: string; href: string; count: number; size: number }>
  tagsHref: string
}

/** The overview's sections. */
export function overviewToHast(input: OverviewInput): ElementContent[] {
  const { stats } = input
  const facts = [
    plural(stats.bookmarks, 'bookmark'),
    plural(stats.folders, 'folder'),
    plural(stats.tags, 'tag'),
  ]
  if (stats.first !== undefined && stats.last !== undefined)
    facts.push(stats.first === stats.last ? `added ${stats.first}` : `added ${stats.first} to ${stats.last}`)
  const content: ElementContent[] = [h('p.folder-stats', facts.join(' · '))]
  if (input.folders.length > 0)
    content.push(
      h('section.overview', { 'aria-labelledby': 'folders-heading' }, [
        h('h2#folders-heading', 'Folders'),
        h('ul.folder-cards', input.folders.map(folderCard)),
        h(
          'p.more',
          h(
            'a',
            { href: input.foldersHref },
            input.moreFolders > 0
              ? `All folders (${input.moreFolders} more at the top level)`
              : 'All folders',
          ),
        ),
      ]),
    )
  if (input.recent !== undefined)
    content.push(
      h('section.overview', { 'aria-labelledby': 'recent-heading' }, [
        h('h2#recent-heading', input.recent.heading),
        h('ul.entries', input.recent.entries),
        h('p.more', h('a', { href: input.recent.href }, input.recent.label)),
      ]),
    )
  if (input.pick !== undefined)
    content.push(
      h('section.overview.pick', { 'aria-labelledby': 'pick-heading' }, [
        h('h2#pick-heading', 'From your collection'),
        h('ul.entries', [input.pick.entry]),
      ]),
    )
  if (input.tags.length > 0)
    content.push(
      h('section.overview', { 'aria-labelledby': 'tags-heading' }, [
        h('h2#tags-heading', 'Most used tags'),
        h('ul.tag-cloud', input.tags.map(tagItem)),
        h('p.more', h('a', { href: input.tagsHref }, 'All tags')),
      ]),
    )
  return content
}

function folderCard(folder: OverviewFolder): Element {
  const children: Array<Element | string> = folder.children.map((child) =>
    h('li', [
      h('a', { href: child.href }, cleanText(child.title) || 'Untitled folder'),
      ' ',
      h('span.count', String(child.count)),
    ]),
  )
  if (folder.more > 0) children.push(h('li.more', h('a', { href: folder.href }, `${folder.more} more…`)))
  return h('li', [
    h('a.folder-link', { href: folder.href }, cleanText(folder.title) || 'Untitled folder'),
    ' ',
    h('span.count', { title: plural(folder.count, 'bookmark') }, String(folder.count)),
    ...(children.length > 0 ? [h('ul', children)] : []),
  ])
}

/** A tag in a cloud: its link sized by use (`s1`…`s5`) and its count. */
export function tagItem(tag: { tag: string; href: string; count: number; size: number }): Element {
  return h('li', { className: [`s${tag.size}`] }, [
    h('a', { rel: ['tag'], href: tag.href }, cleanText(tag.tag)),
    ' ',
    h('span.count', String(tag.count)),
  ])
}

/** Size 1–5 of a count on a log scale up to `max`. */
export function tagSize(count: number, max: number): number {
  if (max <= 1) return 1
  return 1 + Math.round((4 * Math.log(count)) / Math.log(max))
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
