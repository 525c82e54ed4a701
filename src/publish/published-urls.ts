/**
 * The URLs a site publishes, by the same rules as the build (`filterForPublishing` and the
 * config's `publish` and `private`): private bookmarks (those of the private section too),
 * `file:` and `place:` URLs are left out unless the config publishes them. Pure. Each URL comes
 * with where it was first bookmarked, for messages.
 */
import type { ResolvedConfig } from '../config/options.js'
import { forEachNode, type Collection, type Place } from '../model/tree.js'
import { resolveAliases } from '../model/aliases.js'
import { filterForPublishing } from './filter.js'
import { mergeCollections } from './index.js'
import { privateRule } from './private.js'

/** Every published bookmark URL (as written, less any user name and password), in document order, with its first place. */
export function publishedUrls(
  collections: readonly Collection[],
  config: Pick<ResolvedConfig, 'publish' | 'private' | 'title' | 'merge'>,
): Map<string, Place | undefined> {
  const urls = new Map<string, Place | undefined>()
  // The tree the site is made from: private folders are named by their paths in it.
  const merged = mergeCollections(collections, config.title, config.merge)
  const settings = { ...config.publish, rule: privateRule(config.private) }
  const { root } = filterForPublishing(merged.root, resolveAliases(collections), settings)
  forEachNode(root, (node) => {
    if (node.type === 'bookmark' && node.href !== undefined && node.href !== '' && !urls.has(node.href)) {
      urls.set(node.href, node.place)
    }
  })
  return urls
}
