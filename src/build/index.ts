/**
 * (I/O) `bookgen build`: the one place where disk and pure code meet.
 * Sources in → parse → merge → plan (pure) → write (atomic swap) → a result to report.
 */
import path from 'node:path'
import { glob, isDynamicPattern } from 'tinyglobby'
import type { ResolvedConfig } from '../config/options.js'
import { BookgenError, isBookgenError } from '../model/errors.js'
import { countNodes, type Collection, type Stats } from '../model/tree.js'
import { COLLECT_FROM_BYTES, collectGarbage } from './collect.js'
import { fullParser, type ParseTimings, type SourceParser } from './parser.js'
import { checkSourceCounts, countSources, type SourceCounts } from './empty-source.js'
import type { SiteHeldBack } from '../publish/filter.js'
import type { SitePlan } from './plan.js'
import { displayPath, type PreparedSite } from '../publish/index.js'
import { planFromSources, type PlannedSite } from './pipeline.js'
import { readSiteLinks, type SiteLinks } from '../links/site-links.js'
import { LINK_STORE_NAME } from '../links/store.js'
import { readSourceBytes, type ReadSource } from './read.js'
export type { ReadSource } from './read.js'
import type { SiteFilesTimings } from '../site-files/index.js'
import { writeSiteFiles } from './search-files.js'
import {
  createStaging,
  discardStaging,
  interruptedError,
  writeStaged,
  type Staging,
  type WriteResult,
} from './output.js'
import {
  readSiteHistory,
  startHistoryReads,
  type FileHistoryRead,
  type SiteHistory,
} from '../history/build-step.js'
import type { Message } from '../model/message.js'
import { hashedForOffline, writeOfflineFiles } from './offline.js'
import { lockedSection, privatePassphrase, type LockedSection } from './private.js'
import type { OutputFile } from '../model/output.js'

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
  /** The search index. */
  search: number
  /** The feed, the sitemap and the exports. */
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
  heldBack: SiteHeldBack
  /** Bookmarks whose URL was bookmarked before (removed from the site when `dedupe` is on). */
  duplicates: number
  plan: SitePlan['stats']
  written: WriteResult
  warnings: Message[]
  timings: BuildTimings
  /** What the sources' Git history gave (undefined when `history` is off). */
  history?: SiteHistory | undefined
  /** The private section (`private`, with its passphrase set): its bookmarks and encrypted bytes. */
  privateSection?: { bookmarks: number; bytes: number } | undefined
}

/** Parsed sources, with the time spent on each step. */
export interface LoadedSources {
  /** Absolute paths, in source order. */
  files: readonly string[]
  collections: Collection[]
  /** How many bytes of sources were read (those kept from an earlier read not counted). */
  bytes: number
  timings: { read: number; decode: number; parse: number }
}

/** How `loadSources` reads. */
export interface LoadOptions {
  /** How what was read is parsed. Default: `fullParser` (watch mode keeps and re-reads incrementally). */
  parser?: SourceParser | undefined
  /** Files a watcher saw change: read again even if they look the same. */
  changed?: ReadonlySet<string> | undefined
  /** Called with what was read, before anything is parsed. */
  onRead?: ((sources: readonly ReadSource[]) => void) | undefined
  /** The sources' files, when the caller expanded `config.sources` already (see `expandSources`). */
  files?: readonly string[] | undefined
}

/**
 * Read and parse every source. All broken sources are reported together (one error whose cause
 * lists them) before anything is built. Every file is read before any is parsed, and `onRead`
 * gets what was read (not what came from the cache) in between (watch mode keeps the bytes).
 */
