/**
 * Live reload in a real browser: an open page follows edits to the source without a manual
 * reload; a broken save shows the error over the page while the last good site stays; the fix
 * clears it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDev, type DevSession } from '../../src/dev/index.js'
import { hasChromium, launchChromium } from './chromium.js'

const source = (title: string) =>
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Live</TITLE>\n<DL><p>\n<DT><H3>Folder</H3>\n<DL><p>\n<DT><A HREF="https://example.com/">${title}</A>\n</DL><p>\n</DL><p>\n`

describe.skipIf(!hasChromium)('live reload in Chromium', () => {
  let dir: string
  let session: DevSession
  let browser: Browser
  let page: Page
  const errors: string[] = []

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-live-'))
    writeFileSync(path.join(dir, 'bookmarks.html'), source('First title'))
    session = await startDev({
      cwd: dir,
      inline: { sources: ['bookmarks.html'], outDir: 'site', base: '/live/' },
      port: 0,
      debounceMs: 10,
    })
    browser = await launchChromium()
    page = await browser.newPage()
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${session.url}folder/`)
    await page.waitForFunction(() => document.querySelector('.taggedlink')?.textContent === 'First title')
    // The event stream is open before the first edit.
    while (session.server.clients === 0) await new Promise((resolve) => setTimeout(resolve, 10))
  })
  afterAll(async () => {
    await browser?.close()
    await session?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const title = () => page.locator('.taggedlink').first().textContent()

  it('should show each edit in the open page without a manual reload', async () => {
    for (const next of ['Second title', 'Third title']) {
      writeFileSync(path.join(dir, 'bookmarks.html'), source(next))
      await page.waitForFunction(
        (expected) => document.querySelector('.taggedlink')?.textContent === expected,
        next,
      )
      expect(await title()).toBe(next)
    }
  })

  it('should show a broken save over the page, keep the last good site, and recover when fixed', async () => {
    writeFileSync(
      path.join(dir, 'bookmarks.html'),
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://cut',
    )
    await page.locator('#bookgen-error').waitFor()
    expect(await page.locator('#bookgen-error').textContent()).toMatch(
      /bookmarks\.html:\d+:\d+: .*\[source\/incomplete\]/,
    )
    expect(await title()).toBe('Third title')
    writeFileSync(path.join(dir, 'bookmarks.html'), source('Fixed title'))
    await page.waitForFunction(() => document.querySelector('.taggedlink')?.textContent === 'Fixed title')
    expect(await page.locator('#bookgen-error').count()).toBe(0)
  })

  it('should throw no page errors', () => {
    expect(errors).toEqual([])
  })
})
