/**
 * The model step: merge the parsed sources into one tree, hold back what is not published, settle
 * repeated URLs, and gather what the site plan needs. Pure.
 */
import { displayPath } from '../model/display-path.js'
export { displayPath } from '../model/display-path.js'
import path from 'node:path'
import type { PageInfo, ResolvedConfig, SourceName } from '../config/options.js'
import { createFolder, type Bookmark, type Collection, type Folder, type Place } from '../model/tree.js'
import { resolveAliases, type AliasMemo } from '../model/aliases.js'
import {
  createDuplicateMemo,
  findDuplicates,
  removeDuplicates,
  type Duplicate,
  type DuplicateMemo,
} from './duplicates.js'
import type { SiteInput } from './site-input.js'
import type { SiteLinks } from '../links/site-links.js'
import { exportTree, type ExportedFolder } from './export-safety.js'
import {
  createPublishMemo,
  filterForPublishing,
  type PublishMemo,
  type SiteHeldBack,
  type Userinfo,
} from './filter.js'
import { sameItems } from './copy.js'
import { buildDay } from './build-day.js'
import { createTagLimitMemo, limitTags, type TagLimitMemo } from './tag-limit.js'
import { NO_SITE_RULE, type Message } from '../model/message.js'
import { privateRule } from './private.js'

/** Everything the pure site plan needs, from the config and the parsed sources. */
export interface PreparedSite {
  input: SiteInput
  siteTitle: string
  /** The published tree. */
  root: Folder
  /** The sources' tree before anything was held back (the private section is made from it). */
  sourceRoot: Folder
  heldBack: SiteHeldBack
  duplicates: number
  /** Notes about the site as a whole: repeated URLs, a missing `site` address. */
  notes: Message[]
}

/**
 * What `prepareSite` keeps between builds (watch mode), so that an unchanged part of the sources
 * gives the same published objects as last time, without being walked again. See `prepareSite`.
 */
export interface ModelCache {
  merge: MergeMemo
  aliases: AliasMemo
  publish: PublishMemo
  duplicates: DuplicateMemo
  /** The notes about repeated URLs of the last build, in order, and by repeat. */
  notes: { dedupe: boolean; list: DuplicateNote[]; byBookmark: WeakMap<Bookmark, DuplicateNote> }
  /** The export tree's folder (what the exports leave out left out: `export-safety.ts`), by published folder. */
  exports: WeakMap<Folder, ExportedFolder>
  exportCollection: Collection | undefined
  tags: TagLimitMemo
}

/** An empty cache for `prepareSite`. */
export function createModelCache(): ModelCache {
  return {
    merge: { sections: new WeakMap(), root: undefined },
    aliases: new WeakMap(),
    publish: createPublishMemo(),
    duplicates: createDuplicateMemo(),
    notes: { dedupe: false, list: [], byBookmark: new WeakMap() },
    exports: new WeakMap(),
    exportCollection: undefined,
    tags: createTagLimitMemo(),
  }
}

/**
 * Merge the sources, hold back what is not published, settle repeated URLs: the site's input.
 *
 * The published tree shares the sources' objects wherever it can: a bookmark is published as it is
 * (unless `dedupe` gives it the tags of its repeats), and a folder with nothing held back or left
 * out below it is the source folder itself. With a `cache` (watch mode), every published object
 * made from unchanged source objects is the same object as in the previous build; so a published
 * folder is the same object exactly when nothing it holds (at any depth) changed. `links` is what
 * the link store says (see `readSiteLinks`), if there is one.
 */
