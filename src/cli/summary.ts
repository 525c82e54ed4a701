/** What `bookgen build` reports: the text summary for people, `--json` for scripts and CI. */
import { readdirSync, statSync, type Dirent } from 'node:fs'
import path from 'node:path'
import type { BuildResult } from '../build/index.js'
import type { ResolvedConfig } from '../config/options.js'
import { siteExports } from '../formats/registry.js'
import { displayPath } from '../model/display-path.js'
import { isBookgenError } from '../model/errors.js'
import { forEachNode, type Folder } from '../model/tree.js'
import { formatBytes, formatCount, formatDuration, plural, type Colors } from '../report/output.js'
import { safe } from '../report/messages.js'
import { COMPACT_FROM } from '../pages/listings.js'

/** `build --json`'s output when the build fails. */
export function errorJson(error: unknown, code: number): Record<string, unknown> {
  const message = error instanceof Error ? error.message : String(error)
  if (!isBookgenError(error)) return { ok: false, exitCode: code, error: { message, rule: 'bookgen/crash' } }
  // What the error has no place for (`''`, 0) is left out.
  const { rule, file, line, column } = error
  const place = { file: file || undefined, line: line || undefined, column: column || undefined }
  return { ok: false, exitCode: code, error: { message, rule, ...place } }
}

/** The text summary of a build: each source, what was made, what was held back. */
export function buildSummary(
  result: BuildResult,
  config: ResolvedConfig,
  searchIndex: number,
  c: Colors,
  cwd: string,
): string {
  const lines: string[] = []
  for (const collection of result.collections) {
    const stats = collectionStats(collection.root)
    const warnings = collection.warnings.length
    lines.push(
      `  ${c.cyan(safe(collection.file))}  ${collection.format}, ${stats}${warnings > 0 ? `, ${c.yellow(plural(warnings, 'warning'))}` : ''}`,
    )
  }
  const { plan, written, timings } = result
  lines.push(
    `${c.green('✓')} ${c.bold(plural(result.stats.bookmarks, 'bookmark'))} → ${plural(plan.folderPages, 'folder page')}, ${plural(plan.tagPages, 'tag page')}, search index ${formatBytes(searchIndex)}`,
    `  ${c.cyan(`${safe(displayPath(config.outDir, cwd))}/`)}: ${plural(written.files, 'file')}, ${formatBytes(written.bytes)}` +
      `${written.unchanged > 0 ? ` (${formatCount(written.unchanged)} unchanged)` : ''} in ${formatDuration(timings.total)}`,
  )
  if (plan.compactListings) {
    const why =
      config.listings === 'compact'
        ? "listings: 'compact'"
        : `${formatCount(COMPACT_FROM)} bookmarks or more, so that the site stays under GitHub Pages' 1 GB; listings: 'full' lists them in full`
    lines.push(`  compact entries on tag and archive pages, feeds of top-level folders only (${why})`)
  }
  for (const history of result.history?.files ?? []) {
    const { commits, cached, parsed, spliced } = history.read
    lines.push(
      `  history of ${safe(path.relative(cwd, history.file) || history.file)}: ${plural(commits, 'commit')} (${formatCount(cached)} from the cache, ${formatCount(parsed + spliced)} read)`,
    )
  }
  if (result.history !== undefined && result.history.dated > 0)
    lines.push(`  ${plural(result.history.dated, 'bookmark')} dated from the history`)
  if (result.duplicates > 0) {
    lines.push(
      `  ${plural(result.duplicates, 'repeated URL')}${config.dedupe ? ' published once (dedupe)' : ' (set dedupe: true to publish each once)'}`,
    )
  }
  if (result.privateSection !== undefined) {
    const { bookmarks, bytes } = result.privateSection
    lines.push(
      `  private section: ${plural(bookmarks, 'bookmark')}, encrypted (${formatBytes(bytes)}), at private/`,
    )
  }
  const { activeContent, unsafeUrls, ...bookmarks } = result.heldBack
  // The private section's bookmarks are published there, encrypted.
  const held = Object.entries(bookmarks).filter(
    ([reason, count]) => count > 0 && !(reason === 'private' && result.privateSection !== undefined),
  )
  const parts: string[] = []
  if (held.length > 0) {
    const names: Record<string, string> = { private: 'private', fileUrls: 'file://', placeUrls: 'place:' }
    parts.push(
      `${held.map(([reason, count]) => `${formatCount(count)} ${names[reason] ?? reason}`).join(', ')} (not published; see "publish" in the config)`,
    )
  }
  const exports = siteExports()
    .map((entry) => entry.siteExport.path)
    .join(', ')
  if (unsafeUrls > 0) {
    parts.push(
      `${plural(unsafeUrls, 'bookmark')} whose URL cannot be a link (javascript:, data:, …) left out of the exports (${exports})`,
    )
  }
  if (activeContent > 0) {
    const what = activeContent === 1 ? 'event handler or script' : 'event handlers or scripts'
    parts.push(`${formatCount(activeContent)} ${what} left out of the exports (${exports})`)
  }
  if (parts.length > 0) lines.push(`  ${c.dim('held back:')} ${parts.join('; ')}`)
  return `${lines.join('\n')}\n`
}

/** `build --json`: the summary for scripts and CI (stable field names; sizes in bytes, times in ms). */
export function buildJson(
  result: BuildResult,
  config: ResolvedConfig,
  searchIndex: number,
  exitCode: number,
): Record<string, unknown> {
  return {
    ok: true,
    exitCode,
    outDir: config.outDir,
    base: config.base,
    site: config.siteOrigin === undefined ? null : `${config.siteOrigin}${config.base}`,
    sources: result.collections.map((collection) => ({
      file: collection.file,
      format: collection.format,
      warnings: collection.warnings.length,
    })),
    bookmarks: result.stats.bookmarks,
    pages: { folders: result.plan.folderPages, tags: result.plan.tagPages },
    listings: result.plan.compactListings ? 'compact' : 'full',
    files: result.written.files,
    bytes: result.written.bytes,
    unchanged: result.written.unchanged,
    searchIndexBytes: searchIndex,
    duplicates: result.duplicates,
    heldBack: result.heldBack,
    privateSection: result.privateSection ?? null,
    ms: Math.round(result.timings.total),
    warnings: result.warnings,
  }
}

/** Bytes of the files below `dir` (0 when there is none); synchronous: hundreds of small stats. */
export function directoryBytes(dir: string): number {
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true })
  } catch {
    return 0
  }
  let bytes = 0
  for (const entry of entries)
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size
  return bytes
}

/** `12 bookmarks in 3 folders`: what a source holds. */
export function collectionStats(root: Folder): string {
  let bookmarks = 0
  let folders = 0
  forEachNode(root, (node) => {
    if (node.type === 'folder') folders++
    else if (node.type === 'bookmark' && node.href !== undefined) bookmarks++
  })
  return `${plural(bookmarks, 'bookmark')} in ${plural(folders, 'folder')}`
}
