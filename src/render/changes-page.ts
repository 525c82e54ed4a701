/**
 * The changes pages' content (`changes/`): what each day's commits added, removed, moved, renamed
 * or changed, newest first, with links to the bookmarks. Pure: values → hast.
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'
import { cleanText } from './text.js'
import type { ChangeKind } from '../history/walk.js'

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
  /** A day (`YYYY-MM-DD`) as shown; the day itself without it. */
  formatDay?: ((day: string) => string) | undefined
  crumbs: Array<{ title: string; href: string }>
  feedHref: string
  days: ChangesDay[]
  pages: { current: number; count: number; newer: string | undefined; older: string | undefined }
}

const VERBS: Record<ChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  moved: 'Moved',
  renamed: 'Renamed',
  changed: 'Changed',
}

/** `<main>` content of a changes page. */
export function changesPageToHast(input: ChangesPageInput): ElementContent[] {
  const { pages } = input
  const content: ElementContent[] = [breadcrumbsToHast(input.crumbs)]
  content.push(
    h(
      'h1',
      pages.current === 1
        ? 'Changes'
        : ['Changes', h('span.page-number', ` (page ${pages.current} of ${pages.count})`)],
    ),
  )
  if (pages.current === 1) {
    content.push(
      h('p.lead', [
        'What each commit of the bookmarks did, newest first, read from the Git history. Also as a feed: ',
        h('a', { href: input.feedHref, type: 'application/atom+xml' }, 'changes.xml'),
        '.',
      ]),
    )
  }
  if (input.days.length === 0) content.push(h('p', 'No changes yet.'))
  for (const day of input.days) {
    content.push(
      h('section.changes-day', [
        h('h2', h('time', { dateTime: day.day }, input.formatDay?.(day.day) ?? day.day)),
        ...day.commits.map((commit) => commitToHast(commit)),
      ]),
    )
  }
  const nav = navigation(pages)
  if (nav !== undefined) content.push(nav)
  return content
}

function commitToHast(commit: ChangeCommit): Element {
  return h('article.changes-commit', { id: `commit-${commit.hash.slice(0, 12)}` }, [
    h('h3', [cleanText(commit.subject) || 'Commit', ' ', h('code', commit.hash.slice(0, 7))]),
    h('ul.changes', [
      ...commit.lines.map((line) => h(`li.change.change-${line.kind}`, lineToHast(line))),
      ...(commit.moreAdded === undefined
        ? []
        : [h('li.change.change-added', `… and ${commit.moreAdded.toLocaleString('en-US')} more added`)]),
    ]),
  ])
}

function lineToHast(line: ChangeLine): Array<ElementContent | string> {
  const title = cleanText(line.title) || line.href || 'Untitled'
  const name: ElementContent =
    line.href === undefined
      ? h('span', title)
      : h('a', { href: line.href, rel: ['nofollow', 'noopener'] }, title)
  const folder = (path: readonly string[]): string =>
    path.length === 0 ? 'the top level' : path.map((part) => cleanText(part)).join(' / ')
  const parts: Array<ElementContent | string> = [h('span.change-kind', VERBS[line.kind]), ' ', name]
  switch (line.kind) {
    case 'added':
      parts.push(` in ${folder(line.path)}`)
      break
    case 'removed':
      parts.push(` from ${folder(line.path)}`)
      break
    case 'moved':
      parts.push(` from ${folder(Array.isArray(line.from) ? line.from : [])} to ${folder(line.path)}`)
      break
    case 'renamed':
      if (typeof line.from === 'string') parts.push(` (was “${cleanText(line.from)}”)`)
      break
    case 'changed':
      parts.push(typeof line.from === 'string' ? ' (new address)' : ' (new description)')
      break
  }
  return parts
}

function navigation(pages: ChangesPageInput['pages']): Element | undefined {
  if (pages.count <= 1) return undefined
  const links: Array<ElementContent | string> = []
  if (pages.newer !== undefined) links.push(h('a', { href: pages.newer, rel: 'prev' }, '← Newer changes'))
  if (pages.older !== undefined) {
    if (links.length > 0) links.push(' ')
    links.push(h('a', { href: pages.older, rel: 'next' }, 'Older changes →'))
  }
  return h('nav.pagination', { 'aria-label': 'Pages' }, links)
}
