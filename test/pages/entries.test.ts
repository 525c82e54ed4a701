import { describe, expect, it } from 'vitest'
import type { Element } from 'hast'
import { createBookmark, createFolder, type Bookmark } from '../../src/model/tree.js'
import type { LinkEntry } from '../../src/links/store-format.js'
import type { SiteLinks } from '../../src/links/site-links.js'
import {
  createEntries,
  createRenderCache,
  type EntryKeeping,
  type RenderCache,
} from '../../src/pages/entries.js'
import { planRoutes } from '../../src/pages/routes.js'
import type { SiteInput } from '../../src/publish/site-input.js'
import { siteUrls } from '../../src/publish/urls.js'
import { serializeHast } from '../../src/render/serialize.js'
import { bookmarkToHast, type EntryForm } from '../../src/render/xfolk.js'
import { siteInputFor } from '../helpers.js'

const DAY = 86_400_000

/** Bookmarks of every kind an entry renders differently, hostile text included. */
function bookmarks(): Bookmark[] {
  const made = (title: string, href: string | undefined, extra: Partial<Bookmark> = {}) =>
    Object.assign(createBookmark(title, href), extra)
  return [
    made('MDN', 'https://developer.mozilla.org/', {
      description: 'Docs',
      tags: ['web', 'css'],
      added: Date.UTC(2021, 2, 4, 10),
    }),
    made('<script>alert("x")</script> & \'quotes\'', 'https://www.example.org/a?b=1&c="2"', {
      tags: ['a&b', '<t>'],
    }),
    made('検索 🔎 emoji', 'https://xn--bcher-kva.example/x', { added: Date.UTC(2024, 11, 31, 23, 59, 59) }),
    made('Same day, other time', 'https://xn--bcher-kva.example/y', {
      added: Date.UTC(2024, 11, 31, 0, 0, 1),
    }),
    made('Tool', 'javascript:alert(1)', { added: Date.UTC(2020, 0, 1), tags: ['tools'] }),
    made('Mail', 'mailto:me@example.org', { description: 'a\nnote' }),
    made('Local', 'file:///etc/passwd'),
    made('', 'https://untitled.example/'),
    made('No link', undefined, { added: -1 }),
    made('Year 50', 'https://old.example/', { added: new Date(0).setUTCFullYear(50, 5, 6) }),
    made('Milliseconds', 'https://ms.example/', { added: Date.UTC(1999, 1, 2, 3, 4, 5, 678) }),
    made('Year 12000', 'https://future.example/', { added: Date.UTC(12000, 0, 1, 2, 3, 4, 5) }),
    made('Dead', 'https://dead.example/', { added: Date.UTC(2019, 4, 5) }),
    made('Moved', 'https://moved.example/', { tags: ['web'] }),
    made('Iconic', 'https://icon.example/', { added: Date.UTC(2022, 1, 3) }),
    made('Ö'.repeat(3000), `https://long.example/${'p'.repeat(3000)}`, { added: 12 * DAY }),
  ]
}

function links(): SiteLinks {
  const entry = (fields: Partial<LinkEntry>): LinkEntry => ({
    state: 'dead',
    status: 404,
    checkedAt: 0,
    failures: 2,
    ...fields,
  })
  return {
    marked: new Map([
      ['https://dead.example/', entry({})],
      [
        'https://moved.example/',
        entry({ state: 'redirected', status: 301, finalUrl: 'https://new.example/' }),
      ],
    ]),
    counts: { alive: 0, dead: 1, redirected: 1, unknown: 0 },
    checkedAt: 0,
    key: 'links',
  } as SiteLinks
}

