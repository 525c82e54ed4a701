// bench/history.mjs: reading the Git history of a large Floccus repository (the budget:
// 2,000 commits of a 10k-bookmark bookmarks.xbel in ≤ 10 s). The repository is generated with
// `git fast-import` (seconds, not minutes): each commit adds 3 bookmarks, removes 2 and renames 1,
// as a sync would. It measures, from dist/:
//   cold         readFileHistory with no cache (every version read and walked)
//   incremental  one more commit, with the cache the first read left (what a rebuild does)
//   build cold / build incremental   `bookgen build` end to end, with and without the cache
//
//   npm run build && node bench/history.mjs                     # 2000 × 10000
//   node bench/history.mjs --commits 200 --bookmarks 1000      # a quick look
//   node bench/history.mjs --format netscape --commits 200     # a browser export (no fast walk)
//   node bench/history.mjs --bookmarks 0 --edit add --commits 3000   # each commit adds one bookmark
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const here = path.dirname(fileURLToPath(import.meta.url))
const dist = path.resolve(here, '..', 'dist')
const { values: opt } = parseArgs({
  options: {
    commits: { type: 'string', default: '2000' },
    bookmarks: { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
    format: { type: 'string', default: 'xbel' },
    // sync: 3 added, 2 removed, 1 renamed per commit; add: one bookmark added per commit
    edit: { type: 'string', default: 'sync' },
  },
})
const COMMITS = Number(opt.commits)
const BOOKMARKS = Number(opt.bookmarks)
const FOLDERS = Math.max(1, Math.round(BOOKMARKS / 100))
const NETSCAPE = opt.format === 'netscape'
const FILE = NETSCAPE ? 'bookmarks.html' : 'bookmarks.xbel'

const { readFileHistory, cacheContents } = await import(
  pathToFileURL(path.join(dist, 'history/read.js')).href
)
const { build, resolveConfig } = await import(pathToFileURL(path.join(dist, 'index.js')).href)

const tmpRoot = existsDir('/dev/shm') ? '/dev/shm' : os.tmpdir()
const dir = mkdtempSync(path.join(tmpRoot, 'bookgen-history-bench-'))
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }
const git = (...args) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 1 << 26 })

function existsDir(folder) {
  try {
    return execFileSync('test', ['-d', folder]) !== undefined
  } catch {
    return false
  }
}

// A deterministic pseudo-random sequence.
let seed = 23
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648

/** The collection: folders of bookmarks, each {id, title, href}. */
let nextId = 1
const folders = Array.from({ length: FOLDERS }, (_, f) => ({ id: nextId++, title: `Folder ${f}`, items: [] }))
for (let n = 0; n < BOOKMARKS; n++) {
  const id = nextId++
  folders[n % FOLDERS].items.push({
    id,
    title: `Bookmark ${id} about things`,
    href: `https://site${id % 997}.example/page/${id}`,
  })
}

/** The collection as a file: Floccus XBEL, or (--format netscape) a browser export. */
function xbel() {
  if (NETSCAPE) return netscape()
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">\n<xbel version="1.0">\n',
    `<!--- highestId :${nextId - 1}: for Floccus bookmark sync browser extension -->\n\n`,
  ]
  for (const folder of folders) {
    parts.push(`<folder id="${folder.id}">\n  <title>${folder.title}</title>\n`)
    for (const item of folder.items)
      parts.push(
        `  <bookmark href="${item.href}" id="${item.id}">\n    <title>${item.title}</title>\n  </bookmark>\n`,
      )
    parts.push('</folder>\n')
  }
  parts.push('</xbel>')
  return Buffer.from(parts.join(''))
}

function netscape() {
  const parts = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n',
  ]
  for (const folder of folders) {
    parts.push(`    <DT><H3>${folder.title}</H3>\n    <DL><p>\n`)
    for (const item of folder.items) parts.push(`        <DT><A HREF="${item.href}">${item.title}</A>\n`)
    parts.push('    </DL><p>\n')
  }
  parts.push('</DL><p>\n')
  return Buffer.from(parts.join(''))
}

function edit() {
  if (opt.edit === 'add') {
    const id = nextId++
    folders[id % FOLDERS].items.push({ id, title: `New ${id}`, href: `https://new.example/${id}` })
    return
  }
  for (let k = 0; k < 3; k++) {
    const id = nextId++
    folders[Math.floor(random() * FOLDERS)].items.push({
      id,
      title: `New ${id}`,
      href: `https://new.example/${id}`,
    })
  }
  for (let k = 0; k < 2; k++) {
    const folder = folders[Math.floor(random() * FOLDERS)]
    if (folder.items.length > 0) folder.items.splice(Math.floor(random() * folder.items.length), 1)
  }
  const folder = folders[Math.floor(random() * FOLDERS)]
  if (folder.items.length > 0) folder.items[Math.floor(random() * folder.items.length)].title += ' (edited)'
}

