/**
 * The one URL builder of a site: every link, asset, feed, sitemap and search URL is a path below
 * the base, made into a URL here and nowhere else.
 *
 * With relative URLs (`urls: 'relative'`), pages are rendered with paths under the base as usual
 * and each finished page goes once through `localize` (Eleventy's HTML base plugin, the other way
 * round): every `href`, `src`, `action` and `data-index` that starts with the base becomes
 * relative to the page, and a folder's URL names its `index.html`, so the site also works from
 * `file://` and from any other path. Entries are serialized once and shared by pages at every
 * depth, which is why this is done on the page and not where the URL is made.
 */

export interface SiteUrls {
  /** Starts and ends with `/`. */
  readonly base: string
  /** Origin of absolute URLs (feed, sitemap), e.g. `https://me.github.io`. */
  readonly origin: string
  /** Whether pages link relatively (see `localize`). */
  readonly relative: boolean
  /** The URL path of a path below the base: `path('tags/')` → `/base/tags/`. */
  path(path: string): string
  /** The absolute URL of a path below the base: `https://me.github.io/base/tags/`. */
  absolute(path: string): string
  /**
   * The shorter of `path(to)` and the relative URL of the folder `to` from the page at `from`
   * (both folders below the base, `''` the home page): a folder page's breadcrumbs, sub-folders
   * and page links point near it, where `../` says in three bytes what the base and the whole
   * path say in a hundred. `path(to)` in relative mode, where `localize` makes every link relative.
   *
   * @example link('a/', 'a/b/c/') // → '../../'
   */
  link(to: string, from: string): string
  /**
   * `link(to, from)` for a folder `to` that is `levels` folders above `from` (its path a prefix of
   * `from`'s, as a folder's is of its sub-folders' and pages'), without comparing the paths: a
   * page's breadcrumbs, one for each folder above it, in time of their count.
   *
   * @example up('a/', 2) // → '../../' (from 'a/b/c/')
   */
  up(to: string, levels: number): string
  /**
   * A page's HTML with its links under the base made relative to the page at `from` (a path below
   * the base, `''` for the home page); the HTML as it is unless `relative`.
   *
   * @example localize('<a href="/b/tags/">', 'tags/css/') // → '<a href="../../tags/index.html">'
   */
  localize(html: string, from: string): string
}

/** URLs under `base` (starts and ends with `/`) at `origin`. */
export function siteUrls(base: string, origin: string, mode: 'absolute' | 'relative' = 'absolute'): SiteUrls {
  const relative = mode === 'relative'
  const pattern = new RegExp(` (href|src|action|data-index)="${escapeRegExp(base)}([^"]*)"`, 'g')
  return {
    base,
    origin,
    relative,
    path: (path) => `${base}${path}`,
    absolute: (path) => new URL(`${base}${path}`, origin).href,
    link(to, from) {
      const absolute = `${base}${to}`
      if (relative) return absolute
      const near = relativeFolder(to, from)
      return near.length < absolute.length ? near : absolute
    },
    up(to, levels) {
      const absolute = `${base}${to}`
      if (relative) return absolute
      // `relativeFolder` of a folder above: `../` for each folder between, `./` for the same one.
      const length = levels === 0 ? 2 : 3 * levels
      if (length >= absolute.length) return absolute
      return levels === 0 ? './' : '../'.repeat(levels)
    },
    localize(html, from) {
      if (!relative) return html
      const up = '../'.repeat(from.split('/').length - 1)
      return html.replace(pattern, (_match, name: string, rest: string) => {
        const cut = rest.search(/[?#]/)
        const path = cut === -1 ? rest : rest.slice(0, cut)
        const tail = cut === -1 ? '' : rest.slice(cut)
        const file = name !== 'data-index' && (path === '' || path.endsWith('/')) ? `${path}index.html` : path
        return ` ${name}="${up}${file}${tail}"`
      })
    },
  }
}

/**
 * The relative URL of the folder `to` from the folder `from` (paths below the base ending in `/`,
 * or `''`): `../` for each folder of `from` past what the two share, then the rest of `to`; `./`
 * for the same folder. A first segment with a `:` would read as a scheme, so it gets a `./`.
 */
export function relativeFolder(to: string, from: string): string {
  // Scanned rather than split: this runs for every breadcrumb and folder link of every page.
  let shared = 0 // just past the last `/` up to which the two agree
  const limit = Math.min(to.length, from.length)
  for (let index = 0; index < limit; index++) {
    const code = to.charCodeAt(index)
    if (code !== from.charCodeAt(index)) break
    if (code === SLASH) shared = index + 1
  }
  let up = 0
  for (let index = shared; index < from.length; index++) if (from.charCodeAt(index) === SLASH) up++
  const down = to.slice(shared)
  if (up === 0) {
    if (down === '') return './'
    const first = down.indexOf('/')
    return down.lastIndexOf(':', first) === -1 ? down : `./${down}`
  }
  return '../'.repeat(up) + down
}

const SLASH = 0x2f

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
