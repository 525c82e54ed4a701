/**
 * Bookmark entries, each rendered and serialized once per build (or once across builds, in watch
 * mode) and encoded as UTF-8 once: a page holds its entries' bytes, so a bookmark shown on each of
 * its tags' pages and in the archive costs one rendering of its compact form (see `EntryForm`),
 * and one of its full form for its folder's page. Tag links likewise. Pure.
 */
import type { Bookmark } from '../model/tree.js'
import type { SiteInput } from '../publish/site-input.js'
import { serializeFragment, trustedNode, type TrustedHtml } from '../render/serialize.js'
import { bookmarkToHast, type EntryContext, type EntryForm } from '../render/xfolk.js'
import type { SiteUrls } from '../publish/urls.js'
import type { SiteRoutes } from './routes.js'

/** Serialized entries and tag lists, reusable from one build to the next (watch mode). */
export interface RenderCache {
  /**
   * Entries' HTML, encoded as UTF-8 (see `Utf8Arena`), by bookmark: watch mode keeps a bookmark
   * whose content did not change the same object from one build to the next (see `PageMemo`).
   */
  entries: WeakMap<Bookmark, Uint8Array>
  /** The same for the compact entries (tag and archive pages). */
  compact: WeakMap<Bookmark, Uint8Array>
  /** Each tag's list item (its link), serialized once, by tag. */
  tagItems: Map<string, TrustedHtml>
  /** What the cached HTML depends on besides the bookmark (base, language…). */
  context: string
  /**
   * Each tag's page path when the cached HTML was made: entries link to their tags, so a tag whose
   * path changed (slugs settled anew) makes the cache start afresh. A new tag changes nothing cached.
   */
  tagPaths: Map<string, string>
}

/** An empty render cache. */
export function createRenderCache(): RenderCache {
  return {
    entries: new WeakMap(),
    compact: new WeakMap(),
    tagItems: new Map(),
    context: '',
    tagPaths: new Map(),
  }
}

/** What entries are rendered with, for this build. */
export interface Entries {
  /** The entry of a bookmark, as UTF-8 (its folder's page, the home page). */
  entryFor(bookmark: Bookmark): Uint8Array
  /** Its compact entry, as UTF-8 (tag and archive pages: without its tags). */
  compactFor(bookmark: Bookmark): Uint8Array
  /** How tags and icons are linked (aliases are rendered with it too). */
  context: EntryContext
  /** What the entries depend on besides the bookmark (base, language, link settings). */
  key: string
  /** Whether the cache was started afresh (what it held was made for other settings). */
  reset: boolean
  /** Keep only the tags this site has, so the cache never grows past one site's worth. */
  prune(): void
  /**
   * Let go of the cached entries of `form` (a one-shot build, once the last page kind showing
   * them is written, so their bytes can be collected); one asked for again is rendered again.
   */
  release(form: EntryForm): void
}

/**
 * The build's entries: from `cache` where it still fits (same base, language, link settings and
 * tag paths), else rendered anew. `iconUrl` names a bookmark's stored favicon.
 */
export function createEntries(
  input: SiteInput,
  routes: SiteRoutes,
  urls: SiteUrls,
  cache: RenderCache,
  iconUrl: (bookmark: Bookmark) => string | undefined,
): Entries {
  const theme = input.theme
  const context = JSON.stringify([
    input.base,
    input.lang,
    input.allowFileLinks,
    theme.entry === undefined,
    input.links?.key,
  ])
  let tagPathsChanged = false
  for (const route of routes.tags) {
    const previous = cache.tagPaths.get(route.tag)
    if (previous !== undefined && previous !== route.path) tagPathsChanged = true
  }
  const reset = cache.context !== context || tagPathsChanged
  if (reset) {
    cache.entries = new WeakMap()
    cache.compact = new WeakMap()
    cache.tagItems.clear()
    cache.context = context
  }
  cache.tagPaths = new Map(routes.tags.map((route) => [route.tag, route.path]))
  const tagItems = cache.tagItems
  const entryContext: EntryContext = {
    tagUrl: (tag) => urls.path(routes.tagRoute.get(tag)?.path ?? 'tags/'),
    tagItem: (tag, render) => {
      let item = tagItems.get(tag)
      if (item === undefined) {
        item = serializeFragment(render())
        tagItems.set(tag, item)
      }
      return trustedNode(item)
    },
    iconUrl,
    allowFileLinks: input.allowFileLinks,
    ...(input.links === undefined ? {} : { linkOf: (url: string) => input.links!.marked.get(url) }),
  }
  const arena = new Utf8Arena()
  const render = (bookmark: Bookmark, form: EntryForm): Uint8Array => {
    if (theme.entry === undefined)
      return arena.encode(serializeFragment(bookmarkToHast(bookmark, entryContext, form)).html)
    // The hook may change what it gets: a copy, without the entries' shared (frozen) class lists.
    const entry = theme.entry(
      bookmark,
      () => structuredClone(bookmarkToHast(bookmark, entryContext, form)),
      form,
    )
    return arena.encode(serializeFragment(entry).html)
  }
  const cached = (form: EntryForm) => {
    return (bookmark: Bookmark): Uint8Array => {
      // Looked up each time: `release` replaces the map.
      const entries = form === 'full' ? cache.entries : cache.compact
      let entry = entries.get(bookmark)
      if (entry === undefined) {
        entry = render(bookmark, form)
        entries.set(bookmark, entry)
      }
      return entry
    }
  }
  return {
    entryFor: cached('full'),
    compactFor: cached('compact'),
    context: entryContext,
    key: context,
    reset,
    prune() {
      for (const tag of tagItems.keys()) if (!routes.tagRoute.has(tag)) tagItems.delete(tag)
    },
    release(form) {
      if (form === 'full') cache.entries = new WeakMap()
      else cache.compact = new WeakMap()
    },
  }
}

const UTF8_ENCODER = new TextEncoder()

/** Largest block of the arena. */
const BLOCK_SIZE = 1 << 22

/**
 * Text encoded as UTF-8 into large shared blocks, one view per text: a build's hundred thousand
 * entries without a hundred thousand buffers (each would be memory outside the heap that V8 counts
 * towards its next full collection).
 */
class Utf8Arena {
  private block = new Uint8Array(0)
  private used = 0
  /**
   * Size of the next block: small first, doubling up to `BLOCK_SIZE`, so that a watch-mode rebuild
   * that renders a few entries keeps a few kilobytes alive, not megabytes.
   */
  private next = 1 << 16

  encode(text: string): Uint8Array {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const room = text.length * 3
    if (room > BLOCK_SIZE / 4) return UTF8_ENCODER.encode(text)
    if (this.used + room > this.block.length) {
      this.block = new Uint8Array(Math.max(this.next, room))
      this.next = Math.min(this.next * 2, BLOCK_SIZE)
      this.used = 0
    }
    const { written } = UTF8_ENCODER.encodeInto(text, this.block.subarray(this.used))
    const bytes = this.block.subarray(this.used, this.used + written)
    this.used += written
    return bytes
  }
}
