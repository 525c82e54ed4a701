// docs/screenshots.mjs: screenshots of the example site for the README and reviews, made with
// headless Chromium (playwright-core): the home page, a folder page, the tag index and a search,
// at 1280 px and 390 px wide, light and dark, written as PNGs to docs/screenshots/ (or OUT).
//
//   npm run build && node docs/screenshots.mjs [OUT]
//
// The example site is built from bookmarks.config.ts into a temporary folder, with
// SOURCE_DATE_EPOCH fixed so the home page's pick is the same on every run. Set CHROMIUM_PATH to
// use another Chromium than /usr/bin/chromium.
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

const work = mkdtempSync(path.join(os.tmpdir(), 'bookgen-shots-'))
const out = path.resolve(process.argv[2] ?? path.join(repo, 'docs', 'screenshots'))
mkdirSync(out, { recursive: true })
const loaded = await loadConfigFile(undefined, repo, { command: 'build' })
const config = resolveConfig(
  loaded.config,
  { outDir: path.join(work, 'site') },
  {
    cwd: repo,
    configFile: loaded.file,
  },
)
await build(config)
const server = await startStaticServer({ root: config.outDir, base: config.base })
const browser = await launchChromium()
const pages = {
  home: '',
  folder: 'bookmarks-menu/development/',
  tags: 'tags/',
  search: 'search/?q=css',
}
try {
  for (const [name, page] of Object.entries(pages))
    for (const width of [1280, 390])
      for (const scheme of ['light', 'dark']) {
        const context = await browser.newContext({
          viewport: { width, height: width === 390 ? 844 : 900 },
          colorScheme: scheme,
          deviceScaleFactor: 1,
        })
        const tab = await context.newPage()
        await tab.goto(`${server.url}${page}`)
        if (name === 'search') await tab.locator('#search-results .xfolkentry').first().waitFor()
        const file = path.join(out, `${name}-${width}-${scheme}.png`)
        await tab.screenshot({ path: file })
        console.log(path.relative(repo, file))
        await context.close()
      }
} finally {
  await browser.close()
  await server.close()
  rmSync(work, { recursive: true, force: true })
}
