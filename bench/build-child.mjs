// bench/build-child.mjs: one `build` of FILE into OUT, in its own process; prints JSON timings,
// counts and peak RSS. Used by bench/run.mjs.
import { statSync } from 'node:fs'
import path from 'node:path'
import { build, resolveConfig } from '../dist/index.js'

const [file, out] = process.argv.slice(2)
const started = performance.now()
const config = resolveConfig(
  {},
  { sources: [file], outDir: out, base: '/bench/' },
  { cwd: path.dirname(out) },
)
const result = await build(config)
const wallMs = performance.now() - started
console.log(
  JSON.stringify({
    timings: result.timings,
    wallMs,
    maxRssKb: process.resourceUsage().maxRSS,
    bookmarks: result.stats.bookmarks,
    pages: result.plan.folderPages + result.plan.tagPages + 2,
    files: result.written.files,
    bytes: result.written.bytes,
    searchIndexBytes: statSync(path.join(out, 'search-index.json')).size,
  }),
)