export function prepareSite(
  config: ResolvedConfig,
  collections: readonly Collection[],
  cache?: ModelCache,
  links?: SiteLinks,
): PreparedSite {
  const merged = mergeCollections(collections, config.title, config.merge, cache?.merge, (collection) =>
    config.sourceNames.get(path.resolve(config.root, collection.file)),
  )
  const { siteTitle } = merged
  const published = filterForPublishing(
    merged.root,
    resolveAliases(collections, cache?.aliases),
    { ...config.publish, rule: privateRule(config.private) },
    cache?.publish,
  )
  const { aliasTargets } = published
  const duplicates = findDuplicates(published.root, cache?.duplicates)
  const notes = duplicateNotes(duplicates, config.dedupe, cache)
  if (published.userinfo.count > 0) notes.unshift(userinfoNote(published.userinfo))
  const deduped = config.dedupe
    ? removeDuplicates(published.root, duplicates, cache?.duplicates)
    : published.root
  // After `dedupe`, which gives a bookmark the tags of its repeats.
  const limited = limitTags(deduped, config.limits.tagsPerBookmark, cache?.tags)
  const root = limited.root
  notes.push(...limited.warnings)
  const noSite = noSiteNote(config)
  if (noSite !== undefined) notes.push(noSite)
  const exported = exportTree(
    root,
    aliasTargets,
    { allowFile: config.publish.fileUrls, stripExec: !config.publish.exec },
    cache?.exports ?? new Map(),
  )
  const exportRoot = exported.folder
  let exportCollection: Collection = {
    format: exportFormat(collections),
    file: 'bookmarks',
    encoding: 'utf-8',
    title: siteTitle,
    root: exportRoot,
    warnings: [],
  }
  if (cache !== undefined) {
    const previous = cache.exportCollection
    if (
      previous?.root === exportRoot &&
      previous.title === siteTitle &&
      previous.format === exportCollection.format
    )
      exportCollection = previous
    cache.exportCollection = exportCollection
  }
  const input: SiteInput = {
    root,
    siteTitle,
    description: config.description,
    lang: config.lang,
    base: config.base,
    urls: config.urls,
    buildDay: buildDay(process.env),
    siteOrigin: config.origin,
    openSearch: config.siteOrigin !== undefined,
    allowFileLinks: config.publish.fileUrls,
    aliasTargets,
    pageSize: config.pageSize,
    listings: config.listings,
    showEmptyFolders: config.showEmptyFolders,
    layout: config.layout,
    feedLimit: config.feedLimit,
    cname: config.cname,
    exports: config.exports,
    exportCollection,
    theme: {
      head: asHook(config.theme.head),
      footer: asHook(config.theme.footer),
      entry: config.theme.entry,
      page: config.theme.page,
      stylesheet: config.theme.stylesheet,
    },
    links,
    offline: config.offline,
  }
  const heldBack = {
    ...published.heldBack,
    activeContent: exported.activeContent,
    unsafeUrls: exported.unsafeUrls,
  }
  return {
    input,
    siteTitle,
    root,
    sourceRoot: merged.root,
    heldBack,
    duplicates: duplicates.length,
    notes,
  }
}

/** Without a site address, the feed and the sitemap use the preview's: a note that says so. */
function noSiteNote(config: ResolvedConfig): Message | undefined {
  if (config.siteOrigin !== undefined || config.feedLimit <= 0) return undefined
  const uses = `the feed and sitemap use ${config.origin}${config.base}`
  // About the config as a whole, or, without a config file, the command line: no place to point at.
  return config.configFile === undefined
    ? {
        file: '',
        line: 0,
        column: 0,
        rule: NO_SITE_RULE,
        message: `No --site given (and no config file): ${uses}. Pass --site with the address the site is published at`,
      }
    : {
        file: displayPath(config.configFile),
        line: 0,
        column: 0,
        rule: NO_SITE_RULE,
        message: `"site" is not set: ${uses}. Set site (or --site) to the address the site is published at`,
      }
}

/**
 * The format the site's exports are written as coming from: the sources' own (a registry entry's
 * name) when they share one, so each writer treats what that format keeps (unknown attributes, …)
 * as it does in `convert`; several formats together are `mixed`, which no writer takes for its own
 * (an XBEL source's unknown attributes then go into bookgen metadata, never into raw XML).
 */
export function exportFormat(collections: readonly Collection[]): string {
  const first = collections[0]?.format
  return first !== undefined && collections.every((collection) => collection.format === first)
    ? first
    : 'mixed'
}

/** The one note about the URLs published without the user name or password they held. */
function userinfoNote({ count, first }: Userinfo): Message {
  const urls = count === 1 ? '1 bookmark URL' : `${count} bookmark URLs`
  return {
    file: first?.place?.file ?? '',
    line: first?.place?.line ?? 0,
    column: first?.place?.column ?? 0,
    rule: 'site/userinfo',
    message: `${urls} had a user name or password: published without it; the source still holds it`,
  }
}

/** A note about a repeated URL, and what it was made from. */
interface DuplicateNote {
  bookmark: Bookmark
  first: Bookmark
  at: Place | undefined
  firstAt: Place | undefined
  note: Message
}

/** The notes about repeated URLs; each the same object as last build's while nothing it says changed. */
function duplicateNotes(
  duplicates: readonly Duplicate[],
  dedupe: boolean,
  cache: ModelCache | undefined,
): Message[] {
  const notes: Message[] = new Array<Message>(duplicates.length)
  const memo = cache?.notes
  if (memo !== undefined && memo.dedupe !== dedupe) {
    memo.dedupe = dedupe
    memo.list = []
    memo.byBookmark = new WeakMap()
  }
  const list: DuplicateNote[] = new Array<DuplicateNote>(duplicates.length)
  for (let i = 0; i < duplicates.length; i++) {
    const { bookmark, first } = duplicates[i]!
    // Most repeats are where they were last time; else look the repeat up.
    let entry = memo?.list[i]
    if (entry?.bookmark !== bookmark) entry = memo?.byBookmark.get(bookmark)
    if (
      entry === undefined ||
      entry.first !== first ||
      entry.at !== bookmark.place ||
      entry.firstAt !== first.place
    ) {
      entry = {
        bookmark,
        first,
        at: bookmark.place,
        firstAt: first.place,
        note: duplicateNote(bookmark, first, dedupe),
      }
      memo?.byBookmark.set(bookmark, entry)
    }
    list[i] = entry
    notes[i] = entry.note
  }
  if (memo !== undefined) memo.list = list
  return notes
}

