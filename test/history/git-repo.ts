/**
 * A real Git repository in a temp folder, for the history tests: commits with set dates and a
 * fixed author, made with the `git` command line.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface TestRepo {
  dir: string
  /** Write `files` (path → text), commit them all at `date` (ISO), return the commit hash. */
  commit(files: Record<string, string>, date: string, message?: string): string
  git(...args: string[]): string
  remove(): void
}

export function createRepo(): TestRepo {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-history-'))
  const git = (...args: string[]): string =>
    execFileSync(
      'git',
      [
        '-c',
        'user.name=Floccus bookmarks sync',
        '-c',
        'user.email=floccus@example.org',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
      },
    )
  git('init', '-q', '-b', 'main')
  return {
    dir,
    git,
    commit(files, date, message = `Floccus update: ${date}`) {
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
      git('add', '-A')
      execFileSync(
        'git',
        [
          '-c',
          'user.name=Floccus bookmarks sync',
          '-c',
          'user.email=floccus@example.org',
          '-c',
          'commit.gpgsign=false',
          'commit',
          '-q',
          '-m',
          message,
        ],
        {
          cwd: dir,
          env: {
            ...process.env,
            GIT_AUTHOR_DATE: date,
            GIT_COMMITTER_DATE: date,
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_CONFIG_GLOBAL: '/dev/null',
          },
        },
      )
      return git('rev-parse', 'HEAD').trim()
    },
    remove() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A Floccus-style XBEL file: no root folder, ids on everything, the highestId comment. */
export function floccusXbel(items: string, highestId: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
<xbel version="1.0">
<!--- highestId :${highestId}: for Floccus bookmark sync browser extension -->

${items}
</xbel>`
}

export function xbelBookmark(id: number, title: string, href: string): string {
  return `<bookmark href="${href}" id="${id}">\n  <title>${title}</title>\n</bookmark>`
}

export function xbelFolder(id: number, title: string, children: string[]): string {
  return `<folder id="${id}">\n  <title>${title}</title>\n${children.join('\n')}\n</folder>`
}
