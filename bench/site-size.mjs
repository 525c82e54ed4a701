// bench/site-size.mjs: the bytes of a built site by kind of file (folder pages, tag pages, archive,
// search, exports, feed, sitemap, other) and per bookmark. Used by bench/build-child.mjs (so by
// `npm run bench`), and on its own:
//
//   node bench/site-size.mjs OUT_DIR BOOKMARKS [--json]
//
// `html` is every page of the site (every `.html` file but the exports), the figure the
// page-weight budget is about; `total` is every file.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The kinds, in the order they are printed. */
export const SIZE_KINDS = ['folders', 'tags', 'archive', 'search', 'exports', 'feed', 'sitemap', 'other']

/** Top-level folders of pages that are not folder pages (they are `other`, unless named above). */
const OTHER_PAGES = new Set(['folders', 'search', 'links', 'changes', 'assets'])

/** The kind of an output file, by its path relative to the site's folder (with `/`). */
export function kindOf(relative) {
  const [top] = relative.split('/')
  if (/^bookmarks\.(html|xbel)(\.gz)?$/.test(relative)) return 'exports'
  if (relative === 'feed.xml') return 'feed'
  if (/^sitemap[^/]*\.xml$/.test(relative)) return 'sitemap'
  if (relative.startsWith('assets/search/')) return 'search'
  if (top === 'tags') return 'tags'
  if (top === 'archive') return 'archive'
  if (relative === '404.html') return 'other'
  if (relative.endsWith('.html') && !OTHER_PAGES.has(top)) return 'folders'
  return 'other'
}

/**
 * `{bytes: {kind: n}, perBookmark: {kind: n}, files: {kind: n}, html, htmlPerBookmark, total,
 * totalPerBookmark}` for the site in `directory`, built from `bookmarks` bookmarks.
 */
export function siteSizes(directory, bookmarks) {
  const bytes = Object.fromEntries(SIZE_KINDS.map((kind) => [kind, 0]))
  const files = Object.fromEntries(SIZE_KINDS.map((kind) => [kind, 0]))
  let html = 0
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath ?? entry.path, entry.name)
    const relative = path.relative(directory, file).split(path.sep).join('/')
    const size = statSync(file).size
    const kind = kindOf(relative)
    bytes[kind] += size
    files[kind]++
    if (relative.endsWith('.html') && kind !== 'exports') html += size
  }
  const total = Object.values(bytes).reduce((sum, n) => sum + n, 0)
  const per = (n) => Math.round(n / Math.max(1, bookmarks))
  return {
    bookmarks,
    bytes,
    files,
    perBookmark: Object.fromEntries(SIZE_KINDS.map((kind) => [kind, per(bytes[kind])])),
    html,
    htmlPerBookmark: per(html),
    total,
    totalPerBookmark: per(total),
  }
}

/** One line: bytes per bookmark by kind, then the HTML and the whole site. */
export function formatSizes(sizes) {
  const kinds = SIZE_KINDS.map((kind) => `${kind} ${sizes.perBookmark[kind]}`).join(' · ')
  return `bytes per bookmark: ${kinds} | html ${sizes.htmlPerBookmark} | total ${sizes.totalPerBookmark} (${(sizes.total / 1e6).toFixed(1)} MB)`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [directory, bookmarks, flag] = process.argv.slice(2)
  if (directory === undefined || bookmarks === undefined) {
    console.error('usage: node bench/site-size.mjs OUT_DIR BOOKMARKS [--json]')
    process.exit(1)
  }
  const sizes = siteSizes(directory, Number(bookmarks))
  if (flag === '--json') console.log(JSON.stringify(sizes))
  else {
    console.log(formatSizes(sizes))
    for (const kind of SIZE_KINDS)
      console.log(
        `${kind.padEnd(8)} ${String(sizes.bytes[kind]).padStart(12)} B ${String(sizes.files[kind]).padStart(7)} files ${String(sizes.perBookmark[kind]).padStart(6)} B/bookmark`,
      )
  }
}
