/**
 * (I/O) Incremental builds for watch mode. Parsed sources and rendered entries are kept between
 * builds, so an edit re-reads only the changed file and renders only what changed; a page is
 * written only when its content changed (a rebuild with no change writes nothing), and pages that
 * no longer exist are removed. The site-wide files (search index, feed, sitemap, exports) are
 * built when first asked for after a change, not on every save.
 *
 * A build that fails (a broken save) writes nothing: the last good site stays on disk and served.
 */
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ResolvedConfig } from '../config.js'
import { BookgenError, isBookgenError } from '../errors.js'
import type { Collection, Warning } from '../model.js'
import {
  createModelCache,
  loadSources,
  prepareSite,
  type ModelCache,
  type SourceCache,
} from '../site/build.js'
import {
  createPageMemo,
  createRenderCache,
  planSite,
  type OutputFile,
  type RenderCache,
} from '../site/plan.js'
import { checkOutDir, MARKER_FILE, resolveAsset } from '../site/write.js'

/** Warnings that mean a file ends early. */
const CUT_SHORT = new Set(['source/empty', 'netscape/truncated', 'netscape/unclosed-list'])

export type DevBuildResult =
  | { ok: true; ms: number; written: string[]; removed: string[]; warnings: Warning[]; bookmarks: number }
  | { ok: false; ms: number; error: BookgenError }

export class DevBuilder {
  readonly config: ResolvedConfig
  private readonly sources: SourceCache = new Map()
  /** The bytes each source had when a build last read it (whether that build succeeded or not). */
  private readonly lastRead = new Map<string, Uint8Array>()
  /** The published objects of the last builds, so unchanged parts of the tree keep their objects. */
  private readonly model: ModelCache = createModelCache()
  private readonly cache: RenderCache = createRenderCache()
  /** What each page was built from, so unchanged pages are not rendered again. */
  private readonly pageKeys = createPageMemo()
  /** Content hash of every page written, by path below the output folder. */
  private outputs = new Map<string, string>()
  /** Site-wide files of the last good build, produced on demand; `undefined` once written. */
  private siteFiles = new Map<string, (() => OutputFile | OutputFile[]) | undefined>()
  private started = false
  /** Per source file, whether its last good version looked cut short. */
  private cutShort = new Map<string, boolean>()

  constructor(config: ResolvedConfig) {
    this.config = config
  }

  /** Check and prepare the output folder, copy the theme files. */
  async start(): Promise<void> {
    await checkOutDir(this.config.outDir, { protectedDirs: [this.config.root, process.cwd()], sources: [] })
    await mkdir(this.config.outDir, { recursive: true })
    await writeFile(
      path.join(this.config.outDir, MARKER_FILE),
      `${JSON.stringify({ generator: 'bookgen', mode: 'dev' })}\n`,
    )
    this.started = true
  }

