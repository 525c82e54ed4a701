/**
 * `changes.xml`: an Atom 1.0 feed of the bookmarks the newest commits added and removed, one entry
 * per commit (see `atom.ts`). Deterministic: `updated` is the newest commit's time, ids come from
 * commit hashes.
 */
import { x } from 'xastscript'
import type { Element } from 'xast'
import { formatW3cDate } from '../model/dates.js'
import { cleanText } from './text.js'
import { atomToXml } from './atom.js'
import type { I18n } from './i18n.js'
import type { ChangeCommit } from './changes-page.js'

export interface ChangesFeedInput {
  title: string
  i18n: I18n
  absolute(path: string): string
  /** Commits, newest first, with the lines the pages show. */
  commits: readonly ChangeCommit[]
  /** Entries at most. */
  limit: number
}

export function changesFeedToXml(input: ChangesFeedInput): string {
  const commits = input.commits
    .filter((commit) => commit.lines.some((line) => line.kind === 'added' || line.kind === 'removed'))
    .slice(0, input.limit)
  const changesUrl = input.absolute('changes/')
  const { t } = input.i18n
  return atomToXml({
    title: t('changes.feedTitle', { title: input.title }),
    lang: input.i18n.lang,
    id: changesUrl,
    self: input.absolute('changes.xml'),
    alternate: changesUrl,
    updated: commits[0]?.time ?? 0,
    author: input.title,
    entries: commits.map((commit) => entry(input.i18n, commit, changesUrl)),
  })
}

function entry({ t, tn }: I18n, commit: ChangeCommit, changesUrl: string): Element {
  const added = commit.lines.filter((line) => line.kind === 'added')
  const removed = commit.lines.filter((line) => line.kind === 'removed')
  const addedCount = added.length + (commit.moreAdded ?? 0)
  const counts = [
    addedCount > 0 ? tn('changes.countAdded', addedCount) : '',
    removed.length > 0 ? tn('changes.countRemoved', removed.length) : '',
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
      `${list(t('changes.added'), added)}${commit.moreAdded === undefined ? '' : `${tn('changes.moreAdded', commit.moreAdded)}\n`}${list(t('changes.removed'), removed)}`,
    ),
  ])
}
