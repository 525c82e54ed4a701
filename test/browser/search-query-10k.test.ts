/**
 * The query language in a real browser, on a generated 10,000-bookmark site served under `/sub/`:
 * swapped letters, `#tag`, `#tag -word`, `site:`, facet links, the Back button, `/` and Escape,
 * and what the first search downloads with its facets, gzipped as a static host serves it. The
 * expected sets come from the same engine run in Node over the built files.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import SearchableMap from 'minisearch/SearchableMap'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSearchEngine, type SearchEngine } from '../../templates/default/search-engine.js'
import { collectErrors, generatedSource, hasChromium, servedSite, type ServedSite } from './chromium.js'

/** The budget for everything the first search of a word downloads at 10,000 bookmarks. */
const FIRST_SEARCH_BUDGET = 300 * 1024
const TAG = 'programming'
const HOST = 'wikipedia.org'

describe.skipIf(!hasChromium)('the query language on a 10k-bookmark site in Chromium', () => {
  let served: ServedSite
  let site: string
  let engine: SearchEngine
  let page: Page
  const errors: string[] = []

  beforeAll(async () => {
    served = await servedSite({
      prefix: 'bookgen-query10k-',
      base: '/sub/',
      sources: (dir) => [generatedSource(path.join(dir, 'bookmarks.html'), 10_000)],
    })
    site = served.site
    engine = createSearchEngine({
      SearchableMap,
      indexUrl: '/sub/assets/search/index.json',
      fetchJson: async (url) =>
        JSON.parse(readFileSync(path.join(site, url.slice('/sub/'.length)), 'utf8')) as unknown,
    })
    page = await served.browser.newPage()
    collectErrors(page, errors)
  }, 120_000)
  afterAll(() => served?.close())

  const searchUrl = (query: string) => `${served.url}search/?q=${encodeURIComponent(query)}`
  const titles = () => page.locator('#search-results .taggedlink').allTextContents()

  /** Type `query` into the search box and wait for its results (or its empty state). */
  async function type(query: string): Promise<void> {
    await page.fill('#search-q', query)
    await page.waitForFunction(
      (q) => {
        const status = document.getElementById('search-status')?.textContent ?? ''
        return status.includes(`“${q}”`) || status.startsWith('Keep typing')
      },
      query,
      { timeout: 10_000 },
    )
  }

  /** The number of results the status reports. */
  async function total(): Promise<number> {
    const status = (await page.locator('#search-status').textContent()) ?? ''
    // Counts are written as the site's language writes numbers: `2,088 results`.
    return status.startsWith('No results')
      ? 0
      : Number(/^([\d,]+) result/.exec(status)?.[1]?.replace(/,/g, '') ?? NaN)
  }

  /** Every result of a query, by title, from the engine in Node. */
  async function expected(query: string): Promise<{ total: number; titles: string[] }> {
    const result = await engine.search(query)
    const documents = await engine.documents(result.all)
    return { total: result.total, titles: documents.map((document) => document.title) }
  }

  it('should find every one of 20 title words with two neighbouring letters swapped', async () => {
    await page.goto(searchUrl(''))
    const words = swappedTitleWords(site, 20)
    expect(words).toHaveLength(20)
    const missed: string[] = []
    for (const { word, typo, title } of words) {
      await type(typo)
      if (!(await titles()).includes(title)) missed.push(`${typo} (${word})`)
    }
    console.log(
      `swapped letters on 10k: ${20 - missed.length}/20 found, e.g. ${words
        .slice(0, 3)
        .map((w) => `${w.typo}→${w.word}`)
        .join(', ')}`,
    )
    expect(missed).toEqual([])
  })

  it('should suggest the nearest known word when nothing matches, and search it when followed', async () => {
    await page.goto(searchUrl(''))
    const [{ word }] = swappedTitleWords(site, 1)
    // Two letters changed: beyond the typo tolerance of a word this long, within reach of a guess.
    const typo = `${word.slice(0, 2)}${word[2] === 'q' ? 'x' : 'q'}${word[3] === 'q' ? 'x' : 'q'}${word.slice(4)}`
    await type(typo)
    const suggestion = page.locator('#search-status a.search-suggestion')
    expect(await suggestion.count()).toBe(1)
    const suggested = (await suggestion.textContent()) ?? ''
    await suggestion.click()
    await page.waitForFunction(
      (q) => document.getElementById('search-status')?.textContent?.includes(`“${q}”`),
      suggested,
    )
    expect(await page.inputValue('#search-q')).toBe(suggested)
    expect(await total()).toBeGreaterThan(0)
  })

  it('should give #tag results that all carry the tag, as many as the tag page lists', async () => {
    await type(`#${TAG}`)
    const count = await total()
    const tagPage = await (await fetch(`${served.url}tags/${TAG}/`)).text()
    expect(count).toBe(Number(/([\d,]+) bookmarks/.exec(tagPage)?.[1]?.replace(/,/g, '')))
    const shown = await page.locator('#search-results .xfolkentry').all()
    expect(shown.length).toBe(Math.min(20, count))
    for (const entry of shown) {
      const tags = await entry.locator('a[rel=tag]').allTextContents()
      expect(tags.map((tag) => tag.toLowerCase())).toContain(TAG)
    }
    expect(tagPage).toContain(`href="/sub/search/?q=%23${TAG}"`)
  })

  it('should remove with #tag -word exactly the results that contain the word', async () => {
    const word = commonWord((await expected(`#${TAG}`)).titles)
    const all = await expected(`#${TAG}`)
    const containing = await expected(`#${TAG} "${word}"`)
    const without = await expected(`#${TAG} -${word}`)
    expect(containing.total).toBeGreaterThan(0)
    expect(without.total).toBe(all.total - containing.total)
    expect(new Set([...without.titles, ...containing.titles])).toEqual(new Set(all.titles))
    await type(`#${TAG} -${word}`)
    expect(await total()).toBe(without.total)
    for (const title of await titles()) expect(title.toLowerCase()).not.toMatch(new RegExp(`\\b${word}\\b`))
  })

  it('should give site:host results that all link the host or its subdomains', async () => {
    await type(`site:${HOST}`)
    const count = await total()
    expect(count).toBe((await expected(`site:${HOST}`)).total)
    expect(count).toBeGreaterThan(20)
    const links = await page
      .locator('#search-results a.taggedlink')
      .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).hostname))
    expect(links.length).toBe(20)
    for (const host of links) expect(host === HOST || host.endsWith(`.${HOST}`), host).toBe(true)
  })

  it('should narrow with a facet link, and restore the previous query with Back', async () => {
    await page.goto(searchUrl(TAG))
    await page.locator('#search-facets a.facet').first().waitFor()
    const before = await total()
    // Each facet's count is what its link's query finds.
    const facets = await page.locator('#search-facets a.facet').evaluateAll((links) =>
      links.map((link) => ({
        q: new URL((link as HTMLAnchorElement).href).searchParams.get('q') ?? '',
        count: Number(link.nextElementSibling?.textContent),
      })),
    )
    expect(facets.length).toBeGreaterThan(8)
    for (const facet of facets) expect((await expected(facet.q)).total, facet.q).toBe(facet.count)
    const folder = page.locator('#search-facets a.facet[href*="folder%3A"]').first()
    const href = (await folder.getAttribute('href')) ?? ''
    const narrowed = new URL(href, served.url).searchParams.get('q') ?? ''
    const count = facets.find((facet) => facet.q === narrowed)!.count
    expect(new URL(href, served.url).pathname).toBe('/sub/search/')
    await folder.click()
    await page.waitForFunction(
      (q) => document.getElementById('search-status')?.textContent?.includes(`“${q}”`),
      narrowed,
    )
    expect(await page.inputValue('#search-q')).toBe(narrowed)
    expect(new URL(page.url()).searchParams.get('q')).toBe(narrowed)
    expect(await total()).toBe(count)
    expect(count).toBeLessThan(before)
    await page.goBack()
    await page.waitForFunction(
      (q) => document.getElementById('search-status')?.textContent?.includes(`“${q}”`),
      TAG,
    )
    expect(await page.inputValue('#search-q')).toBe(TAG)
    expect(await total()).toBe(before)
  })

  it('should jump to search with / from a folder page, and clear with one Escape', async () => {
    await page.goto(served.url)
    await page.keyboard.press('/')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q')
    await page.goto(searchUrl(TAG))
    await page.locator('#search-results .xfolkentry').first().waitFor()
    await page.focus('#search-q')
    await page.keyboard.press('Escape')
    expect(await page.inputValue('#search-q')).toBe('')
    expect(await page.locator('#search-results .xfolkentry').count()).toBe(0)
    await type('q')
    expect(await page.locator('#search-status').textContent()).toMatch(/^(Keep typing|[\d,]+ result)/)
  })

  it(`should download at most ${FIRST_SEARCH_BUDGET / 1024} KB gzipped for a first search with its facets`, async () => {
    const fresh = await served.browser.newPage()
    collectErrors(fresh, errors)
    const downloads = new Map<string, number>()
    fresh.on('response', async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0))
      downloads.set(new URL(response.url()).pathname, gzipSync(body, { level: 6 }).length)
    })
    await fresh.goto(searchUrl(TAG))
    await fresh.locator('#search-facets a.facet').first().waitFor()
    await fresh.waitForLoadState('networkidle')
    const sizes = [...downloads.values()]
    const all = sizes.reduce((sum, size) => sum + size, 0)
    const index = [...downloads]
      .filter(([name]) => name.includes('/assets/search/'))
      .reduce((sum, [, size]) => sum + size, 0)
    console.log(
      `first search for “${TAG}” with facets on 10k: ${downloads.size} files, ${(all / 1024).toFixed(1)} KB gzipped (index ${(index / 1024).toFixed(1)} KB)`,
    )
    expect(all).toBeLessThanOrEqual(FIRST_SEARCH_BUDGET)
    // A query of operators only downloads no term shard.
    const before = new Set(downloads.keys())
    await fresh.goto(searchUrl('#music'))
    await fresh.locator('#search-results .xfolkentry').first().waitFor()
    const shards = [...downloads.keys()].filter((name) => !before.has(name) && /\/t\d+\.json$/.test(name))
    expect(shards).toEqual([])
    await fresh.close()
  })

  it('should have thrown no page errors', () => {
    expect(errors).toEqual([])
  })
})

