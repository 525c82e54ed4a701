// bench/run.mjs: `npm run bench`. Builds generated collections of 1k, 10k and 100k bookmarks in
// both formats (plus a 100k single-folder file and a deep tree), each in a fresh child process so
// peak RSS is the build's own, and reports per phase: read, decode, parse, model, render, search
// index, exports (feed, sitemap, XBEL and browser HTML), write; total wall, peak RSS, pages, bytes, search-index bytes, bytes per bookmark by kind of file (bench/site-size.mjs), the reader's
// throughput. In the same run it measures the floor (bench/floor-child.mjs: a bare streaming
// parse, cached string rendering, a lean MiniSearch index and a bare write of the same number of
// files and bytes) and prints bookgen's ratio to it. Output goes to tmpfs (/dev/shm) when there is one: this VM's disk timing varies a lot.
//
//   npm run bench                      # the full matrix
//   npm run bench -- --sizes 1000,10000 --formats netscape --runs 1
//   npm run bench -- --json            # one JSON document on stdout (for tracking)
//   npm run bench -- --sizes 100000,1000000 --no-dev   # the 1M case (not in the default run: minutes
//                                      # and gigabytes per build); prints its time as a multiple of 100k's
//   npm run bench -- --sizes 100000,1000000 --formats netscape --runs 1 --no-floor   # and watch mode at 1M
//
// Sizes over 100k are built and floored like the others; the single-folder and deep shapes, the
// rebuild and the readers alone use the largest size up to 100k (100k if none), watch mode every
// size from 10k (so `--sizes 100000,1000000` measures watch mode at 1M too: about as long as a 1M
// build, then a few seconds an edit; `--no-dev` leaves it out).
//
// Results are also written to bench/results.json.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { formatSizes } from './site-size.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const { values: opt } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    formats: { type: 'string', default: 'netscape,xbel' },
    shapes: { type: 'string', default: 'flat,deep' },
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
    'no-floor': { type: 'boolean', default: false },
    'no-dev': { type: 'boolean', default: false },
    edits: { type: 'string', default: '7' },
  },
})

if (!existsSync(path.join(root, 'dist', 'index.js'))) {
  console.error('bench: dist/ is missing; run `npm run build` first')
  process.exit(1)
}

// One folder per run: two benchmarks running at once (other checkouts) must not share an output.
const scratch = path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), `bookgen-bench-${process.pid}`)
const cache = path.join(root, 'bench', '.cache')
mkdirSync(cache, { recursive: true })
mkdirSync(scratch, { recursive: true })
const runs = Math.max(1, Number(opt.runs))
const log = opt.json ? () => {} : (line) => console.log(line)

/** Generate (once, cached) a collection with bench/gen.mjs. */
function corpus(format, bookmarks, shape) {
  const file = path.join(cache, `${shape}-${bookmarks}.${format === 'xbel' ? 'xbel' : 'html'}`)
  if (!existsSync(file)) {
    execFileSync(
      process.execPath,
      [
        path.join(here, 'gen.mjs'),
        '--format',
        format,
        '--bookmarks',
        String(bookmarks),
        '--seed',
        '1',
        '--shape',
        shape,
        '--out',
        file,
      ],
      { stdio: 'ignore' },
    )
  }
  return file
}

/** One build in a child process: returns its timings, counts and peak RSS. `again`: over the last build's output. */
function buildOnce(file, again = false) {
  const out = path.join(scratch, 'out')
  if (!again) rmSync(out, { recursive: true, force: true })
  const child = spawnSync(process.execPath, [path.join(here, 'build-child.mjs'), file, out], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  })
  if (child.status !== 0) throw new Error(`build of ${file} failed:\n${child.stderr}`)
  return JSON.parse(child.stdout)
}

/** The floor: bare parse and bare write of what the build wrote, in a child process. */
function floorOnce(file, files, bytes) {
  const child = spawnSync(
    process.execPath,
    [path.join(here, 'floor-child.mjs'), file, String(files), String(bytes), path.join(scratch, 'floor')],
    { encoding: 'utf8' },
  )
  if (child.status !== 0) throw new Error(`floor for ${file} failed:\n${child.stderr}`)
  return JSON.parse(child.stdout)
}

