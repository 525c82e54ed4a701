/**
 * The link report (`links/`): what `bookgen check` last found, by folder: each dead link with why
 * and its Wayback Machine copy, each link that moved for good with its new address. Pure; URLs
 * become links only through `safeHref`, everything else is text.
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import type { LinkEntry, LinkState } from '../links/store-format.js'
import { breadcrumbsToHast } from './document.js'
import { safeHref } from '../model/safe-url.js'
import { cleanText } from './text.js'
import type { I18n } from './i18n.js'

export interface LinkReportItem {
  title: string
  url: string
  entry: LinkEntry
  /** The Wayback Machine link of a dead one. */
  archived: string | undefined
  /** `YYYY-MM-DD` the bookmark was saved, if known. */
  added: string | undefined
}

export interface LinkReportInput {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
  /** Links in the store in each state. */
  counts: Readonly<Record<LinkState, number>>
  /** The latest check, if any. */
  checkedAt: number | undefined
  /** Folders with dead or redirected links, in document order. */
  folders: Array<{ title: string; href: string; items: LinkReportItem[] }>
}

/** `<main>` content of the link report. */
export function linkReportToHast(input: LinkReportInput): ElementContent[] {
  const { counts, i18n } = input
  const { t, tn } = i18n
  const total = counts.alive + counts.redirected + counts.unknown + counts.dead
  let dead = 0
  let moved = 0
  for (const folder of input.folders)
    for (const item of folder.items) {
      if (item.entry.state === 'dead') dead++
      else moved++
    }
  const content: ElementContent[] = [breadcrumbsToHast(input.i18n, input.crumbs), h('h1', t('nav.links'))]
  const checked: Array<Element | string> =
    input.checkedAt === undefined
      ? [t('links.none')]
      : [
          t('links.checked'),
          h('time', { dateTime: new Date(input.checkedAt).toISOString() }, isoDay(input.checkedAt)),
          tn('links.counts', total, { ...counts }),
        ]
  content.push(h('p.folder-stats', checked))
  content.push(
    h(
      'p.link-counts',
      t('links.summary', {
        dead: tn('links.dead', dead),
        moved: tn('count.bookmarks', moved),
        folders: tn('count.folders', input.folders.length),
      }),
    ),
  )
  if (input.folders.length === 0) {
    content.push(h('p.empty', t('links.fine')))
    return content
  }
  for (const folder of input.folders) {
    content.push(
      h('section.link-folder', [
        h('h2', [
          h('a', { href: folder.href }, cleanText(folder.title) || t('untitled')),
          ' ',
          h('span.count', String(folder.items.length)),
        ]),
        h(
          'ul.link-report',
          folder.items.map((item) => itemToHast(i18n, item)),
        ),
      ]),
    )
  }
  return content
}

function itemToHast(i18n: I18n, item: LinkReportItem): Element {
  const { t } = i18n
  const title = cleanText(item.title) || cleanText(item.url) || t('untitled')
  const href = safeHref(item.url, { allowFile: false })
  const link = href === undefined ? h('span', title) : h('a', { href }, title)
  const { entry } = item
  if (entry.state === 'dead') {
    const parts: Array<Element | string> = [
      link,
      ' ',
      h('span.badge.dead-badge', t('links.deadBadge')),
      ` (${why(i18n, entry)})`,
    ]
    if (item.archived !== undefined)
      parts.push(
        ' ',
        h(
          'a.archived',
          { href: item.archived },
          item.added === undefined ? t('entry.archived') : t('entry.archivedFrom', { day: item.added }),
        ),
      )
    return h('li.link-dead', parts)
  }
  const final = entry.finalUrl === undefined ? undefined : safeHref(entry.finalUrl, { allowFile: false })
  return h('li.link-moved', [
    link,
    t('links.movedTo'),
    final === undefined
      ? h('span', cleanText(entry.finalUrl ?? ''))
      : h('a', { href: final }, cleanText(entry.finalUrl!)),
  ])
}

/** Why a link is dead, in words. */
function why({ t }: I18n, entry: LinkEntry): string {
  if (entry.status === 404) return '404 Not Found'
  if (entry.status === 410) return '410 Gone'
  if (entry.error === 'host-not-found') return t('links.noHost')
  return entry.status === null ? (entry.error ?? t('links.noAnswer')) : String(entry.status)
}

function isoDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10)
}
