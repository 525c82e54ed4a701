// bench/dev-saves.mjs: does `bookgen dev` build every save? RUNS times: a dev session on a
// generated collection (10k bookmarks by default), then SAVES rapid saves of the source from
// another process (bench/save-burst.mjs: an editor's temporary file renamed over it and an
// in-place write, alternating, 0–3 ms apart, each changing a title or tags somewhere in the file).
// Once the session has settled, the served site is compared byte for byte with a fresh
// `bookgen build` of the final file: every file that build writes (pages, feed, sitemap, search
// index, exports) is fetched from the dev server on 127.0.0.1, its reload script removed. Prints
// one JSON line per run, then a summary; exits 1 when a run's site differs. Runs `dist/` (npm run
// build first).
//
//   node bench/dev-saves.mjs [--runs 10] [--bookmarks 10000] [--saves 50]
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'

const execFileAsync = promisify(execFile)
const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const { values: opt } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    bookmarks: { type: 'string', default: '10000' },
    saves: { type: 'string', default: '50' },
  },
})
if (!existsSync(path.join(root, 'dist', 'dev', 'index.js'))) {
  console.error('bench: dist/ is missing; run `npm run build` first')
  process.exit(1)
}
const { startDev } = await import('../dist/dev/index.js')
const { build } = await import('../dist/build/index.js')
const { resolveConfig } = await import('../dist/config/options.js')

const scratch = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir()
const cache = path.join(root, 'bench', '.cache')
mkdirSync(cache, { recursive: true })
const original = path.join(cache, `tree-${opt.bookmarks}.html`)
if (!existsSync(original)) {
  execFileSync(process.execPath, [
    path.join(here, 'gen.mjs'),
    ...['--format', 'netscape', '--bookmarks', opt.bookmarks, '--out', original],
  ])
}

const results = []
for (let run = 1; run <= Number(opt.runs); run++) {
  const result = await saveRun(run, Number(opt.saves))
  results.push(result)
  console.log(JSON.stringify(result))
}
const differing = results.filter((result) => result.differing.length > 0 || result.missing.length > 0)
console.log(
  JSON.stringify({
    runs: results.length,
    identical: results.length - differing.length,
    filesCompared: results.map((result) => result.files),
    settleMs: results.map((result) => result.settleMs),
  }),
)
process.exitCode = differing.length > 0 ? 1 : 0

async function saveRun(run, saves) {
  const dir = mkdtempSync(path.join(scratch, 'bookgen-dev-saves-'))
  const source = path.join(dir, 'bookmarks.html')
  writeFileSync(source, readFileSync(original))
  let builds = 0
  const session = await startDev({
    cwd: dir,
    inline: { sources: [source], outDir: path.join(dir, 'site') },
    port: 0,
    log: (line) => {
      if (line.startsWith('✓ rebuilt') || line.startsWith('✗')) builds++
    },
  })
  try {
    // The saves come from a process of their own, as an editor's do.
    await execFileAsync(process.execPath, [
      path.join(here, 'save-burst.mjs'),
      source,
      String(saves),
      String(run),
    ])
    const t0 = performance.now()
    const fresh = path.join(dir, 'fresh')
    // What `dev` builds: the same site without the offline files (dev registers no worker).
    await build(resolveConfig({ offline: false }, { sources: [source], outDir: fresh }, { cwd: dir }))
    // Settled: the served site equals the fresh build (looked at again until it does, for a while).
    let comparison
    for (let look = 0; look < 60; look++) {
      comparison = await compareServed(session, fresh)
      if (comparison.differing.length === 0 && comparison.missing.length === 0) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    return { run, saves, builds, settleMs: Math.round(performance.now() - t0), ...comparison }
  } finally {
    await session.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Every file of the fresh build, fetched from the dev session and compared byte for byte. */
async function compareServed(session, fresh) {
  const base = new URL(session.url).pathname
  const reload = new RegExp(`<script type="module" src="${base}__bookgen/client\\.js\\?v=\\d+"></script>`)
  const differing = []
  const missing = []
  let files = 0
  for (const entry of readdirSync(fresh, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const relative = path.relative(fresh, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    // The marker says which command wrote the folder.
    if (relative === '.bookgen') continue
    files++
    const response = await fetch(new URL(relative, session.url))
    if (!response.ok) {
      missing.push(`${relative} (${response.status})`)
      continue
    }
    let body = Buffer.from(await response.arrayBuffer())
    if (relative.endsWith('.html')) body = Buffer.from(body.toString('utf8').replace(reload, ''))
    if (!body.equals(readFileSync(path.join(fresh, relative)))) differing.push(relative)
  }
  return { files, differing, missing }
}
