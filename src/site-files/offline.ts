/**
 * The files that make a built site work offline, made once every other file is written (they
 * describe them): `sw.js`, the service worker, with its build's id and the shell it caches; and
 * `offline/files.json`, what "Keep the whole collection offline" fetches: every page, the search
 * index and the other assets, each with its size and a hash of its content.
 *
 * The build id is a hash of that list, so the same site gives the same `sw.js` and a changed one
 * a new build (its own cache, see templates/default/sw.js). The private section (`private/`) is
 * left out of both: its encrypted file differs on every build, and the public files must not.
 * The exports, the feeds and the sitemap are left out too: a reader offline needs none of them.
 * Pure.
 */

/** The service worker, at the base (its scope is the whole site). */
export const SERVICE_WORKER_PATH = 'sw.js'
/** The list of files to keep (`OfflineFiles`), beside the offline page. */
export const OFFLINE_FILES_PATH = 'offline/files.json'

/** A file "keep offline" fetches. */
export interface KeptFile {
  /** Its URL below the base: a page as its folder (`tags/css/`), any other file as its path. */
  url: string
  /** Bytes. */
  size: number
  /** A hash of its bytes (a file kept under an older build is copied, not fetched, when it is the same). */
  hash: string
}

/**
 * The URL below the base under which a file of the output folder (`path`, relative, with `/`) is
 * kept offline, or undefined when it is not: pages (`…/index.html`, as their folder; the 404 page
 * is for the server), everything under `assets/`, and the manifest. Nothing in a folder or file
 * whose name starts with a dot (bookgen's own bookkeeping), nor the private section.
 */
export function keptUrlOf(path: string): string | undefined {
  if (path.split('/').some((segment) => segment.startsWith('.'))) return undefined
  if (path === SERVICE_WORKER_PATH || path === OFFLINE_FILES_PATH || path.startsWith('private/'))
    return undefined
  if (path === 'index.html') return ''
  if (path.endsWith('/index.html')) return path.slice(0, -'index.html'.length)
  if (path.startsWith('assets/') || path === 'manifest.webmanifest') return path
  return undefined
}

/** Pages the service worker caches when it is installed (those that exist): home, search, offline. */
const SHELL_PAGES = ['', 'search/', 'offline/']

/**
 * What the service worker caches when it is installed: the home, search and offline pages, the
 * manifest, every file directly in `assets/` (stylesheet, scripts, icons) and the search index's
 * meta file; not the search index's directory nor the favicons, which are kept as they are used.
 */
export function shellOf(kept: readonly KeptFile[]): string[] {
  return kept
    .map((file) => file.url)
    .filter(
      (url) =>
        SHELL_PAGES.includes(url) ||
        url === 'manifest.webmanifest' ||
        url === 'assets/search/index.json' ||
        (url.startsWith('assets/') && !url.slice('assets/'.length).includes('/')),
    )
}

/** `offline/files.json`: the build, the total bytes, and `[url, size, hash]` for each file. */
export function offlineFilesText(build: string, kept: readonly KeptFile[]): string {
  const bytes = kept.reduce((sum, file) => sum + file.size, 0)
  const files = kept.map((file) => [file.url, file.size, file.hash])
  return `${JSON.stringify({ build, bytes, files })}\n`
}

/** The line of `templates/default/sw.js` the build replaces with its settings. */
const SETTINGS_LINE = /^const SETTINGS = .*$/m

/** `sw.js`: the template with the build's id, shell and words (`offline`: the 503 body) in its settings line. */
export function serviceWorkerText(
  template: string,
  build: string,
  shell: readonly string[],
  offline: string,
): string {
  if (!SETTINGS_LINE.test(template)) throw new Error('the service worker template has no settings line')
  const settings = JSON.stringify({ build, shell, offline })
  return template.replace(SETTINGS_LINE, () => `const SETTINGS = ${settings}`)
}
