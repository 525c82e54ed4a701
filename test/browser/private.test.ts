/**
 * The private section in Chromium: a site built with 200 private bookmarks and its passphrase,
 * served under `/sub/`. The right passphrase shows every one and the section's search finds each;
 * a wrong passphrase, and the encrypted file with one byte flipped, each show a clear message and
 * no entry. "Keep them open in this tab" lasts for the tab alone.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRIVATE_DATA_PATH } from '../../src/build/private.js'
import { PRIVATE_CONFIG, writePrivateFixture, type PrivateBookmark } from '../private-fixture.js'
import { hasChromium, openPage, servedSite, type ServedSite } from './chromium.js'

const PASSPHRASE = 'correct horse battery staple'

describe.skipIf(!hasChromium)('the private section in Chromium', () => {
  let served: ServedSite
  let bookmarks: PrivateBookmark[] = []
  const errors: string[] = []

  beforeAll(async () => {
    process.env[PRIVATE_CONFIG.passphraseEnv] = PASSPHRASE
    try {
      served = await servedSite({
        prefix: 'bookgen-private-browser-',
        base: '/sub/',
        user: { private: PRIVATE_CONFIG },
        sources: (dir) => {
          const file = path.join(dir, 'bookmarks.html')
          bookmarks = writePrivateFixture(file)
          return [file]
        },
      })
    } finally {
      delete process.env[PRIVATE_CONFIG.passphraseEnv]
    }
  }, 120_000)
  afterAll(() => served?.close())

  const entries = (page: Page) => page.locator('#private-contents .xfolkentry')

  async function unlock(passphrase: string, keep = false): Promise<Page> {
    const { page } = await openPage(served.browser, `${served.url}private/`, errors)
    await page.fill('#private-passphrase', passphrase)
    if (keep) await page.check('#private-keep')
    await page.click('#private-unlock button[type=submit]')
    return page
  }

  it(
    'should show all 200 entries with the right passphrase, and find each by a word of its title',
    {
      timeout: 90_000,
    },
    async () => {
      const page = await unlock(PASSPHRASE)
      await page.locator('#private-folders .xfolkentry').first().waitFor()
      expect(await page.locator('#private-folders .xfolkentry').count()).toBe(200)
      expect(await page.locator('#private-folders h2').allTextContents()).toEqual([
        'Reading',
        'Secret Vault',
        'Secret Vault › Inner Sanctum',
      ])
      const titles = await page.locator('#private-folders .taggedlink').allTextContents()
      expect(new Set(titles)).toEqual(new Set(bookmarks.map((bookmark) => bookmark.title)))
      // The section's own search, as a reader types into it: the first result is the bookmark.
      const first = await page.evaluate(
        async (words) => {
          const input = document.getElementById('private-search') as HTMLInputElement
          const results = document.getElementById('private-results')!
          const found: string[] = []
          for (const word of words) {
            results.replaceChildren()
            input.value = word
            input.dispatchEvent(new Event('input'))
            for (let tries = 0; tries < 200 && results.childElementCount === 0; tries++)
              await new Promise((resolve) => setTimeout(resolve, 10))
            found.push(results.querySelector('.taggedlink')?.textContent ?? '')
          }
          return found
        },
        bookmarks.map((bookmark) => bookmark.word),
      )
      expect(first).toEqual(bookmarks.map((bookmark) => bookmark.title))
      // A tag of an entry searches the section for it.
      await page.fill('#private-search', '')
      await page.locator('#private-folders a[rel=tag]', { hasText: 'diary' }).first().click()
      await page.waitForFunction(() => document.querySelectorAll('#private-results .xfolkentry').length > 0)
      expect(await page.locator('#private-results .xfolkentry').count()).toBe(60)
      expect(errors).toEqual([])
      await page.close()
    },
  )

  it('should say the passphrase is wrong and show no entry', async () => {
    const page = await unlock('correct horse battery stapler')
    await page.locator('#private-status[role=alert]').waitFor()
    expect(await page.locator('#private-status').textContent()).toMatch(/^Wrong passphrase/)
    expect(await entries(page).count()).toBe(0)
    expect(await page.locator('#private-contents').isHidden()).toBe(true)
    await page.close()
  })

  it('should say the file was changed when one byte of it is flipped, and show no entry', async () => {
    const file = path.join(served.site, PRIVATE_DATA_PATH)
    const original = readFileSync(file)
    const flipped = Buffer.from(original)
    flipped[flipped.length - 100]! ^= 0x01
    writeFileSync(file, flipped)
    try {
      const page = await unlock(PASSPHRASE)
      await page.locator('#private-status[role=alert]').waitFor()
      expect(await page.locator('#private-status').textContent()).toMatch(/changed or damaged/)
      expect(await entries(page).count()).toBe(0)
      await page.close()
    } finally {
      writeFileSync(file, original)
    }
  })

  it(
    'should keep the section open in its tab only, when asked, and lock it again',
    { timeout: 60_000 },
    async () => {
      const page = await unlock(PASSPHRASE, true)
      await entries(page).first().waitFor()
      await page.reload()
      await entries(page).first().waitFor()
      expect(await page.locator('#private-unlock').isHidden()).toBe(true)
      // Another tab asks again.
      const other = await served.browser.newPage()
      await other.goto(`${served.url}private/`)
      await other.locator('#private-unlock').waitFor()
      expect(await entries(other).count()).toBe(0)
      await other.close()
      await page.click('#private-lock')
      await page.locator('#private-unlock').waitFor()
      expect(await entries(page).count()).toBe(0)
      await page.close()
    },
  )
})