// The repository, written with git fast-import.
const t0 = performance.now()
git('init', '-q', '-b', 'main')
const importer = spawn('git', ['fast-import', '--quiet'], {
  cwd: dir,
  env,
  stdio: ['pipe', 'inherit', 'inherit'],
})
const done = new Promise((resolve, reject) =>
  importer.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`fast-import ${code}`)))),
)
const start = Date.parse('2020-01-01T00:00:00Z') / 1000
const write = (chunk) =>
  importer.stdin.write(chunk) ? undefined : new Promise((resolve) => importer.stdin.once('drain', resolve))
for (let c = 0; c < COMMITS; c++) {
  if (c > 0) edit()
  const blob = xbel()
  const when = start + c * 3600
  const message = `Floccus update: ${c}`
  await write(`blob\nmark :${2 * c + 1}\ndata ${blob.length}\n`)
  await write(blob)
  await write(
    `\ncommit refs/heads/main\nmark :${2 * c + 2}\nauthor Floccus bookmarks sync <floccus@example.org> ${when} +0000\ncommitter Floccus bookmarks sync <floccus@example.org> ${when} +0000\ndata ${Buffer.byteLength(message)}\n${message}\nM 100644 :${2 * c + 1} ${FILE}\n\n`,
  )
}
importer.stdin.end()
await done
git('reset', '-q', '--hard', 'main')
const generated = performance.now() - t0
const file = path.join(dir, FILE)
const size = Number(git('cat-file', '-s', `HEAD:${FILE}`).trim())

const ms = (value) => `${(value / 1000).toFixed(2)} s`
console.log(
  `repository: ${COMMITS} commits × ${BOOKMARKS} bookmarks, ${FILE} (${(size / 2 ** 20).toFixed(1)} MB per version), generated in ${ms(generated)} in ${dir}`,
)

// Cold: no cache.
let t = performance.now()
const cold = await readFileHistory(file, {})
const coldTime = performance.now() - t
console.log(
  `history cold:        ${ms(coldTime)}  (${cold.history.read.parsed} versions parsed in full, ${cold.history.read.spliced} as splices, ${cold.history.state.live.length} bookmarks)`,
)

// Incremental: the cache the cold read leaves, then one more commit.
const out = path.join(dir, 'site')
mkdirSync(path.join(out, '.bookgen-history'), { recursive: true })
writeFileSync(path.join(out, cold.history.cachePath), cacheContents(cold.history))
edit()
writeFileSync(file, xbel())
git(
  '-c',
  'user.name=Floccus',
  '-c',
  'user.email=f@example.org',
  'commit',
  '-q',
  '-am',
  'Floccus update: one more',
)
t = performance.now()
const warm = await readFileHistory(file, { outDir: out })
const warmTime = performance.now() - t
console.log(
  `history incremental: ${ms(warmTime)}  (${warm.history.read.cached} commits from the cache, ${warm.history.read.parsed} version parsed)`,
)

// Whole builds: cold (no cache in a fresh output folder), then a rebuild after one more commit.
rmSync(out, { recursive: true, force: true })
const config = resolveConfig({ sources: FILE, outDir: 'site', site: 'https://me.example/' }, {}, { cwd: dir })
t = performance.now()
const first = await build(config)
const buildCold = performance.now() - t
edit()
writeFileSync(file, xbel())
git(
  '-c',
  'user.name=Floccus',
  '-c',
  'user.email=f@example.org',
  'commit',
  '-q',
  '-am',
  'Floccus update: and one more',
)
t = performance.now()
const result = await build(config)
const buildWarm = performance.now() - t
console.log(
  `build cold:          ${ms(buildCold)}  (history: ${first.history.files[0].read.parsed} versions parsed in full)`,
)
console.log(
  `build incremental:   ${ms(buildWarm)}  (history: ${result.history.files[0].read.parsed} version parsed)`,
)
console.log(
  JSON.stringify({
    commits: COMMITS,
    bookmarks: BOOKMARKS,
    bytes: size,
    generated,
    coldTime,
    warmTime,
    buildCold,
    buildWarm,
  }),
)
if (!opt.keep) rmSync(dir, { recursive: true, force: true })