export async function loadSources(config: ResolvedConfig, options: LoadOptions = {}): Promise<LoadedSources> {
  const { parser = fullParser, changed = new Set<string>(), onRead } = options
  const t0 = performance.now()
  const files = options.files ?? (await expandSources(config.sources, config.root))
  // Failures by file index, so they are reported in source order.
  const failures: Array<{ index: number; error: BookgenError }> = []
  let read = 0
  const timings: ParseTimings = { decode: 0, parse: 0 }
  // Per file, in order: a collection kept by the parser, or what was read to be parsed.
  const loaded: Array<Collection | ReadSource | undefined> = []
  for (const file of files) {
    const name = displayPath(file, config.root)
    try {
      const current = await parser.current(file, changed.has(file))
      if (current !== undefined) {
        loaded.push(current)
        continue
      }
      const started = performance.now()
      const memory = parser.memory === undefined ? undefined : (size: number) => parser.memory!(file, size)
      const bytes = await readSourceBytes(file, name, { memory })
      read += performance.now() - started
      loaded.push({ file, name, bytes })
    } catch (error) {
      if (!isBookgenError(error)) throw error
      parser.forget(file)
      failures.push({ index: loaded.length, error })
      loaded.push(undefined)
    }
  }
  const fresh = loaded.filter((item): item is ReadSource => item !== undefined && !('root' in item))
  if (failures.length === 0 && fresh.length > 0)
    onRead?.(fresh.map(({ file, name, bytes }) => ({ file, name, bytes })))
  const collections: Collection[] = []
  for (const [index, item] of loaded.entries()) {
    if (item === undefined) continue
    if ('root' in item) {
      collections.push(item)
      continue
    }
    try {
      collections.push(parser.parse(item, timings))
    } catch (error) {
      if (!isBookgenError(error)) throw error
      parser.forget(item.file)
      failures.push({ index, error })
    }
  }
  failures.sort((a, b) => a.index - b.index)
  if (failures.length === 1) throw failures[0]!.error
  if (failures.length > 1) {
    throw new BookgenError(`${failures.length} sources could not be used`, {
      rule: 'build/sources',
      cause: new AggregateError(failures.map((failure) => failure.error)),
    })
  }
  parser.retain(files)
  const { decode, parse } = timings
  const expand = performance.now() - t0 - read - decode - parse
  const readBytes = fresh.reduce((sum, source) => sum + source.bytes.byteLength, 0)
  return { files, collections, bytes: readBytes, timings: { read: read + expand, decode, parse } }
}

/** How `build` goes about it (tests and benchmarks; the defaults are what a build should do). */
export interface BuildOptions {
  /**
   * Stops the build when aborted (the CLI aborts it on Ctrl-C or SIGTERM): the staging folder is
   * removed, and `build` rejects with a `build/interrupted` error; the
   * output folder is as it was. Checked between steps and, while pages are written, about every
   * tenth of a second; once the new site is being swapped in, the build finishes.
   */
  signal?: AbortSignal | undefined
  /** Told what the build is doing now, in a few words (the CLI's progress line on long builds). */
  onStep?: ((step: string) => void) | undefined
}

/**
 * A full collection (`collect.ts`) in a build with 16 MiB of sources or more: once they are parsed
 * (their bytes, and their text where the tree has strings of its own, are freed), and once the
 * pages are written (the entries, let go of after the archive), before the site files are made: at
 * a million XBEL bookmarks the exports' text came on top of the pages' garbage (peak 1,901 → 1,740
 * MB).
 */
function collectFor(bytes: number): void {
  if (bytes >= COLLECT_FROM_BYTES) collectGarbage()
}

/** `writeStaged` writes each page before it asks for the next: its entries' memory can be the next's. */
const WRITES_AS_MADE = true

/** What the phases of one build share. */
interface BuildRun {
  config: ResolvedConfig
  options: BuildOptions
  /** The sources, expanded. */
  files: string[]
  /** What `bookgen check` found (never the network). */
  links: SiteLinks | undefined
  staging: Staging
}

/** The sources read and parsed, and the Git history read meanwhile. */
interface ReadPhase {
  loaded: LoadedSources
  historyReads: Promise<FileHistoryRead[]> | undefined
}

/** The site published and planned, and the notes about it so far. */
interface PlanPhase {
  prepared: PreparedSite
  plan: SitePlan
  model: number
  counts: SourceCounts
  countNotes: Message[]
  siteHistory: SiteHistory | undefined
  /** The private section, locked (when its passphrase is set). */
  locked: LockedSection
  /** The files written after the pages: the history's caches, the private section's encrypted file. */
  extra: OutputFile[]
  /** When planning ended (the pages are rendered as they are written, from then on). */
  planned: number
}

/** The site written and swapped in, and how long its site files took. */
interface WritePhase {
  written: WriteResult
  siteFiles: SiteFilesTimings
  /** When the last file was written. */
  done: number
}

