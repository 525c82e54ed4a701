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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
