// bench/lighthouse.mjs: Lighthouse (12.2.3, mobile) on the example site's home, a folder, a tag
// and a search page; prints the four scores per page and exits 1 when one is below its goal
// (100 for accessibility, best practices and SEO, 95 for performance).
//
//   npm run build && npm run lighthouse [-- --runs N]
//
// The site is built from bookmarks.config.ts into a temporary folder and served on 127.0.0.1.
// Lighthouse runs through `npx -y lighthouse@12.2.3` (not a dependency), against CHROMIUM_PATH or
// /usr/bin/chromium. Each page is measured --runs times (default 3: scores vary with the load on
// the machine) and the median kept.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'
import { CHROMIUM, CHROMIUM_FLAGS, hasChromium } from './chromium.mjs'

const LIGHTHOUSE = 'lighthouse@12.2.3'
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const PAGES = {
  home: '',
  folder: 'bookmarks-menu/development/',
  tag: 'tags/reference/',
  search: 'search/?q=python',
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1)
if (!hasChromium) {
  console.error(`lighthouse: no Chromium at ${CHROMIUM}; set CHROMIUM_PATH`)
  process.exit(1)
}
process.env.SOURCE_DATE_EPOCH ??= '1767225600' // 2026-01-01
const { build, loadConfigFile, resolveConfig } = await import(path.join(repo, 'dist', 'index.js'))
const { startStaticServer } = await import(path.join(repo, 'dist', 'server', 'static.js'))

/** One Lighthouse run on `url`: its report (categories and audits). */
async function lighthouse(url) {
  const { stdout } = await promisify(execFile)(
    'npx',
    ['-y', LIGHTHOUSE, url, '--output=json', '--output-path=stdout', '--quiet'].concat(
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
    ),
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
  )
  return JSON.parse(stdout)
}

const median = (numbers) => numbers.toSorted((a, b) => a - b)[Math.floor(numbers.length / 2)]

const work = mkdtempSync(path.join(os.tmpdir(), 'bookgen-lighthouse-'))
let failed = false
try {
  const loaded = await loadConfigFile(undefined, repo, { command: 'build' })
  const config = resolveConfig(
    loaded.config,
    { outDir: path.join(work, 'site') },
    { cwd: repo, configFile: loaded.file },
  )
  await build(config)
  const server = await startStaticServer({ root: config.outDir, base: config.base })
  const rows = []
  try {
    for (const [name, page] of Object.entries(PAGES)) {
      const scores = Object.fromEntries(Object.keys(GOALS).map((category) => [category, []]))
      /** The audits that cost points, with their values, to say what to fix. */
      const missed = new Map()
      for (let run = 0; run < runs; run++) {
        const report = await lighthouse(`${server.url}${page}`)
        for (const category of Object.keys(GOALS)) {
          scores[category].push(Math.round(report.categories[category].score * 100))
          for (const { id, weight } of report.categories[category].auditRefs) {
            const audit = report.audits[id]
            if (weight === 0 || audit.score === null || audit.score === 1) continue
            missed.set(id, [...(missed.get(id) ?? []), audit.displayValue ?? audit.score])
          }
        }
      }
      const row = { page: `${name} (/${page})` }
      for (const [category, goal] of Object.entries(GOALS)) {
        row[category] = median(scores[category])
        if (row[category] < goal) failed = true
      }
      rows.push(row)
      if (missed.size > 0)
        console.log(
          `${name}: ${[...missed].map(([id, values]) => `${id} (${values.join(', ')})`).join('; ')}`,
        )
    }
  } finally {
    await server.close()
  }
  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, median of ${runs} run(s)`)
  console.table(Object.fromEntries(rows.map(({ page, ...scores }) => [page, scores])))
  console.log(
    `goals: ${Object.entries(GOALS)
      .map(([category, goal]) => `${category} ≥ ${goal}`)
      .join(', ')}`,
  )
} finally {
  rmSync(work, { recursive: true, force: true })
}
if (failed) {
  console.error('lighthouse: a score is below its goal')
  process.exit(1)
}
