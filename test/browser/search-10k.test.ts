/**
 * Search at scale in a real browser: a generated 10,000-bookmark site built into a temp dir and
 * served under `/sub/`. A title word, the same word with one letter changed, and what the first
 * search downloads, gzipped as a static host serves it.
 */
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  collectErrors,
  generatedSource,
  hasChromium,
  rareTitleWord,
  servedSite,
  type ServedSite,
} from './chromium.js'

/** The budget for everything the first search of a rare word downloads (Pagefind: 155 KB here). */
const FIRST_SEARCH_BUDGET = 150 * 1024
/** The filter files: the facets of a search with a few hits need none. */
const FILTER_FILE = /\/(?:tags|hosts|folders|years|dates)(?:-\d+)?\.json$/

describe.skipIf(!hasChromium)('search on a 10k-bookmark site in Chromium', () => {
  let served: ServedSite
  let word: string
  let title: string
  const errors: string[] = []

  beforeAll(async () => {
    served = await servedSite({
      prefix: 'bookgen-search10k-',
      base: '/sub/',
      sources: (dir) => [generatedSource(path.join(dir, 'bookmarks.html'), 10_000)],
    })
    ;({ word, title } = rareTitleWord(served.site))
  }, 120_000)
  afterAll(() => served?.close())

  /** Open `url`, recording page errors and the gzipped size of every response. */
  async function open(url: string): Promise<{ page: Page; downloads: Map<string, number> }> {
    const page = await served.browser.newPage()
    const downloads = new Map<string, number>()
    collectErrors(page, errors)
    page.on('response', async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0))
      downloads.set(new URL(response.url()).pathname, gzipSync(body, { level: 6 }).length)
    })
    await page.goto(url)
    return { page, downloads }
  }

  const titles = (page: Page) => page.locator('#search-results .taggedlink').allTextContents()

  it('should show the bookmark whose title contains a word from ?q=', async () => {
    const { page, downloads } = await open(`${served.url}search/?q=${encodeURIComponent(word)}`)
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
    const few = rareTitleWord(served.site, 3).word
    const { page, downloads } = await open(`${served.url}search/?q=${encodeURIComponent(few)}`)
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
    const { page } = await open(`${served.url}search/?q=${encodeURIComponent(typo)}`)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await titles(page)).toContain(title)
    const marked = await page.locator('#search-results mark').allTextContents()
    expect(marked.map((text) => text.toLowerCase())).toContain(word)
    await page.close()
  })

  it('should find by tag and offer more results', async () => {
    const { page } = await open(`${served.url}search/?q=programming`)
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
    const { page, downloads } = await open(served.url)
    await page.waitForLoadState('networkidle')
    expect([...downloads.keys()].filter((name) => name.includes('/assets/search/'))).toEqual([])
    await page.close()
  })

  it('should have thrown no page errors', () => {
    expect(errors).toEqual([])
  })
})

function sum(downloads: Map<string, number>, keep: (name: string) => boolean): number {
  let total = 0
  for (const [name, size] of downloads) if (keep(name)) total += size
  return total
}