/**
 * `count` words of 5 to 10 ASCII letters, each in exactly one title, with two neighbouring letters
 * in the middle swapped into a spelling that is no word of the index.
 */
function swappedTitleWords(
  site: string,
  count: number,
): Array<{ word: string; typo: string; title: string }> {
  const meta = JSON.parse(readFileSync(path.join(site, 'assets/search/index.json'), 'utf8')) as { id: string }
  const directory = path.join(site, 'assets/search', meta.id)
  const terms = new Set<string>()
  const seen = new Map<string, string[]>()
  for (const name of readdirSync(directory)) {
    const data = JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as {
      terms?: string[]
      docs?: Array<[string]>
    }
    if (/^t\d+\.json$/.test(name)) for (const term of data.terms ?? []) terms.add(term)
    if (!/^d\d+\.json$/.test(name)) continue
    for (const [title] of data.docs ?? []) {
      for (const token of new Set(title.toLowerCase().split(/[^a-z]+/))) {
        if (token.length < 5 || token.length > 10) continue
        seen.set(token, [...(seen.get(token) ?? []), title])
      }
    }
  }
  const picked: Array<{ word: string; typo: string; title: string }> = []
  const candidates = [...seen]
    .filter(([, titles]) => titles.length === 1)
    .sort(([a], [b]) => (a < b ? -1 : 1))
  const step = Math.max(1, Math.floor(candidates.length / (count * 2)))
  for (let index = 0; index < candidates.length && picked.length < count; index += step) {
    const [word, [title]] = candidates[index]! as [string, string[]]
    const at = Math.floor(word.length / 2) - 1
    const typo = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    if (typo === word || terms.has(typo)) continue
    picked.push({ word, typo, title: title! })
  }
  return picked
}

/** The most frequent title word of four letters or more (not in every title). */
function commonWord(titles: string[]): string {
  const counts = new Map<string, number>()
  for (const title of titles)
    for (const word of new Set(title.toLowerCase().split(/[^a-z]+/)))
      if (word.length >= 4) counts.set(word, (counts.get(word) ?? 0) + 1)
  const [word] = [...counts]
    .filter(([, n]) => n < titles.length)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!
  return word
}
