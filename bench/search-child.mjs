// bench/search-child.mjs: the search figures of a built site, in its own process.
//   node bench/search-child.mjs OUT_DIR
// Loads the index with the browser's own engine (templates/default/search-engine.js) from the files
// in OUT_DIR and prints JSON:
// - bytes: the whole index raw and gzipped (total and per bookmark; the shards, the rest of common
//   words' postings, the result chunks), what the first query downloads (meta + shards + the
//   result chunks of the first 20 hits) and what "Show more" then downloads (the rest of its
//   common words' postings when the first answer was partial, and 20 more results' chunks);
// - readyMs: meta downloaded (read) and parsed, engine ready for the first query (median of runs);
// - firstResultMs: from nothing loaded to the first query's 20 results in hand (median of runs);
// - query latency (p50/p95/max) for prefix queries as they are typed (each word's first 3, 4, 5…
//   letters) and for whole words, once their shards are loaded: the time a keystroke costs; how
//   many were answered from their common words' best documents (`partialQueries`);
// - typo queries (one letter changed) and how many found their word; the same for two neighbouring
//   letters swapped (one edit under optimal string alignment);
// - operator queries (`#tag`, `site:`, `folder:`, dates, exclusions, OR, with and without words):
//   p50/p95 on a warm engine, and what a cold `#tag` downloads (no term shard);
// - facets: the filter files they read (gzipped) and the time to count them (the whole first
//   search as a browser makes it is bench/search-browser.mjs's).
// Reading files stands in for downloading: network time is not measured.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import SearchableMap from 'minisearch/SearchableMap'
import { createSearchEngine } from '../templates/default/search-engine.js'
import { decodePostings } from '../templates/default/search-terms.js'
import { percentile, queryWords } from './search-words.mjs'

const out = process.argv[2]
if (!out) {
  console.error('usage: node bench/search-child.mjs OUT_DIR')
  process.exit(2)
}
const base = '/bench/'
const indexUrl = `${base}assets/search/index.json`

const RESULTS = 20
const RUNS = 5

/** A fetcher over OUT_DIR that records what it served. */
function fetcher(served, names) {
  return async (url) => {
    const file = path.join(out, url.slice(base.length))
    const text = readFileSync(file)
    served?.push(text)
    names?.push(path.basename(file))
    return JSON.parse(text.toString('utf8'))
  }
}

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length

// Sizes of everything in the index.
// The index, and the query words: title words of real documents, taken from the result chunks
// (seeded choice).
const { meta, directory, words, random } = queryWords(out)
let raw = 0
let gzipped = 0
let shardGz = 0
let restGz = 0
let chunkGz = 0
for (const name of [
  ...readdirSync(directory).map((name) => path.join(directory, name)),
  path.join(out, 'assets/search/index.json'),
]) {
  const buffer = readFileSync(name)
  raw += buffer.length
  const size = gz(buffer)
  gzipped += size
  if (/\/t\d+\.json$/.test(name)) shardGz += size
  if (/\/t\d+-\d+\.json$/.test(name)) restGz += size
  if (/\/d\d+\.json$/.test(name)) chunkGz += size
}
const metaBuffer = readFileSync(path.join(out, 'assets/search/index.json'))

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

// Ready and first result, from a cold engine each run.
const ready = []
const first = []
let firstBytes = { raw: 0, gzip: 0 }
let moreBytes = { gzip: 0, files: 0 }
for (let run = 0; run < RUNS; run++) {
  const word = words[run % words.length].word
  let started = performance.now()
  const engine = createSearchEngine({ SearchableMap, fetchJson: fetcher(), indexUrl })
  await engine.prepare()
  ready.push(performance.now() - started)
  const served = []
  started = performance.now()
  const cold = createSearchEngine({ SearchableMap, fetchJson: fetcher(served), indexUrl })
  const result = await cold.search(word)
  await cold.documents(result.ids.slice(0, RESULTS))
  first.push(performance.now() - started)
  if (run === 0) {
    firstBytes = {
      query: word,
      partial: result.partial === true,
      raw: served.reduce((sum, b) => sum + b.length, 0),
      gzip: served.reduce((sum, b) => sum + gz(b), 0),
      files: served.length,
    }
    // "Show more": the whole result (the rest of its common words' postings) and 20 more results.
    const before = served.length
    const whole = result.partial === true ? await result.complete() : result
    await cold.documents(whole.ids.slice(RESULTS, 2 * RESULTS))
    const more = served.slice(before)
    moreBytes = { gzip: more.reduce((sum, b) => sum + gz(b), 0), files: more.length }
  }
}

// Keystroke latency on a warm engine: every prefix of 3+ letters of each word, then the word.
const engine = createSearchEngine({ SearchableMap, fetchJson: fetcher(), indexUrl })
await engine.prepare()
const prefixTimes = []
const wordTimes = []
let partialQueries = 0
for (const { word } of words) {
  for (let length = 3; length <= word.length; length++) {
    const query = word.slice(0, length)
    await engine.search(query) // loads the shards it needs: a download, not what a keystroke costs
    const started = performance.now()
    const { partial } = await engine.search(query)
    const ms = performance.now() - started
    if (partial) partialQueries++
    if (length === word.length) wordTimes.push(ms)
    else prefixTimes.push(ms)
  }
}

// Typos: one letter (not the first) replaced; does the best result have the word in its title?
let typoFound = 0
const typoTimes = []
const typoEngine = createSearchEngine({ SearchableMap, fetchJson: fetcher(), indexUrl })
const typoWords = words.slice(0, 40)
for (const { word } of typoWords) {
  const at = 1 + Math.floor(random() * (word.length - 1))
  const typo = word.slice(0, at) + (word[at] === 'x' ? 'q' : 'x') + word.slice(at + 1)
  const started = performance.now()
  const { ids } = await typoEngine.search(typo)
  typoTimes.push(performance.now() - started)
  const [best] = await typoEngine.documents(ids.slice(0, 1))
  if (
    best !== undefined &&
    best.title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .includes(word.toLowerCase())
  )
    typoFound++
}

