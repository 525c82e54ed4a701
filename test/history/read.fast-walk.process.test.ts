/**
 * The fast walks (XBEL versions as splices of the version before, `tiles.ts`; Netscape versions by
 * the incremental reader and node identity, `identity-walk.ts`) agree with the
 * reference walk (every version parsed in full), commit for commit, over random sync-like edits:
 * additions, removals, renames, moves between folders, folder renames (which the fast walk hands
 * to a full parse), entities and Floccus separators.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileHistory } from '../../src/history/read.js'
import { createRepo, floccusXbel, xbelBookmark, type TestRepo } from './git-repo.js'

interface Item {
  id: number
  title: string
  href: string
}

describe.each(['xbel', 'netscape'] as const)('the fast history walk (%s)', (format) => {
  let repo: TestRepo
  const name = format === 'netscape' ? 'bookmarks.html' : 'bookmarks.xbel'
  const file = name
  beforeAll(() => {
    repo = createRepo()
    let seed = 7
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return Math.floor((seed / 2147483648) * n)
    }
    let nextId = 100
    const folders: Array<{ id: number; title: string; items: Item[] }> = Array.from(
      { length: 5 },
      (_, f) => ({
        id: f + 1,
        title: `Folder ${f}`,
        items: Array.from({ length: 12 }, () => {
          const id = nextId++
          return { id, title: `Item ${id} &amp; more`, href: `https://example.org/${id}?a=1&amp;b=2` }
        }),
      }),
    )
    const netscape = (): string =>
      [
        '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
        '<TITLE>Bookmarks</TITLE>',
        '<H1>Bookmarks</H1>',
        '<DL><p>',
        ...folders.flatMap((folder) => [
          `    <DT><H3>${folder.title}</H3>`,
          '    <DL><p>',
          ...folder.items.map(
            (item) => `        <DT><A HREF="${item.href}" ID="${item.id}">${item.title}</A>`,
          ),
          '    </DL><p>',
        ]),
        '</DL><p>',
        '',
      ].join('\n')
    const text = (): string =>
      format === 'netscape'
        ? netscape()
        : floccusXbel(
            folders
              .map(
                (folder) =>
                  `<folder id="${folder.id}">\n  <title>${folder.title}</title>\n${folder.items
                    .map((item) => xbelBookmark(item.id, item.title, item.href))
                    .join('\n')}\n</folder>`,
              )
              .join('\n'),
            nextId,
          )
    for (let c = 0; c < 40; c++) {
      const folder = folders[random(folders.length)]!
      switch (c === 0 ? -1 : random(6)) {
        case 0: {
          const id = nextId++
          folder.items.splice(random(folder.items.length + 1), 0, {
            id,
            title: `New ${id}`,
            href: `https://new.example/${id}`,
          })
          break
        }
        case 1:
          folder.items.splice(random(folder.items.length), 1)
          break
        case 2:
          if (folder.items.length > 0) folder.items[random(folder.items.length)]!.title += ' (renamed)'
          break
        case 3: {
          const [moved] = folder.items.splice(random(folder.items.length), 1)
          if (moved !== undefined) folders[random(folders.length)]!.items.push(moved)
          break
        }
        case 4:
          folder.title += '+'
          break
        case 5: {
          const id = nextId++
          folder.items.push({ id, title: '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯', href: `https://separator.floccus.org/?id=${id}` })
          break
        }
      }
      repo.commit({ [file]: text() }, new Date(Date.UTC(2024, 0, 1 + c)).toISOString())
    }
  })
  afterAll(() => repo.remove())

  it('gives the state the reference walk gives', async () => {
    const file = path.join(repo.dir, name)
    const fast = await readFileHistory(file, { fast: true })
    const full = await readFileHistory(file, { fast: false })
    expect(full.history!.read.spliced).toBe(0)
    expect(fast.history!.read.spliced).toBeGreaterThan(10)
    expect(fast.history!.state).toEqual(full.history!.state)
  })
})
