/**
 * (I/O) `bookgen build`: the one place where disk and pure code meet.
 * Sources in → parse → merge → plan (pure) → write (atomic swap) → a result to report.
 */
import type { Stats as FileStats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { glob, isDynamicPattern } from 'tinyglobby'
import type { PageInfo, ResolvedConfig } from '../config.js'
import { BookgenError, isBookgenError } from '../errors.js'
import { countNodes, createFolder, type Bookmark, type Collection, type Folder, type Place, type Stats, type Warning } from '../model.js'
import { parseSourceState, reparseSource, type SourceState } from '../sources/incremental.js'
import { checkSourceSize, decodeSource, parseDecoded } from '../sources/index.js'
import { resolveAliases, type AliasMemo } from './aliases.js'
import { createPublishMemo, filterForPublishing, type HeldBack, type PublishMemo } from './publish-filter.js'
import { createDuplicateMemo, findDuplicates, removeDuplicates, type Duplicate, type DuplicateMemo } from './duplicates.js'
import { copyBookmark, copyFolder } from './published-copy.js'
import { PREVIEW_ORIGIN, planSite, type SiteInput, type SitePlan } from './plan.js'
import {
  startSiteFilesWorker,
  wantsWorker,
  writeSiteFilesInline,
  type SiteFilesResult,
  type SiteFilesWorker,
} from './site-files-thread.js'
import { createStaging, discardStaging, writeStaged, type WriteResult } from './write.js'

/** Milliseconds per phase of a build. */
export interface BuildTimings {
  /** Reading source files from disk. */
  read: number
  /** Bytes → text (encoding detection and decoding). */
  decode: number
  /** Text → model. */
  parse: number
  /** Merging sources and resolving aliases into the site's tree. */
  model: number
  /** Routes, page rendering and serialization. */
  render: number
  /**
   * The search index. On a large site it is built in a worker thread while the pages are rendered
   * and written, so this overlaps `render` and `write`.
   */
  search: number
  /** The feed, the sitemap and the exports (in the same worker as the search index, if any). */
  exports: number
  /** Writing and swapping in the output folder. */
  write: number
  total: number
}

export interface BuildResult {
  collections: Collection[]
  siteTitle: string
  /** Counts over what was published. */
  stats: Stats
  /** Bookmarks left out of the site, by reason (see `publish` in the config). */
  heldBack: HeldBack
  /** Bookmarks whose URL was bookmarked before (removed from the site when `dedupe` is on). */
  duplicates: number
  plan: SitePlan['stats']
  written: WriteResult
  warnings: Warning[]
  timings: BuildTimings
  /** Whether the search index, feed, sitemap and exports were built in a worker thread. */
  siteFilesInWorker: boolean
}

/** Parsed sources, with the time spent on each step. */
export interface LoadedSources {
  /** Absolute paths, in source order. */
  files: string[]
  collections: Collection[]
  timings: { read: number; decode: number; parse: number }
}

/**
 * Parsed sources kept between builds (watch mode): a file whose size and modification time did
 * not change, and that no watcher event named, is not read again; one that did is compared with
 * the version kept, and parsed again only where it changed (see `reparseSource`).
 */
export type SourceCache = Map<string, { size: number; mtimeMs: number; state: SourceState }>

/** A source file as read from disk, before decoding. */
export interface ReadSource {
  /** Absolute path. */
  file: string
  /** The path as messages show it. */
  name: string
  bytes: Uint8Array
}

/**
 * Read and parse every source. All broken sources are reported together (one error whose cause
 * lists them) before anything is built. Every file is read before any is parsed, and `onRead`
 * gets what was read (not what came from the cache) in between: a build hands the bytes to the
 * thread that makes the site files, which parses them beside this one.
 */
export async function loadSources(
  config: ResolvedConfig,
  cache?: SourceCache,
  changed: ReadonlySet<string> = new Set(),
  onRead?: (sources: readonly ReadSource[]) => void,
): Promise<LoadedSources> {
  const t0 = performance.now()
  const files = await expandSources(config.sources, config.root)
  // Failures by file index, so they are reported in source order.
  const failures: Array<{ index: number; error: BookgenError }> = []
  let read = 0
  let decode = 0
  let parse = 0
  // Per file, in order: its cached collection, or what was read to be parsed.
  const loaded: Array<Collection | (ReadSource & { info: FileStats | undefined }) | undefined> = []
  for (const file of files) {
    const name = displayPath(file, config.root)
    try {
      const info = await stat(file).catch(() => undefined)
      const cached = cache?.get(file)
      if (cached !== undefined && info !== undefined && !changed.has(file) && cached.size === info.size && cached.mtimeMs === info.mtimeMs) {
        loaded.push(cached.state.collection)
        continue
      }
      const started = performance.now()
      const bytes = await readSourceFile(file)
      read += performance.now() - started
      loaded.push({ file, name, bytes, info })
    } catch (error) {
      if (!isBookgenError(error)) throw error
      cache?.delete(file)
      failures.push({ index: loaded.length, error })
      loaded.push(undefined)
    }
  }
  const fresh = loaded.filter((item): item is ReadSource & { info: FileStats | undefined } => item !== undefined && !('root' in item))
  if (failures.length === 0 && fresh.length > 0) onRead?.(fresh.map(({ file, name, bytes }) => ({ file, name, bytes })))
  const collections: Collection[] = []
  for (const [index, item] of loaded.entries()) {
    if (item === undefined) continue
    if ('root' in item) {
      collections.push(item)
      continue
    }
    const { file, name, bytes, info } = item
    try {
      if (cache !== undefined) {
        // Watch mode: parse again only what changed, and keep what the next save needs.
        const previous = cache.get(file)?.state
        const timings = { decode: 0, parse: 0 }
        const state =
          previous === undefined ? parseSourceState(bytes, name, { timings }) : reparseSource(previous, bytes, name, { timings })
        decode += timings.decode
        parse += timings.parse
        collections.push(state.collection)
        if (info !== undefined) cache.set(file, { size: info.size, mtimeMs: info.mtimeMs, state })
        else cache.delete(file)
        continue
      }
      const decodeStart = performance.now()
      checkSourceSize(bytes, name)
      const decoded = decodeSource(bytes)
      const parseStart = performance.now()
      const collection = parseDecoded(decoded, name)
      decode += parseStart - decodeStart
      parse += performance.now() - parseStart
      collections.push(collection)
    } catch (error) {
      if (!isBookgenError(error)) throw error
      cache?.delete(file)
      failures.push({ index, error })
    }
  }
  failures.sort((a, b) => a.index - b.index)
  if (failures.length === 1) throw failures[0]!.error
  if (failures.length > 1) {
    throw new BookgenError(`${failures.length} sources could not be used`, {
      ruleId: 'build/sources',
      cause: new AggregateError(failures.map((failure) => failure.error)),
    })
  }
  if (cache !== undefined) for (const file of cache.keys()) if (!files.includes(file)) cache.delete(file)
  const expand = performance.now() - t0 - read - decode - parse
  return { files, collections, timings: { read: read + expand, decode, parse } }
}

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
      message: `"site" is not set: the feed and sitemap use ${PREVIEW_ORIGIN}${config.base}. Set site (or --site) to the address the site is published at`,
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
    siteOrigin: config.siteOrigin,
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

/** Build the site described by `config`. Throws `BookgenError` for anything the user can fix. */
export async function build(config: ResolvedConfig): Promise<BuildResult> {
  const t0 = performance.now()
  // The output folder is checked, and a staging folder made, before any source is parsed: a large
  // build's site files are written into it from a worker thread started as soon as the sources are read.
  const staging = await createStaging({
    outDir: config.outDir,
    protectedDirs: [config.root, process.cwd()],
    sources: await expandSources(config.sources, config.root),
  })
  let worker: SiteFilesWorker | undefined
  let siteFiles: Promise<SiteFilesResult> | undefined
  try {
    const { collections, timings: loading } = await loadSources(config, undefined, undefined, (sources) => {
      if (wantsWorker(sources)) worker = startSiteFilesWorker({ config, sources: [...sources], staging: staging.dir })
    })
    const t2 = performance.now()
    const prepared = prepareSite(config, collections)
    const tModel = performance.now()
    const plan = planSite({ ...prepared.input, deferSiteFiles: true, clock: () => performance.now() })
    const t3 = performance.now()
    // The search index, feed, sitemap and exports: beside the pages, in the worker thread if large.
    siteFiles = worker?.result ?? writeSiteFilesInline(plan.siteData, staging.dir)
    const written = await writeStaged(staging, { files: plan.files, assets: plan.assets, alongside: siteFiles.then((result) => result.written) })
    const { timings: siteTimings, threaded } = await siteFiles
    const t4 = performance.now()

    const render = (plan.timings?.routes ?? 0) + (plan.timings?.render ?? 0)
    // Inline site files took main-thread time out of the write phase; a worker's did not.
    const inline = threaded ? 0 : siteTimings.search + siteTimings.other + siteTimings.write
    return {
      collections,
      siteTitle: prepared.siteTitle,
      stats: countNodes(prepared.root),
      heldBack: prepared.heldBack,
      duplicates: prepared.duplicates,
      plan: plan.stats,
      written,
      warnings: [...collections.flatMap((collection) => collection.warnings), ...prepared.notes],
      timings: {
        read: loading.read,
        decode: loading.decode,
        parse: loading.parse,
        model: tModel - t2,
        render,
        search: siteTimings.search,
        exports: siteTimings.other,
        // Pages are rendered while they are written: writing is what is left of that time.
        write: Math.max(0, t4 - t3 - (render - (plan.timings?.routes ?? 0)) - inline),
        total: t4 - t0,
      },
      siteFilesInWorker: threaded,
    }
  } catch (error) {
    // Nothing may still be writing into the staging folder when it goes.
    worker?.stop()
    await (siteFiles ?? worker?.result)?.catch(() => {})
    await discardStaging(staging)
    throw error
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
    if (previous?.title === root.title && previous.children.length === root.children.length && previous.children.every((child, i) => child === root.children[i])) {
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

/** Expand globs and check that literal paths exist; sorted for deterministic builds. */
export async function expandSources(patterns: readonly string[], cwd: string): Promise<string[]> {
  const found = new Set<string>()
  for (const pattern of patterns) {
    if (isDynamicPattern(pattern)) {
      const matches = await glob(pattern.split(path.sep).join('/'), { absolute: true, onlyFiles: true, cwd })
      if (matches.length === 0) {
        throw new BookgenError(`No source matches ${displayPath(pattern)}`, { ruleId: 'source/not-found', file: displayPath(pattern) })
      }
      for (const match of matches.sort()) found.add(path.resolve(match))
    } else {
      found.add(path.resolve(cwd, pattern))
    }
  }
  if (found.size === 0) throw new BookgenError('No sources given', { ruleId: 'source/none' })
  return [...found]
}

async function readSourceFile(file: string): Promise<Uint8Array> {
  try {
    return await readFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT' ? 'Source not found' : code === 'EISDIR' ? 'Source is a folder, not a file' : `Cannot read source (${code ?? 'error'})`
    throw new BookgenError(reason, { ruleId: 'source/unreadable', file: displayPath(file), cause: error })
  }
}

/** Paths in messages: relative to `from` (default: the working directory) when inside it. */
export function displayPath(file: string, from = process.cwd()): string {
  const relative = path.relative(from, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}
