/**
 * The home page's overview: the collection at a glance (counts, date range), the top-level folders
 * with their sub-folders, the newest bookmarks, one bookmark brought back from the collection, and
 * the most used tags, each section linking to the page that has all of it.
 */
import type { Element, ElementContent } from 'hast'
import { el } from './hast.js'
import type { I18n } from './i18n.js'
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
  i18n: I18n
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
  const { stats, i18n } = input
  const { t, tn } = i18n
  const facts = [
    tn('count.bookmarks', stats.bookmarks),
    tn('count.folders', stats.folders),
    tn('count.tags', stats.tags),
  ]
  if (stats.first !== undefined && stats.last !== undefined)
    facts.push(
      stats.first === stats.last
        ? t('home.addedOn', { day: stats.first })
        : t('home.added', { first: stats.first, last: stats.last }),
    )
  const content: ElementContent[] = [el('p', { className: ['folder-stats'] }, facts.join(' · '))]
  if (input.folders.length > 0)
    content.push(
      el('section', { className: ['overview'], ariaLabelledBy: ['folders-heading'] }, [
        el('h2', { id: 'folders-heading' }, t('folders')),
        el(
          'ul',
          { className: ['folder-cards'] },
          input.folders.map((folder) => folderCard(i18n, folder)),
        ),
        el('p', { className: ['more'] }, [
          el(
            'a',
            { href: input.foldersHref },
            input.moreFolders > 0 ? tn('home.allFoldersMore', input.moreFolders) : t('nav.folders'),
          ),
        ]),
      ]),
    )
  if (input.recent !== undefined)
    content.push(
      el('section', { className: ['overview'], ariaLabelledBy: ['recent-heading'] }, [
        el('h2', { id: 'recent-heading' }, input.recent.heading),
        el('ul', { className: ['entries'] }, input.recent.entries),
        el('p', { className: ['more'] }, [el('a', { href: input.recent.href }, input.recent.label)]),
      ]),
    )
  if (input.pick !== undefined)
    content.push(
      el('section', { className: ['overview', 'pick'], ariaLabelledBy: ['pick-heading'] }, [
        el('h2', { id: 'pick-heading' }, t('home.pick')),
        el('ul', { className: ['entries'] }, [input.pick.entry]),
      ]),
    )
  if (input.tags.length > 0)
    content.push(
      el('section', { className: ['overview'], ariaLabelledBy: ['tags-heading'] }, [
        el('h2', { id: 'tags-heading' }, t('home.tags')),
        el('ul', { className: ['tag-cloud'] }, input.tags.map(tagItem)),
        el('p', { className: ['more'] }, [el('a', { href: input.tagsHref }, t('home.allTags'))]),
      ]),
    )
  return content
}

function folderCard({ t, tn }: I18n, folder: OverviewFolder): Element {
  const children: Array<Element | string> = folder.children.map((child) =>
    el('li', {}, [
      el('a', { href: child.href }, cleanText(child.title) || t('untitledFolder')),
      ' ',
      el('span', { className: ['count'] }, String(child.count)),
    ]),
  )
  if (folder.more > 0)
    children.push(
      el('li', { className: ['more'] }, [el('a', { href: folder.href }, tn('home.more', folder.more))]),
    )
  return el('li', {}, [
    el(
      'a',
      { className: ['folder-link'], href: folder.href },
      cleanText(folder.title) || t('untitledFolder'),
    ),
    ' ',
    el('span', { className: ['count'], title: tn('count.bookmarks', folder.count) }, String(folder.count)),
    ...(children.length > 0 ? [el('ul', {}, children)] : []),
  ])
}

/** A tag in a cloud: its link sized by use (`s1`…`s5`) and its count. */
export function tagItem(tag: { tag: string; href: string; count: number; size: number }): Element {
  return el('li', { className: [`s${tag.size}`] }, [
    el('a', { rel: ['tag'], href: tag.href }, cleanText(tag.tag)),
    ' ',
    el('span', { className: ['count'] }, String(tag.count)),
  ])
}

/** Size 1–5 of a count on a log scale up to `max`. */
export function tagSize(count: number, max: number): number {
  if (max <= 1) return 1
  return 1 + Math.round((4 * Math.log(count)) / Math.log(max))
}
