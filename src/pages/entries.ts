/**
 * Bookmark entries, each rendered and serialized once per build (or once across builds, in watch
 * mode) and encoded as UTF-8 once: a page holds its entries' bytes. A bookmark's compact form (see
 * `EntryForm`), which its tags' pages and the archive show when listings are compact, is made of its
 * full form's bytes: the same head between another `<li>` tag and its short date and folder,
 * shared by every entry of that colour, day and folder. Tag links are serialized once too. Pure.
 */
import type { ElementContent } from 'hast'
import { dayFormatter, formatW3cDate } from '../model/dates.js'
import type { Bookmark } from '../model/tree.js'
import type { SiteInput } from '../publish/site-input.js'
import { escapeText } from '../render/fast-html.js'
import { cleanText } from '../render/text.js'
import { serializeFragment, serializeHast, trustedNode, type TrustedHtml } from '../render/serialize.js'
import {
  bookmarkToHast,
  entryParts,
  entryPartsToHast,
  folderToHast,
  publishedToHast,
  type EntryContext,
  type EntryForm,
  type EntryParts,
} from '../render/xfolk.js'
import type { SiteUrls } from '../publish/urls.js'
import type { SiteRoutes } from './routes.js'
import { i18nOf } from '../render/i18n.js'

/** Serialized entries and tag lists, reusable from one build to the next (watch mode). */
export interface RenderCache {
  /**
   * Entries' HTML, encoded as UTF-8 (see `Utf8Arena`), by bookmark: watch mode keeps a bookmark
   * whose content did not change the same object from one build to the next (see `PageMemo`).
   */
  entries: WeakMap<Bookmark, RenderedEntry>
  /** Compact entries a theme's `entry` hook made (without one, they come from `entries`). */
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

/** A bookmark's full entry, and what its compact entry is made of. */
interface RenderedEntry {
  /**
   * The full entry's HTML as UTF-8; undefined where only the head is kept (a one-shot build shows a
   * full entry once, on its folder's page, and keeps the head for the pages that list it again).
   */
  bytes: Uint8Array | undefined
  /**
   * The head the compact entry shares (see `EntryParts`), as UTF-8 (within `bytes` when those are
   * kept); undefined for an entry a theme's `entry` hook made, whose compact form is its own.
   */
  head: Uint8Array | undefined
  /** The compact entry's `<li …>` tag, as UTF-8 (shared by the entries that have the same one). */
  compactOpen: Uint8Array
  /**
   * The compact entry's short date, as UTF-8 (shared by the entries of the same day): found once
   * for the entry, not for each page that lists it.
   */
  compactDate: Uint8Array
}

/** How much of each entry a build keeps (see `createEntries`). */
export type EntryKeeping = 'whole' | 'heads'

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
  /**
   * The entries of these bookmarks as tag and archive pages list them, as UTF-8 in parts: compact
   * (without descriptions and tags, with their folder) when listings are, else full.
   */
  listedEntries(bookmarks: readonly Bookmark[]): Uint8Array[]
  /** What else those entries show of their bookmarks, for a page's memo key (compact: their folders). */
  listingKey(bookmarks: readonly Bookmark[]): unknown
  /** How tags and icons are linked (aliases are rendered with it too). */
  context: EntryContext
  /** What the entries depend on besides the bookmark (base, language, link settings). */
  key: string
  /** Whether the cache was started afresh (what it held was made for other settings). */
  reset: boolean
  /** Keep only the tags this site has, so the cache never grows past one site's worth. */
  prune(): void
  /**
   * Let go of the cached entries (a one-shot build, once the last page kind showing them in bulk
   * is written, so their bytes can be collected); one asked for again is rendered again.
   */
  release(): void
  /**
   * Every page handed out so far is written, and nothing holds its bytes: where only heads are kept
   * (`'heads'`), the memory of the full entries is used again for the next pages' (see
   * `PlanOptions.reuseEntryMemory`). Nothing otherwise.
   */
  recycle(): void
}

/**
 * Empty `cache` unless its entries were rendered with this build's base, language, link settings,
 * entry hook and tag paths; then note those of this build in it. Returns the key of those settings
 * and whether the cache was emptied.
 */
