/**
 * The changes pages' content (`changes/`): what each day's commits added, removed, moved, renamed
 * or changed, newest first, with links to the bookmarks. Pure: values → hast.
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'
import { cleanText } from './text.js'
import type { ChangeKind } from '../history/walk.js'
import type { I18n } from './i18n.js'

export interface ChangeLine {
  kind: ChangeKind
  title: string
  /** A safe link to the bookmark, or undefined when its URL cannot be a link. */
  href: string | undefined
  /** Folder titles, top down. */
  path: readonly string[]
  from?: string | readonly string[] | undefined
}

export interface ChangeCommit {
  hash: string
  subject: string
  time: number
  lines: ChangeLine[]
  /** Additions not listed (beyond the page size), counted. */
  moreAdded?: number | undefined
}

export interface ChangesDay {
  /** `YYYY-MM-DD` (UTC). */
  day: string
  commits: ChangeCommit[]
}

export interface ChangesPageInput {
  i18n: I18n
  /** A day (`YYYY-MM-DD`) as shown; the day itself without it. */
  formatDay?: ((day: string) => string) | undefined
  crumbs: Array<{ title: string; href: string }>
  feedHref: string
  days: ChangesDay[]
  pages: { current: number; count: number; newer: string | undefined; older: string | undefined }
}

/** `<main>` content of a changes page. */
export function changesPageToHast(input: ChangesPageInput): ElementContent[] {
  const { pages, i18n } = input
  const { t } = i18n
  const content: ElementContent[] = [breadcrumbsToHast(input.i18n, input.crumbs)]
  content.push(
    h(
      'h1',
      pages.current === 1
        ? t('nav.changes')
        : [
            t('nav.changes'),
            h('span.page-number', t('pages.of', { current: pages.current, count: pages.count })),
          ],
    ),
  )
  if (pages.current === 1) {
    content.push(
      h('p.lead', [
        t('changes.lead'),
        h('a', { href: input.feedHref, type: 'application/atom+xml' }, 'changes.xml'),
        t('changes.leadEnd'),
      ]),
    )
  }
  if (input.days.length === 0) content.push(h('p', t('changes.none')))
  for (const day of input.days) {
    content.push(
      h('section.changes-day', [
        h('h2', h('time', { dateTime: day.day }, input.formatDay?.(day.day) ?? day.day)),
        ...day.commits.map((commit) => commitToHast(i18n, commit)),
      ]),
    )
  }
  const nav = navigation(i18n, pages)
  if (nav !== undefined) content.push(nav)
  return content
}

function commitToHast(i18n: I18n, commit: ChangeCommit): Element {
  const { t, tn } = i18n
  return h('article.changes-commit', { id: `commit-${commit.hash.slice(0, 12)}` }, [
    h('h3', [cleanText(commit.subject) || t('changes.commit'), ' ', h('code', commit.hash.slice(0, 7))]),
    h('ul.changes', [
      ...commit.lines.map((line) => h(`li.change.change-${line.kind}`, lineToHast(i18n, line))),
      ...(commit.moreAdded === undefined
        ? []
        : [h('li.change.change-added', tn('changes.more', commit.moreAdded))]),
    ]),
  ])
}

function lineToHast(i18n: I18n, line: ChangeLine): Array<ElementContent | string> {
  const { t } = i18n
  const title = cleanText(line.title) || line.href || t('untitled')
  const name: ElementContent =
    line.href === undefined
      ? h('span', title)
      : h('a', { href: line.href, rel: ['nofollow', 'noopener'] }, title)
  const folder = (path: readonly string[]): string =>
    path.length === 0 ? t('changes.topLevel') : path.map((part) => cleanText(part)).join(' / ')
  const parts: Array<ElementContent | string> = [h('span.change-kind', t(`changes.${line.kind}`)), ' ', name]
  switch (line.kind) {
    case 'added':
      parts.push(t('changes.in', { folder: folder(line.path) }))
      break
    case 'removed':
      parts.push(t('changes.from', { folder: folder(line.path) }))
      break
    case 'moved':
      parts.push(
        t('changes.fromTo', {
          from: folder(Array.isArray(line.from) ? line.from : []),
          to: folder(line.path),
        }),
      )
      break
    case 'renamed':
      if (typeof line.from === 'string') parts.push(t('changes.was', { title: cleanText(line.from) }))
      break
    case 'changed':
      parts.push(t(typeof line.from === 'string' ? 'changes.newAddress' : 'changes.newDescription'))
      break
  }
  return parts
}

function navigation({ t }: I18n, pages: ChangesPageInput['pages']): Element | undefined {
  if (pages.count <= 1) return undefined
  const links: Array<ElementContent | string> = []
  if (pages.newer !== undefined) links.push(h('a', { href: pages.newer, rel: 'prev' }, t('changes.newer')))
  if (pages.older !== undefined) {
    if (links.length > 0) links.push(' ')
    links.push(h('a', { href: pages.older, rel: 'next' }, t('changes.older')))
  }
  return h('nav.pagination', { 'aria-label': t('pages.label') }, links)
}
