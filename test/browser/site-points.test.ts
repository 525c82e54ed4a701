/**
 * What the site promises, point by point, in a real browser, on two sites sharing one Chromium:
 * four sources merged through a config (two Netscape exports and a Floccus XBEL file whose roots
 * are all "Bookmarks", and a Pinboard export), built in German with `layout: 'cards'`, and a
 * generated 10,000-bookmark site in English, as a list. Each point runs on both sites where it
 * applies: sources told apart, the sidebar and cards, icons, the folder tree, dates, the UI
 * language, feeds and the stats page, OpenSearch, and the search's polish. Other suites go deeper
 * on single points: layout.test.ts (layout shift, 320 px), i18n.test.ts (Arabic, RTL),
 * accessibility.test.ts (axe on every page kind), search-query-10k.test.ts (the query language).
 * The 10k site also serves the search at scale: what the first search downloads, typos, facets.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { atomProblems } from '../atom.js'
import { REPO_ROOT } from '../helpers.js'
import {
  collectErrors,
  generatedSource,
  hasChromium,
  launchChromium,
  rareTitleWord,
  servedSite,
  type ServedSite,
} from './chromium.js'

const FIXTURES = 'test/fixtures/site-points'
/** The public address both sites are built for (so they have an OpenSearch description). */
const ADDRESS = 'https://me.example.org/sub/'
/** The day format the README promises: "Feb 24, 2002" in English, "24. Feb. 2002" in German. */
const DAY = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const

/** The budget for everything the first search of a rare word downloads (Pagefind: 155 KB here). */
const FIRST_SEARCH_BUDGET = 150 * 1024
/** The filter files: the facets of a search with a few hits need none. */
const FILTER_FILE = /\/(?:tags|hosts|folders|years|dates)(?:-\d+)?\.json$/

type Name = 'merged' | '10k'
type Catalogue = Record<string, unknown>

interface Site {
  served: ServedSite
  lang: 'de' | 'en'
  layout: 'list' | 'cards'
  text: Catalogue
  /** The bookmarks of the Netscape sources, by URL: whether the export gives it a favicon. */
  icons: Map<string, boolean>
  /** Pages (paths below the base) of each kind that list a bookmark with its own favicon. */
  pages: { folder: string; tag: string; archive: string }
  /** A letter that is no word of the Netscape sources: a one-letter query that finds nothing. */
  letter: string
  /** A word of the title of a bookmark with a favicon, in few titles, and that title. */
  iconic: { word: string; title: string }
}

const catalogue = (lang: string) =>
  JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'templates/default/i18n', `${lang}.json`), 'utf8'),
  ) as Catalogue

