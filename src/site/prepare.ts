/**
 * The model step: merge the parsed sources into one tree, hold back what is not published, settle
 * repeated URLs, and gather what the site plan needs. Pure. Apart from `build.ts` so that the worker
 * thread making the site files (which does this step itself) loads no more than it needs.
 */
import path from 'node:path'
import type { PageInfo, ResolvedConfig } from '../config.js'
import { createFolder, type Bookmark, type Collection, type Folder, type Place, type Warning } from '../model.js'
import { resolveAliases, type AliasMemo } from '../model/aliases.js'
import { createDuplicateMemo, findDuplicates, removeDuplicates, type Duplicate, type DuplicateMemo } from './duplicates.js'
import type { SiteInput } from '../publish/site-input.js'
import { buildDay } from './build-day.js'
import { createPublishMemo, filterForPublishing, type HeldBack, type PublishMemo } from './publish-filter.js'
import { copyBookmark, copyFolder, sameItems } from './published-copy.js'

/** Everything the pure site plan needs, from the config and the parsed sources. */
export interface PreparedSite {
  input: SiteInput
  siteTitle: string
  /** The published tree. */
  root: Folder
  heldBack: HeldBack
  duplicates: number
  /** Notes about the site as a whole: repeated URLs, a missing `site` address. */
  notes: Warning[]
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
  /** The export tree's folder (command lines left out), by published folder. */
  exports: WeakMap<Folder, Folder>
  exportCollection: Collection | undefined
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
  }
}

/**
 * Merge the sources, hold back what is not published, settle repeated URLs: the site's input.
 *
 * The published tree shares the sources' objects wherever it can: a bookmark is published as it is
 * (unless `dedupe` gives it the tags of its repeats), and a folder with nothing held back or left
 * out below it is the source folder itself. With a `cache` (watch mode), every published object
 * made from unchanged source objects is the same object as in the previous build; so a published
 * folder is the same object exactly when nothing it holds (at any depth) changed.
 */
export function prepareSite(config: ResolvedConfig, collections: readonly Collection[], cache?: ModelCache): PreparedSite {
  const merged = mergeCollections(collections, config.title, config.merge, cache?.merge)
  const { siteTitle } = merged
  const published = filterForPublishing(merged.root, resolveAliases(collections, cache?.aliases), config.publish, cache?.publish)
  const { aliasTargets } = published
  const duplicates = findDuplicates(published.root, cache?.duplicates)
  const notes = duplicateNotes(duplicates, config.dedupe, cache)
  const root = config.dedupe ? removeDuplicates(published.root, duplicates, cache?.duplicates) : published.root
  if (config.siteOrigin === undefined && config.feedLimit > 0) {
    notes.push({
      file: config.configFile === undefined ? 'bookmarks.config.ts' : displayPath(config.configFile),
      line: 1,
      column: 1,
      rule: 'config/no-site',
      message: `"site" is not set: the feed and sitemap use ${config.origin}${config.base}. Set site (or --site) to the address the site is published at`,
    })
  }
  // Only XBEL (Desktop Bookmark) sources have command lines to leave out.
  const exportRoot =
    config.publish.exec || collections.every((collection) => collection.format === 'netscape')
      ? root
      : withoutCommandLines(root, cache?.exports ?? new Map())
  let exportCollection: Collection = {
    format: 'xbel',
    file: 'bookmarks',
    encoding: 'utf-8',
    title: siteTitle,
    root: exportRoot,
    warnings: [],
  }
  if (cache !== undefined) {
    const previous = cache.exportCollection
    if (previous?.root === exportRoot && previous.title === siteTitle) exportCollection = previous
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
    allowFileLinks: config.publish.fileUrls,
    aliasTargets,
    pageSize: config.pageSize,
    feedLimit: config.feedLimit,
    cname: config.cname,
    exportCollection,
    theme: {
      head: asHook(config.theme.head),
      footer: asHook(config.theme.footer),
      entry: config.theme.entry,
      page: config.theme.page,
      stylesheet: config.theme.stylesheet,
    },
  }
  return { input, siteTitle, root, heldBack: published.heldBack, duplicates: duplicates.length, notes }
}

