/**
 * (I/O) Incremental builds for watch mode. Parsed sources and rendered entries are kept between
 * builds, so an edit re-reads only the changed file and renders only what changed; a page is
 * written only when its content changed (a rebuild with no change writes nothing), and pages that
 * no longer exist are removed. The site-wide files (search index, feed, sitemap, exports) are
 * built when first asked for after a change, not on every save.
 *
 * A build that fails (a broken save) writes nothing: the last good site stays on disk and served.
 * A build can be stopped (an `AbortSignal`, checked between phases and between pages): it then
 * leaves the output folder as it was. The first build writes the whole site into a staging folder
 * beside the output folder and swaps it in at the end, as `bookgen build` does; a later one writes
 * the files it changes under temporary names and renames them into place only once all are written.
 *
 * Nothing is written through a symbolic link inside the output folder: files are written under a
 * fresh temporary name (never through an existing file) and renamed over their target, which
 * replaces a link instead of following it, and a link where a folder should be is replaced by a
 * folder.
 */
import { planFromSources } from '../build/pipeline.js'
import { IncrementalParser } from './incremental-parser.js'
import { createHash, randomBytes } from 'node:crypto'
import { lstatSync } from 'node:fs'
import { lstat, mkdir, readFile, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises'
import { readSourceBytes } from '../build/read.js'
import { siteTooLarge } from '../build/site-budget.js'
import { formatBytes } from '../model/numbers.js'
import path from 'node:path'
import type { ResolvedConfig } from '../config/options.js'
import { BookgenError, isBookgenError } from '../model/errors.js'
import type { Collection } from '../model/tree.js'
import { createModelCache, loadSources, type ModelCache } from '../build/index.js'
import type { OutputFile } from '../model/output.js'
import { createRenderCache, type RenderCache } from '../pages/entries.js'
import { createPageMemo } from '../pages/memo.js'
import { CUT_SHORT } from '../build/empty-source.js'
import type { SitePlan } from '../build/plan.js'
import { readSiteLinks } from '../links/site-links.js'
import {
  createStaging,
  examineOutDir,
  MARKER_FILE,
  resolveAsset,
  StagingWriter,
  targetPath,
  writeStaged,
  type WriteResult,
} from '../build/output.js'
import type { Message } from '../model/message.js'

/** What is true of the site when a build is refused. */
const KEPT = 'The last good site is kept.'

/** Longest stretch of rendering and writing between two looks at the event loop (a Ctrl-C, a stop). */
const SLICE_MS = 20

export type DevBuildResult =
  | {
      ok: true
      ms: number
      written: string[]
      removed: string[]
      warnings: Message[]
      bookmarks: number
    }
  | { ok: false; ms: number; error: BookgenError }

export interface RebuildOptions {
  /**
   * Stops the build: it then rejects with the signal's reason and leaves the output folder as it
   * was before it started.
   */
  signal?: AbortSignal | undefined
}

/** A file written under a temporary name, to be renamed into place. */
interface Staged {
  temporary: string
  target: string
}

export class DevBuilder {
  readonly config: ResolvedConfig
  private readonly sources = new IncrementalParser()
  /** The bytes each source had when a build last read it (whether that build succeeded or not). */
  private readonly lastRead = new Map<string, Uint8Array>()
  /** The published objects of the last builds, so unchanged parts of the tree keep their objects. */
  private readonly model: ModelCache = createModelCache()
  private readonly cache: RenderCache = createRenderCache()
  /** What each page was built from, so unchanged pages are not rendered again. */
  private readonly pageKeys = createPageMemo()
  /** Content hash of every page written, by path below the output folder. */
  private outputs = new Map<string, string>()
  /** Bytes of every file written, by path, and their sum: the site-size guard of later builds. */
  private sizes = new Map<string, number>()
  private siteBytes = 0
  /**
   * The later build that last made each output (see `writeChanges`): marked in place, so that a
   * save does not make a new map of every page (100,000 at a million bookmarks) to find the gone.
   */
  private readonly madeIn = new Map<string, number>()
  private builds = 0
  /** Site-wide files of the last good build, produced on demand; `undefined` once written. */
  private siteFiles = new Map<string, (() => OutputFile | OutputFile[]) | undefined>()
  /** Site-wide files being written, by key of `siteFiles`, so concurrent requests share one build. */
  private readonly siteFileBuilds = new Map<string, Promise<void>>()
  /** Whether a build has put a whole site in the output folder (later builds write only changes). */
  private built = false
  /** Per source file, whether its last good version looked cut short. */
  private cutShort = new Map<string, boolean>()
  /** Folders inside the output folder found to be real folders (no link) during this build. */
  private readonly realFolders = new Set<string>()

  constructor(config: ResolvedConfig) {
    this.config = config
  }

  /** The output folder, absolute. */
  private get outDir(): string {
    return path.resolve(this.config.outDir)
  }

  /** Check the output folder; make it (with its marker) if there is none, so that it can be served. */
  async start(): Promise<void> {
    if ((await examineOutDir(this.outDir, this.writeOptions())).marker !== undefined) return
    await mkdir(this.outDir, { recursive: true })
    await this.writeFile({
      path: MARKER_FILE,
      contents: `${JSON.stringify({ generator: 'bookgen', mode: 'dev', base: this.config.base })}\n`,
    })
  }

  /**
   * Build again; `changed` names files a watcher saw change (they are re-read even if they look the
   * same). Rejects with the signal's reason when `options.signal` stops it.
   */
  async rebuild(
    changed: ReadonlySet<string> = new Set(),
    options: RebuildOptions = {},
  ): Promise<DevBuildResult> {
    const { signal } = options
    const started = performance.now()
    this.realFolders.clear()
    try {
      signal?.throwIfAborted()
      const loaded = await loadSources(this.config, {
        parser: this.sources,
        changed,
        onRead: (read) => {
          for (const source of read) this.lastRead.set(source.file, source.bytes)
        },
      })
      for (const file of this.lastRead.keys()) if (!loaded.files.includes(file)) this.lastRead.delete(file)
      signal?.throwIfAborted()
      this.refuseCutShort(loaded.collections)
      const links = await readSiteLinks(this.config, loaded.files)
      const { prepared, plan } = planFromSources(this.config, loaded.collections, {
        model: this.model,
        links,
        pages: {
          cache: this.cache,
          pageKeys: this.pageKeys,
          deferSiteFiles: true,
        },
      })
      signal?.throwIfAborted()
      const { written, removed } = this.built
        ? await this.writeChanges(plan, changed, signal)
        : await this.writeSite(plan, signal)
      this.siteFiles = new Map(plan.siteFiles)
      this.built = true
      return {
        ok: true,
        ms: performance.now() - started,
        written,
        removed,
        warnings: [...loaded.collections.flatMap((collection) => collection.warnings), ...prepared.notes],
        bookmarks: plan.stats.bookmarks,
      }
    } catch (error) {
      // The pages' keys may describe a build that was not written: start them afresh.
      this.pageKeys.clear()
      if (!isBookgenError(error)) throw error
      // Nothing to serve yet: an empty site, with the error shown over it.
      if (!this.built) await this.start()
      return { ok: false, ms: performance.now() - started, error }
    }
  }

  /**
   * The first build: the whole site into a staging folder beside the output folder, swapped in at
   * the end (files the previous site already has, byte for byte, are linked from it, not written).
   * Stopped or failed, it leaves the output folder as it was, or absent.
   */
  private async writeSite(
    plan: SitePlan,
    signal: AbortSignal | undefined,
  ): Promise<{ written: string[]; removed: string[] }> {
    const staging = await createStaging({
      outDir: this.outDir,
      ...this.writeOptions(),
      siteBytes: this.config.limits.siteBytes,
    })
    const outputs = new Map<string, string>()
    const sizes = new Map<string, number>()
    const writeAll = async (): Promise<WriteResult> => {
      const writer = new StagingWriter(staging.dir, staging.previous, staging.budget)
      const pause = pauser(signal)
      for (const file of plan.files) {
        await pause()
        if (file.unchanged === true) throw new Error(`bookgen's page cache is out of step at ${file.path}`)
        outputs.set(file.path, contentHash(file.contents))
        sizes.set(file.path, writer.write(file))
      }
      for (const asset of plan.assets) {
        await pause()
        sizes.set(asset.path, writer.copy(asset))
        outputs.set(asset.path, `asset:${asset.source}`)
      }
      await pause()
      return writer.written
    }
    // The pages are written beside `writeStaged` (which adds the marker and swaps the folder in),
    // so that the writing can stop between pages; a failure or a stop removes the staging folder.
    await writeStaged(staging, {
      files: [],
      assets: [],
      alongside: writeAll(),
    })
    this.outputs = outputs
    this.sizes = sizes
    this.siteBytes = 0
    for (const bytes of sizes.values()) this.siteBytes += bytes
    return { written: [...outputs.keys()], removed: [] }
  }

  /**
   * A later build: only what changed, each file first under a temporary name; once all are
   * written, they are renamed into place and pages that are gone are removed. Stopped or failed
   * before that, it removes what it wrote and leaves the output folder as it was.
   */
  private async writeChanges(
    plan: SitePlan,
    changed: ReadonlySet<string>,
    signal: AbortSignal | undefined,
  ): Promise<{ written: string[]; removed: string[] }> {
    const build = ++this.builds
    // New hashes and sizes, put in `outputs` and `sizes` once everything is written.
    const updates = new Map<string, { hash: string; bytes: number }>()
    const written: string[] = []
    const staged: Staged[] = []
    const made: string[] = []
    const pause = pauser(signal)
    let gone: string[]
    // Bytes this build writes: over the site's limit on their own, a runaway save stops there.
    let fresh = 0
    try {
      const stage = async (file: string, hash: string, contents: string | Uint8Array): Promise<void> => {
        const bytes = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength
        fresh += bytes
        if (fresh > this.config.limits.siteBytes)
          throw siteTooLarge(
            this.config.limits.siteBytes,
            'this build stopped writing its changes there',
            KEPT,
          )
        updates.set(file, { hash, bytes })
        staged.push(await this.stage(file, contents, made))
        written.push(file)
      }
      for (const file of plan.files) {
        // Awaited only when it is time to pause: not a promise for each of 100,000 pages.
        const paused = pause()
        if (paused !== undefined) await paused
        this.madeIn.set(file.path, build)
        const previous = this.outputs.get(file.path)
        if (file.unchanged === true) {
          if (previous === undefined) throw new Error(`bookgen's page cache is out of step at ${file.path}`)
          continue
        }
        const hash = contentHash(file.contents)
        if (previous !== hash) await stage(file.path, hash, file.contents)
      }
      for (const asset of plan.assets) {
        await pause()
        this.madeIn.set(asset.path, build)
        // The same file as last time, unchanged (an app icon's file follows the site's title).
        if (this.outputs.get(asset.path) === `asset:${asset.source}` && !changed.has(resolveAsset(asset)))
          continue
        await stage(asset.path, `asset:${asset.source}`, await readFile(resolveAsset(asset)))
      }
      // Gone: what this build did not make, but for site files (their hashes are kept, so that an
      // unchanged one is not rewritten).
      gone = [...this.outputs.keys()].filter(
        (file) => this.madeIn.get(file) !== build && siteFileKey(plan.siteFiles, file) === undefined,
      )
      this.checkSize(updates, gone)
      signal?.throwIfAborted()
    } catch (error) {
      await Promise.all(staged.map((file) => rm(file.temporary, { force: true })))
      // Folders made for new pages, deepest first (rmdir leaves any that are not empty).
      for (const folder of made.reverse()) await rmdir(folder).catch(() => {})
      throw writeFailed(error)
    }
    // Everything is written: put it in place (renames only, quick) and remove what is gone.
    for (const [index, file] of staged.entries()) {
      try {
        await rename(file.temporary, file.target)
      } catch (error) {
        await Promise.all(staged.slice(index).map((rest) => rm(rest.temporary, { force: true })))
        throw writeFailed(error)
      }
    }
    for (const [file, { hash, bytes }] of updates) {
      this.outputs.set(file, hash)
      this.resize(file, bytes)
    }
    for (const file of gone) {
      const target = this.existingTarget(file)
      if (target !== undefined) await unlink(target).catch(() => {})
      this.outputs.delete(file)
      this.resize(file, undefined)
    }
    for (const file of this.madeIn.keys()) if (!this.outputs.has(file)) this.madeIn.delete(file)
    return { written, removed: gone }
  }

  /** Refuse (`output/too-large`) a later build that would leave the site over its limit. */
  private checkSize(updates: ReadonlyMap<string, { bytes: number }>, gone: readonly string[]): void {
    let total = this.siteBytes
    for (const [file, { bytes }] of updates) total += bytes - (this.sizes.get(file) ?? 0)
    for (const file of gone) total -= this.sizes.get(file) ?? 0
    if (total > this.config.limits.siteBytes)
      throw siteTooLarge(this.config.limits.siteBytes, `this build would make it ${formatBytes(total)}`, KEPT)
  }

  /** Record the size of the file at `relative` (undefined: removed). */
  private resize(relative: string, bytes: number | undefined): void {
    this.siteBytes += (bytes ?? 0) - (this.sizes.get(relative) ?? 0)
    if (bytes === undefined) this.sizes.delete(relative)
    else this.sizes.set(relative, bytes)
  }

  /**
   * A save caught half-way (an editor or sync tool still writing) reads as a file cut short: empty,
   * or ending inside a tag or before its list is closed. The tolerant reader would build what it
   * has; watch mode keeps the last good site instead, unless the file was already like that.
   */
  private refuseCutShort(collections: readonly Collection[]): void {
    const now = new Map<string, boolean>()
    for (const collection of collections) {
      const cut = collection.warnings.find((warning) => CUT_SHORT.has(warning.rule))
      now.set(collection.file, cut !== undefined)
      if (cut !== undefined && this.cutShort.get(collection.file) === false) {
        throw new BookgenError(
          `The file looks cut short (${cut.message}); keeping the last good site until it is complete`,
          {
            rule: 'source/incomplete',
            file: cut.file,
            line: cut.line,
            column: cut.column,
          },
        )
      }
    }
    this.cutShort = now
  }

  /**
   * Sources whose bytes on disk differ from the version a build last read (or that no build has
   * read): a watcher can miss a save that follows another closely, and a rewrite can keep the
   * size and the modification time, so the session compares the contents after a burst of events.
   * Resolves to each stale file with a hash of what is on disk now.
   */
  async staleSources(candidates: Iterable<string>): Promise<Array<{ file: string; hash: string }>> {
    const stale: Array<{ file: string; hash: string }> = []
    for (const file of new Set(candidates)) {
      const read = this.lastRead.get(file) ?? this.sources.bytesOf(file)
      if (read !== undefined) {
        // Compared, and hashed when stale, in memory kept for the purpose (see `IncrementalParser.differs`).
        let hash: string | undefined
        const differs = await this.sources.differs(file, read, (bytes) => (hash = contentHash(bytes)))
        if (differs === false) continue
        if (hash !== undefined) {
          stale.push({ file, hash })
          continue
        }
      }
      // Read as a build reads it: a pipe or a device is not waited on (the build says what it is).
      const bytes = await readSourceBytes(file, file).catch(() => undefined)
      if (bytes === undefined) continue
      if (read === undefined || Buffer.compare(bytes, read) !== 0)
        stale.push({ file, hash: contentHash(bytes) })
    }
    return stale
  }

  /** Memory for the next versions of the large sources, made now (see `IncrementalParser`). */
  prepareSpares(signal: AbortSignal): Promise<void> {
    return this.sources.prepareSpares(signal)
  }

  /** The source files builds have read (whether they could be used or not). */
  sourceFiles(): string[] {
    return [...new Set([...this.lastRead.keys(), ...this.sources.files()])]
  }

  /** Whether `relative` (a path below the base) is a site-wide file that is built on demand. */
  isSiteFile(relative: string): boolean {
    return siteFileKey(this.siteFiles, relative) !== undefined
  }

  /**
   * Build and write a site-wide file (or the directory of files it belongs to) if it is out of
   * date; only files whose content changed are written, and files the directory no longer has are
   * removed. Requests that arrive while it is being written wait for that write (and share its
   * failure, if any) instead of finding nothing to wait for.
   */
  async ensureSiteFile(relative: string): Promise<void> {
    for (;;) {
      const key = siteFileKey(this.siteFiles, relative)
      if (key === undefined) return
      const running = this.siteFileBuilds.get(key)
      if (running !== undefined) {
        await running
        continue // a rebuild meanwhile may have a newer version to write
      }
      const siteFiles = this.siteFiles
      const produce = siteFiles.get(key)
      if (produce === undefined) return
      siteFiles.set(key, undefined)
      const building = this.writeSiteFile(key, produce)
        .catch((error: unknown) => {
          // Not written: the next request tries again (unless a rebuild brought a newer version).
          if (siteFiles.get(key) === undefined) siteFiles.set(key, produce)
          throw error
        })
        .finally(() => this.siteFileBuilds.delete(key))
      this.siteFileBuilds.set(key, building)
      await building
    }
  }

  /** Write what `produce` makes for the site file `key`, where its content changed. */
  private async writeSiteFile(key: string, produce: () => OutputFile | OutputFile[]): Promise<void> {
    const produced = produce()
    const files = Array.isArray(produced) ? produced : [produced]
    const paths = new Set(files.map((file) => file.path))
    for (const file of files) {
      const hash = contentHash(file.contents)
      if (this.outputs.get(file.path) === hash) continue
      await this.writeFile(file)
      this.outputs.set(file.path, hash)
      this.resize(file.path, Buffer.byteLength(file.contents))
    }
    if (key.endsWith('/')) {
      const emptied = new Set<string>()
      for (const file of [...this.outputs.keys()]) {
        if (!file.startsWith(key) || paths.has(file)) continue
        await unlink(this.target(file)).catch(() => {})
        this.outputs.delete(file)
        this.resize(file, undefined)
        emptied.add(path.dirname(this.target(file)))
      }
      // Directories of an older index, now empty (rmdir refuses any that are not).
      for (const directory of emptied) await rmdir(directory).catch(() => {})
    }
  }

  /** Write one file in place, atomically (a temporary file, then a rename). */
  private async writeFile(file: OutputFile): Promise<void> {
    // Between builds (a site file asked for): the folders on the way are looked at afresh.
    this.realFolders.clear()
    const staged = await this.stage(file.path, file.contents, [])
    await rename(staged.temporary, staged.target).catch(async (error: unknown) => {
      await rm(staged.temporary, { force: true })
      throw error
    })
  }

  /**
   * Write `contents` beside the file at `relative`, under a fresh temporary name: opened with
   * O_EXCL, so never through a link planted there. Folders on the way are made as needed (and
   * listed in `made`), a link where a folder should be replaced by a folder.
   */
  private async stage(relative: string, contents: string | Uint8Array, made: string[]): Promise<Staged> {
    const target = targetPath(this.outDir, relative)
    await this.makeFolders(path.dirname(target), made)
    const temporary = `${target}.bookgen-${process.pid}-${randomBytes(4).toString('hex')}.tmp`
    try {
      await writeFile(temporary, contents, { flag: 'wx' })
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
    return { temporary, target }
  }

  /** Make `folder` (inside the output folder) a real folder, and every folder on the way. */
  private async makeFolders(folder: string, made: string[]): Promise<void> {
    if (this.realFolders.has(folder)) return
    if (folder !== this.outDir) await this.makeFolders(path.dirname(folder), made)
    const info = await lstat(folder).catch(() => undefined)
    if (info?.isSymbolicLink() === true) {
      if (folder === this.outDir) refuseLink(folder)
      // A link planted where a folder of the site goes: replaced, its target left alone.
      await unlink(folder)
    } else if (info !== undefined && !info.isDirectory()) {
      throw new BookgenError(`Cannot write the site: ${folder} is a file where a folder should be`, {
        rule: 'output/not-a-folder',
      })
    }
    if (info === undefined || info.isSymbolicLink()) {
      await mkdir(folder, { recursive: folder === this.outDir })
      made.push(folder)
    }
    this.realFolders.add(folder)
  }

  /**
   * The absolute path of `relative`, refused (a `BookgenError`) when it would be outside the output
   * folder or a folder on the way is a symbolic link.
   */
  private target(relative: string): string {
    const target = targetPath(this.outDir, relative)
    for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
      if (!this.realFolders.has(folder)) {
        const info = lstatSync(folder, { throwIfNoEntry: false })
        if (info?.isSymbolicLink() === true) refuseLink(folder)
        if (info?.isDirectory() === true) this.realFolders.add(folder)
      }
      if (folder === this.outDir) return target
    }
  }

  /** `target(relative)`, or nothing when it cannot be there (a link on the way): nothing to remove. */
  private existingTarget(relative: string): string | undefined {
    try {
      return this.target(relative)
    } catch (error) {
      if (isBookgenError(error)) return undefined
      throw error
    }
  }

  private writeOptions(): { protectedDirs: string[]; sources: string[] } {
    return { protectedDirs: [this.config.root, process.cwd()], sources: [] }
  }
}

function refuseLink(folder: string): never {
  throw new BookgenError(`Refusing to write through the symbolic link ${folder} in the output folder`, {
    rule: 'output/symlink',
  })
}

/**
 * A function to await between pieces of work: every `SLICE_MS` it lets the event loop run (a
 * Ctrl-C, a `close()`) and throws if `signal` has stopped the build.
 */
function pauser(signal: AbortSignal | undefined): () => Promise<void> | undefined {
  let since = performance.now()
  const pause = async () => {
    await new Promise((resolve) => setImmediate(resolve))
    signal?.throwIfAborted()
    since = performance.now()
  }
  return () => (performance.now() - since < SLICE_MS ? undefined : pause())
}

/** A system error while writing (a full disk, a permission) is the user's to fix: a `BookgenError`. */
function writeFailed(error: unknown): unknown {
  if (!(error instanceof Error) || typeof (error as NodeJS.ErrnoException).code !== 'string') return error
  if (isBookgenError(error)) return error
  return new BookgenError(`Could not write the site (${error.message}); the previous site is unchanged`, {
    rule: 'output/write-failed',
    cause: error,
  })
}

/** The key of `siteFiles` that produces `relative`: the path itself, or a directory holding it. */
function siteFileKey(siteFiles: ReadonlyMap<string, unknown>, relative: string): string | undefined {
  if (siteFiles.has(relative)) return relative
  for (const key of siteFiles.keys()) if (key.endsWith('/') && relative.startsWith(key)) return key
  return undefined
}

function contentHash(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('base64')
}