  /** Build again; `changed` names files a watcher saw change (they are re-read even if they look the same). */
  async rebuild(changed: ReadonlySet<string> = new Set()): Promise<DevBuildResult> {
    const started = performance.now()
    if (!this.started) await this.start()
    try {
      const loaded = await loadSources(this.config, {
        cache: this.sources,
        changed,
        onRead: (read) => {
          for (const source of read) this.lastRead.set(source.file, source.bytes)
        },
      })
      for (const file of this.lastRead.keys()) if (!loaded.files.includes(file)) this.lastRead.delete(file)
      this.refuseCutShort(loaded.collections)
      const prepared = prepareSite(this.config, loaded.collections, this.model)
      const plan = planSite({
        ...prepared.input,
        cache: this.cache,
        pageKeys: this.pageKeys,
        deferSiteFiles: true,
      })
      const outputs = new Map<string, string>()
      const written: string[] = []
      for (const file of plan.files) {
        const previous = this.outputs.get(file.path)
        if (file.unchanged === true) {
          if (previous === undefined) throw new Error(`bookgen's page cache is out of step at ${file.path}`)
          outputs.set(file.path, previous)
          continue
        }
        const hash = contentHash(file.contents)
        outputs.set(file.path, hash)
        if (this.outputs.get(file.path) === hash) continue
        await this.writeFile(file)
        written.push(file.path)
      }
      for (const asset of plan.assets) {
        if (this.outputs.has(asset.path) && !changed.has(resolveAsset(asset))) {
          outputs.set(asset.path, this.outputs.get(asset.path)!)
          continue
        }
        const target = this.target(asset.path)
        await mkdir(path.dirname(target), { recursive: true })
        await copyFile(resolveAsset(asset), target)
        outputs.set(asset.path, `asset:${asset.source}`)
        written.push(asset.path)
      }
      const removed: string[] = []
      for (const file of this.outputs.keys()) {
        if (outputs.has(file) || siteFileKey(plan.siteFiles, file) !== undefined) continue
        await unlink(this.target(file)).catch(() => {})
        removed.push(file)
      }
      // Keep the hashes of site files already written, so an unchanged one is not rewritten.
      for (const [file, previous] of this.outputs) {
        if (siteFileKey(plan.siteFiles, file) !== undefined) outputs.set(file, previous)
      }
      this.outputs = outputs
      this.siteFiles = new Map(plan.siteFiles)
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
      return { ok: false, ms: performance.now() - started, error }
    }
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
            ruleId: 'source/incomplete',
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
      const bytes = await readFile(file).catch(() => undefined)
      if (bytes === undefined) continue
      const read = this.lastRead.get(file) ?? this.sources.get(file)?.state.bytes
      if (read === undefined || !bytes.equals(read)) stale.push({ file, hash: contentHash(bytes) })
    }
    return stale
  }

  /** The source files builds have read (whether they could be used or not). */
  sourceFiles(): string[] {
    return [...new Set([...this.lastRead.keys(), ...this.sources.keys()])]
  }

  /** Whether `relative` (a path below the base) is a site-wide file that is built on demand. */
  isSiteFile(relative: string): boolean {
    return siteFileKey(this.siteFiles, relative) !== undefined
  }

  /**
   * Build and write a site-wide file (or the directory of files it belongs to) if it is out of
   * date; only files whose content changed are written, and files the directory no longer has are
   * removed.
   */
  async ensureSiteFile(relative: string): Promise<void> {
    const key = siteFileKey(this.siteFiles, relative)
    const produce = key === undefined ? undefined : this.siteFiles.get(key)
    if (key === undefined || produce === undefined) return
    const produced = produce()
    this.siteFiles.set(key, undefined)
    const files = Array.isArray(produced) ? produced : [produced]
    const paths = new Set(files.map((file) => file.path))
    for (const file of files) {
      const hash = contentHash(file.contents)
      if (this.outputs.get(file.path) === hash) continue
      await this.writeFile(file)
      this.outputs.set(file.path, hash)
    }
    if (key.endsWith('/')) {
      const emptied = new Set<string>()
      for (const file of [...this.outputs.keys()]) {
        if (!file.startsWith(key) || paths.has(file)) continue
        await unlink(this.target(file)).catch(() => {})
        this.outputs.delete(file)
        emptied.add(path.dirname(this.target(file)))
      }
      // Directories of an older index, now empty (rmdir refuses any that are not).
      for (const directory of emptied) await rmdir(directory).catch(() => {})
    }
  }

  /** Write one file in place, atomically (temporary file, then rename). */
  private async writeFile(file: OutputFile): Promise<void> {
    const target = this.target(file.path)
    await mkdir(path.dirname(target), { recursive: true })
    const temporary = `${target}.bookgen-${process.pid}.tmp`
    await writeFile(temporary, file.contents)
    await rename(temporary, target).catch(async (error: unknown) => {
      await rm(temporary, { force: true })
      throw error
    })
  }

  private target(relative: string): string {
    const target = path.resolve(this.config.outDir, relative)
    if (
      relative.split('/').includes('..') ||
      !target.startsWith(path.resolve(this.config.outDir) + path.sep)
    ) {
      throw new BookgenError(`Refusing to write outside the output folder: ${relative}`, {
        ruleId: 'output/outside',
      })
    }
    return target
  }
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