function entriesOf(
  list: Bookmark[],
  changes: Partial<SiteInput> = {},
  cache: RenderCache = createRenderCache(),
  keep: EntryKeeping = 'whole',
) {
  const root = createFolder('Bookmarks')
  root.children.push(...list)
  const input = siteInputFor(root, { links: links(), ...changes })
  const routes = planRoutes(root)
  const icon = (bookmark: Bookmark) => (bookmark.title === 'Iconic' ? '/icons/i.png' : undefined)
  const entries = createEntries(input, routes, siteUrls('/', 'http://127.0.0.1'), cache, icon, keep)
  const reference = (bookmark: Bookmark, form: EntryForm) =>
    serializeHast(
      (input.theme.entry?.(bookmark, () => bookmarkToHast(bookmark, entries.context, form), form) ??
        bookmarkToHast(bookmark, entries.context, form)) as Element,
    )
  return { entries, reference }
}

const text = (chunks: readonly Uint8Array[]) =>
  chunks.map((chunk) => Buffer.from(chunk).toString('utf8')).join('')

describe.each<EntryKeeping>(['whole', 'heads'])('createEntries, keeping %s entries', (keep) => {
  it('should give each bookmark the bytes of its full entry, and compact entries made of them, as bookmarkToHast renders them', () => {
    const list = bookmarks()
    const cache = createRenderCache()
    const { entries, reference } = entriesOf(list, {}, cache, keep)
    // Compact first for one of them: its head is made then, its full entry after.
    expect(text(entries.listedEntries([list[1]!]))).toBe(reference(list[1]!, 'compact'))
    for (const bookmark of list) {
      expect(text([entries.entryFor(bookmark)])).toBe(reference(bookmark, 'full'))
      expect(text(entries.listedEntries([bookmark]))).toBe(reference(bookmark, 'compact'))
      // Asked for again (the home page after the folder pages), the same bytes.
      expect(text([entries.entryFor(bookmark)])).toBe(reference(bookmark, 'full'))
      // Kept whole for the next build, or only the head the compact entry shares.
      expect(cache.entries.get(bookmark)?.bytes === undefined).toBe(keep === 'heads')
    }
    expect(text(entries.listedEntries(list))).toBe(
      list.map((bookmark) => reference(bookmark, 'compact')).join(''),
    )
    // The dead, the moved and the iconic are among them.
    expect(text(entries.listedEntries(list))).toContain('class="xfolkentry h-entry dead m')
    expect(text(entries.listedEntries(list))).toContain('moved to <a href="https://new.example/">')
    expect(text(entries.listedEntries(list))).toContain('<img class="favicon" src="/icons/i.png"')
  })

  it("should give a theme's entry hook each form to make, and use what it makes", () => {
    const list = bookmarks()
    const forms: EntryForm[] = []
    const { entries, reference } = entriesOf(
      list,
      {
        theme: {
          entry: (_bookmark, render, form) => {
            forms.push(form)
            const entry = render()
            entry.properties = { ...entry.properties, dataForm: form }
            return entry
          },
        },
      },
      createRenderCache(),
      keep,
    )
    for (const bookmark of list) {
      expect(text([entries.entryFor(bookmark)])).toBe(reference(bookmark, 'full'))
      expect(text(entries.listedEntries([bookmark]))).toBe(reference(bookmark, 'compact'))
    }
    // Made once a bookmark: listing them all again asks the hook for nothing.
    const asked = forms.length
    expect(text(entries.listedEntries(list))).toContain('data-form="compact"')
    expect(forms.length).toBe(asked)
    expect(forms).toContain('compact')
  })
})

describe('createEntries', () => {
  it('should keep what it rendered for the next build that has the same settings', () => {
    const list = bookmarks()
    const cache = createRenderCache()
    const first = entriesOf(list, {}, cache).entries.entryFor(list[0]!)
    const again = entriesOf(list, {}, cache)
    expect(again.entries.reset).toBe(false)
    expect(again.entries.entryFor(list[0]!)).toBe(first)
    const other = entriesOf(list, { base: '/sub/' }, cache)
    expect(other.entries.reset).toBe(true)
    expect(other.entries.entryFor(list[0]!)).not.toBe(first)
  })
})
