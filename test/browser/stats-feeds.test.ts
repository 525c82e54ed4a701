/**
 * The stats page and the feed links in Chromium: axe finds no violation on `stats/` and a tag page
 * in light and dark mode, neither overflows at 320 px, and a tag's and a folder's pages name their
 * feed with rel=alternate, which the server hands out as Atom.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import { atomProblems } from '../atom.js'
import { hasChromium, servedSite, type ServedSite } from './chromium.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

describe.skipIf(!hasChromium)('stats page and feed links in Chromium', () => {
  let served: ServedSite
  beforeAll(async () => {
    served = await servedSite({
      prefix: 'bookgen-stats-',
      base: '/my-bookmarks/',
      sources: () => [path.join(REPO_ROOT, 'example/bookmarks.html')],
    })
  }, 120_000)
  afterAll(async () => served?.close())

  for (const scheme of ['light', 'dark'] as const) {
    it(
      `should pass axe and fit 320 px on stats/ and a tag page (${scheme})`,
      { timeout: 120_000 },
      async () => {
        const context = await served.browser.newContext({
          bypassCSP: true,
          colorScheme: scheme,
          viewport: { width: 320, height: 640 },
        })
        for (const page of ['stats/', 'tags/reference/']) {
          const tab = await context.newPage()
          await tab.goto(`${served.url}${page}`)
          const overflow = await tab.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow, page).toBe(0)
          await tab.addScriptTag({ path: AXE })
          const result = (await tab.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
            violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>
          }
          expect(
            result.violations.map(
              (violation) =>
                `${page}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            ),
          ).toEqual([])
          await tab.close()
        }
        await context.close()
      },
    )
  }

  it('should show the charts as labelled images with their numbers in tables', async () => {
    const tab = await served.browser.newPage()
    await tab.goto(`${served.url}stats/`)
    const charts = tab.getByRole('img', { name: /^Bookmarks per (year|month):/ })
    expect(await charts.count()).toBe(2)
    const years = await tab.locator('#stats-years + svg + table tbody tr').count()
    expect(await tab.locator('#stats-years + svg rect').count()).toBe(years)
    expect(await tab.locator('.site-footer a', { hasText: 'Statistics' }).getAttribute('href')).toBe(
      '/my-bookmarks/stats/',
    )
    await tab.close()
  })

  it('should link the feeds of a tag and a folder from their pages', async () => {
    const tab = await served.browser.newPage()
    for (const page of ['tags/reference/', 'development/web/']) {
      await tab.goto(`${served.url}${page}`)
      const href = await tab
        .locator(`link[rel="alternate"][type="application/atom+xml"][href$="${page}feed.xml"]`)
        .getAttribute('href')
      const response = await tab.request.get(new URL(href!, served.url).href)
      expect(response.status(), page).toBe(200)
      expect(atomProblems(await response.text()), page).toEqual([])
    }
    await tab.close()
  })
})
