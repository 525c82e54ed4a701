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
  const target = to.split('/').slice(0, -1)
  const here = from.split('/').slice(0, -1)
  let shared = 0
  while (shared < target.length && shared < here.length && target[shared] === here[shared]) shared++
  const down = target.slice(shared).join('/')
  const url = '../'.repeat(here.length - shared) + (down === '' ? '' : `${down}/`)
  if (url === '') return './'
  return shared === here.length && down.split('/')[0]!.includes(':') ? `./${url}` : url
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