// Swapped neighbours: two letters in the middle of the word exchanged.
let swapFound = 0
const swapTimes = []
const swapEngine = createSearchEngine({ SearchableMap, fetchJson: fetcher(), indexUrl })
for (const { word } of typoWords) {
  const at = Math.max(1, Math.floor(word.length / 2) - 1)
  if (word[at] === word[at + 1]) continue
  const typo = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  const started = performance.now()
  const { ids } = await swapEngine.search(typo)
  swapTimes.push(performance.now() - started)
  const [best] = await swapEngine.documents(ids.slice(0, 1))
  if (
    best !== undefined &&
    best.title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .includes(word.toLowerCase())
  )
    swapFound++
}

// Operator queries, from the filter files' most common values.
const filterFile = (kind) => {
  const file = JSON.parse(readFileSync(path.join(directory, `${kind}.json`), 'utf8'))
  // Tags and hosts keep their documents in parts.
  if (file.parts !== undefined)
    file.docs = file.parts.flatMap((_, part) =>
      JSON.parse(readFileSync(path.join(directory, `${kind}-${part}.json`), 'utf8')).docs.map(decodePostings),
    )
  return file
}
const commonest = (file) =>
  file.names
    .map((name, index) => [name, file.docs[index].length])
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name)
const tagNames = commonest(filterFile('tags')).filter((tag) => /^[\p{L}\p{N}-]+$/u.test(tag))
const hostNames = commonest(filterFile('hosts'))
const folderFile = filterFile('folders')
const folderNames = folderFile.names.filter(
  (name, index) => folderFile.parents[index] >= 0 && /^\w+$/.test(name),
)
const operatorQueries = []
for (let index = 0; index < 20; index++) {
  const tag = tagNames[index % tagNames.length]
  const host = hostNames[index % hostNames.length]
  const word = words[index % words.length].word.toLowerCase()
  const other = words[(index + 7) % words.length].word.toLowerCase()
  const folder = folderNames[(index * 7) % Math.max(1, folderNames.length)] ?? 'x'
  operatorQueries.push(
    `#${tag}`,
    `site:${host}`,
    `#${tag} site:${host}`,
    `${word} #${tag}`,
    `${word} -${other}`,
    `#${tag} -${other}`,
    `folder:${folder}`,
    `${word} after:2012 before:2020`,
    `${word} OR ${other}`,
  )
}
const operatorEngine = createSearchEngine({ SearchableMap, fetchJson: fetcher(), indexUrl })
const operatorTimes = []
const facetTimes = []
for (const query of operatorQueries) {
  await operatorEngine.search(query) // downloads what it needs
  const started = performance.now()
  const result = await operatorEngine.search(query)
  operatorTimes.push(performance.now() - started)
  const facetStarted = performance.now()
  await operatorEngine.facets(result)
  facetTimes.push(performance.now() - facetStarted)
}
// What a cold `#tag` downloads: meta, the tags file, the chunks of 20 results.
const tagServed = []
const tagNamesServed = []
const tagEngine = createSearchEngine({
  SearchableMap,
  fetchJson: fetcher(tagServed, tagNamesServed),
  indexUrl,
})
const tagResult = await tagEngine.search(`#${tagNames[0]}`)
await tagEngine.documents(tagResult.ids.slice(0, RESULTS))
const facetsGzip = readdirSync(directory)
  .filter((name) => /^(?:(?:tags|hosts)(?:-\d+)?|folders|years)\.json$/.test(name))
  .reduce((sum, name) => sum + gz(readFileSync(path.join(directory, name))), 0)
const round = (value) => Math.round(value * 100) / 100
console.log(
  JSON.stringify({
    bookmarks: meta.count,
    shards: meta.shards.length,
    chunks: meta.chunks,
    bytes: {
      raw,
      gzip: gzipped,
      rawPerBookmark: round(raw / meta.count),
      gzipPerBookmark: round(gzipped / meta.count),
      metaGzip: gz(metaBuffer),
      shardsGzip: shardGz,
      restGzip: restGz,
      chunksGzip: chunkGz,
      firstQuery: firstBytes,
      showMore: moreBytes,
      facetsGzip,
    },
    readyMs: round(median(ready)),
    firstResultMs: round(median(first)),
    prefixQueries: prefixTimes.length,
    // Prefix and word queries answered from their common words' best documents.
    partialQueries,
    prefixP50Ms: round(percentile(prefixTimes, 50)),
    prefixP95Ms: round(percentile(prefixTimes, 95)),
    prefixMaxMs: round(Math.max(...prefixTimes)),
    wordP95Ms: round(percentile(wordTimes, 95)),
    typoQueries: typoWords.length,
    typoFound,
    typoMedianMs: round(median(typoTimes)),
    swapQueries: swapTimes.length,
    swapFound,
    swapMedianMs: round(median(swapTimes)),
    operatorQueries: operatorTimes.length,
    operatorP50Ms: round(percentile(operatorTimes, 50)),
    operatorP95Ms: round(percentile(operatorTimes, 95)),
    facetsP95Ms: round(percentile(facetTimes, 95)),
    tagQuery: {
      query: `#${tagNames[0]}`,
      files: tagServed.length,
      shards: tagNamesServed.filter((name) => /^t\d+\.json$/.test(name)).length,
      gzip: tagServed.reduce((sum, b) => sum + gz(b), 0),
    },
  }),
)
