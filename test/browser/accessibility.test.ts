/**
 * Accessibility in a real browser: axe-core finds no violations on every kind of page (home,
 * folder, tag, tag index, archive and a year of it, the folder tree, stats, search with results, the
 * offline, private and 404 pages), in either layout, light and dark, and right to left (Arabic), and none is wider than a 320 px
 * screen; html-validate (recommended rules) finds no error in them; the dark-mode
 * switch works by keyboard, says where it goes and remembers the choice; the skip link leads to
 * the content; `/` focuses the search box; the sort menu re-sorts and is remembered; the folder
 * tree opens from its arrows and its "Expand all" button; a date never wraps.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HtmlValidate } from 'html-validate'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { startStaticServer, type StaticServer } from '../../src/server/static.js'
import { build } from '../../src/build/index.js'
import { REPO_ROOT } from '../helpers.js'
import { axeViolations, hasChromium, launchChromium } from './chromium.js'

/** The example site in either layout, and in Arabic (right to left) with the list. */
type Variant = 'list' | 'cards' | 'rtl'
const VARIANTS: Record<Variant, UserConfig> = { list: {}, cards: { layout: 'cards' }, rtl: { lang: 'ar' } }

describe.skipIf(!hasChromium)('accessibility in Chromium', () => {
  let dir: string
  const servers: StaticServer[] = []
  let browser: Browser
  /** Every kind of page of the example site built as each variant. */
  const sites = {} as Record<Variant, Record<string, string>>
  const pages: Record<string, string> = {}

  /** Build the example site as `variant` (and a private section, whose locked page is audited) and serve it. */
  async function served(variant: Variant): Promise<Record<string, string>> {
    const config = resolveConfig(
      { ...VARIANTS[variant], private: { passphraseEnv: 'BOOKGEN_A11Y_PASSPHRASE' } },
      { sources: ['example/bookmarks.html'], outDir: path.join(dir, variant), base: '/my-bookmarks/' },
      { cwd: REPO_ROOT },
    )
    process.env['BOOKGEN_A11Y_PASSPHRASE'] = 'an accessible passphrase'
    try {
      await build(config)
    } finally {
      delete process.env['BOOKGEN_A11Y_PASSPHRASE']
    }
    const server = await startStaticServer({ root: config.outDir, base: config.base })
    servers.push(server)
    const paths = {
      home: '',
      folder: 'development/web/css/',
      tag: 'tags/reference/',
      tags: 'tags/',
      archive: 'archive/',
      year: 'archive/2019/',
      folders: 'folders/',
      stats: 'stats/',
      search: 'search/?q=css',
      offline: 'offline/',
      private: 'private/',
      'not found': 'no/such/page/',
    }
    return Object.fromEntries(Object.entries(paths).map(([kind, page]) => [kind, `${server.url}${page}`]))
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-a11y-'))
    process.env['SOURCE_DATE_EPOCH'] = '1767225600'
    for (const variant of ['list', 'cards', 'rtl'] as const) sites[variant] = await served(variant)
    Object.assign(pages, sites.list)
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    for (const server of servers) await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function audit(context: BrowserContext, url: string): Promise<{ axe: string[]; overflow: number }> {
    const tab = await context.newPage()
    await tab.goto(url)
    if (url.includes('search/')) await tab.locator('#search-results .xfolkentry').first().waitFor()
    const axe = await axeViolations(tab)
    // How far the page is wider than a 320 px screen.
    await tab.setViewportSize({ width: 320, height: 640 })
    const overflow = await tab.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    await tab.close()
    return { axe, overflow }
  }

  const audits = [
    ['list', 'light'],
    ['list', 'dark'],
    ['cards', 'light'],
    ['cards', 'dark'],
    ['rtl', 'light'],
  ] as const
  for (const [variant, scheme] of audits) {
    // Several pages audited in turn: room for a loaded 2-core machine.
    it(
      `should have no axe-core violations on every kind of page, nor overflow at 320 px (${variant}, ${scheme})`,
      { timeout: 300_000 },
      async () => {
        // 1280 px wide, so the folder sidebar is there too.
        const context = await browser.newContext({
          bypassCSP: true,
          colorScheme: scheme,
          viewport: { width: 1280, height: 900 },
        })
        const found: string[] = []
        for (const [kind, url] of Object.entries(sites[variant])) {
          const { axe, overflow } = await audit(context, url)
          for (const violation of axe) found.push(`${kind}: ${violation}`)
          if (overflow !== 0) found.push(`${kind}: ${overflow} px wider than 320 px`)
        }
        expect(found).toEqual([])
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
    expect(await toggle.textContent()).toBe('Dark mode')
    await toggle.focus()
    await tab.keyboard.press('Enter')
    expect(await tab.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    expect(await toggle.textContent()).toBe('Light mode')
    const background = await tab.evaluate(() => getComputedStyle(document.body).backgroundColor)
    await tab.goto(pages['folder']!)
    expect(await tab.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    expect(await tab.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background)
    await context.close()
  })

  it('should pass html-validate (recommended rules) on every kind of page', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] })
    for (const [kind, url] of Object.entries(pages)) {
      const html = await (await fetch(url)).text()
      const report = await validator.validateString(html)
      expect(
        report.results.flatMap((result) =>
          result.messages.map((message) => `${kind}: ${message.ruleId} ${message.message}`),
        ),
      ).toEqual([])
    }
  })

  it('should focus the search box on / from any page, and re-sort entries, remembering the order', async () => {
    const context = await browser.newContext()
    const tab = await context.newPage()
    for (const kind of ['home', 'folder', 'folders', 'archive']) {
      await tab.goto(pages[kind]!)
      await tab.locator('body').press('/')
      expect(await tab.evaluate(() => document.activeElement?.id), kind).toBe('search-q')
    }
    await tab.goto(pages['tag']!)
    const titles = () => tab.locator('main .entries .taggedlink').allTextContents()
    const saved = await titles()
    await tab.locator('#sort-order').selectOption('title')
    const sorted = await titles()
    expect(sorted).toEqual(
      [...saved].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    )
    await tab.reload()
    await tab.locator('#sort-order').waitFor()
    expect(await titles()).toEqual(sorted)
    await tab.locator('#sort-order').selectOption('source')
    expect(await titles()).toEqual(saved)
    // Search results show the host and, like every other entry, the favicon or else a badge (entry-view.js).
    await tab.goto(pages['search']!)
    await tab.locator('#search-results .xfolkentry .domain').first().waitFor()
    const results = tab.locator('#search-results .xfolkentry')
    expect(await results.locator('.domain').count()).toBe(await results.locator('a.taggedlink').count())
    expect(await results.locator(':scope > :is(.mono, img.favicon)').count()).toBe(
      await results.locator('a.taggedlink').count(),
    )
    await context.close()
  })

  it('should open the folder tree a level at a time from its arrows, or all at once', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } })
    const tab = await context.newPage()
    await tab.goto(pages['folders']!)
    const details = tab.locator('.folder-tree details')
    const open = () => tab.locator('.folder-tree details[open]').count()
    const total = await details.count()
    const topLevel = await tab.locator('.folder-tree > li > details').count()
    expect(total).toBeGreaterThan(topLevel)
    expect(await open()).toBe(topLevel)
    const button = tab.locator('button.expand-all')
    expect(await button.textContent()).toBe('Expand all')
    // A deeper level opens from its arrow, which sits left of its folder's name.
    const deeper = tab.locator('.folder-tree ul details').first()
    const arrow = (await deeper.locator('summary').boundingBox())!
    const name = (await deeper.locator('xpath=..').locator('a.folder-link').first().boundingBox())!
    expect(arrow.x + arrow.width).toBeLessThanOrEqual(name.x)
    await deeper.locator('summary').click()
    expect(await deeper.getAttribute('open')).toBe('')
    expect(await button.textContent()).toBe((await open()) === total ? 'Collapse all' : 'Expand all')
    await deeper.locator('summary').click()
    expect(await open()).toBe(topLevel)
    await button.click()
    expect(await open()).toBe(total)
    expect(await button.textContent()).toBe('Collapse all')
    await button.click()
    expect(await open()).toBe(topLevel)
    expect(await button.textContent()).toBe('Expand all')
    // A date is one line, even at 320 px.
    await tab.goto(pages['folder']!)
    const time = tab.locator('.xfolkentry time').first()
    const lineHeight = await time.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight))
    expect((await time.boundingBox())!.height).toBeLessThan(lineHeight * 1.5)
    expect(await time.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap')
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