/** Build the site described by `config`. Throws `BookgenError` for anything the user can fix. */
export async function build(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now()
  const { files, links, staging } = await openOutput(config)
  const run: BuildRun = { config, options, files, links, staging }
  const { signal } = options
  try {
    checkpoint(signal)
    const read = await readSources(run)
    checkpoint(signal)
    const planned = await planFromRead(run, read)
    const written = await writeSite(run, planned, read.loaded.bytes)
    return buildResult(run, read, planned, written, started)
  } catch (error) {
    throw await abandon(run, error)
  }
}

/** Stop the build when `signal` is aborted: a `build/interrupted` error. */
function checkpoint(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw interruptedError(signal)
}

/**
 * What a build does before any source is parsed (a bad output folder is reported before the time
 * the sources take): the output folder is checked, and a staging folder made; the link store is
 * read (what `bookgen check` found, never the network).
 */
async function openOutput(config: ResolvedConfig) {
  const files = await expandSources(config.sources, config.root)
  const links = await readSiteLinks(config, files)
  const staging = await createStaging({
    outDir: config.outDir,
    protectedDirs: [config.root, process.cwd()],
    sources: files,
    siteBytes: config.limits.siteBytes,
  })
  return { files, links, staging }
}

/** Read and parse the sources, while Git reads their history. */
async function readSources(run: BuildRun): Promise<ReadPhase> {
  const { config, options, files } = run
  // The history is read while the sources are read and parsed; applied after them.
  const historyReads = startHistoryReads(config, files)
  options.onStep?.(files.length === 1 ? 'reading the source' : `reading ${files.length} sources`)
  const loaded = await loadSources(config, { files })
  collectFor(loaded.bytes)
  return { loaded, historyReads }
}

/**
 * Check the sources' counts (nothing is swapped in when a source would replace the site with less
 * than it had), date them from the Git history (and guard against a mass removal: before anything
 * is written), publish and plan the site.
 */
async function planFromRead(run: BuildRun, { loaded, historyReads }: ReadPhase): Promise<PlanPhase> {
  const { config, staging } = run
  const { collections } = loaded
  const counts = countSources(collections)
  const countNotes = checkSourceCounts(collections, counts, staging.previousCounts, {
    allowEmpty: config.allowEmpty,
    outDir: `${displayPath(config.outDir)}/`,
  })
  const reads = await historyReads
  const siteHistory = reads === undefined ? undefined : readSiteHistory(config, reads, collections)
  const { prepared, plan, ms, locked, extra } = await planLocked(config, collections, run.links, siteHistory)
  return {
    prepared,
    plan,
    model: ms.model,
    counts,
    countNotes,
    siteHistory,
    locked,
    extra,
    planned: performance.now(),
  }
}

/** Write the pages, then the search index, feed, sitemap and exports, made after the pages. */
async function writeSite(
  run: BuildRun,
  { plan, counts, extra }: PlanPhase,
  sourceBytes: number,
): Promise<WritePhase> {
  const { config, options, staging } = run
  let siteFiles: SiteFilesTimings | undefined
  options.onStep?.('writing the pages and the search index')
  const written = await writeStaged(staging, {
    // The pages, then the history's caches and the private section's file.
    files: {
      *[Symbol.iterator]() {
        yield* plan.files
        yield* extra
      },
    },
    assets: plan.assets,
    more: (writer) => {
      collectFor(sourceBytes)
      siteFiles = writeSiteFiles(plan.siteData, writer)
    },
    finish: config.offline ? (writer) => writeOfflineFiles(writer, config.lang) : undefined,
    hashed: config.offline ? hashedForOffline : undefined,
    counts,
    address: {
      base: config.base,
      site: config.siteOrigin === undefined ? undefined : `${config.siteOrigin}${config.base}`,
    },
    signal: options.signal,
  })
  return { written, siteFiles: siteFiles!, done: performance.now() }
}