/** A note about a repeated URL, and what it was made from. */
interface DuplicateNote {
  bookmark: Bookmark
  first: Bookmark
  at: Place | undefined
  firstAt: Place | undefined
  note: Warning
}

/** The notes about repeated URLs; each the same object as last build's while nothing it says changed. */
function duplicateNotes(duplicates: readonly Duplicate[], dedupe: boolean, cache: ModelCache | undefined): Warning[] {
  const notes: Warning[] = new Array<Warning>(duplicates.length)
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
    if (entry === undefined || entry.first !== first || entry.at !== bookmark.place || entry.firstAt !== first.place) {
      entry = { bookmark, first, at: bookmark.place, firstAt: first.place, note: duplicateNote(bookmark, first, dedupe) }
      memo?.byBookmark.set(bookmark, entry)
    }
    list[i] = entry
    notes[i] = entry.note
  }
  if (memo !== undefined) memo.list = list
  return notes
}

function duplicateNote(bookmark: Bookmark, first: Bookmark, dedupe: boolean): Warning {
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
 * after their titles (or file names), or, with `merge`, share one top level. Sources are not
 * changed.
 */
export function mergeCollections(
  collections: readonly Collection[],
  title: string | undefined,
  merge = false,
  memo?: MergeMemo,
): { root: Folder; siteTitle: string } {
  if (collections.length === 1) {
    const only = collections[0]!
    return { root: only.root, siteTitle: title ?? (only.title || only.root.title || 'Bookmarks') }
  }
  const root = createFolder(title ?? (merge ? collections[0]?.title || 'Bookmarks' : 'Bookmarks'))
  for (const collection of collections) {
    const section = collection.root
    if (merge) {
      root.children.push(...section.children)
      continue
    }
    const sectionTitle = section.title || collection.title || path.basename(collection.file)
    let copy = memo?.sections.get(section)
    if (copy?.title !== sectionTitle) {
      copy = { ...section, title: sectionTitle }
      memo?.sections.set(section, copy)
    }
    root.children.push(copy)
  }
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

/** `mergeCollections`' section copies and root, kept between builds (watch mode). */
export interface MergeMemo {
  sections: WeakMap<Folder, Folder>
  root: Folder | undefined
}

/**
 * The tree in which Desktop Bookmark applications carry no command line: copied only where a
 * command line is left out, each folder's result kept in `done` (by published folder).
 */
function withoutCommandLines(root: Folder, done: WeakMap<Folder, Folder> | Map<Folder, Folder>): Folder {
  const visit = (folder: Folder): Folder => {
    const known = done.get(folder)
    if (known !== undefined) return known
    let children: Folder['children'] | undefined
    folder.children.forEach((child, i) => {
      let out = child
      if (child.type === 'folder') out = visit(child)
      else if (child.type === 'bookmark' && child.applications?.some((application) => application.exec !== undefined)) {
        out = copyBookmark(child, { applications: child.applications.map(({ exec: _exec, ...application }) => application) })
      }
      if (out !== child) children ??= folder.children.slice(0, i)
      children?.push(out)
    })
    const result = children === undefined ? folder : copyFolder(folder, children)
    done.set(folder, result)
    return result
  }
  return visit(root)
}

function asHook<T>(value: T[] | ((page: PageInfo) => T[]) | undefined): ((page: PageInfo) => T[]) | undefined {
  if (value === undefined) return undefined
  return typeof value === 'function' ? value : () => value
}

/** Paths in messages: relative to `from` (default: the working directory) when inside it. */
export function displayPath(file: string, from = process.cwd()): string {
  const relative = path.relative(from, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}
