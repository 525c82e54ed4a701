/**
 * The URLs a site publishes, by the same rules as the build (`filterForPublishing` and the
 * config's `publish`): private bookmarks, `file:` and `place:` URLs are left out unless the config
 * publishes them. Pure. Each URL comes with where it was first bookmarked, for messages.
 */
import type { ResolvedConfig } from '../config/options.js'
import { forEachNode, type Collection, type Place } from '../model/tree.js'
import { resolveAliases } from '../model/aliases.js'
import { filterForPublishing } from './filter.js'

/** Every published bookmark URL (as written, less any user name and password), in document order, with its first place. */
export function publishedUrls(
  collections: readonly Collection[],
  publish: ResolvedConfig['publish'],
): Map<string, Place | undefined> {
  const urls = new Map<string, Place | undefined>()
  const aliasTargets = resolveAliases(collections)
  for (const collection of collections) {
    const { root } = filterForPublishing(collection.root, aliasTargets, publish)
    forEachNode(root, (node) => {
      if (node.type === 'bookmark' && node.href !== undefined && node.href !== '' && !urls.has(node.href)) {
        urls.set(node.href, node.place)
      }
    })
  }
  return urls
}