describe.skipIf(!hasChromium)('the points of the site on a merged and a 10k site, in Chromium', () => {
  const sites = {} as Record<Name, Site>
  let browser: Browser
  const errors: string[] = []
  const requests: string[] = []

  beforeAll(async () => {
    browser = await launchChromium()
    const merged = await servedSite({
      prefix: 'bookgen-points-merged-',
      base: '/sub/',
      cwd: REPO_ROOT,
      browser,
      sources: () => [],
      user: {
        sources: [
          { path: `${FIXTURES}/work.html`, title: 'Work laptop', slug: 'work' },
          `${FIXTURES}/home.html`,
          `${FIXTURES}/floccus.xbel`,
          'test/fixtures/pinboard-json/scripting.json',
        ],
        site: ADDRESS,
        lang: 'de',
        layout: 'cards',
      },
    })
    sites.merged = describeSite(merged, 'de', 'cards', [`${FIXTURES}/work.html`, `${FIXTURES}/home.html`])
    const large = await servedSite({
      prefix: 'bookgen-points-10k-',
      base: '/sub/',
      browser,
      sources: (dir) => [generatedSource(path.join(dir, 'bookmarks.html'), 10_000)],
      user: { site: ADDRESS, lang: 'en' },
    })
    sites['10k'] = describeSite(large, 'en', 'list', [path.join(large.dir, 'bookmarks.html')])
  }, 180_000)
  afterAll(async () => {
    for (const site of Object.values(sites)) await site.served.close()
    await browser?.close()
  })

  /** A page of the `name` site at `width` px, its errors and requests recorded. */
  async function open(name: Name, where: string, width = 1280): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    collectErrors(page, errors)
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(`${sites[name].served.url}${where}`)
    return page
  }

  const results = (page: Page) => page.locator('#search-results .xfolkentry')
  const titles = (page: Page) => page.locator('#search-results .taggedlink').allTextContents()

  /** Each entry under `scope` shows the export's favicon if it has one, else the monogram; the number with one. */
  async function iconsFollowExport(page: Page, name: Name, scope: string): Promise<number> {
    const entries = await page.locator(`${scope} .xfolkentry`).evaluateAll((items) =>
      items.map((item) => ({
        href: item.querySelector('a.taggedlink')?.getAttribute('href') ?? '',
        icon: item.querySelector('img.favicon')?.getAttribute('src') ?? undefined,
        monogram: item.hasAttribute('data-m') || item.querySelector('.mono') !== null,
      })),
    )
    let shown = 0
    for (const { href, icon, monogram } of entries) {
      const exported = sites[name].icons.get(href)
      if (exported === undefined) continue // from a source without icons, or a URL repeated with and without
      if (exported) {
        expect(icon, href).toMatch(/^\/sub\/assets\/icons\/[0-9a-f]{16}\.\w+$/)
        shown++
      } else {
        expect(icon, href).toBeUndefined()
        expect(monogram, href).toBe(true)
      }
    }
    return shown
  }

  const both: Name[] = ['merged', '10k']

  it('point 1 (merged): should tell the sources apart on the home page and in search breadcrumbs', async () => {
    const page = await open('merged', '')
    const sections = page.locator('.folder-cards > li > a.folder-link')
    expect(await sections.allTextContents()).toEqual([
      'Work laptop',
      'Bookmarks (home)',
      'Bookmarks (floccus)',
      'Pinboard',
    ])
    expect(await sections.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/sub/work/',
      '/sub/bookmarks-home/',
      '/sub/bookmarks-floccus/',
      '/sub/pinboard/',
    ])
    await page.goto(`${sites.merged.served.url}search/?q=python`)
    await results(page).first().waitFor()
    await expect
      .poll(() => page.locator('#search-results .folder-path').allTextContents())
      .toEqual(
        expect.arrayContaining(['Bookmarks (home) › Dev › Python', 'Bookmarks (floccus) › Dev › Python']),
      )
    await page.close()
  })

  for (const name of both) {
    it(`point 2 (${name}): should show the sidebar at 1200 px, the current folder open, and cards that fit their content`, async () => {
      const { layout } = sites[name]
      const page = await open(name, sites[name].pages.folder, 1200)
      const sidebar = page.locator('nav.sidebar')
      const current = sidebar.locator('a[aria-current="page"]')
      expect(await current.textContent()).toBe(await page.locator('main h1').textContent())
      // Its ancestors are open above it: the breadcrumbs' folders are in the sidebar.
      const trail = (await page.locator('main .breadcrumbs a').allTextContents()).slice(1, -1)
      const listed = await sidebar.locator('a').allTextContents()
      for (const folder of trail) expect(listed).toContain(folder)
      const entries = page.locator('main .entries').first()
      expect(await entries.evaluate((list) => getComputedStyle(list).display)).toBe(
        layout === 'cards' ? 'grid' : 'block',
      )
      for (const kind of ['folder', 'tag', 'archive'] as const) {
        await page.goto(`${sites[name].served.url}${sites[name].pages[kind]}`)
        const side = (await sidebar.boundingBox())!
        expect(side?.width, kind).toBeGreaterThan(0)
        expect(side.x + side.width, kind).toBeLessThanOrEqual((await page.locator('main').boundingBox())!.x)
      }
      // Home folder cards: several in a row, each as tall as its own content.
      await page.goto(sites[name].served.url)
      const cards = await page.locator('.folder-cards > li').evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect()
          const style = getComputedStyle(item)
          const last = item.lastElementChild!
          const end =
            last.getBoundingClientRect().bottom +
            parseFloat(getComputedStyle(last).marginBottom) +
            parseFloat(style.paddingBottom) +
            parseFloat(style.borderBottomWidth)
          // Less than a line below the content (an inline count's box is shorter than its line).
          return { top: box.top, slack: (box.bottom - end) / parseFloat(style.lineHeight) }
        }),
      )
      expect(cards.filter((card) => card.top === cards[0]!.top).length).toBeGreaterThan(1)
      for (const card of cards) expect(Math.abs(card.slack)).toBeLessThan(0.5)
      await page.close()
    })

    it(`point 3 (${name}): should show the export's favicon on every kind of page and in search, the monogram elsewhere`, async () => {
      const site = sites[name]
      const page = await open(name, '')
      const loaded = (image: Locator) =>
        expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(16)
      const onHome = await iconsFollowExport(page, name, 'main')
      if (name === 'merged') expect(onHome).toBeGreaterThan(0)
      for (const kind of ['folder', 'tag', 'archive'] as const) {
        await page.goto(`${site.served.url}${site.pages[kind]}`)
        expect(await iconsFollowExport(page, name, 'main'), kind).toBeGreaterThan(0)
        const icon = page.locator('main img.favicon').first()
        await icon.scrollIntoViewIfNeeded()
        await loaded(icon)
      }
      await page.goto(`${site.served.url}search/?q=${encodeURIComponent(site.iconic.word)}`)
      const entry = results(page).filter({ hasText: site.iconic.title }).first()
      await entry.waitFor()
      expect(await iconsFollowExport(page, name, '#search-results')).toBeGreaterThan(0)
      await loaded(entry.locator('img.favicon'))
      await page.close()
    })

    it(`point 4 (${name}): should show the folder tree with arrows, "expand all", counts as counts, no empty folder`, async () => {
      const { text } = sites[name]
      const page = await open(name, 'folders/', 390)
      const details = page.locator('.folder-tree details')
      const total = await details.count()
      expect(await page.locator('.folder-tree ul details > summary').count()).toBeGreaterThan(0)
      expect(await page.locator('.folder-tree details[open]').count()).toBeLessThan(total)
      const button = page.locator('button.expand-all')
      expect(await button.textContent()).toBe(text['client.expandAll'])
      await button.click()
      expect(await page.locator('.folder-tree details[open]').count()).toBe(total)
      expect(await button.textContent()).toBe(text['client.collapseAll'])
      // "3 bookmarks · 1 sub-folder", after the name and apart from it; never 0 bookmarks.
      const count = new RegExp(
        `^(${forms(text, 'count.bookmarks')})( · (${forms(text, 'count.subfolders')}))?$`,
      )
      const rows = await page.locator('.folder-tree li').evaluateAll((items) =>
        items.map((item) => {
          const link = item.querySelector(':scope > a.folder-link')!.getBoundingClientRect()
          const number = item.querySelector(':scope > .count')!
          return { text: number.textContent ?? '', gap: number.getBoundingClientRect().left - link.right }
        }),
      )
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) {
        expect(row.text).toMatch(count)
        expect(Number(/^\d+/.exec(row.text)?.[0])).toBeGreaterThan(0)
      }
      expect(rows.some((row) => row.gap > 0)).toBe(true)
      if (name === 'merged') {
        expect(await page.locator('.folder-tree', { hasText: 'Snoozed' }).count()).toBe(0)
        await page.goto(sites.merged.served.url)
        expect(await page.locator('main', { hasText: 'Snoozed' }).count()).toBe(0)
      }
      await page.close()
    })

    it(`point 5 (${name}): should show dates in the site's language with <time datetime>, one line high at 390 px`, async () => {
      const { lang } = sites[name]
      const page = await open(name, sites[name].pages.folder, 390)
      const times = await page.locator('main .xfolkentry time').evaluateAll((elements) =>
        elements.map((element) => ({
          datetime: element.getAttribute('datetime') ?? '',
          text: element.textContent ?? '',
          height: element.getBoundingClientRect().height,
          line: parseFloat(getComputedStyle(element).lineHeight),
        })),
      )
      expect(times.length).toBeGreaterThan(1)
      const format = new Intl.DateTimeFormat(lang, DAY)
      for (const time of times) {
        expect(time.datetime).toMatch(/^\d{4}-\d\d-\d\dT/)
        expect(time.text).toBe(format.format(new Date(time.datetime)))
        expect(time.height).toBeLessThan(time.line * 1.5)
      }
      expect(times[0]!.text).toMatch(lang === 'de' ? /^\d+\. \S+ \d{4}$/ : /^[A-Z][a-z]+ \d+, \d{4}$/)
      if (name === 'merged') {
        await page.goto(`${sites.merged.served.url}work/languages/scripting/`)
        expect(
          await page.locator('.xfolkentry', { hasText: 'Perl' }).first().locator('time').textContent(),
        ).toBe('24. Feb. 2002')
      }
      await page.close()
    })

    // The German search script, and Arabic right to left: i18n.test.ts.
    it(`point 6 (${name}): should speak the site's language in the page's chrome`, async () => {
      const { lang, text } = sites[name]
      const page = await open(name, sites[name].pages.tag)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang)
      expect(await page.locator('.skip-link').textContent()).toBe(text['skip'])
      expect(await page.locator('.search-form button').textContent()).toBe(text['search.button'])
      if (lang !== 'en') expect(text['skip']).not.toBe(catalogue('en')['skip'])
      await page.close()
    })

    it(`point 7 (${name}): should link fetchable, valid feeds from tag and folder pages, and show the stats charts`, async () => {
      const { text } = sites[name]
      const page = await open(name, '')
      for (const kind of ['tag', 'folder'] as const) {
        const where = sites[name].pages[kind].replace(/page\/\d+\/$/, '')
        await page.goto(`${sites[name].served.url}${where}`)
        // Beside the site's feed, the page's own.
        const href = await page
          .locator(`link[rel="alternate"][type="application/atom+xml"][href$="/${where}feed.xml"]`)
          .getAttribute('href')
        expect(href, kind).toBe(`/sub/${where}feed.xml`)
        const response = await page.request.get(new URL(href!, sites[name].served.url).href)
        expect(response.status(), kind).toBe(200)
        expect(atomProblems(await response.text()), kind).toEqual([])
      }
      await page.goto(`${sites[name].served.url}stats/`)
      for (const chart of ['stats.years', 'stats.months']) {
        const image = page.getByRole('img', { name: new RegExp(`^${String(text[chart])}`) })
        expect(await image.count(), chart).toBe(1)
        expect(await image.locator('rect').count(), chart).toBeGreaterThan(0)
      }
      await page.close()
    })

    it(`point 8 (${name}): should describe its search for browsers (OpenSearch), whose template opens results`, async () => {
      const { iconic } = sites[name]
      const page = await open(name, '')
      const href = await page
        .locator('link[rel="search"][type="application/opensearchdescription+xml"]')
        .getAttribute('href')
      const description = await (await page.request.get(new URL(href!, page.url()).href)).text()
      const template = /<Url type="text\/html" method="get" template="([^"]+)"/.exec(description)?.[1]
      expect(template).toBe(`${ADDRESS}search/?q={searchTerms}`)
      // The address is the public one; the same path on the local server.
      const local = template!
        .replace(ADDRESS, sites[name].served.url)
        .replace('{searchTerms}', encodeURIComponent(iconic.word))
      await page.goto(local)
      await results(page).first().waitFor()
      expect(await titles(page)).toContain(iconic.title)
      expect(await page.inputValue('#search-q')).toBe(iconic.word)
      await page.close()
    })

    it(`point 9 (${name}): should say keep typing, rank the closer spelling first, and clear with one Escape`, async () => {
      const { text } = sites[name]
      const page = await open(name, 'search/')
      await page.fill('#search-q', sites[name].letter)
      await expect
        .poll(() => page.locator('#search-status').textContent())
        .toBe(text['search.client.keepShort'])
      // Neighbouring letters swapped: the word so spelt ranks above a looser match.
      const { typo, word, title } = swapped(name)
      await page.goto(`${sites[name].served.url}search/?q=${encodeURIComponent(typo)}`)
      await results(page).first().waitFor()
      const found = await titles(page)
      expect(found[0]).toBe(title)
      const spelt = found.map((each) => new RegExp(`\\b${word}\\b`, 'i').test(each))
      expect(spelt.indexOf(false) === -1 || spelt.lastIndexOf(true) < spelt.indexOf(false)).toBe(true)
      if (name === 'merged') expect(found).toContain('Per-line diffs')
      // A search submitted from the home page: the box has the focus, and one Escape clears it.
      await page.goto(sites[name].served.url)
      await page.fill('#search-q', word)
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/search\/\?q=/)
      await results(page).first().waitFor()
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q')
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => document.querySelectorAll('#search-results li').length === 0)
      expect(await page.inputValue('#search-q')).toBe('')
      await page.close()
    })
  }

  // Search at scale on the same 10k site: a rare title word, the same word with one letter changed,
  // and what the first search downloads, gzipped as a static host serves it.
  describe('search on the 10k site', () => {
    let word: string
    let title: string
    beforeAll(() => {
      ;({ word, title } = rareTitleWord(sites['10k'].served.site))
    })

    /** Open `url`, recording page errors and the gzipped size of every response. */
    async function measured(url: string): Promise<{ page: Page; downloads: Map<string, number> }> {
      const page = await browser.newPage()
      const downloads = new Map<string, number>()
      collectErrors(page, errors)
      page.on('response', async (response) => {
        const body = await response.body().catch(() => Buffer.alloc(0))
        downloads.set(new URL(response.url()).pathname, gzipSync(body, { level: 6 }).length)
      })
      await page.goto(url)
      return { page, downloads }
    }

    it('should show the bookmark whose title contains a word from ?q=', async () => {
      const { page, downloads } = await measured(
        `${sites['10k'].served.url}search/?q=${encodeURIComponent(word)}`,
      )
      await page.locator('#search-results .xfolkentry').first().waitFor()
      expect(await titles(page)).toContain(title)
      await page.waitForLoadState('networkidle')
      const total = [...downloads.values()].reduce((sum, size) => sum + size, 0)
      console.log(
        `first search for “${word}” on 10k: ${downloads.size} files, ${(total / 1024).toFixed(1)} KB gzipped ` +
          `(index ${(sum(downloads, (name) => name.includes('/assets/search/')) / 1024).toFixed(1)} KB)`,
      )
      expect(total).toBeLessThanOrEqual(FIRST_SEARCH_BUDGET)
      await page.close()
    })

    it('should count the facets of a search with a few hits from its results, downloading no filter file', async () => {
      const few = rareTitleWord(sites['10k'].served.site, 3).word
      const { page, downloads } = await measured(
        `${sites['10k'].served.url}search/?q=${encodeURIComponent(few)}`,
      )
      await page.locator('#search-facets a.facet').first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(
        Number((await page.locator('#search-status').textContent())?.match(/\d+/)?.[0]),
      ).toBeLessThanOrEqual(20)
      expect([...downloads.keys()].filter((name) => FILTER_FILE.test(name))).toEqual([])
      await page.close()
    })

    it('should show it with one letter of the word changed', async () => {
      const at = Math.floor(word.length / 2)
      const typo = word.slice(0, at) + (word[at] === 'x' ? 'q' : 'x') + word.slice(at + 1)
      const { page } = await measured(`${sites['10k'].served.url}search/?q=${encodeURIComponent(typo)}`)
      await page.locator('#search-results .xfolkentry').first().waitFor()
      expect(await titles(page)).toContain(title)
      const marked = await page.locator('#search-results mark').allTextContents()
      expect(marked.map((text) => text.toLowerCase())).toContain(word)
      await page.close()
    })

    it('should find by tag and offer more results', async () => {
      const { page } = await measured(`${sites['10k'].served.url}search/?q=programming`)
      await page.locator('#search-results .xfolkentry').first().waitFor()
      expect(await page.locator('#search-results .xfolkentry').count()).toBe(20)
      expect(
        await page.locator('#search-results a[rel=tag]', { hasText: 'programming' }).count(),
      ).toBeGreaterThan(0)
      await page.click('#search-more')
      await page.waitForFunction(() => document.querySelectorAll('#search-results .xfolkentry').length === 40)
      expect(
        await page.evaluate(() => document.activeElement?.closest('li')?.parentElement?.children.length),
      ).toBe(40)
      await page.close()
    })

    it('should not download the index on a folder page', async () => {
      const { page, downloads } = await measured(sites['10k'].served.url)
      await page.waitForLoadState('networkidle')
      expect([...downloads.keys()].filter((name) => name.includes('/assets/search/'))).toEqual([])
      await page.close()
    })
  })

  it('should make no request outside the local server and log no error', () => {
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.filter((url) => !/^(about:|data:|http:\/\/127\.0\.0\.1:\d+\/)/.test(url))).toEqual([])
    expect(errors).toEqual([])
  })

  /** A query with two neighbouring letters of a title word swapped, the word and its title. */
  function swapped(name: Name): { typo: string; word: string; title: string } {
    if (name === 'merged') return { typo: 'pelr', word: 'perl', title: 'Perl' }
    const { word, title } = rareTitleWord(sites[name].served.site)
    const at = Math.floor(word.length / 2)
    return { typo: word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1), word, title }
  }
})

