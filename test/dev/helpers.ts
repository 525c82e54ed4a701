/**
 * Helpers for the watch-mode tests: generated sources, a site folder's exact state (to show that a
 * stopped build left it as it was), and waiting on a condition without timing anything.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../helpers.js'

/** A small Netscape file: one folder holding `titles`, all tagged `t`. */
export const bookmarksFile = (titles: string[]) =>
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Dev</TITLE>\n<DL><p>\n<DT><H3>Folder</H3>\n<DL><p>\n${titles
    .map(
      (title, i) => `<DT><A HREF="https://example.com/${i}" ADD_DATE="16000000${i}0" TAGS="t">${title}</A>\n`,
    )
    .join('')}</DL><p>\n</DL><p>\n`

/** Write bookgen's generated collection of `bookmarks` bookmarks (see bench/gen.mjs) to `file`. */
export function generateSource(file: string, bookmarks: number, seed = 1, format = 'netscape'): string {
  execFileSync(process.execPath, [
    path.join(REPO_ROOT, 'bench', 'gen.mjs'),
    '--format',
    format,
    '--bookmarks',
    String(bookmarks),
    '--seed',
    String(seed),
    '--out',
    file,
  ])
  return readFileSync(file, 'utf8')
}

/** Site files watch mode makes only on request, and the marker (which says which mode wrote it). */
const ON_REQUEST = /^(assets\/search\/|sitemap\.xml$|feed\.xml$|bookmarks\.(html|xbel)$|\.bookgen$)/

/** The text of every file below `dir` that watch mode writes on every build, by relative path. */
export function readSite(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    if (!ON_REQUEST.test(relative)) files.set(relative, readFileSync(path.join(dir, relative), 'utf8'))
  }
  return files
}

/**
 * Everything below `dir` (and whether it exists): each file's bytes, each link's target, each
 * folder, by relative path.
 */
export function snapshot(dir: string): Map<string, string> {
  const entries = new Map<string, string>()
  if (!existsSync(dir)) return entries
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dir, relative)).sort()) {
      const child = relative === '' ? name : `${relative}/${name}`
      const full = path.join(dir, child)
      const info = lstatSync(full)
      if (info.isSymbolicLink()) entries.set(child, `link → ${readlinkSync(full)}`)
      else if (info.isDirectory()) {
        entries.set(child, 'folder')
        walk(child)
      } else entries.set(child, readFileSync(full).toString('base64'))
    }
  }
  entries.set('.', 'folder')
  walk('')
  return entries
}

/** Names below `dir` (recursively) that a bookgen write leaves only when interrupted. */
export function leftovers(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    /\.tmp$|\.bookgen-(staging|old)-/.test(name),
  )
}

/**
 * Wait until `condition` holds, looking again after each turn of the event loop (bounded: it
 * fails with `what` after `limit` looks spaced a few milliseconds apart).
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limit = 20_000,
): Promise<void> {
  for (let look = 0; look < limit; look++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, look < 100 ? 0 : 5))
  }
  throw new Error(`gave up waiting: ${what}`)
}
