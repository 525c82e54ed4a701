/** Shared setup for real-browser tests: Debian's Chromium driven by playwright-core. */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { CHROMIUM, hasChromium, launchChromium } from '../../bench/chromium.mjs'
import { rareTitleWord } from '../../bench/search-words.mjs'
import { build } from '../../src/build/index.js'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { startStaticServer } from '../../src/server/static.js'
import { REPO_ROOT } from '../helpers.js'

export { CHROMIUM, hasChromium, launchChromium, rareTitleWord }

if (!hasChromium) {
  console.warn(
    `\n⚠️  SKIPPING BROWSER TESTS: no Chromium at ${CHROMIUM}. Install it (apt-get install chromium) or set CHROMIUM_PATH; CI installs it.\n`,
  )
}

/** Record the page's uncaught errors and console errors into `errors`. */
export function collectErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
}

/** A site built into a temporary folder, served as GitHub Pages would, and a Chromium to browse it. */
export interface ServedSite {
  /** The temporary folder (sources written there, the site in `site/`). */
  dir: string
  /** The built site's folder. */
  site: string
  /** The server's URL of the site (under its base), e.g. `http://127.0.0.1:PORT/sub/`. */
  url: string
  browser: Browser
  /** Close the browser and the server, and remove the folder. */
  close(): Promise<void>
}

/**
 * Build the sources `sources(dir)` returns (it may write them into `dir`, a new temporary folder
 * named after `prefix`) under `base`, with the config `user`, serve the site, and launch Chromium.
 */
export async function servedSite(options: {
  prefix: string
  base: string
  sources: (dir: string) => string[]
  cwd?: string
  /** What a config file would say (default: nothing). */
  user?: UserConfig
  /** A Chromium to share (left open by `close`); default: a new one. */
  browser?: Browser
}): Promise<ServedSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), options.prefix))
  const site = path.join(dir, 'site')
  const config = resolveConfig(
    options.user ?? {},
    { sources: options.sources(dir), outDir: site, base: options.base },
    { cwd: options.cwd ?? dir },
  )
  await build(config)
  const server = await startStaticServer({ root: config.outDir, base: config.base })
  const browser = options.browser ?? (await launchChromium())
  return {
    dir,
    site,
    url: server.url,
    browser,
    async close() {
      if (options.browser === undefined) await browser.close()
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A generated Netscape file of `bookmarks` bookmarks (`bench/gen.mjs`, seed 5, a tree) at `file`. */
export function generatedSource(file: string, bookmarks: number): string {
  execFileSync(process.execPath, [
    path.join(REPO_ROOT, 'bench', 'gen.mjs'),
    ...['--format', 'netscape', '--bookmarks', String(bookmarks), '--seed', '5', '--shape', 'tree'],
    ...['--out', file],
  ])
  return file
}

/** A new page of `browser` at `url`, its errors going into `errors`, and the paths it requests. */
export async function openPage(
  browser: Browser,
  url: string,
  errors: string[],
): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage()
  const requests: string[] = []
  collectErrors(page, errors)
  page.on('request', (request) => requests.push(new URL(request.url()).pathname))
  await page.goto(url)
  return { page, requests }
}

/** axe-core's violations on the page `page` shows, one line each: `id at selector, …`. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') })
  const { violations } = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
    violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>
  }
  return violations.map(
    (violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
