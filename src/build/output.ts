/**
 * (I/O) Put a planned site on disk without ever losing the previous one.
 *
 * The site is written into a fresh staging folder next to the output folder and swapped in with two
 * renames only when every file is written; a failure at any point leaves the previous site as it
 * was. bookgen only replaces folders it created (they carry a `.bookgen` marker) or empty ones, and
 * refuses output folders such as `/`, the home folder, the project folder or one holding a source.
 * A file that is byte for byte what the previous build wrote at the same path is not written again:
 * the staging folder gets a hard link to it, so a rebuild with no change writes no file data and
 * unchanged files keep their modification times.
 */
import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BookgenError, isBookgenError } from '../model/errors.js'
import type { PreviousCounts, SourceCounts } from './empty-source.js'
import { describeIoError, ioError, isSystemError } from './io-error.js'
import type { SitePlan } from './plan.js'
import { StagingWriter, type WriteResult } from './staging-writer.js'
import { SiteBudget } from './site-budget.js'
export { resolveAsset, StagingWriter, targetPath, TEMPLATES_DIR, type WriteResult } from './staging-writer.js'

/** What `writeSite` writes: the plan's files and assets, and what is written beside them. */
export interface WritableSite extends Pick<SitePlan, 'files' | 'assets'> {
  /**
   * Files written into the same staging folder meanwhile by someone else (watch mode's first
   * build): awaited before the site is complete, and counted. A rejection fails the write and
   * leaves the previous site as it was.
   */
  alongside?: Promise<WriteResult> | undefined
  /**
   * More files this side writes after the plan's files and assets, with the same writer (a build's
   * site files), before waiting for `alongside`.
   */
  more?: ((writer: StagingWriter) => void) | undefined
  /**
   * Files written last, by this side, once every other file is in the staging folder:
   * those made from what the others hold (the offline files, see `offline.ts`).
   */
  finish?: ((writer: StagingWriter) => void) | undefined
  /** The files whose hashes `finish` needs (`StagingWriter.hashes`). */
  hashed?: ((path: string) => boolean) | undefined
  /** The bookmarks the site was built from, recorded in the `.bookgen` marker for the next build. */
  counts?: SourceCounts | undefined
  /** The base path and public address the pages were made for, recorded in the marker (for `preview`). */
  address?: SiteAddress | undefined
  /**
   * Stops the write when aborted (Ctrl-C): checked between files, about every tenth of a second,
   * and before the swap, never between its two renames. The error is `interruptedError`'s.
   */
  signal?: AbortSignal | undefined
}

/** Where a site is served: its base path (`/`, `/my-links/`) and public address, if one was set. */
export interface SiteAddress {
  base: string
  site: string | undefined
}

/** Name of the marker file that says "bookgen built this folder". */
export const MARKER_FILE = '.bookgen'

export interface WriteOptions {
  outDir: string
  /** Working directory and config folder: never acceptable as the output folder. */
  protectedDirs: readonly string[]
  /** Source files (absolute): the output folder may not contain one. */
  sources: readonly string[]
  /**
   * The most bytes the site may take (`limits.siteBytes`): past it, writing stops with
   * `output/too-large` and the previous site stays as it was. Default: no limit.
   */
  siteBytes?: number | undefined
}

/** A fresh folder beside the output folder that the new site is written into, then swapped in. */
export interface Staging {
  /** The output folder (absolute). */
  outDir: string
  /** The staging folder (absolute). */
  dir: string
  /** Where the previous site goes during the swap. */
  old: string
  /** The output folder, when it holds a previous build: files equal to its own are linked, not written. */
  previous?: string | undefined
  /** The bookmarks the previous build was made from, as its marker records them (see `empty-source.ts`). */
  previousCounts?: PreviousCounts
  /** What was found and done about folders that interrupted builds left beside the output folder. */
  recovered?: RecoveryNote[] | undefined
  /**
   * The bytes the site may take, counted by every writer of the staging folder, when
   * `WriteOptions.siteBytes` was given.
   */
  budget?: SiteBudget | undefined
}

