/**
 * What a site shows of the link store: the dead and redirected links (every other state shows
 * nothing), how many links were in each state, and when they were last checked. The build reads
 * the store with `readSiteLinks` (never the network); `siteLinksOf` is pure.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { ResolvedConfig } from '../config/options.js'
import { displayPath } from '../model/display-path.js'
import { LINK_STATES, type LinkEntry, type LinkState, type LinkStore } from './store-format.js'
import { defaultStoreFile, readLinkStore } from './store.js'

export interface SiteLinks {
  /** The entries of links that are `dead` or `redirected`, by URL as bookmarked. */
  readonly marked: ReadonlyMap<string, LinkEntry>
  /** Links in the store in each state. */
  readonly counts: Readonly<Record<LinkState, number>>
  /** The latest check of any link (ms since the epoch); undefined for an empty store. */
  readonly checkedAt: number | undefined
  /** Changes whenever anything above changes (watch mode's caches start afresh). */
  readonly key: string
}

/** What the site shows of `store`. */
export function siteLinksOf(store: LinkStore): SiteLinks {
  const marked = new Map<string, LinkEntry>()
  const counts = Object.fromEntries(LINK_STATES.map((state) => [state, 0])) as Record<LinkState, number>
  let checkedAt: number | undefined
  const hash = createHash('sha1')
  for (const [url, entry] of store.links) {
    counts[entry.state]++
    if (checkedAt === undefined || entry.checkedAt > checkedAt) checkedAt = entry.checkedAt
    if (entry.state !== 'dead' && entry.state !== 'redirected') continue
    marked.set(url, entry)
    hash.update(`${url}\u0000${entry.state}\u0000${entry.finalUrl ?? ''}\u0000${entry.status}\u0000`)
  }
  hash.update(JSON.stringify([counts, checkedAt]))
  return { marked, counts, checkedAt, key: hash.digest('base64url') }
}

/**
 * (I/O) The link store of a site with these sources (absolute paths, in order): the config's
 * `links.store`, else `bookmarks.links.json` beside the first source. Undefined when there is no
 * store (no check has run): the site then has no link report. A broken store is a `BookgenError`.
 */
export async function readSiteLinks(
  config: Pick<ResolvedConfig, 'linkStore' | 'root'>,
  sources: readonly string[],
): Promise<SiteLinks | undefined> {
  if (config.linkStore === undefined && sources.length === 0) return undefined
  const file = config.linkStore ?? defaultStoreFile(sources)
  if (!existsSync(file)) return undefined
  return siteLinksOf(await readLinkStore(file, displayPath(file, config.root)))
}
