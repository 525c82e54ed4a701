/**
 * (I/O) `bookgen build`: the one place where disk and pure code meet.
 * Sources in → parse → merge → plan (pure) → write (atomic swap) → a result to report.
 */
import type { Stats as FileStats } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { glob, isDynamicPattern } from 'tinyglobby'
import type { ResolvedConfig } from '../config.js'
import { BookgenError, isBookgenError } from '../errors.js'
import { countNodes, type Collection, type Stats, type Warning } from '../model.js'
import { parseSourceState, reparseSource, type SourceState } from '../sources/incremental.js'
import { checkSourceSize, decodeSource, parseDecoded } from '../sources/index.js'
import type { HeldBack } from './publish-filter.js'
import { planSite, type SitePlan } from '../pages/plan.js'
import { displayPath, prepareSite } from './prepare.js'
import type { SiteFilesRun } from './site-files.js'
import {
  claimFrom,
  sharedClaims,
  startSiteFilesWorker,
  workerModeFor,
  writeSiteFiles,
  type SiteFilesJob,
  type SiteFilesWorker,
} from './site-files-thread.js'
import { mayReadHistory, readSiteHistory, withFiles, type SiteHistory } from '../history/build-step.js'
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
  /** The feed, the sitemap and the exports (shared between the worker, if any, and the main thread). */
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
  /**
   * Whether a worker thread was started (large sources) to share the making of the search index,
   * feed, sitemap and exports with the main thread.
   */
  siteFilesInWorker: boolean
  /** The site files the worker made, by path (a directory's ends with `/`: the search index). */
  madeInWorker: string[]  /** What the sources' Git history gave (undefined when `history` is off). */
  history?: SiteHistory | undefined
}