/** Reader throughput (decode + parse) on one file, in its own process. */
function readerOnce(file) {
  const child = spawnSync(process.execPath, [path.join(here, 'reader-child.mjs'), file, String(runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  })
  if (child.status !== 0) throw new Error(`reader on ${file} failed:\n${child.stderr}`)
  return JSON.parse(child.stdout)
}

/** Search figures of the site last built (bench/search-child.mjs), in its own process. */
function searchOnce(out) {
  const child = spawnSync(process.execPath, [path.join(here, 'search-child.mjs'), out], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  })
  if (child.status !== 0) throw new Error(`search benchmark on ${out} failed:\n${child.stderr}`)
  return JSON.parse(child.stdout)
}

/** Keystroke latency of the same site's search in Chromium (bench/search-browser.mjs); skipped without it. */
function searchBrowserOnce(out) {
  const child = spawnSync(process.execPath, [path.join(here, 'search-browser.mjs'), out], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    timeout: 600_000,
  })
  if (child.status !== 0) throw new Error(`browser search benchmark on ${out} failed:\n${child.stderr}`)
  return JSON.parse(child.stdout)
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

const cases = []
for (const format of opt.formats.split(',')) {
  for (const size of opt.sizes.split(',').map(Number)) cases.push({ format, size, shape: 'tree' })
}
const sizes = opt.sizes.split(',').map(Number)
// The shapes, rebuild, readers and watch mode stop at 100k: at 1M they would take most of an hour.
const upTo100k = sizes.filter((size) => size <= 100000)
const largest = upTo100k.length > 0 ? Math.max(...upTo100k) : 100000
for (const shape of opt.shapes.split(',').filter(Boolean))
  cases.push({ format: 'netscape', size: largest, shape })

const results = []
for (const { format, size, shape } of cases) {
  const file = corpus(format, size, shape)
  const sourceBytes = statSync(file).size
  const samples = Array.from({ length: runs }, () => buildOnce(file))
  const pick = (key) => median(samples.map((sample) => sample.timings[key]))
  const last = samples[samples.length - 1]
  const result = {
    case: `${format} ${shape} ${size}`,
    format,
    shape,
    bookmarks: last.bookmarks,
    sourceBytes,
    runs,
    ms: Object.fromEntries(
      ['read', 'decode', 'parse', 'model', 'render', 'search', 'exports', 'write', 'total'].map((key) => [
        key,
        Math.round(pick(key)),
      ]),
    ),
    wallMs: Math.round(median(samples.map((sample) => sample.wallMs))),
    peakRssMb: Math.round(Math.max(...samples.map((sample) => sample.maxRssKb)) / 1024),
    pages: last.pages,
    files: last.files,
    bytesWritten: last.bytes,
    searchIndexBytes: last.searchIndexBytes,
    sizes: last.sizes,
    readerMBps: +(sourceBytes / 1e6 / ((pick('decode') + pick('parse')) / 1000)).toFixed(1),
  }
  if (!opt['no-floor']) {
    const floors = Array.from({ length: runs }, () => floorOnce(file, last.files, last.bytes))
    const part = (key) => Math.round(median(floors.map((floor) => floor[key])))
    result.floor = {
      parseMs: part('parseMs'),
      renderMs: part('renderMs'),
      searchMs: part('searchMs'),
      writeMs: part('writeMs'),
    }
    result.floor.totalMs =
      result.floor.parseMs + result.floor.renderMs + result.floor.searchMs + result.floor.writeMs
    result.ratio = {
      parse: +((pick('decode') + pick('parse')) / Math.max(1, result.floor.parseMs)).toFixed(2),
      render: +(pick('render') / Math.max(1, result.floor.renderMs)).toFixed(2),
      search: +(pick('search') / Math.max(1, result.floor.searchMs)).toFixed(2),
      write: +(pick('write') / Math.max(1, result.floor.writeMs)).toFixed(2),
      total: +(pick('total') / Math.max(1, result.floor.totalMs)).toFixed(2),
    }
  }
  if (format === 'netscape' && shape === 'tree') {
    result.search = searchOnce(path.join(scratch, 'out'))
    result.search.chromium = searchBrowserOnce(path.join(scratch, 'out'))
  }
  results.push(result)
  log(formatRow(result))
  log(`${''.padEnd(24)}${formatSizes(result.sizes)}`)
  if (result.search) log(formatSearch(result.search))
}

