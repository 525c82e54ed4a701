#!/usr/bin/env node
// Make docs/site.png, the README's picture of a generated site: build the example (example/,
// as bookmarks.config.ts says) with the compiled bookgen in dist/, serve it on 127.0.0.1, and
// photograph a folder page in headless Chromium (Debian's, /usr/bin/chromium, or
// CHROMIUM_PATH). Run `npm run build` first. Usage: node docs/screenshot.mjs [out.png]
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.resolve(process.argv[2] ?? path.join(root, 'docs', 'site.png'))
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path.join(root, 'dist', 'index.js'))) throw new Error('Run `npm run build` first')
if (!existsSync(executablePath))
  throw new Error(`No Chromium at ${executablePath} (apt-get install chromium)`)

const { build, loadConfigFile, resolveConfig } = await import(path.join(root, 'dist', 'index.js'))
const { startStaticServer } = await import(path.join(root, 'dist', 'serve.js'))

const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-screenshot-'))
const loaded = await loadConfigFile(undefined, root, { command: 'build' })
const config = resolveConfig(
  loaded.config,
  { outDir: path.join(dir, 'site'), base: '/bookgen/', site: 'https://bookgen.github.io/bookgen/' },
  { cwd: root, configFile: loaded.file },
)
await build(config)
const server = await startStaticServer({ root: config.outDir, base: config.base, port: 0 })
const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ],
})
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, colorScheme: 'light' })
  // A folder page: breadcrumbs, sub-folders, and entries with their notes, dates and tags.
  await page.goto(new URL('bookmarks-menu/development/web/', server.url).href)
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: out })
  console.log(`wrote ${path.relative(process.cwd(), out)}`)
} finally {
  await browser.close()
  await server.close()
  rmSync(dir, { recursive: true, force: true })
}
