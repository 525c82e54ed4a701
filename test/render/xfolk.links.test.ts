import { describe, expect, it } from 'vitest'
import { siteLinksOf } from '../../src/links/site-links.js'
import type { LinkEntry, LinkStore } from '../../src/links/store.js'
import { createBookmark } from '../../src/model/tree.js'
import { i18nOf } from '../../src/render/i18n.js'
import { serializeHast } from '../../src/render/serialize.js'
import { bookmarkToHast, type EntryContext } from '../../src/render/xfolk.js'

const T = Date.parse('2026-05-04T06:00:00Z')
const dead: LinkEntry = { state: 'dead', status: 404, checkedAt: T, failures: 1 }

function store(links: Record<string, LinkEntry>): LinkStore {
  return { version: 1, links: new Map(Object.entries(links)) }
}

function entry(href: string, link: LinkEntry | undefined, added?: number): string {
  const context: EntryContext = {
    i18n: i18nOf('en'),
    tagUrl: (tag) => `/tags/${tag}/`,
    allowFileLinks: false,
    linkOf: () => link,
  }
  const bookmark = Object.assign(createBookmark('Title', href), added === undefined ? {} : { added })
  return serializeHast(bookmarkToHast(bookmark, context))
}

describe('entries and the link store', () => {
  it('should mark a dead entry and link its archived copy, the URL escaped', () => {
    const url = 'https://a.example/"><script>x</script>'
    const html = entry(url, dead, Date.UTC(2019, 0, 2, 3, 4, 5))
    expect(html).toBe(
      '<li class="xfolkentry h-entry dead m8" data-m="A"><a class="taggedlink u-bookmark-of p-name" href="https://a.example/%22%3E%3Cscript%3Ex%3C/script%3E">Title</a> <span class="domain">a.example</span>' +
        ' <span class="badge dead-badge">dead link</span> <a class="archived" href="https://web.archive.org/web/20190102030405/https://a.example/%22%3E%3Cscript%3Ex%3C/script%3E">archived copy from 2019-01-02</a>' +
        ' <time class="dt-published" datetime="2019-01-02T03:04:05Z">2019-01-02</time></li>',
    )
  })

  it('should show the new address of a redirected link, only if it is http(s)', () => {
    const moved: LinkEntry = {
      state: 'redirected',
      status: 200,
      finalUrl: 'https://b.example/',
      checkedAt: T,
      failures: 0,
    }
    expect(entry('https://a.example/', moved)).toContain(
      '<span class="moved">moved to <a href="https://b.example/">https://b.example/</a></span>',
    )
    expect(entry('https://a.example/', { ...moved, finalUrl: 'javascript:alert(1)' })).not.toContain('moved')
  })

  it('should leave alive and unknown links, and links without a store, as they were', () => {
    const plain = entry('https://a.example/', undefined)
    expect(plain).toContain('<li class="xfolkentry h-entry m8" data-m="A">')
    expect(plain).not.toContain('dead')
    expect(entry('https://a.example/', { state: 'unknown', status: 503, checkedAt: T, failures: 3 })).toBe(
      plain,
    )
  })
})

describe('siteLinksOf', () => {
  it('should keep only dead and redirected entries, count every state and find the latest check', () => {
    const links = siteLinksOf(
      store({
        'https://a.example/': dead,
        'https://b.example/': { state: 'alive', status: 200, checkedAt: T + 1000, failures: 0 },
        'https://c.example/': { state: 'unknown', status: 403, checkedAt: T, failures: 1 },
      }),
    )
    expect([...links.marked.keys()]).toEqual(['https://a.example/'])
    expect(links.counts).toEqual({ alive: 1, redirected: 0, unknown: 1, dead: 1 })
    expect(links.checkedAt).toBe(T + 1000)
  })

  it('should change its key when what the site shows changes, and only then', () => {
    const a = siteLinksOf(store({ 'https://a.example/': dead })).key
    expect(siteLinksOf(store({ 'https://a.example/': dead })).key).toBe(a)
    expect(siteLinksOf(store({ 'https://a.example/': { ...dead, status: 410 } })).key).not.toBe(a)
    expect(siteLinksOf(store({})).checkedAt).toBeUndefined()
  })
})
