// bench/links-build.mjs: what the link store costs a build. The same generated collection (100k
// bookmarks by default) is built with and without a `bookmarks.links.json` holding an entry for
// every URL (5% dead, 2% redirected, the rest alive; topped up to BOOKMARKS entries with URLs the
// site does not have), each build in a fresh process
// (bench/build-child.mjs), alternating, ROUNDS times; prints the medians as JSON and exits 1 when
// the build with the store is more than 5% slower.
//   npm run build && node bench/links-build.mjs [BOOKMARKS] [ROUNDS]
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serializeLinkStore } from '../dist/links/store.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const BOOKMARKS = Number(process.argv[2] ?? 100_000)
const ROUNDS = Number(process.argv[3] ?? 3)
const BUDGET = 1.05

const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-links-build-'))
try {
  const plain = path.join(dir, 'plain')
  const withStore = path.join(dir, 'store')
  mkdirSync(plain)
  mkdirSync(withStore)
  const source = path.join(plain, 'bookmarks.html')
  execFileSync(process.execPath, [
    path.join(here, 'gen.mjs'),
    '--format',
    'netscape',
    '--bookmarks',
    String(BOOKMARKS),
    '--out',
    source,
  ])
  copyFileSync(source, path.join(withStore, 'bookmarks.html'))
  const urls = new Set([...readFileSync(source, 'utf8').matchAll(/HREF="(https?:[^"]*)"/g)].map((m) => m[1]))
  const now = Date.now()
  const links = new Map()
  let index = 0
  for (const url of urls) {
    const pick = index++ % 100
    links.set(
      url,
      pick < 5
        ? { state: 'dead', status: 404, checkedAt: now, failures: 1 }
        : pick < 7
          ? { state: 'redirected', status: 200, finalUrl: `${url}#moved`, checkedAt: now, failures: 0 }
          : { state: 'alive', status: 200, checkedAt: now, failures: 0 },
    )
  }
  // A store of BOOKMARKS entries, as a store not yet pruned to what the site publishes can be.
  for (let extra = 0; links.size < BOOKMARKS; extra++)
    links.set(`https://extra.example/${extra}`, { state: 'dead', status: 410, checkedAt: now, failures: 2 })
  const storeText = serializeLinkStore({ version: 1, links })
  writeFileSync(path.join(withStore, 'bookmarks.links.json'), storeText)

  const run = (folder) =>
    JSON.parse(
      execFileSync(process.execPath, [
        path.join(here, 'build-child.mjs'),
        path.join(folder, 'bookmarks.html'),
        path.join(folder, 'site'),
      ]).toString(),
    )
  const times = { plain: [], store: [] }
  const rss = { plain: [], store: [] }
  run(plain) // warm the file cache
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, folder] of [
      ['plain', plain],
      ['store', withStore],
    ]) {
      const result = run(folder)
      times[name].push(result.wallMs)
      rss[name].push(result.maxRssKb / 1024)
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const ratio = median(times.store) / median(times.plain)
  console.log(
    JSON.stringify(
      {
        bookmarks: BOOKMARKS,
        storeEntries: links.size,
        storeBytes: Buffer.byteLength(storeText),
        rounds: ROUNDS,
        medianMs: { plain: Math.round(median(times.plain)), store: Math.round(median(times.store)) },
        medianRssMB: { plain: Math.round(median(rss.plain)), store: Math.round(median(rss.store)) },
        slowdown: `${((ratio - 1) * 100).toFixed(1)}%`,
        budget: '≤ 5%',
      },
      null,
      2,
    ),
  )
  process.exitCode = ratio <= BUDGET ? 0 : 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
