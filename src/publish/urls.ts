/**
 * The one URL builder of a site: every link, asset, feed, sitemap and search URL is a path below
 * the base, made into a URL here and nowhere else.
 */

export interface SiteUrls {
  /** Starts and ends with `/`. */
  readonly base: string
  /** Origin of absolute URLs (feed, sitemap), e.g. `https://me.github.io`. */
  readonly origin: string
  /** The URL path of a path below the base: `path('tags/')` → `/base/tags/`. */
  path(path: string): string
  /** The absolute URL of a path below the base: `https://me.github.io/base/tags/`. */
  absolute(path: string): string
}

/** URLs under `base` (starts and ends with `/`) at `origin`. */
export function siteUrls(base: string, origin: string): SiteUrls {
  return {
    base,
    origin,
    path: (path) => `${base}${path}`,
    absolute: (path) => new URL(`${base}${path}`, origin).href,
  }
}