/** Something `recoverLeftovers` did or could not do, to tell the user. */
export interface RecoveryNote {
  rule: 'output/restored' | 'output/leftover'
  message: string
}

/** Check the output folder, write the site into staging, then swap it in. */
export async function writeSite(plan: WritableSite, options: WriteOptions): Promise<WriteResult> {
  plan.alongside?.catch(() => {})
  const staging = await createStaging(options)
  return await writeStaged(staging, plan)
}

/**
 * Check the output folder and make an empty staging folder beside it. Call `writeStaged` (or
 * `discardStaging`) with it, whatever happens in between.
 */
export async function createStaging(options: WriteOptions): Promise<Staging> {
  const outDir = path.resolve(options.outDir)
  // Refused output folders first; then what killed builds left (one killed between the two renames
  // of its swap left no output folder: the previous site is put back, and looked at again).
  let { marker } = await examineOutDir(outDir, options)
  const recovered = await recoverLeftovers(outDir)
  if (recovered.some((note) => note.rule === 'output/restored'))
    ({ marker } = await examineOutDir(outDir, options))
  const previous = marker === undefined ? undefined : outDir
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`
  const staging: Staging = {
    outDir,
    dir: `${outDir}.bookgen-staging-${tag}`,
    old: `${outDir}.bookgen-old-${tag}`,
    previous,
    previousCounts: marker === undefined ? undefined : markerCounts(marker),
    recovered,
    budget: options.siteBytes === undefined ? undefined : new SiteBudget(options.siteBytes),
  }
  try {
    await mkdir(path.dirname(outDir), { recursive: true })
    await mkdir(staging.dir, { recursive: false })
  } catch (error) {
    throw (
      ioError(error, {
        action: `Could not make a folder beside ${outDir} to build the site in`,
        path: staging.dir,
        outcome: untouched(staging),
        rule: 'output/write-failed',
      }) ?? error
    )
  }
  return staging
}

/** What is true of the output folder when a build stops before the swap. */
function untouched(staging: Pick<Staging, 'outDir' | 'previous'>): string {
  return staging.previous === undefined
    ? 'Nothing was written.'
    : `The previous site in ${staging.outDir} is unchanged.`
}

/** Write the site into `staging` and swap it in; on any failure remove it and leave the previous site. */
export async function writeStaged(staging: Staging, plan: WritableSite): Promise<WriteResult> {
  // Its failure is reported when it is awaited; until then it must not count as unhandled.
  plan.alongside?.catch(() => {})
  let result: WriteResult
  try {
    result = await writeTree(staging, plan)
    // The last moment to stop: the swap, once begun, is finished (a kill there is undone by the next build).
    if (plan.signal?.aborted === true) throw interruptedError(plan.signal)
  } catch (error) {
    // Whoever writes alongside must have stopped before the folder goes (or it would write into a new one).
    await plan.alongside?.catch(() => {})
    await discardStaging(staging)
    if (plan.signal?.aborted === true) throw interruptedError(plan.signal)
    // Over the limit here or in the writer alongside (whose error may have been wrapped).
    if (staging.budget?.exceeded === true) throw staging.budget.error(untouched(staging))
    if (isBookgenError(error)) throw error
    // A full disk, a permission problem…: the user's to fix, and the previous site is intact.
    throw (
      ioError(error, {
        action: `Could not write the site to ${staging.outDir}`,
        outcome: untouched(staging),
        rule: 'output/write-failed',
      }) ?? error
    )
  }
  const leftover = await swapIn(staging)
  return leftover === undefined ? result : { ...result, leftover }
}

/** How often, at most, writing pages lets a signal handler run (when `WritableSite.signal` is given). */
const YIELD_EVERY_MS = 100

/** What a build stopped by `signal` throws (before its swap: the output folder is as it was). */
export function interruptedError(signal: AbortSignal): BookgenError {
  const by = typeof signal.reason === 'string' ? ` (${signal.reason})` : ''
  return new BookgenError(
    `The build was interrupted${by}; nothing was swapped in, and the output folder is as it was`,
    {
      rule: 'build/interrupted',
      cause: signal.reason,
    },
  )
}

/** Remove a staging folder and whatever was written into it. */
export async function discardStaging(staging: Staging): Promise<void> {
  await rm(staging.dir, { recursive: true, force: true }).catch(() => {})
}

async function writeTree(staging: Staging, plan: WritableSite): Promise<WriteResult> {
  // Pages are rendered on demand, so memory holds one page at a time, not the site.
  const writer = new StagingWriter(staging.dir, staging.previous, staging.budget, plan.hashed)
  const { signal } = plan
  let yielded = performance.now()
  for (const file of plan.files) {
    writer.write(file)
    // Writing is synchronous: now and then let a signal handler run, and stop if it asked to.
    if (signal !== undefined && performance.now() - yielded > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve))
      if (signal.aborted) throw interruptedError(signal)
      yielded = performance.now()
    }
  }
  for (const asset of plan.assets) writer.copy(asset)
  plan.more?.(writer)
  const alongside = plan.alongside === undefined ? { files: 0, bytes: 0, unchanged: 0 } : await plan.alongside
  plan.finish?.(writer)
  writer.write({
    path: MARKER_FILE,
    contents: markerContents(writer.written.files + alongside.files + 1, plan.counts, plan.address),
  })
  const { files, bytes, unchanged } = writer.written
  return {
    files: files + alongside.files,
    bytes: bytes + alongside.bytes,
    unchanged: unchanged + alongside.unchanged,
  }
}

/**
 * Swap the complete staging folder in: the previous site (if any) is renamed aside, the staging
 * folder renamed in its place, and the previous site removed. A failure before the second rename
 * leaves the previous site where it was (renamed back, if it had been moved); the error says what
 * is true then. Once the new site is in place the build has succeeded: a previous site that cannot
 * be removed is returned (`WriteResult.leftover`), not thrown.
 */
async function swapIn(staging: Staging): Promise<WriteResult['leftover']> {
  const { dir, outDir, old } = staging
  const fail = (error: unknown, outcome: string): never => {
    const action = `Could not move the new site into place at ${outDir}`
    throw ioError(error, { action, path: outDir, outcome, rule: 'output/write-failed' }) ?? error
  }
  // Nothing has moved yet: the staging folder goes, and the output folder is as it was.
  const abandon = async (error: unknown): Promise<never> => {
    await discardStaging(staging)
    return fail(error, untouched(staging))
  }
  const existing = await lstat(outDir).catch((error: unknown) =>
    isMissing(error) ? undefined : abandon(error),
  )
  if (existing === undefined) {
    await rename(dir, outDir).catch(abandon)
    return undefined
  }
  await rename(outDir, old).catch(abandon)
  if (process.env['BOOKGEN_TEST_HOLD_SWAP'] === '1') await holdForTests()
  try {
    await rename(dir, outDir)
  } catch (error) {
    try {
      await rename(old, outDir)
    } catch (restoring) {
      // Neither rename can be made: say where each site is, so that nothing is lost.
      const why = isSystemError(restoring) ? restoring.code : String(restoring)
      fail(
        error,
        `The previous site could not be moved back (${why}): it is in ${old}; rename it to ${outDir}. The new site is in ${dir}.`,
      )
    }
    await abandon(error)
  }
  try {
    await rm(old, { recursive: true, force: true })
    return undefined
  } catch (error) {
    if (!isSystemError(error)) throw error
    const action = `The new site is in place, but the previous one, moved aside to ${old}, could not be removed`
    return {
      dir: old,
      message: describeIoError(error, { action, path: old, fix: 'remove that folder yourself' }),
    }
  }
}

/**
 * Test-only (`BOOKGEN_TEST_HOLD_SWAP=1`, see test/cli/interrupt.process.test.ts): wait for ever between the
 * two renames of the swap, where the output folder is missing, so that a test can kill the build
 * there and check that the next build puts the previous site back.
 */
function holdForTests(): Promise<never> {
  return new Promise(() => setInterval(() => {}, 1 << 30))
}

/** A folder a build makes beside the output folder `OUT`: `OUT.bookgen-staging-PID-HEX`, `OUT.bookgen-old-PID-HEX`. */
const BUILD_FOLDER = /^\.bookgen-(staging|old)-(\d+)-[0-9a-f]+$/

/**
 * Clean up after builds of `outDir` that were killed or crashed: their staging folders and moved-
 * aside previous sites (`OUT.bookgen-*-PID-*`) are removed once their process (the PID in the name)
 * is gone; a live process's folders are never touched. When the output folder is missing (a kill
 * between the two renames of the swap), the newest moved-aside site is renamed back first. Never
 * throws for what it cannot do: it says so in the notes, and the build goes on.
 */
export async function recoverLeftovers(outDir: string): Promise<RecoveryNote[]> {
  const parent = path.dirname(outDir)
  const base = path.basename(outDir)
  const names = await readdir(parent).catch(() => [] as string[])
  const found: Array<{ dir: string; kind: string; changed: number }> = []
  for (const name of names) {
    const match = name.startsWith(base) ? BUILD_FOLDER.exec(name.slice(base.length)) : null
    if (match === null || isRunning(Number(match[2]))) continue
    const dir = path.join(parent, name)
    const info = await lstat(dir).catch(() => undefined)
    // Only folders (a symbolic link with such a name is not one bookgen made).
    if (info?.isDirectory() === true) found.push({ dir, kind: match[1]!, changed: info.ctimeMs })
  }
  const notes: RecoveryNote[] = []
  if (found.length === 0) return notes
  if ((await lstat(outDir).catch(() => undefined)) === undefined) {
    // The newest moved-aside site that bookgen wrote (or an empty folder, as the output folder was).
    const asides = found.filter(({ kind }) => kind === 'old').sort((a, b) => b.changed - a.changed)
    for (const aside of asides) {
      if (!(await isBookgenFolder(aside.dir))) continue
      try {
        await rename(aside.dir, outDir)
        found.splice(found.indexOf(aside), 1)
        notes.push({
          rule: 'output/restored',
          message: `Put back the previous site from ${aside.dir}, left by a build that was interrupted`,
        })
      } catch {
        // Removed by the next loop's turn if it can be, or reported.
      }
      break
    }
  }
  for (const { dir, kind } of found) {
    // A moved-aside folder was an output folder: a site bookgen wrote, or empty. Anything else is not ours.
    if (kind === 'old' && !(await isBookgenFolder(dir))) {
      const message = `Left ${dir} alone: it is named like a site bookgen moved aside, but holds no ${MARKER_FILE} marker`
      notes.push({ rule: 'output/leftover', message })
      continue
    }
    try {
      await rm(dir, { recursive: true, force: true })
    } catch (error) {
      const action = `Could not remove ${dir}, left by a build that was interrupted`
      const message = isSystemError(error)
        ? describeIoError(error, { action, path: dir, fix: 'remove it yourself' })
        : `${action}.`
      notes.push({ rule: 'output/leftover', message })
    }
  }
  return notes
}

/** Whether process `pid` is running (as far as this process can tell: one it may not signal is). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/** Whether `dir` holds a site bookgen wrote (its marker), or nothing. */
async function isBookgenFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => undefined)
  if (entries === undefined) return false
  if (entries.length === 0) return true
  const marker = await readFile(path.join(dir, MARKER_FILE), 'utf8').catch(() => '')
  return marker.includes('"generator":"bookgen"')
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/**
 * Refuse output folders that would destroy something that is not a previous build. Resolves to
 * the previous build's marker (its text) when the folder holds one (rather than nothing, or an
 * empty folder).
 */
export async function examineOutDir(
  outDir: string,
  options: Pick<WriteOptions, 'protectedDirs' | 'sources'>,
): Promise<{ marker: string | undefined }> {
  const refuse = (reason: string): never => {
    throw new BookgenError(`Refusing to use ${outDir} as the output folder: ${reason}`, {
      rule: 'output/unsafe',
    })
  }
  const home = os.homedir()
  if (outDir === path.parse(outDir).root) refuse('it is the root of the file system')
  if (outDir === home) refuse('it is your home folder')
  for (const dir of options.protectedDirs) {
    const resolved = path.resolve(dir)
    if (outDir === resolved || resolved.startsWith(outDir + path.sep)) refuse(`it would replace ${resolved}`)
  }
  for (const source of options.sources) {
    if (path.resolve(source).startsWith(outDir + path.sep)) refuse(`it contains the source ${source}`)
  }
  const unreadable = (error: unknown): never => {
    throw (
      ioError(error, {
        action: `Could not look into the output folder ${outDir}`,
        outcome: 'Nothing was written.',
        rule: 'output/unusable',
      }) ?? error
    )
  }
  const stat = await lstat(outDir).catch((error: unknown) =>
    isMissing(error) ? undefined : unreadable(error),
  )
  if (stat === undefined) return { marker: undefined }
  if (stat.isSymbolicLink()) refuse('it is a symbolic link')
  if (!stat.isDirectory()) refuse('it is a file, not a folder')
  const entries = await readdir(outDir).catch(unreadable)
  if (entries.length === 0 || entries.includes(MARKER_FILE)) {
    if (entries.includes(MARKER_FILE)) {
      const marker = await readFile(path.join(outDir, MARKER_FILE), 'utf8').catch(unreadable)
      if (!marker.includes('"generator":"bookgen"'))
        refuse(`its ${MARKER_FILE} file was not written by bookgen`)
      return { marker }
    }
    return { marker: undefined }
  }
  return refuse(
    `it holds ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} that bookgen did not create (no ${MARKER_FILE} marker); empty it or choose another --out`,
  )
}

/**
 * The `.bookgen` marker: who wrote the folder, how many files, the base path and address the
 * pages were made for, and the bookmarks they were built from.
 */
function markerContents(
  files: number,
  counts: SourceCounts | undefined,
  address: SiteAddress | undefined,
): string {
  const where = address === undefined ? {} : { base: address.base, site: address.site }
  const fields = counts === undefined ? {} : { bookmarks: counts.bookmarks, sources: counts.sources }
  return `${JSON.stringify({ generator: 'bookgen', files, ...where, ...fields })}\n`
}

/**
 * The base path (and address) a built site in `outDir` was made for, as its marker records it;
 * undefined when there is no marker, or it is an older bookgen's that did not record it.
 */
export async function readSiteAddress(outDir: string): Promise<SiteAddress | undefined> {
  try {
    const marker = JSON.parse(await readFile(path.join(outDir, MARKER_FILE), 'utf8')) as Record<
      string,
      unknown
    >
    if (marker['generator'] !== 'bookgen' || typeof marker['base'] !== 'string') return undefined
    if (!marker['base'].startsWith('/') || !marker['base'].endsWith('/')) return undefined
    return { base: marker['base'], site: typeof marker['site'] === 'string' ? marker['site'] : undefined }
  } catch {
    return undefined
  }
}

/** The counts a marker records, or `'uncounted'` (an older bookgen's, or watch mode's). */
function markerCounts(marker: string): PreviousCounts {
  try {
    const { bookmarks, sources } = JSON.parse(marker) as { bookmarks?: unknown; sources?: unknown }
    if (typeof bookmarks !== 'number' || typeof sources !== 'object' || sources === null) return 'uncounted'
    const counts: Record<string, number> = Object.create(null) as Record<string, number>
    for (const [name, count] of Object.entries(sources)) if (typeof count === 'number') counts[name] = count
    return { bookmarks, sources: counts }
  } catch {
    return 'uncounted'
  }
}