// A rebuild with no change, over the output of the largest Netscape build: files found unchanged
// are hard-linked from the previous build, not written again.
const rebuildFile = corpus('netscape', largest, 'tree')
buildOnce(rebuildFile)
const rebuilds = Array.from({ length: runs }, () => buildOnce(rebuildFile, true))
const rebuild = {
  bookmarks: rebuilds[0].bookmarks,
  wallMs: Math.round(median(rebuilds.map((sample) => sample.wallMs))),
  files: rebuilds[0].files,
  unchanged: Math.min(...rebuilds.map((sample) => sample.unchanged)),
}
log(
  `rebuild netscape ${rebuild.bookmarks} with no change: wall ${rebuild.wallMs} ms; ${rebuild.unchanged} of ${rebuild.files} files unchanged (linked from the previous build, not written)`,
)

// Readers alone, on 100k-bookmark files: ours, and the shared reference generator's when present.
const readers = []
const sharedGenerator = path.resolve(root, '..', 'shared', 'bench', 'gen-corpus.mjs')
for (const format of opt.formats.split(',')) {
  readers.push({ source: 'bench/gen.mjs', ...readerOnce(corpus(format, largest, 'tree')) })
  if (existsSync(sharedGenerator)) {
    const file = path.join(cache, `shared-${largest}.${format === 'xbel' ? 'xbel' : 'html'}`)
    if (!existsSync(file)) {
      execFileSync(
        process.execPath,
        [sharedGenerator, '--format', format, '--bookmarks', String(largest), '--seed', '1', '--out', file],
        { stdio: 'ignore' },
      )
    }
    readers.push({ source: '../shared/bench/gen-corpus.mjs', ...readerOnce(file) })
  }
}
for (const reader of readers) {
  log(
    `reader ${reader.format.padEnd(8)} ${(reader.bytes / 1e6).toFixed(1).padStart(6)} MB in ${String(reader.ms).padStart(5)} ms = ${reader.mbPerS} MB/s (${reader.stats.bookmarks} bookmarks, ${reader.maxRssMb} MB RSS; ${reader.source})`,
  )
}

// Watch mode: edit-to-served latency on 10k and 100k files of each format (and 1M when asked
// for), and a save with no change.
const dev = []
if (!opt['no-dev']) {
  for (const size of sizes.filter((size) => size >= 10000))
    for (const format of opt.formats.split(',')) {
      const child = spawnSync(
        process.execPath,
        [path.join(here, 'dev-child.mjs'), corpus(format, size, 'tree'), opt.edits],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      )
      if (child.status !== 0) throw new Error(`dev benchmark on ${format} ${size} failed:\n${child.stderr}`)
      const result = { format, bookmarks: size, ...JSON.parse(child.stdout) }
      dev.push(result)
      log(
        `dev ${format.padEnd(8)} ${String(size).padEnd(7)} edit-to-served median ${result.medianMs} ms, max ${result.maxMs} ms over ${result.edits} edits (CPU median ${result.cpuMedianMs} ms); initial build ${result.initialMs} ms; a save with no change wrote ${result.unchangedWrites} files (CPU ${result.unchangedCpuMs} ms); peak RSS ${result.maxRssMb} MB`,
      )
    }
}

const growth = {}
for (const format of opt.formats.split(',')) {
  const small = results.find((r) => r.format === format && r.shape === 'tree' && r.bookmarks === 10000)
  const big = results.find((r) => r.format === format && r.shape === 'tree' && r.bookmarks === 100000)
  if (small && big) growth[format] = +(big.wallMs / small.wallMs).toFixed(1)
}
// The 1M case against 100k in the same run.
const growthTo1M = {}
for (const format of opt.formats.split(',')) {
  const base = results.find((r) => r.format === format && r.shape === 'tree' && r.bookmarks === 100000)
  const huge = results.find((r) => r.format === format && r.shape === 'tree' && r.bookmarks === 1000000)
  if (base && huge) growthTo1M[format] = +(huge.wallMs / base.wallMs).toFixed(1)
}

