/**
 * The search page in a real browser: the example site built under a sub-path, served as GitHub
 * Pages would, searched by URL (`?q=`), by typing, and with the keyboard.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import { hasChromium, openPage, servedSite, type ServedSite } from './chromium.js'

describe.skipIf(!hasChromium)('search page in Chromium', () => {
  let served: ServedSite
  const errors: string[] = []

  beforeAll(async () => {
    served = await servedSite({
      prefix: 'bookgen-search-',
      base: '/sub/path/',
      cwd: REPO_ROOT,
      sources: () => ['example/bookmarks.html', 'example/reading-list.xbel'],
    })
  })
  afterAll(() => served?.close())

  const open = (url: string) => openPage(served.browser, url, errors)

  const titles = (page: Page) => page.locator('#search-results .taggedlink').allTextContents()

  it('should show the bookmark whose title contains the word from ?q=', async () => {
    const { page } = await open(`${served.url}search/?q=flexbox`)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await titles(page)).toContain('A Complete Guide to Flexbox | CSS-Tricks')
    expect(await page.locator('#search-status').textContent()).toMatch(/result/)
    expect(await page.inputValue('#search-q')).toBe('flexbox')
    await page.close()
  })

  it('should tolerate a typo and ignore accents', async () => {
    const { page } = await open(`${served.url}search/?q=flexbix`)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await titles(page)).toContain('A Complete Guide to Flexbox | CSS-Tricks')
    await page.goto(`${served.url}search/?q=creme`)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await titles(page)).toContain('Crème brûlée — Wikipedia')
    await page.close()
  })

  it('should search as you type, keep the query in the URL and move through results with the keyboard', async () => {
    const { page } = await open(`${served.url}search/`)
    await page.keyboard.press('/')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q')
    await page.keyboard.type('kyoto')
    await page.waitForFunction(() => document.querySelectorAll('#search-results .xfolkentry').length > 0)
    expect(await titles(page)).toEqual(['Kyoto City Official Travel Guide'])
    expect(new URL(page.url()).searchParams.get('q')).toBe('kyoto')
    await page.keyboard.press('ArrowDown')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Kyoto City Official Travel Guide',
    )
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q')
    await page.close()
  })

  it('should say so when nothing matches', async () => {
    const { page } = await open(`${served.url}search/?q=zzzzqqqq`)
    await page.waitForFunction(() =>
      /No results/.test(document.getElementById('search-status')?.textContent ?? ''),
    )
    expect(await page.locator('#search-results li').count()).toBe(0)
    await page.close()
  })

  it('should say to keep typing for one letter or only common words, not that nothing matched', async () => {
    const { page } = await open(`${served.url}search/`)
    for (const query of ['a', 'the', 'q', 'to a']) {
      await page.fill('#search-q', query)
      await page.waitForFunction((typed) => new URL(location.href).searchParams.get('q') === typed, query)
      await page.waitForFunction(() =>
        /Keep typing/.test(document.getElementById('search-status')?.textContent ?? ''),
      )
      expect(await page.locator('#search-status').textContent(), query).not.toMatch(/No results/)
    }
    await page.close()
  })

  it('should focus the box of a search submitted from another page, so that one Escape clears it', async () => {
    const { page } = await open(served.url)
    await page.fill('#search-q', 'kyoto')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/search\/\?q=kyoto$/)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q')
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => document.querySelectorAll('#search-results li').length === 0)
    expect(await page.inputValue('#search-q')).toBe('')
    expect(new URL(page.url()).searchParams.has('q')).toBe(false)
    await page.close()
  })

  it('should show results with their folder and tags, and link them under the base path', async () => {
    const { page } = await open(`${served.url}search/?q=wcag`)
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await page.locator('#search-results .folder-path').first().getAttribute('href')).toMatch(
      /^\/sub\/path\/.+\/$/,
    )
    expect(await page.locator('#search-results a[rel=tag]').first().getAttribute('href')).toMatch(
      /^\/sub\/path\/tags\/.+\/$/,
    )
    await page.close()
  })

  it('should not download the index on ordinary pages, and the form should reach the search page', async () => {
    const { page, requests } = await open(served.url)
    expect(requests.some((request) => request.includes('/assets/search/'))).toBe(false)
    await page.fill('#search-q', 'rust')
    await Promise.all([page.waitForURL(/\/sub\/path\/search\/\?q=rust/), page.press('#search-q', 'Enter')])
    await page.locator('#search-results .xfolkentry').first().waitFor()
    expect(await titles(page)).toContain('The Rust Programming Language')
    await page.close()
  })

  it('should have thrown no page errors', () => {
    expect(errors).toEqual([])
  })
})
