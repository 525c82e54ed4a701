/**
 * The site offline in Chromium: a generated 10,000-bookmark site under `/sub/`, served, then not
 * (the server closed, the browser told it is offline), then served again after a rebuild. The
 * manifest and service worker meet Chromium's install criteria; after one visit the pages and
 * searches seen work offline and an unseen page shows the offline page; after "Keep the whole
 * collection offline" every file is kept and any page and search works; a rebuild with one
 * changed bookmark is shown on the next visit online; `bookgen dev` at the same address retires
 * the worker and registers none; from `file://` the site works as before, without one.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { startDev } from '../../src/dev/index.js'
import { startStaticServer, type StaticServer } from '../../src/server/static.js'
import { readTree } from '../helpers.js'
import { collectErrors, generatedSource, hasChromium, launchChromium, rareTitleWord } from './chromium.js'

const BASE = '/sub/'

describe.skipIf(!hasChromium)('a 10k-bookmark site offline in Chromium', () => {
  let dir: string
  let source: string
  let site: string
  let server: StaticServer
  let port: number
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const errors: string[] = []
  /** A folder page the reader opens, with a bookmark on it (its title changes in the rebuild). */
  let folder: { path: string; title: string }
  let unvisited: string
  let search: { word: string; title: string }

  const buildSite = () =>
    build(resolveConfig({}, { sources: [source], outDir: site, base: BASE }, { cwd: dir }))
  const serve = async () => {
    server = await startStaticServer({ root: site, base: BASE, port })
    port = Number(new URL(server.url).port)
  }
  const url = (below = '') => `http://127.0.0.1:${port}${BASE}${below}`
  const goOffline = async () => {
    await server.close()
    await context.setOffline(true)
  }
  const goOnline = async () => {
    await context.setOffline(false)
    await serve()
  }
  const entryTitles = (on: Page) => on.locator('.xfolkentry .taggedlink').allTextContents()

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-offline-'))
    source = generatedSource(path.join(dir, 'bookmarks.html'), 10_000)
    site = path.join(dir, 'site')
    await buildSite()
    port = 0
    await serve()
    const pages = [...readTree(site).entries()].filter(
      ([file]) =>
        file.endsWith('/index.html') && !/^(tags|archive|search|folders|offline|assets)\//.test(file),
    )
    const [file, html] = pages.find(([, text]) => text.includes('class="taggedlink'))!
    folder = {
      path: file.slice(0, -'index.html'.length),
      title: /class="taggedlink[^"]*"[^>]*>([^<]+)</.exec(html)![1]!,
    }
    unvisited = pages
      .map(([name]) => name.slice(0, -'index.html'.length))
      .find((name) => name !== folder.path)!
    search = rareTitleWord(site)
    browser = await launchChromium()
    context = await browser.newContext()
    page = await context.newPage()
    collectErrors(page, errors)
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close().catch(() => {})
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  })

  it('should meet the install criteria: a valid manifest, and an active service worker', async () => {
    await page.goto(url())
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      const worker = registration.active!
      if (worker.state !== 'activated')
        await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }))
      return { state: worker.state, scope: registration.scope }
    })
    expect(state).toEqual({ state: 'activated', scope: url() })
    const cdp = await context.newCDPSession(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string }
    expect(manifest.errors).toEqual([])
    expect(manifest.url).toBe(url('manifest.webmanifest'))
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>
    }
    // A fresh profile of a test browser is "incognito" to Chromium; nothing else may be missing.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
      [],
    )
  })

  it('should show the pages and searches seen once, offline, and the offline page for others', async () => {
    // One visit: the home page (under the worker), a folder page, a search.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.goto(url(`${folder.path}index.html`))
    expect(await entryTitles(page)).toContain(folder.title)
    await page.goto(url(`search/?q=${encodeURIComponent(search.word)}`))
    await page.locator('#search-results .xfolkentry').first().waitFor()
    await goOffline()
    try {
      await page.goto(url('index.html'))
      expect(await page.locator('h1').count()).toBe(1)
      await page.goto(url(`${folder.path}index.html`))
      expect(await entryTitles(page)).toContain(folder.title)
      await page.goto(url(`search/?q=${encodeURIComponent(search.word)}`))
      await page.locator('#search-results .xfolkentry').first().waitFor()
      expect(await page.locator('#search-results .taggedlink').allTextContents()).toContain(search.title)
      await page.goto(url(`${unvisited}index.html`))
      expect(new URL(page.url()).pathname).toBe(`${BASE}offline/`)
      await page.locator('#offline-missing').waitFor()
      expect(await page.locator('#offline-missing').textContent()).toMatch(/not kept on this device/)
    } finally {
      await goOnline()
    }
  })

  it('should keep the whole collection, saying its size, and then show every page and search offline', async () => {
    await page.goto(url('offline/'))
    const button = page.locator('#keep-start')
    await page.waitForFunction(() => !(document.getElementById('keep-start') as HTMLButtonElement).disabled)
    const label = (await button.textContent()) ?? ''
    // The pages and shards seen are kept already: what is left, of the whole.
    expect(label).toMatch(
      /^(Keep the whole collection offline \(\d+\.\d MB\)|Finish keeping the collection offline \(\d+\.\d MB of \d+\.\d MB left\))$/,
    )
    const list = JSON.parse(readFileSync(path.join(site, 'offline/files.json'), 'utf8')) as {
      bytes: number
      files: Array<[string, number, string]>
    }
    console.log(
      `keep offline at 10k: ${list.files.length} files, ${(list.bytes / 1e6).toFixed(1)} MB (${label})`,
    )
    await button.click()
    await page.locator('#keep-progress').waitFor()
    await page.waitForFunction(
      () => /whole collection is kept/.test(document.getElementById('keep-status')!.textContent!),
      {
        timeout: 240_000,
      },
    )
    // Every file the list names is in the cache the service worker reads.
    const missing = await page.evaluate(
      async (paths) => {
        const base = new URL('../', document.baseURI)
        const absent: string[] = []
        for (const below of paths)
          if ((await caches.match(new URL(below, base))) === undefined) absent.push(below)
        return absent
      },
      list.files.map(([below]) => below),
    )
    expect(missing).toEqual([])
    await goOffline()
    try {
      // Pages never opened, and a search no one made (with the shards it needs), offline.
      const pages = list.files.map(([below]) => below).filter((below) => below === '' || below.endsWith('/'))
      for (const below of [pages[1]!, pages[Math.floor(pages.length / 2)]!, pages.at(-1)!, 'tags/']) {
        const response = await page.goto(url(`${below}index.html`))
        expect(response?.status(), below).toBe(200)
        expect(decodeURIComponent(new URL(page.url()).pathname), below).toBe(`${BASE}${below}index.html`)
      }
      // Searches no one made: the folder page's bookmark by its title, and a tag.
      await page.goto(url(`search/?q=${encodeURIComponent(folder.title)}`))
      await page.locator('#search-results .xfolkentry').first().waitFor()
      expect(await page.locator('#search-results .taggedlink').allTextContents()).toContain(folder.title)
      await page.goto(url(`search/?q=${encodeURIComponent('#programming')}`))
      await page.locator('#search-results .xfolkentry').first().waitFor()
    } finally {
      await goOnline()
    }
  }, 300_000)

  it('should show a rebuilt site, one bookmark changed, on the next visit online', async () => {
    const renamed = 'Renamed by the rebuild'
    const html = readFileSync(source, 'utf8')
    expect(html).toContain(`>${folder.title}</A>`)
    writeFileSync(source, html.replace(`>${folder.title}</A>`, `>${renamed}</A>`))
    await server.close()
    await buildSite()
    await serve()
    await page.goto(url(`${folder.path}index.html`))
    // The older build's worker answers first; the new one takes over and the page is shown again.
    await page.waitForFunction(
      (title) =>
        Array.from(document.querySelectorAll('.taggedlink')).some((link) => link.textContent === title),
      renamed,
      { timeout: 90_000 },
    )
    expect(await entryTitles(page)).not.toContain(folder.title)
  }, 60_000)

  it('should leave the worker behind under bookgen dev at the same address, which registers none', async () => {
    await server.close()
    const dev = await startDev({
      cwd: dir,
      inline: { sources: [source], outDir: path.join(dir, 'dev-site'), base: BASE },
      port,
      debounceMs: 10,
    })
    try {
      await page.goto(url(`${folder.path}index.html`))
      // The built site's worker answers first, finds the dev server's sw.js, and retires.
      await page.waitForFunction(
        () => document.querySelector('script[src*="client.js"]') !== null,
        undefined,
        {
          timeout: 90_000,
        },
      )
      const left = await page.evaluate(async () => ({
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        caches: (await caches.keys()).filter((name) => name.startsWith('bookgen ')),
        manifest: document.querySelector('link[rel=manifest]') !== null,
      }))
      expect(left).toEqual({ workers: 0, caches: [], manifest: false })
    } finally {
      // Away from the dev page first: its live-reload client would ask the next server for events.
      await page.goto('about:blank')
      await dev.close()
      await serve()
    }
  }, 60_000)

  it('should work as before from file:// (urls: relative), where there is no service worker', async () => {
    const small = generatedSource(path.join(dir, 'small.html'), 300)
    const relative = path.join(dir, 'relative')
    await build(resolveConfig({ urls: 'relative' }, { sources: [small], outDir: relative }, { cwd: dir }))
    const opened = await context.newPage()
    const fileErrors: string[] = []
    collectErrors(opened, fileErrors)
    await opened.goto(pathToFileURL(path.join(relative, 'index.html')).href)
    expect(await opened.locator('link[rel=manifest]').count()).toBe(1)
    await opened.locator('.site-footer a', { hasText: 'Offline' }).click()
    await opened.waitForURL(pathToFileURL(path.join(relative, 'offline', 'index.html')).href)
    // The page says what keeping needs, and offers no button that cannot work.
    await opened.locator('#keep-unavailable').waitFor()
    expect(await opened.locator('#keep-offline').isHidden()).toBe(true)
    await opened.locator('.site-footer a', { hasText: 'Tags' }).click()
    await opened.waitForURL(pathToFileURL(path.join(relative, 'tags', 'index.html')).href)
    expect(await opened.locator('h1').textContent()).toBe('Tags')
    expect(await opened.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull()
    // Chromium loads no module script from file:// (the site's scripts never ran there): nothing else.
    const blocked =
      /^Access to script at 'file:.*blocked by CORS policy|^Failed to load resource: net::ERR_FAILED$/
    expect(fileErrors.filter((error) => !blocked.test(error))).toEqual([])
    await opened.close()
  })

  it('should have thrown no page errors', () => {
    // Requests the closed server refused are the browser's to log, not the site's errors.
    expect(errors.filter((error) => !/ERR_(CONNECTION_REFUSED|INTERNET_DISCONNECTED)/.test(error))).toEqual(
      [],
    )
  })
})