function keepCacheIfItFits(
  cache: RenderCache,
  input: SiteInput,
  routes: SiteRoutes,
): { key: string; reset: boolean } {
  const context = JSON.stringify([
    input.base,
    input.lang,
    input.allowFileLinks,
    input.theme.entry === undefined,
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
  return { key: context, reset }
}

/**
 * What rendering an entry needs to know of the site: its tag pages, favicons, link states and (for
 * compact entries) each bookmark's folder.
 */
function entryContextFor(
  input: SiteInput,
  routes: SiteRoutes,
  urls: SiteUrls,
  tagItems: RenderCache['tagItems'],
  iconUrl: (bookmark: Bookmark) => string | undefined,
): EntryContext {
  const i18n = i18nOf(input.lang)
  let folders: Map<Bookmark, string> | undefined
  const folderOf = (bookmark: Bookmark): string | undefined => {
    if (folders === undefined) {
      folders = new Map()
      for (const { folder, parent } of routes.folders) {
        const title = parent === undefined ? input.siteTitle : cleanText(folder.title) || i18n.t('untitled')
        for (const child of folder.children) if (child.type === 'bookmark') folders.set(child, title)
      }
    }
    return folders.get(bookmark)
  }
  return {
    i18n,
    folderOf,
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
    formatDay: dayFormatter(input.lang),
    ...(input.links === undefined ? {} : { linkOf: (url: string) => input.links!.marked.get(url) }),
  }
}

/**
 * The build's entries: from `cache` where it still fits (same base, language, link settings and
 * tag paths), else rendered anew. `iconUrl` names a bookmark's stored favicon.
 *
 * `keep`: `'whole'` keeps each entry's bytes for the builds to come (watch mode); `'heads'` (a
 * one-shot build, which shows each full entry once) keeps only the head its compact form shares, a
 * copy of about 40% of the entry: the full entries' memory goes once their pages are written
 * (at a million bookmarks, some 300 MB less at the peak). A full entry asked for again is rendered
 * again.
 */
export function createEntries(
  input: SiteInput,
  routes: SiteRoutes,
  urls: SiteUrls,
  cache: RenderCache,
  iconUrl: (bookmark: Bookmark) => string | undefined,
  keep: EntryKeeping = 'whole',
  compact = true,
): Entries {
  const theme = input.theme
  const { key, reset } = keepCacheIfItFits(cache, input, routes)
  const tagItems = cache.tagItems
  const entryContext = entryContextFor(input, routes, urls, tagItems, iconUrl)
  const arena = new Utf8Arena()
  // Heads kept apart from the full entries, so that the blocks holding those can go (or be used
  // again: `recycle`).
  const heads = keep === 'heads' ? new Utf8Arena() : undefined
  // A compact entry is kept (`cache.compact`) for every page that lists it: with the heads.
  const hooked = (bookmark: Bookmark, form: EntryForm): Uint8Array =>
    (form === 'compact' ? (heads ?? arena) : arena).encode(hookedEntry(theme, bookmark, entryContext, form))
  // In an arena of their own: a piece made while the full entries are (a new day's compact end)
  // would otherwise keep the block it shares with them for as long as the pieces live.
  const pieces = new EntryPieces(new Utf8Arena(), entryContext.formatDay!)
  const render = entryRenderer(theme, entryContext, pieces, arena, hooked)
  const rendered = (bookmark: Bookmark): RenderedEntry => {
    let entry = cache.entries.get(bookmark)
    if (entry === undefined) {
      entry = render(bookmark)
      cache.entries.set(
        bookmark,
        heads === undefined
          ? entry
          : {
              bytes: undefined,
              head: entry.head && heads.copy(entry.head),
              compactOpen: entry.compactOpen,
              compactDate: entry.compactDate,
            },
      )
    }
    return entry
  }
  /** A full entry: kept, or rendered (again, where only its head is kept). */
  const full = (bookmark: Bookmark): Uint8Array => rendered(bookmark).bytes ?? render(bookmark).bytes!
  const compactFor = (bookmark: Bookmark, out: Uint8Array[]): void => {
    const entry = rendered(bookmark)
    if (entry.head === undefined) {
      let compact = cache.compact.get(bookmark)
      if (compact === undefined) {
        compact = hooked(bookmark, 'compact')
        cache.compact.set(bookmark, compact)
      }
      out.push(compact)
      return
    }
    // The folder found in this build: a bookmark may have moved since its entry was made.
    const folder = pieces.compactEnd(entryContext.folderOf!(bookmark))
    out.push(entry.compactOpen, entry.head, entry.compactDate, folder)
  }
  return {
    entryFor: full,
    listedEntries(bookmarks) {
      if (!compact) return bookmarks.map(full)
      const out: Uint8Array[] = []
      for (const bookmark of bookmarks) compactFor(bookmark, out)
      return out
    },
    listingKey(bookmarks) {
      return compact ? bookmarks.map((bookmark) => entryContext.folderOf!(bookmark)) : undefined
    },
    context: entryContext,
    key,
    reset,
    prune() {
      for (const tag of tagItems.keys()) if (!routes.tagRoute.has(tag)) tagItems.delete(tag)
    },
    release() {
      cache.entries = new WeakMap()
      cache.compact = new WeakMap()
    },
    recycle() {
      if (heads !== undefined) arena.reuse()
    },
  }
}

/**
 * Renders a bookmark's full entry, and the pieces its compact form is made of: with the theme's
 * `entry` hook, the hook's HTML alone.
 */
function entryRenderer(
  theme: SiteInput['theme'],
  entryContext: EntryContext,
  pieces: EntryPieces,
  arena: Utf8Arena,
  hooked: (bookmark: Bookmark, form: EntryForm) => Uint8Array,
): (bookmark: Bookmark) => RenderedEntry {
  return (bookmark) => {
    if (theme.entry !== undefined)
      return {
        bytes: hooked(bookmark, 'full'),
        head: undefined,
        compactOpen: NO_BYTES,
        compactDate: NO_BYTES,
      }
    // Serialized in parts, and encoded as one: the same bytes as the whole `<li>` serialized (HTML
    // serializes an element's children one after the other), with the head's place in them known.
    const parts = serializedParts(bookmark, entryContext)
    const open = pieces.fullOpen(parts.className, parts.letter)
    const head = parts.head
    const rest = parts.added === undefined ? parts.tail : `${pieces.fullDate(parts.added)}${parts.tail}`
    const headStart = Buffer.byteLength(open)
    const bytes = arena.encode(`${open}${head}${rest}</li>`)
    return {
      bytes,
      head: bytes.subarray(headStart, headStart + Buffer.byteLength(head)),
      compactOpen: pieces.compactOpen(parts.className),
      compactDate: pieces.compactDate(bookmark.added),
    }
  }
}

/** The HTML a theme's `entry` hook makes of `bookmark`. */
function hookedEntry(
  theme: SiteInput['theme'],
  bookmark: Bookmark,
  context: EntryContext,
  form: EntryForm,
): string {
  // The hook may change what it gets: a copy, without the entries' shared (frozen) class lists.
  const entry = theme.entry!(bookmark, () => structuredClone(bookmarkToHast(bookmark, context, form)), form)
  return serializeFragment(entry).html
}

const UTF8_ENCODER = new TextEncoder()
const NO_BYTES = new Uint8Array(0)
const LI_END = UTF8_ENCODER.encode('</li>')

/** `<li …>`: an entry with no children, serialized, without its end tag. */
function openTag(className: string[], letter: string | undefined): string {
  const entry = entryPartsToHast({ className, letter, head: [], added: undefined, tail: [] }, 'full')
  return serializeHast(entry).slice(0, -'</li>'.length)
}

/** A full entry's parts (`entryParts`), its head and tail serialized. */
function serializedParts(
  bookmark: Bookmark,
  context: EntryContext,
): Omit<EntryParts, 'head' | 'tail'> & { head: string; tail: string } {
  const parts = entryParts(bookmark, context, 'full')
  return { ...parts, head: serializeNodes(parts.head), tail: serializeNodes(parts.tail) }
}

/** Siblings serialized, as their parent would serialize them. */
function serializeNodes(nodes: ElementContent[]): string {
  return nodes.length === 0 ? '' : serializeHast({ type: 'root', children: nodes })
}

/**
 * The parts that many entries share, each made once: the `<li …>` tags (one for each class list, a
 * shared frozen array, and monogram letter), the compact entries' short dates (one for each day: a
 * compact date is its day alone) and their folders' titles.
 */
class EntryPieces {
  private readonly fullOpens = new Map<string[], Map<string | undefined, string>>()
  private readonly compactOpens = new Map<string[], Uint8Array>()
  private readonly days = new Map<number, Uint8Array>()
  private readonly folderEnds = new Map<string, Uint8Array>()
  private fullMarkup: string[] | undefined
  private compactMarkup: string[] | undefined

  private readonly arena: Utf8Arena
  private readonly formatDay: (time: number) => string

  constructor(arena: Utf8Arena, formatDay: (time: number) => string) {
    this.arena = arena
    this.formatDay = formatDay
  }

  fullOpen(className: string[], letter: string | undefined): string {
    let byLetter = this.fullOpens.get(className)
    if (byLetter === undefined) this.fullOpens.set(className, (byLetter = new Map()))
    let tag = byLetter.get(letter)
    if (tag === undefined) byLetter.set(letter, (tag = openTag(className, letter)))
    return tag
  }

  compactOpen(className: string[]): Uint8Array {
    let bytes = this.compactOpens.get(className)
    if (bytes === undefined)
      this.compactOpens.set(className, (bytes = this.arena.encode(openTag(className, undefined))))
    return bytes
  }

  /**
   * A full entry's date (`publishedToHast`): the serializer's markup, made once for a stand-in date
   * whose instant (digits, `-`, `:`, `T`, `Z` and `.`, which need no escaping) and shown day (escaped)
   * each date's replace, instead of a tree made and serialized for every entry.
   */
  fullDate(added: number): string {
    const [before, between, after] = (this.fullMarkup ??= dateMarkup('full'))
    return `${before}${formatW3cDate(added)}${between}${escapeText(this.formatDay(added))}${after}`
  }

  /**
   * A compact entry's short date; one for each UTC day (a compact date is its day alone, see
   * `publishedToHast`), made likewise.
   */
  compactDate(added: number | undefined): Uint8Array {
    if (added === undefined) return NO_BYTES
    const day = Math.floor(added / 86_400_000)
    let bytes = this.days.get(day)
    if (bytes === undefined) {
      const [before, between, after] = (this.compactMarkup ??= dateMarkup('compact'))
      const iso = formatW3cDate(added).slice(0, 10)
      bytes = this.arena.encode(`${before}${iso}${between}${escapeText(this.formatDay(added))}${after}`)
      this.days.set(day, bytes)
    }
    return bytes
  }

  /** A compact entry's end: its folder's title (one for each title), then `</li>`. */
  compactEnd(folder: string | undefined): Uint8Array {
    if (folder === undefined) return LI_END
    let bytes = this.folderEnds.get(folder)
    if (bytes === undefined)
      this.folderEnds.set(folder, (bytes = this.arena.encode(`${serializeNodes(folderToHast(folder))}</li>`)))
    return bytes
  }
}

/**
 * A date's markup in `form`, cut around a stand-in date's values: its `datetime` (the instant, or
 * in the compact form the day) and the day shown, in the order they come.
 */
function dateMarkup(form: EntryForm): string[] {
  const html = serializeNodes(publishedToHast(STAND_IN_DATE, form, STAND_IN_SHOWN))
  const pieces: string[] = []
  let from = 0
  for (const value of [form === 'full' ? STAND_IN_ISO : STAND_IN_DAY, STAND_IN_SHOWN]) {
    const at = html.indexOf(value, from)
    if (at === -1) throw new Error(`Unexpected date markup: ${html}`)
    pieces.push(html.slice(from, at))
    from = at + value.length
  }
  pieces.push(html.slice(from))
  if (pieces.some((piece) => piece.includes(STAND_IN_DAY) || piece.includes(STAND_IN_SHOWN)))
    throw new Error(`Unexpected date markup: ${html}`)
  return pieces
}

const STAND_IN_DATE = Date.UTC(2000, 0, 1)
/** Its instant and its day, as `publishedToHast` writes them. */
const STAND_IN_ISO = formatW3cDate(STAND_IN_DATE)
const STAND_IN_DAY = STAND_IN_ISO.slice(0, 10)
/** The day shown, as a stand-in: text that needs no escaping and is in no markup around it. */
const STAND_IN_SHOWN = 'DAYSHOWN'

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
    this.reserve(room)
    const { written } = UTF8_ENCODER.encodeInto(text, this.block.subarray(this.used))
    const bytes = this.block.subarray(this.used, this.used + written)
    this.used += written
    return bytes
  }

  /** A copy of `bytes`, in the arena. */
  copy(bytes: Uint8Array): Uint8Array {
    if (bytes.length > BLOCK_SIZE / 4) return bytes.slice()
    this.reserve(bytes.length)
    this.block.set(bytes, this.used)
    this.used += bytes.length
    return this.block.subarray(this.used - bytes.length, this.used)
  }

  /**
   * Write over what the arena holds from the start of its current block: the bytes it handed out
   * are no longer used. One arena for the entries of one page at a time thus makes one block, not
   * a block for every few thousand entries: new memory outside the JavaScript heap makes V8 mark
   * the whole heap again each 64 MB (at a million bookmarks, every two seconds, most of a second
   * each time).
   */
  reuse(): void {
    this.used = 0
  }

  /** Room for `size` more bytes in the current block: a new block when it has none. */
  private reserve(size: number): void {
    if (this.used + size <= this.block.length) return
    this.block = new Uint8Array(Math.max(this.next, size))
    this.next = Math.min(this.next * 2, BLOCK_SIZE)
    this.used = 0
  }
}