function duplicateNote(bookmark: Bookmark, first: Bookmark, dedupe: boolean): Message {
  return {
    file: bookmark.place?.file ?? '',
    line: bookmark.place?.line ?? 1,
    column: bookmark.place?.column ?? 1,
    rule: 'site/duplicate-url',
    message: `${bookmark.href} is also bookmarked at ${first.place === undefined ? 'an earlier entry' : `${first.place.file}:${first.place.line}:${first.place.column}`}${dedupe ? '; published once' : ''}`,
  }
}

/**
 * One tree for the site: a single source is the site; several become top-level sections named
 * after their titles (see `sectionTitles`), or, with `merge`, share one top level. `nameOf` gives
 * a source's `title` and `slug` from the config. Sources are not changed.
 */
export function mergeCollections(
  collections: readonly Collection[],
  title: string | undefined,
  merge = false,
  memo?: MergeMemo,
  nameOf: (collection: Collection) => SourceName | undefined = () => undefined,
): { root: Folder; siteTitle: string } {
  if (collections.length === 1) {
    const only = collections[0]!
    const named = nameOf(only)?.title
    return { root: only.root, siteTitle: title ?? (named || only.title || only.root.title || 'Bookmarks') }
  }
  const root = createFolder(title ?? (merge ? collections[0]?.title || 'Bookmarks' : 'Bookmarks'))
  const titles = merge ? [] : sectionTitles(collections, nameOf)
  collections.forEach((collection, index) => {
    const section = collection.root
    if (merge) {
      root.children.push(...section.children)
      return
    }
    const sectionTitle = titles[index]!
    const slug = nameOf(collection)?.slug
    let copy = memo?.sections.get(section)
    if (copy?.title !== sectionTitle || copy.slug !== slug) {
      copy = { ...section, title: sectionTitle }
      if (slug === undefined) delete copy.slug
      else copy.slug = slug
      memo?.sections.set(section, copy)
    }
    root.children.push(copy)
  })
  if (memo !== undefined) {
    // The root of the last build, while it has the same title and sections.
    const previous = memo.root
    if (previous?.title === root.title && sameItems(previous.children, root.children)) {
      return { root: previous, siteTitle: previous.title }
    }
    memo.root = root
  }
  return { root, siteTitle: root.title }
}

/**
 * Each source's section title: its `title` from the config, else its root folder's, document's or
 * file's name. Where names would be the same (every browser's export is "Bookmarks"), each of
 * those not named in the config gets its file's name after it, without the extension unless that
 * is what tells them apart: "Bookmarks (firefox)", "Bookmarks (chromium)". The name is what the
 * reader sees on the home page, in breadcrumbs and in search facets; the file's extension says
 * nothing to them, so it is left out where it can be.
 */
function sectionTitles(
  collections: readonly Collection[],
  nameOf: (collection: Collection) => SourceName | undefined,
): string[] {
  const given = collections.map((collection) => nameOf(collection)?.title)
  const titles = collections.map(
    (collection, index) =>
      given[index] ?? (collection.root.title || collection.title || path.basename(collection.file)),
  )
  const key = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase()
  const groups = new Map<string, number[]>()
  titles.forEach((title, index) => {
    const group = groups.get(key(title))
    if (group === undefined) groups.set(key(title), [index])
    else group.push(index)
  })
  for (const group of groups.values()) {
    const unnamed = group.filter((index) => given[index] === undefined)
    if (group.length < 2 || unnamed.length === 0) continue
    const files = unnamed.map((index) => collections[index]!.file)
    const label =
      FILE_LABELS.find((labelOf) => new Set(files.map(labelOf)).size === files.length) ?? ((file) => file)
    for (const index of unnamed) titles[index] = `${titles[index]!} (${label(collections[index]!.file)})`
  }
  return titles
}

/** A file's names, shortest first: its base name without the extension, with it, its path. */
const FILE_LABELS: ReadonlyArray<(file: string) => string> = [
  (file) => path.basename(file, path.extname(file)),
  (file) => path.basename(file),
  (file) => file,
]

/** `mergeCollections`' section copies and root, kept between builds (watch mode). */
export interface MergeMemo {
  sections: WeakMap<Folder, Folder>
  root: Folder | undefined
}

function asHook<T>(
  value: T[] | ((page: PageInfo) => T[]) | undefined,
): ((page: PageInfo) => T[]) | undefined {
  if (value === undefined) return undefined
  return typeof value === 'function' ? value : () => value
}
