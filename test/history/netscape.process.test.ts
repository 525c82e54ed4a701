/**
 * The same story with a Netscape export committed by hand: no ids, so bookmarks are matched across
 * versions by URL and folder path (then by URL alone: a move). Dates the file carries win.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertAtom, cli, snapshot } from './helpers.js'
import { createRepo, type TestRepo } from './git-repo.js'

interface Item {
  title: string
  href: string
  addDate?: number
}

function netscape(folders: Record<string, Item[]>): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ]
  for (const [folder, items] of Object.entries(folders)) {
    lines.push(`    <DT><H3>${folder}</H3>`, '    <DL><p>')
    for (const item of items)
      lines.push(
        `        <DT><A HREF="${item.href}"${item.addDate === undefined ? '' : ` ADD_DATE="${item.addDate}"`}>${item.title}</A>`,
      )
    lines.push('    </DL><p>')
  }
  lines.push('</DL><p>', '')
  return lines.join('\n')
}

const reading = (count: number, skip: ReadonlySet<number> = new Set()): Item[] =>
  Array.from({ length: count }, (_, n) => n)
    .filter((n) => !skip.has(n))
    .map((n) => ({ title: `Article ${n}`, href: `https://read.example/${n}` }))

describe('a Netscape export committed by hand', () => {
  let repo: TestRepo
  beforeAll(() => {
    repo = createRepo()
    repo.commit(
      {
        'bookmarks.html': netscape({
          Reading: reading(24),
          Tools: [
            { title: 'Dated tool', href: 'https://tool.example/dated', addDate: 1_000_000_000 },
            { title: 'Editor', href: 'https://editor.example/' },
          ],
        }),
      },
      '2023-05-01T08:00:00Z',
      'export from Firefox',
    )
    repo.commit(
      {
        'bookmarks.html': netscape({
          Reading: reading(24, new Set([3, 5])),
          Tools: [
            { title: 'Dated tool', href: 'https://tool.example/dated', addDate: 1_000_000_000 },
            { title: 'The editor', href: 'https://editor.example/' },
            { title: 'Article 5', href: 'https://read.example/5' },
            { title: 'Compiler', href: 'https://compiler.example/' },
          ],
        }),
      },
      '2023-06-15T08:00:00Z',
      'new export',
    )
  })
  afterAll(() => repo.remove())

  it('matches bookmarks by URL: dates from the commits, file dates first', async () => {
    const result = await cli(['inspect', 'bookmarks.html', '--json'], repo.dir)
    expect(result.code).toBe(0)
    const json = JSON.parse(result.stdout) as {
      root: { children: Array<{ title: string; children: Array<Record<string, unknown>> }> }
    }
    const [readingFolder, tools] = json.root.children
    expect(readingFolder!.children[0]!['added']).toBe('2023-05-01T08:00:00.000Z')
    const byTitle = (title: string) => tools!.children.find((node) => node['title'] === title)!
    expect(byTitle('Dated tool')['added']).toBe('2001-09-09T01:46:40.000Z')
    expect(byTitle('Dated tool')['dateSources']).toBeUndefined()
    expect(byTitle('The editor')['added']).toBe('2023-05-01T08:00:00.000Z')
    expect(byTitle('The editor')['modified']).toBe('2023-06-15T08:00:00.000Z')
    // Moved, not removed and added again: it keeps its first date.
    expect(byTitle('Article 5')['added']).toBe('2023-05-01T08:00:00.000Z')
    expect(byTitle('Compiler')['added']).toBe('2023-06-15T08:00:00.000Z')
    expect(byTitle('Compiler')['dateSources']).toEqual({ added: 'history' })
    const plain = await cli(['inspect', 'bookmarks.html', '--json', '--no-history'], repo.dir)
    expect(plain.stdout).not.toContain('dateSources')
  })

  it('publishes the changes, then refuses a mass removal', async () => {
    const site = ['--out', 'site', '--site', 'https://me.example/']
    const built = await cli(['build', 'bookmarks.html', ...site], repo.dir)
    expect(built.stderr).toBe('')
    expect(built.code).toBe(0)
    const changes = readFileSync(path.join(repo.dir, 'site/changes/index.html'), 'utf8')
    expect(changes).toMatch(/Removed<\/span> <a[^>]*>Article 3<\/a> from Reading/)
    expect(changes).toMatch(/Moved<\/span> <a[^>]*>Article 5<\/a> from Reading to Tools/)
    expect(changes).toMatch(/Renamed<\/span> <a[^>]*>The editor<\/a> \(was “Editor”\)/)
    // Each day's heading reads in the site's language (en), its datetime the day.
    const days = [...changes.matchAll(/<h2><time datetime="(\d{4}-\d\d-\d\d)">([^<]+)<\/time><\/h2>/g)]
    expect(days.length).toBeGreaterThan(0)
    const english = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
    for (const [, day, shown] of days) expect(shown).toBe(english.format(Date.parse(day!)))
    assertAtom(readFileSync(path.join(repo.dir, 'site/changes.xml'), 'utf8'))

    const before = snapshot(path.join(repo.dir, 'site'))
    const removal = repo.commit(
      { 'bookmarks.html': netscape({ Reading: reading(2), Tools: [] }) },
      '2023-07-01T08:00:00Z',
      'oops',
    )
    const failed = await cli(['build', 'bookmarks.html', ...site], repo.dir)
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('[history/mass-removal]')
    expect(failed.stderr).toContain('removes 24 of 26 bookmarks')
    expect(snapshot(path.join(repo.dir, 'site'))).toEqual(before)
    // A later commit of another file does not hide it; one whose message names the removal accepts
    // it: a fresh build (as in CI, no cache) publishes it.
    repo.commit({ 'README.md': 'The removal was meant.\n' }, '2023-07-02T08:00:00Z', 'a note')
    const still = await cli(
      ['build', 'bookmarks.html', '--out', 'fresh', '--site', 'https://me.example/'],
      repo.dir,
    )
    expect(still.code).toBe(1)
    repo.git(
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'The removal was meant',
      '-m',
      `Allow-removal: ${removal.slice(0, 9)}`,
    )
    const accepted = await cli(
      ['build', 'bookmarks.html', '--out', 'fresh', '--site', 'https://me.example/'],
      repo.dir,
    )
    expect(accepted.stderr).toBe('')
    expect(accepted.code).toBe(0)
    const allowed = await cli(['build', 'bookmarks.html', ...site, '--allow-removal'], repo.dir)
    expect(allowed.code).toBe(0)
    // The history can also be turned off: no guard, no changes pages.
    const off = await cli(
      ['build', 'bookmarks.html', '--out', 'plain', '--site', 'https://me.example/', '--no-history'],
      repo.dir,
    )
    expect(off.code).toBe(0)
    expect(() => readFileSync(path.join(repo.dir, 'plain/changes/index.html'))).toThrow()
  })
})