/** The plural forms of a count in the catalogue, as alternatives of a regular expression. */
function forms(text: Catalogue, key: string): string {
  return Object.values(text[key] as Record<string, string>)
    .map((form) => form.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{count}', '[\\d.,\\u00a0\\u202f]+'))
    .join('|')
}

/** What the tests need to know of a built site: its language, layout, the sources' icons, pages to visit. */
function describeSite(
  served: ServedSite,
  lang: 'de' | 'en',
  layout: 'list' | 'cards',
  netscape: string[],
): Site {
  const icons = new Map<string, boolean>()
  const repeated = new Set<string>()
  const iconic: Array<{ title: string }> = []
  const words = new Map<string, number>()
  const texts = netscape.map((file) => readFileSync(path.resolve(REPO_ROOT, file), 'utf8'))
  for (const text of texts)
    for (const [, attributes, title] of text.matchAll(/<A ([^>]*)>([^<]*)<\/A>/g)) {
      const href = decode(/HREF="([^"]*)"/.exec(attributes!)?.[1] ?? '')
      const icon = / ICON="/.test(attributes!)
      if (icons.has(href) && icons.get(href) !== icon) repeated.add(href)
      icons.set(href, icon)
      for (const word of new Set(
        decode(title!)
          .toLowerCase()
          .match(/\p{L}{5,}/gu) ?? [],
      ))
        words.set(word, (words.get(word) ?? 0) + 1)
      if (icon) iconic.push({ title: decode(title!) })
    }
  for (const href of repeated) icons.delete(href)
  // The rarest title word among the bookmarks with a favicon.
  const choices = iconic.flatMap(({ title }) =>
    [...new Set(title.toLowerCase().match(/\p{L}{5,}/gu) ?? [])].map((word) => ({ word, title })),
  )
  choices.sort((a, b) => words.get(a.word)! - words.get(b.word)! || (a.word < b.word ? -1 : 1))
  const letter = [...'qjzxkvw'].find((candidate) =>
    texts.every((text) => !new RegExp(`(?<![\\p{L}\\p{N}])${candidate}(?![\\p{L}\\p{N}])`, 'iu').test(text)),
  )
  if (letter === undefined) throw new Error('every candidate letter is a word of the sources')
  const withIcon = (file: string) => /class="favicon"/.test(readFileSync(file, 'utf8'))
  return {
    served,
    lang,
    layout,
    text: catalogue(lang),
    icons,
    letter,
    iconic: choices[0]!,
    pages: {
      folder: pageWhere(
        served.site,
        '',
        (file, html) => withIcon(file) && (html.match(/<time /g) ?? []).length > 1,
      ),
      tag: pageWhere(served.site, 'tags', withIcon),
      archive: pageWhere(served.site, 'archive', withIcon),
    },
  }
}

