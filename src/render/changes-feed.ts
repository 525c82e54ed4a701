/**
 * `changes.xml`: an Atom 1.0 feed of the bookmarks the newest commits added and removed, one entry
 * per commit, built as an xast tree (no hand-escaped XML). Deterministic: `updated` is the newest
 * commit's time, ids come from commit hashes.
 */
import { x } from 'xastscript'
import { toXml } from 'xast-util-to-xml'
import type { Element, Root } from 'xast'
import { formatW3cDate } from '../model/dates.js'
import { cleanText } from './text.js'
import type { ChangeCommit } from './changes-page.js'

export interface ChangesFeedInput {
  title: string
  lang: string
  /** Absolute URL of the site's home page. */
  siteUrl: string
  absolute(path: string): string
  /** Commits, newest first, with the lines the pages show. */
  commits: readonly ChangeCommit[]
  /** Entries at most. */
  limit: number
}

const ATOM = 'http://www.w3.org/2005/Atom'

export function changesFeedToXml(input: ChangesFeedInput): string {
  const commits = input.commits
    .filter((commit) => commit.lines.some((line) => line.kind === 'added' || line.kind === 'removed'))
    .slice(0, input.limit)
  const changesUrl = input.absolute('changes/')
  const feed: Element = x('feed', { xmlns: ATOM, 'xml:lang': input.lang }, [
    x('title', `${cleanText(input.title)}: changes`),
    x('id', changesUrl),
    x('link', { rel: 'self', type: 'application/atom+xml', href: input.absolute('changes.xml') }),
    x('link', { rel: 'alternate', type: 'text/html', href: changesUrl }),
    x('updated', formatW3cDate(commits[0]?.time ?? 0)),
    x('author', [x('name', cleanText(input.title))]),
    x('generator', { uri: 'https://github.com/bookgen/bookgen' }, 'bookgen'),
    ...commits.map((commit) => entry(commit, changesUrl)),
  ])
  const root: Root = {
    type: 'root',
    children: [{ type: 'instruction', name: 'xml', value: 'version="1.0" encoding="utf-8"' }, feed],
  }
  return `${toXml(root)}\n`
}

function entry(commit: ChangeCommit, changesUrl: string): Element {
  const added = commit.lines.filter((line) => line.kind === 'added')
  const removed = commit.lines.filter((line) => line.kind === 'removed')
  const addedCount = added.length + (commit.moreAdded ?? 0)
  const counts = [
    addedCount > 0 ? `${addedCount} added` : '',
    removed.length > 0 ? `${removed.length} removed` : '',
  ].filter((part) => part !== '')
  const list = (label: string, lines: typeof added): string =>
    lines.length === 0
      ? ''
      : `${label}:\n${lines.map((line) => `- ${cleanText(line.title) || line.href || ''}${line.href === undefined ? '' : ` <${line.href}>`}`).join('\n')}\n`
  return x('entry', [
    x('title', `${counts.join(', ')}: ${cleanText(commit.subject) || commit.hash.slice(0, 7)}`),
    x('link', {
      rel: 'alternate',
      type: 'text/html',
      href: `${changesUrl}#commit-${commit.hash.slice(0, 12)}`,
    }),
    x('id', `${changesUrl}#commit-${commit.hash}`),
    x('updated', formatW3cDate(commit.time)),
    x(
      'content',
      { type: 'text' },
      `${list('Added', added)}${commit.moreAdded === undefined ? '' : `… and ${commit.moreAdded} more added\n`}${list('Removed', removed)}`,
    ),
  ])
}
