/**
 * Accessibility in a real browser: axe-core finds no violations on the four kinds of page (home,
 * folder, tag, search with results), in light and dark mode; the dark-mode switch works by
 * keyboard and remembers the choice; the skip link leads to the content.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { startStaticServer, type StaticServer } from '../../src/serve.js'
import { build } from '../../src/build/index.js'
import { REPO_ROOT } from '../helpers.js'
import { hasChromium, launchChromium } from './chromium.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface AxeResult {
  violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>
}

describe.skipIf(!hasChromium)('accessibility in Chromium', () => {
  let dir: string
  let server: StaticServer
  let browser: Browser
  const pages: Record<string, string> = {}

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-a11y-'))
    const config = resolveConfig(
      {},
      { sources: ['example/bookmarks.html'], outDir: path.join(dir, 'site'), base: '/my-bookmarks/' },
      { cwd: REPO_ROOT },
    )
    await build(config)
    server = await startStaticServer({ root: config.outDir, base: config.base })
    browser = await launchChromium()
    Object.assign(pages, {
      home: server.url,
      folder: `${server.url}development/web/css/`,
      tag: `${server.url}tags/reference/`,
      search: `${server.url}search/?q=css`,
    })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function audit(context: BrowserContext, url: string): Promise<AxeResult> {
    const tab = await context.newPage()
    await tab.goto(url)
    if (url.includes('search/')) await tab.locator('#search-results .xfolkentry').first().waitFor()
    await tab.addScriptTag({ path: AXE })
    const result = (await tab.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as AxeResult
    await tab.close()
    return result
  }

  for (const scheme of ['light', 'dark'] as const) {
    // Several pages audited in turn: room for a loaded 2-core machine.
    it(
      `should have no axe-core violations on the home, folder, tag and search pages (${scheme})`,
      { timeout: 120_000 },
      async () => {
        const context = await browser.newContext({ bypassCSP: true, colorScheme: scheme })
        for (const [kind, url] of Object.entries(pages)) {
          const { violations } = await audit(context, url)
          expect(
            violations.map(
              (violation) =>
                `${kind}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            ),
          ).toEqual([])
        }
        await context.close()
      },
    )
  }

  it('should switch to dark mode from the keyboard and remember it', async () => {
    const context = await browser.newContext({ colorScheme: 'light' })
    const tab = await context.newPage()
    await tab.goto(pages['home']!)
    const toggle = tab.locator('.theme-toggle')
    await toggle.waitFor({ state: 'visible' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.focus()
    await tab.keyboard.press('Enter')
    expect(await tab.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    const background = await tab.evaluate(() => getComputedStyle(document.body).backgroundColor)
    await tab.goto(pages['folder']!)
    expect(await tab.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    expect(await tab.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background)
    await context.close()
  })

  it('should lead the keyboard to the content with the skip link first', async () => {
    const context = await browser.newContext()
    const tab = await context.newPage()
    await tab.goto(pages['folder']!)
    await tab.keyboard.press('Tab')
    expect(await tab.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await tab.keyboard.press('Enter')
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('main')
    await context.close()
  })
})
