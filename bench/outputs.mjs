// bench/outputs.mjs: fingerprints of the sites bookgen builds from a fixed set of inputs, to show
// that a change which should not change behaviour did not (a refactoring, a speed-up).
//
//   node bench/outputs.mjs --save FILE       build every case, write {case: {path: sha256} | {error}}
//   node bench/outputs.mjs --compare FILE    build every case again and list every difference
//     [--except PATH,…]                      … but in these files (a change meant to alter them)
//
// Cases: each file of ../shared/corpus/{netscape,xbel} (when present) built alone; the example
// site as bookmarks.config.ts builds it; generated 10k and 100k collections in both formats
// (bench/gen.mjs, seed 1), and `--sizes` to change those. Builds use dist/ (run `npm run build`
// first) into a temporary folder. Exits 1 when --compare finds a difference.
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const { values: opt } = parseArgs({
  options: {
    save: { type: 'string' },
    compare: { type: 'string' },
    sizes: { type: 'string', default: '10000,100000' },
    only: { type: 'string' },
    except: { type: 'string', default: '' },
  },
})
if ((opt.save === undefined) === (opt.compare === undefined)) {
  console.error(
    'usage: node bench/outputs.mjs --save FILE | --compare FILE [--sizes 10000,100000] [--only SUBSTRING]',
  )
  process.exit(2)
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// The home page's daily pick follows the build's day: pin it, so fingerprints compare across days.
process.env.SOURCE_DATE_EPOCH ??= '1767225600'
const { build, resolveConfig, loadConfigFile } = await import(path.join(repo, 'dist', 'index.js'))
const work = mkdtempSync(path.join(os.tmpdir(), 'bookgen-outputs-'))

/** Every case: a name and how to build it into `out`. */
function cases() {
  const list = []
  const corpus = path.resolve(repo, '..', 'shared', 'corpus')
  for (const kind of ['netscape', 'xbel']) {
    const dir = path.join(corpus, kind)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name)
      list.push({ name: `${kind}/${name}`, run: (out) => buildSources([file], out) })
    }
  }
  list.push({
    name: 'example (bookmarks.config.ts)',
    run: async (out) => {
      const loaded = await loadConfigFile(undefined, repo, { command: 'build' })
      await build(resolveConfig(loaded.config, { outDir: out }, { cwd: repo, configFile: loaded.file }))
    },
  })
  for (const size of opt.sizes.split(',').filter(Boolean)) {
    for (const format of ['netscape', 'xbel']) {
      list.push({
        name: `generated ${format} ${size}`,
        run: (out) => {
          const file = path.join(work, `gen-${size}.${format === 'xbel' ? 'xbel' : 'html'}`)
          if (!existsSync(file)) {
            execFileSync(process.execPath, [
              path.join(repo, 'bench', 'gen.mjs'),
              '--format',
              format,
              '--bookmarks',
              size,
              '--out',
              file,
            ])
          }
          return buildSources([file], out, '/bench/')
        },
      })
    }
  }
  return opt.only === undefined ? list : list.filter((item) => item.name.includes(opt.only))
}

async function buildSources(sources, out, base = '/') {
  await build(resolveConfig({}, { sources, outDir: out, base }, { cwd: work }))
}

/** path → sha256 of every file below `dir`. */
function fingerprint(dir) {
  const result = {}
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath ?? entry.path, entry.name)
    result[path.relative(dir, file).split(path.sep).join('/')] = createHash('sha256')
      .update(readFileSync(file))
      .digest('hex')
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

const results = {}
for (const item of cases()) {
  const out = path.join(work, 'site')
  rmSync(out, { recursive: true, force: true })
  try {
    await item.run(out)
    results[item.name] = fingerprint(out)
  } catch (error) {
    results[item.name] = { error: error?.rule ?? String(error?.message ?? error) }
  }
}
rmSync(work, { recursive: true, force: true })

if (opt.save !== undefined) {
  writeFileSync(opt.save, `${JSON.stringify(results, null, 1)}\n`)
  const built = Object.values(results).filter((value) => value.error === undefined).length
  console.log(
    `${Object.keys(results).length} cases (${built} built, ${Object.keys(results).length - built} refused) → ${opt.save}`,
  )
} else {
  const before = JSON.parse(readFileSync(opt.compare, 'utf8'))
  let differences = 0
  for (const name of new Set([...Object.keys(before), ...Object.keys(results)])) {
    const a = before[name]
    const b = results[name]
    if (a === undefined || b === undefined) {
      console.log(`${name}: only ${a === undefined ? 'now' : 'before'}`)
      differences++
      continue
    }
    const files = new Set([...Object.keys(a), ...Object.keys(b)])
    const except = new Set(opt.except.split(',').filter(Boolean))
    const changed = [...files].filter((file) => a[file] !== b[file] && !except.has(file))
    if (changed.length > 0) {
      differences++
      console.log(
        `${name}: ${changed.length} file(s) differ: ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''}`,
      )
    }
  }
  console.log(
    differences === 0 ? `identical: ${Object.keys(results).length} cases` : `${differences} case(s) differ`,
  )
  process.exitCode = differences === 0 ? 0 : 1
}
