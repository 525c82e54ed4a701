// bench/search-browser.mjs: keystroke latency of the search in Chromium, on a built site.
//   node bench/search-browser.mjs OUT_DIR [BASE] [--first]   (--first: the first search only)
// Serves OUT_DIR under BASE (default /bench/, as bench/build-child.mjs builds it) on 127.0.0.1,
// opens its search page in headless Chromium (Debian's, driven by playwright-core; CHROMIUM_PATH
// names another) and runs the site's own engine (assets/search-engine.js) in the page, as
// search.js does: each word's prefixes of 3+ letters as they are typed, then the whole word. A
// prefix is searched once to download the shards it needs (a download, not what a keystroke costs),
// then timed again. Also times the first query from a cold engine, downloads over the local
// server included. The words are title words of real documents, taken from the result chunks
// with the same seed as bench/search-child.mjs, which times the same engine in Node. Chromium's
// clock in a page that is not cross-origin isolated ticks in steps of 0.1 ms: shorter queries
// read 0 or 0.1 ms.
// The first search as a visitor makes it: a fresh browser opens search/?q= with a rare word, one
// found in three titles (`rareTitleWord`, so that facets are shown), and everything it downloads
// until its results are shown and the network has been quiet for a second (facets that come with
// the search included) is counted, each file gzipped as a static host serves it.
// Prints JSON; `{ "skipped": reason }` where there is no Chromium.
import { startStaticServer } from '../dist/server/static.js'
import { CHROMIUM, hasChromium, launchChromium } from './chromium.mjs'
import { gzipSync } from 'node:zlib'
import { percentile, queryWords, rareTitleWord } from './search-words.mjs'

const [out, base = '/bench/'] = process.argv.slice(2).filter((arg) => arg !== '--first')
const firstOnly = process.argv.includes('--first')
if (!out) {
  console.error('usage: node bench/search-browser.mjs OUT_DIR [BASE] [--first]')
  process.exit(2)
}
if (!hasChromium) {
  console.log(JSON.stringify({ skipped: `no Chromium at ${CHROMIUM}` }))
  process.exit(0)
}

const words = queryWords(out).words.map(({ word }) => word)

const server = await startStaticServer({ root: out, base })
const browser = await launchChromium()
try {
  const firstSearch = await firstSearchDownloads(rareTitleWord(out, 3).word)
  if (firstOnly) console.log(JSON.stringify({ firstSearch }))
  else await keystrokes(firstSearch)
} finally {
  await browser.close()
  await server.close()
}

/** Time the engine's queries in the page, as the header says, and print every figure. */
async function keystrokes(firstSearch) {
  const page = await browser.newPage()
  await page.goto(`${server.url}search/`)
  const times = await page.evaluate(
    async ({ base, words }) => {
      const { createSearchEngine } = await import(`${base}assets/search-engine.js`)
      const { default: SearchableMap } = await import(`${base}assets/searchable-map.js`)
      const fetchJson = async (url) => {
        const response = await fetch(url)
        if (!response.ok) throw new Error(`${url}: ${response.status}`)
        return response.json()
      }
      const indexUrl = `${base}assets/search/index.json`
      let started = performance.now()
      const cold = createSearchEngine({ SearchableMap, fetchJson, indexUrl })
      const first = await cold.search(words[0])
      await cold.documents(first.ids.slice(0, 20))
      const firstResultMs = performance.now() - started
      const engine = createSearchEngine({ SearchableMap, fetchJson, indexUrl })
      await engine.prepare()
      const prefix = []
      const whole = []
      for (const word of words) {
        for (let length = 3; length <= word.length; length++) {
          const query = word.slice(0, length)
          await engine.search(query)
          started = performance.now()
          await engine.search(query)
          ;(length === word.length ? whole : prefix).push(performance.now() - started)
        }
      }
      return { firstResultMs, prefix, whole }
    },
    { base, words },
  )
  const ms = (value) => +value.toFixed(2)
  console.log(
    JSON.stringify({
      browser: `Chromium ${browser.version()}`,
      words: words.length,
      firstResultMs: ms(times.firstResultMs),
      prefixQueries: times.prefix.length,
      prefixP50Ms: ms(percentile(times.prefix, 50)),
      prefixP95Ms: ms(percentile(times.prefix, 95)),
      prefixMaxMs: ms(Math.max(...times.prefix)),
      wordP95Ms: ms(percentile(times.whole, 95)),
      firstSearch,
    }),
  )
}

/** What a fresh browser downloads for a first search of `word`, gzipped, by kind of file. */
async function firstSearchDownloads(word) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const sizes = new Map()
  let pending = 0
  let quietSince = Date.now()
  const reads = []
  page.on('request', () => pending++)
  const settle = () => {
    pending--
    quietSince = Date.now()
  }
  page.on('requestfailed', settle)
  page.on('requestfinished', (request) => {
    const read = (async () => {
      const body = await (await request.response())?.body().catch(() => undefined)
      sizes.set(new URL(request.url()).pathname, gzipSync(body ?? Buffer.alloc(0), { level: 6 }).length)
    })()
    reads.push(read.finally(settle))
  })
  await page.goto(`${server.url}search/?q=${encodeURIComponent(word)}`)
  await page.locator('#search-results .xfolkentry').first().waitFor({ timeout: 120_000 })
  for (let waited = 0; waited < 60_000 && (pending > 0 || Date.now() - quietSince < 1000); waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100))
  await Promise.all(reads)
  const facets =
    (await page.locator('#search-facets a.facet').count()) > 0
      ? 'shown'
      : (await page.locator('#search-facets button').count()) > 0
        ? 'on request'
        : 'none'
  const status = await page.locator('#search-status').textContent()
  await context.close()
  const kb = (keep) => [...sizes].filter(([name]) => keep(name)).reduce((sum, [, size]) => sum + size, 0)
  const filter = (name) => /\/(?:tags|hosts|folders|years|dates|flags)(?:-\d+)?\.json$/.test(name)
  const index = (name) => name.includes('/assets/search/')
  return {
    word,
    status,
    facets,
    files: sizes.size,
    pageGzip: kb((name) => !index(name)),
    indexGzip: kb((name) => index(name) && !filter(name)),
    filtersGzip: kb(filter),
    totalGzip: kb(() => true),
  }
}