/** Pages that are not folders: the first level of the site below which there are none. */
const NOT_FOLDERS = new Set(['tags', 'archive', 'search', 'stats', 'folders', 'offline', 'assets'])

/** The first page (sorted by path) under `under` of the site in `site` that `test` accepts, as a path below the base. */
function pageWhere(site: string, under: string, test: (file: string, html: string) => boolean): string {
  const walk = (folder: string): string | undefined => {
    const index = path.join(folder, 'index.html')
    const relative = path.relative(site, folder)
    if (relative !== '' && statSync(index, { throwIfNoEntry: false }) !== undefined)
      if (test(index, readFileSync(index, 'utf8'))) return `${relative.split(path.sep).join('/')}/`
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (!entry.isDirectory() || (folder === site && NOT_FOLDERS.has(entry.name))) continue
      const found = walk(path.join(folder, entry.name))
      if (found !== undefined) return found
    }
    return undefined
  }
  const found = walk(path.join(site, under))
  if (found === undefined) throw new Error(`no page under ${under || 'the site'} as wanted`)
  return found
}

/** The entities a Netscape file's attributes and titles use. */
function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

function sum(downloads: Map<string, number>, keep: (name: string) => boolean): number {
  let total = 0
  for (const [name, size] of downloads) if (keep(name)) total += size
  return total
}
