// docs/screenshots.mjs: the README's pictures of the example site, made with headless Chromium
// (playwright-core) and written as PNGs to docs/screenshots/ (or OUT): the home page light and
// dark, a folder with its sidebar and the cards layout at 1280 px; search results and a tag page
// at 390 px; a page in Arabic (right to left).
//
//   npm run build && npm run screenshots [-- OUT]
//
// The example site is built from bookmarks.config.ts into a temporary folder, as it is and with
// `layout: 'cards'` and `lang: 'ar'` added, with SOURCE_DATE_EPOCH fixed so the home page's pick
// is the same on every run. Each PNG is one screen (device scale 1). Set CHROMIUM_PATH to use
// another Chromium than /usr/bin/chromium.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM, hasChromium, launchChromium } from '../bench/chromium.mjs'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
if (!hasChromium) {
  console.error(`screenshots: no Chromium at ${CHROMIUM}; set CHROMIUM_PATH`)
  process.exit(1)
}
process.env.SOURCE_DATE_EPOCH ??= '1767225600' // 2026-01-01
const { build, loadConfigFile, resolveConfig } = await import(path.join(repo, 'dist', 'index.js'))
const { startStaticServer } = await import(path.join(repo, 'dist', 'server', 'static.js'))

/** The site variants: what each adds to bookmarks.config.ts. */
const VARIANTS = { list: {}, cards: { layout: 'cards' }, rtl: { lang: 'ar' } }
const FOLDER = 'bookmarks-menu/development/web/'
/** Each picture: its file name, the variant, the page, the width and the colour scheme. */
const SHOTS = [
  ['home-1280-light', 'list', '', 1280, 'light'],
  ['home-1280-dark', 'list', '', 1280, 'dark'],
  ['folder-1280-light', 'list', FOLDER, 1280, 'light'],
  ['cards-1280-light', 'cards', FOLDER, 1280, 'light'],
  ['search-390-light', 'list', 'search/?q=css', 390, 'light'],
  ['tag-390-dark', 'list', 'tags/reference/', 390, 'dark'],
  ['rtl-1280-light', 'rtl', FOLDER, 1280, 'light'],
]

const work = mkdtempSync(path.join(os.tmpdir(), 'bookgen-shots-'))
const out = path.resolve(process.argv[2] ?? path.join(repo, 'docs', 'screenshots'))
mkdirSync(out, { recursive: true })
const loaded = await loadConfigFile(undefined, repo, { command: 'build' })
const servers = {}
const browser = await launchChromium()
try {
  for (const [variant, extra] of Object.entries(VARIANTS)) {
    const config = resolveConfig(
      { ...loaded.config, ...extra },
      { outDir: path.join(work, variant) },
      { cwd: repo, configFile: loaded.file },
    )
    await build(config)
    servers[variant] = await startStaticServer({ root: config.outDir, base: config.base })
  }
  for (const [name, variant, page, width, scheme] of SHOTS) {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      colorScheme: scheme,
      deviceScaleFactor: 1,
    })
    const tab = await context.newPage()
    await tab.goto(`${servers[variant].url}${page}`)
    if (page.startsWith('search/')) await tab.locator('#search-results .xfolkentry').first().waitFor()
    const file = path.join(out, `${name}.png`)
    await tab.screenshot({ path: file })
    console.log(path.relative(repo, file))
    await context.close()
  }
} finally {
  await browser.close()
  for (const server of Object.values(servers)) await server.close()
  rmSync(work, { recursive: true, force: true })
}
