/**
 * A word in more bookmarks than a term keeps in its shard (`HEAD_DOCS`), in a real browser: the
 * first results come from its best documents, the count is a lower bound, and the rest of its
 * postings is downloaded once, by what counts every result (here the facets).
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEAD_DOCS } from '../../src/site-files/search/index.js'
import { hasChromium, openPage, servedSite, type ServedSite } from './chromium.js'

/** Bookmarks titled with the common word: more than a shard keeps. */
const COUNT = HEAD_DOCS + 400

describe.skipIf(!hasChromium)('search for a word in more bookmarks than its shard keeps, in Chromium', () => {
  let served: ServedSite
  const errors: string[] = []

  beforeAll(async () => {
    served = await servedSite({
      prefix: 'bookgen-search-common-',
      base: '/sub/',
      sources: (dir) => {
        const source = path.join(dir, 'bookmarks.html')
        const entries = Array.from(
          { length: COUNT },
          (_, index) => `<DT><A HREF="https://example.com/page/${index}">Common page ${index}</A>`,
        )
        writeFileSync(
          source,
          `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${entries.join('\n')}\n</DL><p>\n`,
        )
        return [source]
      },
    })
  }, 120_000)
  afterAll(() => served?.close())

  const open = (url: string) => openPage(served.browser, url, errors)

  const rest = (requests: string[]) => requests.filter((name) => /\/t\d+-\d+\.json$/.test(name))
  const status = (page: Page) => page.locator('#search-status').textContent()

  it('should show the best results, then the rest of the word for more', async () => {
    const { page, requests } = await open(`${served.url}search/?q=common`)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await page.locator('#search-results .xfolkentry').count()).toBe(20)
    expect(await status(page)).toBe(
      `At least ${COUNT.toLocaleString('en')} results for “common”, showing the best 20`,
    )
    // (On a site this small the facets come at once, and they count every result: they download the rest.)
    // Every title scores the same: the first bookmarks first.
    expect(await page.locator('#search-results .taggedlink').first().textContent()).toBe('Common page 0')
    await page.click('#search-more')
    await page.waitForFunction(() => document.querySelectorAll('#search-results .xfolkentry').length === 40)
    // The next results were settled too; the rest of the word was downloaded once, for the facets.
    expect(await status(page)).toBe(
      `At least ${COUNT.toLocaleString('en')} results for “common”, showing the best 40`,
    )
    expect(rest(requests)).toHaveLength(1)
    await page.close()
  })

  it('should have thrown no page errors', () => {
    expect(errors).toEqual([])
  })
})
