/**
 * Layouts and icons in a real browser, on a small fixture built with each `layout`: the folder
 * sidebar beside folder, tag and archive pages at 1280 px (the current folder open and marked),
 * gone at 390 px, no horizontal overflow at 320 px and no layout shift; `layout: 'cards'` as a
 * grid; home folder cards as tall as their content; the export's favicon on every page that lists
 * the bookmark and in search results, the monogram where there is none; axe finds nothing; no
 * request leaves the local server.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import { axeViolations, collectErrors, hasChromium, servedSite, type ServedSite } from './chromium.js'

const FIXTURE = 'test/fixtures/layout/bookmarks.html'
const PAGES = {
  home: '',
  folder: 'development/web/css/',
  tag: 'tags/code/',
  archive: 'archive/2024/',
  search: 'search/?q=iconic',
}

describe.skipIf(!hasChromium)('layouts and icons in Chromium', () => {
  const sites: Partial<Record<'list' | 'cards', ServedSite>> = {}
  const errors: string[] = []
  const requests: string[] = []

  beforeAll(async () => {
    for (const layout of ['list', 'cards'] as const)
      sites[layout] = await servedSite({
        prefix: `bookgen-layout-${layout}-`,
        base: '/sub/',
        cwd: REPO_ROOT,
        sources: () => [FIXTURE],
        user: { layout },
      })
  }, 60_000)
  afterAll(async () => {
    for (const site of Object.values(sites)) await site?.close()
  })

  /** A page of the `layout` site at `width` px, every request it makes recorded. */
  async function open(layout: 'list' | 'cards', path: string, width: number): Promise<Page> {
    // CSP bypassed for axe's script only: the pages load nothing inline.
    const page = await sites[layout]!.browser.newPage({ bypassCSP: true, viewport: { width, height: 900 } })
    collectErrors(page, errors)
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(`${sites[layout]!.url}${path}`)
    if (path.startsWith('search/')) await page.locator('#search-results .xfolkentry').first().waitFor()
    return page
  }

  it(
    'should show the folder sidebar at 1280 px with the current folder open and marked, and hide it at 390 px',
    { timeout: 60_000 },
    async () => {
      const page = await open('list', PAGES.folder, 1280)
      const sidebar = page.locator('nav.sidebar')
      expect(await sidebar.isVisible()).toBe(true)
      expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('CSS')
      // Its ancestors are open, with their sub-folders beside it; the other top-level folders are listed.
      expect(await sidebar.locator('a').allTextContents()).toEqual([
        'Development',
        'Web',
        'CSS',
        'JavaScript',
        'Tools',
        'Databases',
        'Cooking',
        'Travel',
      ])
      const side = (await sidebar.boundingBox())!
      const main = (await page.locator('main').boundingBox())!
      expect(side.x + side.width).toBeLessThanOrEqual(main.x)
      for (const path of [PAGES.tag, PAGES.archive]) {
        await page.goto(`${sites.list!.url}${path}`)
        expect(await page.locator('nav.sidebar a').allTextContents(), path).toEqual([
          'Development',
          'Cooking',
          'Travel',
        ])
        expect(await page.locator('nav.sidebar').isVisible(), path).toBe(true)
      }
      await page.setViewportSize({ width: 390, height: 900 })
      await page.goto(`${sites.list!.url}${PAGES.folder}`)
      expect(await page.locator('nav.sidebar').isVisible()).toBe(false)
      await page.close()
    },
  )

  it(
    'should show the sidebar without scripts, and move neither it nor the column when they run',
    { timeout: 60_000 },
    async () => {
      const shifts = async (page: Page) =>
        page.evaluate(
          () =>
            new Promise<Array<{ value: number; moved: string[] }>>((resolve) => {
              const found: Array<{ value: number; moved: string[] }> = []
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as unknown as Array<{
                  value: number
                  sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>
                }>)
                  found.push({
                    value: entry.value,
                    // What moved sideways, or anything in the sidebar.
                    moved: entry.sources
                      .filter(
                        (source) =>
                          source.node instanceof Element &&
                          (source.node.closest('.sidebar') !== null ||
                            (source.node.closest('main') !== null &&
                              source.previousRect.x !== source.currentRect.x)),
                      )
                      .map((source) => (source.node as Element).outerHTML.slice(0, 80)),
                  })
              }).observe({ type: 'layout-shift', buffered: true })
              setTimeout(() => resolve(found), 500)
            }),
        )
      // Static HTML alone shows it in its place.
      const context = await sites.list!.browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      })
      const still = await context.newPage()
      await still.goto(`${sites.list!.url}${PAGES.folder}`)
      const side = await still.locator('nav.sidebar').boundingBox()
      expect(side?.width).toBeGreaterThan(0)
      expect(side!.x + side!.width).toBeLessThanOrEqual((await still.locator('main').boundingBox())!.x)
      await context.close()
      // With scripts (which add the theme switch and the sort menu), neither the sidebar nor the column moves.
      const page = await open('list', PAGES.folder, 1280)
      expect((await shifts(page)).flatMap((shift) => shift.moved)).toEqual([])
      await page.close()
    },
  )

  it(
    'should lay out entries as a grid of cards with layout: cards, and as a list by default',
    { timeout: 60_000 },
    async () => {
      for (const layout of ['list', 'cards'] as const) {
        const page = await open(layout, PAGES.folder, 1280)
        const entries = page.locator('main .entries').first()
        expect(await entries.evaluate((list) => getComputedStyle(list).display)).toBe(
          layout === 'cards' ? 'grid' : 'block',
        )
        const tops = await entries
          .locator(':scope > li')
          .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top))
        // Cards share a row; list rows each have their own.
        expect(new Set(tops).size < tops.length).toBe(layout === 'cards')
        // Still one xfolkentry with one taggedlink each.
        for (const count of await entries
          .locator(':scope > li')
          .evaluateAll((items) => items.map((item) => item.querySelectorAll('.taggedlink').length)))
          expect(count).toBe(1)
        await page.close()
      }
    },
  )

  it(
    'should size the home page folder cards to their content, not the tallest in the row',
    { timeout: 60_000 },
    async () => {
      const page = await open('list', PAGES.home, 1280)
      const cards = await page
        .locator('.folder-cards > li')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()))
      expect(cards.length).toBe(3)
      expect(cards.every((card) => card.top === cards[0]!.top)).toBe(true)
      expect(new Set(cards.map((card) => card.height)).size).toBeGreaterThan(1)
      await page.close()
    },
  )

  // The 320 px width on every kind of page, in either layout: accessibility.test.ts.
  it("should pass axe and show the export's favicon on every page that lists the bookmark, in either layout", async () => {
    for (const layout of ['list', 'cards'] as const) {
      for (const [kind, path] of Object.entries(PAGES)) {
        const where = `${layout} ${kind}`
        const page = await open(layout, path, 1280)
        const scope = kind === 'search' ? '#search-results' : 'main'
        const icon = page
          .locator(`${scope} .xfolkentry`, { hasText: 'Iconic grid guide' })
          .first()
          .locator('img.favicon')
        expect(await icon.count(), where).toBe(1)
        // A lazy image does not hold back the page's load event: wait for its own.
        await icon.scrollIntoViewIfNeeded()
        const width = await icon.evaluate(
          (image: HTMLImageElement) =>
            new Promise<number>((resolve) => {
              const done = () => resolve(image.naturalWidth)
              if (image.complete) done()
              else {
                image.addEventListener('load', done, { once: true })
                image.addEventListener('error', done, { once: true })
              }
            }),
        )
        expect(width, where).toBe(16)
        expect(new URL(await icon.evaluate((image: HTMLImageElement) => image.src)).pathname).toMatch(
          /^\/sub\/assets\/icons\/[0-9a-f]{16}\.png$/,
        )
        expect(await axeViolations(page), where).toEqual([])
        await page.close()
      }
    }
  }, 120_000)

  it(
    'should show the monogram for a bookmark without an icon, on its folder page and in search results',
    { timeout: 60_000 },
    async () => {
      for (const path of [PAGES.folder, 'search/?q=plainword']) {
        const page = await open('list', path, 1280)
        const entry = page.locator('.xfolkentry', { hasText: 'Plainword reference' }).first()
        await entry.waitFor()
        expect(await entry.locator('img').count(), path).toBe(0)
        const badge = path.startsWith('search/')
          ? await entry.locator('.mono').textContent()
          : await entry.evaluate((item) => getComputedStyle(item, '::before').content)
        expect(badge, path).toContain('P')
        await page.close()
      }
    },
  )

  it('should make no request outside the local server and log no error', () => {
    expect(requests.length).toBeGreaterThan(0)
    const outside = requests.filter((url) => !/^(about:|http:\/\/127\.0\.0\.1:\d+\/)/.test(url))
    expect(outside).toEqual([])
    expect(errors).toEqual([])
  })
})