/** Parsed sources, with the time spent on each step. */
export interface LoadedSources {
  /** Absolute paths, in source order. */
  files: readonly string[]
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

/** How `loadSources` reads. */
export interface LoadOptions {
  /** Watch mode's parsed sources, kept from one build to the next. */
  cache?: SourceCache | undefined
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
 * gets what was read (not what came from the cache) in between: a build hands the bytes to the
 * thread that makes the site files, which parses them beside this one.
 */
export async function loadSources(config: ResolvedConfig, options: LoadOptions = {}): Promise<LoadedSources> {
  const { cache, changed = new Set<string>(), onRead } = options
  const t0 = performance.now()
  const files = options.files ?? (await expandSources(config.sources, config.root))
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
      // Size and modification time tell watch mode whether a cached source is still current.
      const info = cache === undefined ? undefined : await stat(file).catch(() => undefined)
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

/** How `build` goes about it (tests and benchmarks; the defaults are what a build should do). */
export interface BuildOptions {
  /**
   * Whether a worker thread makes site files, and how (see `site-files-thread.ts`): chosen by the
   * sources' size unless given; `'none'` makes them all on this thread.
   */
  worker?: SiteFilesJob['mode'] | 'none' | undefined
}

/** Build the site described by `config`. Throws `BookgenError` for anything the user can fix. */
export async function build(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const t0 = performance.now()
  // The output folder is checked, and a staging folder made, before any source is parsed: a large
  // build's site files are written into it from a worker thread started as soon as the sources are read.
  const files = await expandSources(config.sources, config.root)
  const staging = await createStaging({ outDir: config.outDir, protectedDirs: [config.root, process.cwd()], sources: files })
  let worker: SiteFilesWorker | undefined
  // Each site file goes to whichever thread claims it first: the worker, if a large build has one, or this.
  const claims = sharedClaims()
  try {
    const history = await mayReadHistory(config, files)
    const { collections, timings: loading } = await loadSources(config, {
      files,
      onRead: (sources) => {
        let mode = options.worker === 'none' ? undefined : (options.worker ?? workerModeFor(sources))
        // A worker that parses the sources itself would not see the dates the history adds.
        if (mode === 'parse' && history) mode = 'search'
        const job = { staging: staging.dir, previous: staging.previous, claims }
        if (mode === 'parse') worker = startSiteFilesWorker({ ...job, mode, config, sources: [...sources] })
        else if (mode === 'search') worker = startSiteFilesWorker({ ...job, mode })
      },
    })
    // Dates from the Git history, and the mass-removal guard: before anything is written.
    const siteHistory = history ? await readSiteHistory(config, files, collections) : undefined
    const t2 = performance.now()
    const prepared = prepareSite(config, collections)
    if (siteHistory !== undefined && siteHistory.files.length > 0) prepared.input.history = siteHistory.view
    const tModel = performance.now()
    const plan = planSite(prepared.input, { deferSiteFiles: true, clock: () => performance.now() })
    const t3 = performance.now()
    if (worker?.mode === 'search') worker.sendSearch(plan.siteData, plan.siteFiles.size)
    // The search index, feed, sitemap and exports: those the worker (if any) has not claimed by the
    // time the pages are written are made here, after them, the smallest first.
    let here: SiteFilesRun | undefined
    const written = await writeStaged(staging, {
      files: withFiles(plan.files, siteHistory?.cacheFiles),
      assets: plan.assets,
      more: (writer) => {
        here = writeSiteFiles(plan.siteData, writer, claimFrom(claims, 'back')).timings
        if (here.made === here.of) worker?.release()
      },
      alongside: worker?.result.then((result) => result.written),
      stopAlongside: worker?.stop,
    })
    const there = await worker?.result
    const t4 = performance.now()

    const render = (plan.timings?.routes ?? 0) + (plan.timings?.render ?? 0)
    // Site files made here took main-thread time out of the write phase; the worker's did not.
    const inline = here!.search + here!.other
    return {
      collections,
      siteTitle: prepared.siteTitle,
      stats: countNodes(prepared.root),
      heldBack: prepared.heldBack,
      duplicates: prepared.duplicates,
      plan: plan.stats,
      written,
      warnings: [...collections.flatMap((collection) => collection.warnings), ...prepared.notes, ...(siteHistory?.warnings ?? [])],
      history: siteHistory,
      timings: {
        read: loading.read,
        decode: loading.decode,
        parse: loading.parse,
        model: tModel - t2,
        render,
        search: here!.search + (there?.timings.search ?? 0),
        exports: here!.other + (there?.timings.other ?? 0),
        // Pages are rendered while they are written: writing is what is left of that time.
        write: Math.max(0, t4 - t3 - (render - (plan.timings?.routes ?? 0)) - inline),
        total: t4 - t0,
      },
      siteFilesInWorker: there !== undefined,
      madeInWorker: there?.timings.keys ?? [],
    }
  } catch (error) {
    // Nothing may still be writing into the staging folder when it goes.
    worker?.stop()
    await worker?.result.catch(() => {})
    await discardStaging(staging)
    throw error
  }
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

/**
 * A source's bytes, in shared memory when it is a regular file: the worker thread that makes the
 * site files gets the same bytes, not a copy of them (35 MB for a 100k-bookmark XBEL file).
 */
async function readSourceFile(file: string): Promise<Uint8Array> {
  try {
    return await readShared(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT' ? 'Source not found' : code === 'EISDIR' ? 'Source is a folder, not a file' : `Cannot read source (${code ?? 'error'})`
    throw new BookgenError(reason, { ruleId: 'source/unreadable', file: displayPath(file), cause: error })
  }
}

/**
 * A regular file read whole into a `SharedArrayBuffer`. Anything else (a pipe, as from
 * `bookgen build <(curl …)`) is read to its end as it comes; a file whose size changes while it is
 * read is read again as it is then.
 */
async function readShared(file: string): Promise<Uint8Array> {
  const handle = await open(file)
  try {
    const info = await handle.stat()
    if (!info.isFile()) return await handle.readFile()
    const bytes = new Uint8Array(new SharedArrayBuffer(info.size))
    for (let done = 0; done < bytes.byteLength; ) {
      const { bytesRead } = await handle.read(bytes, done, bytes.byteLength - done, done)
      if (bytesRead === 0) return await readFile(file)
      done += bytesRead
    }
    const { bytesRead } = await handle.read(new Uint8Array(1), 0, 1, bytes.byteLength)
    return bytesRead === 0 ? bytes : await readFile(file)
  } finally {
    await handle.close()
  }
}

export { createModelCache, displayPath, mergeCollections, prepareSite, type ModelCache, type PreparedSite } from './prepare.js'
