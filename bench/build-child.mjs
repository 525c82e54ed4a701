// bench/build-child.mjs: one `build` of FILE into OUT, in its own process; prints JSON timings,
// counts, peak RSS and the site's bytes by kind of file (bench/site-size.mjs). Used by bench/run.mjs.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { build, resolveConfig } from '../dist/index.js'
import { siteSizes } from './site-size.mjs'

const [file, out] = process.argv.slice(2)
const started = performance.now()
// The 1M site (1.44 GB) is over GitHub Pages' 1 GB, the default `limits.siteBytes`.
const config = resolveConfig(
  { limits: { siteBytes: 100e9 } },
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
    unchanged: result.written.unchanged,
    searchIndexBytes: searchIndexBytes(path.join(out, 'assets', 'search')),
    sizes: siteSizes(out, result.stats.bookmarks),
  }),
)

/** Bytes of the search index: its meta and every file of its directory. */
function searchIndexBytes(directory) {
  let bytes = 0
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size
  }
  return bytes
}