const report = {
  node: process.version,
  cpus: os.cpus().length,
  scratch,
  date: new Date().toISOString(),
  results,
  rebuild,
  growth10kTo100k: growth,
  growth100kTo1M: growthTo1M,
}
writeFileSync(path.join(here, 'results.json'), `${JSON.stringify(report, null, 2)}\n`)
if (opt.json) console.log(JSON.stringify(report))
else {
  console.log(
    `\ngrowth 10k → 100k (wall): ${
      Object.entries(growth)
        .map(([format, ratio]) => `${format} ${ratio}x`)
        .join(', ') || 'n/a'
    }`,
  )
  const to1M = Object.entries(growthTo1M)
  if (to1M.length > 0)
    console.log(`growth 100k → 1M (wall): ${to1M.map(([format, ratio]) => `${format} ${ratio}x`).join(', ')}`)
  console.log(`results: bench/results.json (output on ${scratch})`)
}
rmSync(scratch, { recursive: true, force: true })

function formatSearch(s) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
  return (
    `${''.padEnd(24)}search: index ${kb(s.bytes.raw)} raw / ${kb(s.bytes.gzip)} gz = ${s.bytes.rawPerBookmark} / ${s.bytes.gzipPerBookmark} B per bookmark ` +
    `(${s.shards} shards, ${s.chunks} chunks; meta ${kb(s.bytes.metaGzip)} gz); first query downloads ${kb(s.bytes.firstQuery.gzip)} gz in ${s.bytes.firstQuery.files} files\n` +
    `${''.padEnd(24)}        ready ${s.readyMs} ms, first result ${s.firstResultMs} ms; prefix query p50 ${s.prefixP50Ms} ms, p95 ${s.prefixP95Ms} ms (n=${s.prefixQueries}), whole word p95 ${s.wordP95Ms} ms; typos found ${s.typoFound}/${s.typoQueries} (median ${s.typoMedianMs} ms), swapped letters ${s.swapFound}/${s.swapQueries} (median ${s.swapMedianMs} ms)\n` +
    `${''.padEnd(24)}        operators p50 ${s.operatorP50Ms} ms, p95 ${s.operatorP95Ms} ms (n=${s.operatorQueries}), facets p95 ${s.facetsP95Ms} ms (their files ${kb(s.bytes.facetsGzip)} gz); a cold #tag downloads ${kb(s.tagQuery.gzip)} gz in ${s.tagQuery.files} files\n` +
    `${''.padEnd(24)}        ${s.chromium.skipped ? `in Chromium: skipped (${s.chromium.skipped})` : `in ${s.chromium.browser}: first result ${s.chromium.firstResultMs} ms (local server); prefix query p50 ${s.chromium.prefixP50Ms} ms, p95 ${s.chromium.prefixP95Ms} ms, max ${s.chromium.prefixMaxMs} ms (n=${s.chromium.prefixQueries}); whole word p95 ${s.chromium.wordP95Ms} ms`}\n` +
    `${''.padEnd(24)}        ${firstSearchLine(s.chromium.firstSearch, kb)}`
  )
}

/** The first search in Chromium (bench/search-browser.mjs): everything it downloads, gzipped. */
function firstSearchLine(f, kb) {
  if (f === undefined) return 'first search in Chromium: skipped'
  return (
    `first search of “${f.word}” in Chromium: ${kb(f.totalGzip)} gz in ${f.files} files ` +
    `(page+scripts ${kb(f.pageGzip)}, index ${kb(f.indexGzip)}, filter files ${kb(f.filtersGzip)}; facets ${f.facets}; ${f.status})`
  )
}

function formatRow(r) {
  const head = `${r.case.padEnd(22)} wall ${String(r.wallMs).padStart(6)} ms  rss ${String(r.peakRssMb).padStart(4)} MB`
  const phases = Object.entries(r.ms)
    .filter(([key]) => key !== 'total')
    .map(([key, ms]) => `${key} ${ms}`)
    .join(' · ')
  const out = `${r.pages} pages, ${(r.bytesWritten / 1e6).toFixed(1)} MB, index ${(r.searchIndexBytes / 1e6).toFixed(2)} MB`
  const floor = r.floor
    ? `floor ${r.floor.totalMs} ms (parse ${r.floor.parseMs}, render ${r.floor.renderMs}, index ${r.floor.searchMs}, write ${r.floor.writeMs}) → ratio ${r.ratio.total}x`
    : ''
  return `${head}  [${phases}]\n${''.padEnd(24)}${out}; reader ${r.readerMBps} MB/s; ${floor}`
}
