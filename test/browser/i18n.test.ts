/**
 * The UI in the reader's language, in a real browser: an Arabic site is laid out right to left
 * (`dir="rtl"`, the folder sidebar on the right at 1280 px, nothing overflowing at 320 px; axe on
 * every kind of page right to left is in accessibility.test.ts); a German site's search
 * script speaks German ("keep typing" for a one-letter query, the notices about a query).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import { collectErrors, hasChromium, servedSite, type ServedSite } from './chromium.js'

const FIXTURE = 'test/fixtures/i18n/bookmarks.html'
const PAGES = {
  home: '',
  folder: 'kuche/brot/',
  tag: 'tags/kochen/',
  archive: 'archive/',
  search: 'search/?q=brot',
  stats: 'stats/',
}
const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'templates/default/i18n', `${language}.json`), 'utf8'),
  ) as Record<string, unknown>

describe.skipIf(!hasChromium)('the UI in the reader’s language, in Chromium', () => {
  const sites: Partial<Record<'ar' | 'de', ServedSite>> = {}
  const errors: string[] = []

  beforeAll(async () => {
    for (const lang of ['ar', 'de'] as const)
      sites[lang] = await servedSite({
        prefix: `bookgen-i18n-${lang}-`,
        base: '/sub/',
        cwd: REPO_ROOT,
        sources: () => [FIXTURE],
        user: { lang },
      })
  }, 60_000)
  afterAll(async () => {
    for (const site of Object.values(sites)) await site?.close()
    expect(errors).toEqual([])
  })

  async function open(lang: 'ar' | 'de', page: string, width: number) {
    // CSP bypassed for axe's script only: the pages load nothing inline.
    const tab = await sites[lang]!.browser.newPage({ bypassCSP: true, viewport: { width, height: 900 } })
    collectErrors(tab, errors)
    await tab.goto(`${sites[lang]!.url}${page}`)
    if (page.startsWith('search/?q=')) await tab.locator('#search-results .xfolkentry').first().waitFor()
    return tab
  }

  it(
    'should put the Arabic folder sidebar on the right of the content at 1280 px',
    { timeout: 60_000 },
    async () => {
      const tab = await open('ar', PAGES.folder, 1280)
      expect(await tab.evaluate(() => document.documentElement.dir)).toBe('rtl')
      const sidebar = (await tab.locator('nav.sidebar').boundingBox())!
      const main = (await tab.locator('main').boundingBox())!
      expect(sidebar.width).toBeGreaterThan(0)
      expect(sidebar.x).toBeGreaterThanOrEqual(main.x + main.width)
      // An entry's icon (drawn in its padding) sits at its start: the right.
      const padding = await tab
        .locator('main .xfolkentry')
        .first()
        .evaluate((entry) => [getComputedStyle(entry).paddingRight, getComputedStyle(entry).paddingLeft])
      expect(parseFloat(padding[0]!)).toBeGreaterThan(parseFloat(padding[1]!))
      await tab.close()
    },
  )

  // axe on every kind of page right to left: accessibility.test.ts, on the example site in Arabic.
  it('should lay out every kind of Arabic page right to left, nothing wider than 320 px', async () => {
    for (const [kind, page] of Object.entries(PAGES)) {
      const tab = await open('ar', page, 320)
      expect(await tab.evaluate(() => document.documentElement.dir), kind).toBe('rtl')
      const overflow = await tab.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, kind).toBe(0)
      await tab.close()
    }
  }, 120_000)

  it('should say "keep typing" in German for a one-letter query', { timeout: 60_000 }, async () => {
    const german = catalogue('de')
    const english = catalogue('en')
    const tab = await open('de', 'search/', 1280)
    await tab.locator('#search-q').fill('x')
    const status = tab.locator('#search-status')
    await expect.poll(() => status.textContent()).toBe(german['search.client.keepShort'])
    expect(german['search.client.keepShort']).not.toBe(english['search.client.keepShort'])
    // The theme switch too, and the results' count once a word matches.
    expect(await tab.locator('.theme-toggle').textContent()).toMatch(
      new RegExp(`^(${String(german['client.themeDark'])}|${String(german['client.themeLight'])})$`),
    )
    await tab.locator('#search-q').fill('brot')
    await expect.poll(() => status.textContent()).toMatch(/^\d+ Ergebnisse für „brot“/)
    await tab.close()
  })

  it('should say the notices about a query in German', { timeout: 60_000 }, async () => {
    const german = catalogue('de')
    const fill = (key: string, values: Record<string, string>) =>
      String(german[`search.client.notice.${key}`]).replace(/\{(\w+)\}/g, (_, name: string) => values[name]!)
    const tab = await open('de', 'search/', 1280)
    await tab.locator('#search-q').fill('lang:brot after:gestern is:dead')
    await expect
      .poll(() => tab.locator('#search-notices li').allTextContents())
      .toEqual([
        fill('operator', { name: 'lang' }),
        fill('date', { name: 'after', value: 'gestern' }),
        fill('unpublished', { value: 'dead' }),
      ])
    await tab.close()
  })
})
