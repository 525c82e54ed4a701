/**
 * A word in more bookmarks than a term keeps in its shard (`HEAD_DOCS`), in a real browser: the
 * first results come from its best documents, the count is a lower bound, and the rest of its
 * postings is downloaded once, by what counts every result (here the facets).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { startStaticServer, type StaticServer } from '../../src/serve.js'
import { build } from '../../src/build/index.js'
import { HEAD_DOCS } from '../../src/site-files/search/index.js'
import { collectErrors, hasChromium, launchChromium } from './chromium.js'

/** Bookmarks titled with the common word: more than a shard keeps. */
const COUNT = HEAD_DOCS + 400

describe.skipIf(!hasChromium)('search for a word in more bookmarks than its shard keeps, in Chromium', () => {
  let dir: string
  let server: StaticServer
  let browser: Browser
  const errors: string[] = []

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-search-common-'))
    const source = path.join(dir, 'bookmarks.html')
    const entries = Array.from(
      { length: COUNT },
      (_, index) => `<DT><A HREF="https://example.com/page/${index}">Common page ${index}</A>`,
    )
    writeFileSync(source, `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${entries.join('\n')}\n</DL><p>\n`)
    const config = resolveConfig(
      {},
      { sources: [source], outDir: path.join(dir, 'site'), base: '/sub/' },
      { cwd: dir },
    )
    await build(config)
    server = await startStaticServer({ root: config.outDir, base: config.base })
    browser = await launchChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  async function open(url: string): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage()
    const requests: string[] = []
    collectErrors(page, errors)
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    await page.goto(url)
    return { page, requests }
  }

  const rest = (requests: string[]) => requests.filter((name) => /\/t\d+-\d+\.json$/.test(name))
  const status = (page: Page) => page.locator('#search-status').textContent()

  it('should show the best results, then the rest of the word for more', async () => {
    const { page, requests } = await open(`${server.url}search/?q=common`)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await page.locator('#search-results .xfolkentry').count()).toBe(20)
    expect(await status(page)).toBe(`At least ${COUNT} results for “common”, showing the best 20`)
    // (On a site this small the facets come at once, and they count every result: they download the rest.)
    // Every title scores the same: the first bookmarks first.
    expect(await page.locator('#search-results .taggedlink').first().textContent()).toBe('Common page 0')
    await page.click('#search-more')
    await page.waitForFunction(() => document.querySelectorAll('#search-results .xfolkentry').length === 40)
    // The next results were settled too; the rest of the word was downloaded once, for the facets.
    expect(await status(page)).toBe(`At least ${COUNT} results for “common”, showing the best 40`)
    expect(rest(requests)).toHaveLength(1)
    await page.close()
  })

  it('should have thrown no page errors', () => {
    expect(errors).toEqual([])
  })
})