/** What the build made, the notes about it, and how long each phase took. */
function buildResult(
  run: BuildRun,
  { loaded }: ReadPhase,
  { prepared, plan, model, countNotes, siteHistory, locked, planned }: PlanPhase,
  { written, siteFiles, done }: WritePhase,
  started: number,
): BuildResult {
  const { collections, timings: loading } = loaded
  const render = (plan.timings?.routes ?? 0) + (plan.timings?.render ?? 0)
  const { search, other } = siteFiles
  return {
    collections,
    siteTitle: prepared.siteTitle,
    stats: countNodes(prepared.root),
    heldBack: prepared.heldBack,
    duplicates: prepared.duplicates,
    plan: plan.stats,
    written,
    warnings: [
      ...collections.flatMap((collection) => collection.warnings),
      ...countNotes,
      ...(run.staging.recovered ?? []).map((note) => outputNote(note.rule, note.message)),
      ...prepared.notes,
      ...(written.leftover === undefined ? [] : [outputNote('output/leftover', written.leftover.message)]),
      ...(siteHistory?.warnings ?? []),
      ...locked.warnings,
    ],
    history: siteHistory,
    privateSection: locked.section,
    timings: {
      read: loading.read,
      decode: loading.decode,
      parse: loading.parse,
      model,
      render,
      search,
      exports: other,
      // Pages are rendered while they are written: writing is what is left of that time.
      write: Math.max(0, done - planned - (render - (plan.timings?.routes ?? 0)) - search - other),
      total: done - started,
    },
  }
}

/** A build that failed or was stopped: the staging folder is removed. Returns the error to throw. */
async function abandon(run: BuildRun, error: unknown): Promise<unknown> {
  await discardStaging(run.staging)
  const { signal } = run.options
  return signal?.aborted === true ? interruptedError(signal) : error
}

/**
 * The site planned from the sources, and its private section locked (when its passphrase is set);
 * `extra`: the files written after the pages (the history's caches, the section's encrypted file).
 */
async function planLocked(
  config: ResolvedConfig,
  collections: Collection[],
  links: SiteLinks | undefined,
  siteHistory: SiteHistory | undefined,
): Promise<PlannedSite & { locked: LockedSection; extra: OutputFile[] }> {
  const planned = planFromSources(config, collections, {
    links,
    history: siteHistory !== undefined && siteHistory.files.length > 0 ? siteHistory.view : undefined,
    privateSection: privatePassphrase(config) !== undefined,
    pages: { deferSiteFiles: true, clock: () => performance.now(), reuseEntryMemory: WRITES_AS_MADE },
  })
  const locked = await lockedSection(config, planned.prepared.input, planned.prepared.heldBack.private)
  return { ...planned, locked, extra: [...publicHistoryCache(config, siteHistory), ...locked.files] }
}

/**
 * The history's cache files, unless the private section's folders or tags could be in them: the
 * cache records folder paths but not tags, and is published with the site.
 */
function publicHistoryCache(config: ResolvedConfig, history: SiteHistory | undefined): OutputFile[] {
  const rule = config.private
  if (rule !== undefined && (rule.folders.length > 0 || rule.tags.length > 0)) return []
  return history?.cacheFiles ?? []
}

/** A warning about the output folder as a whole (no place in a file). */
function outputNote(rule: string, message: string): Message {
  return { file: '', line: 0, column: 0, rule, message }
}

/** Expand globs and check that literal paths exist; sorted for deterministic builds. */
export async function expandSources(patterns: readonly string[], cwd: string): Promise<string[]> {
  const found = new Set<string>()
  for (const pattern of patterns) {
    if (isDynamicPattern(pattern)) {
      // A glob such as `*` or `*.json` never takes the link store beside the sources for one.
      const matches = (
        await glob(pattern.split(path.sep).join('/'), { absolute: true, onlyFiles: true, cwd })
      ).filter((match) => path.basename(match) !== LINK_STORE_NAME)
      if (matches.length === 0) {
        throw new BookgenError(`No source matches ${displayPath(pattern)}`, {
          rule: 'source/not-found',
          file: displayPath(pattern),
        })
      }
      for (const match of matches.sort()) found.add(path.resolve(match))
    } else {
      found.add(path.resolve(cwd, pattern))
    }
  }
  if (found.size === 0) throw new BookgenError('No sources given', { rule: 'source/none' })
  return [...found]
}

export {
  createModelCache,
  displayPath,
  mergeCollections,
  prepareSite,
  type ModelCache,
  type PreparedSite,
} from '../publish/index.js'
