/**
 * (I/O) Put a planned site on disk without ever losing the previous one.
 *
 * The site is written into a fresh staging folder next to the output folder and swapped in with two
 * renames only when every file is written; a failure at any point leaves the previous site as it
 * was. bookgen only replaces folders it created (they carry a `.bookgen` marker) or empty ones, and
 * refuses output folders such as `/`, the home folder, the project folder or one holding a source.
 */
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { copyFile, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BookgenError, isBookgenError } from '../errors.js'
import type { AssetCopy, OutputFile, SitePlan } from './plan.js'

/** Name of the marker file that says "bookgen built this folder". */
export const MARKER_FILE = '.bookgen'

/** The package's `templates/` folder (next to `dist/` and `src/`). */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url))

/** Writes in flight at once: enough to keep the disk busy, few enough for small machines. */
const CONCURRENCY = 32

export interface WriteOptions {
  outDir: string
  /** Working directory and config folder: never acceptable as the output folder. */
  protectedDirs: readonly string[]
  /** Source files (absolute): the output folder may not contain one. */
  sources: readonly string[]
}

export interface WriteResult {
  files: number
  bytes: number
}

/** Check the output folder, write the site into staging, then swap it in. */
export async function writeSite(plan: SitePlan, options: WriteOptions): Promise<WriteResult> {
  const outDir = path.resolve(options.outDir)
  await checkOutDir(outDir, options)
  const parent = path.dirname(outDir)
  await mkdir(parent, { recursive: true })
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`
  const staging = `${outDir}.bookgen-staging-${tag}`
  try {
    const result = await writeTree(staging, plan)
    await swapIn(staging, outDir, `${outDir}.bookgen-old-${tag}`)
    return result
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => {})
    if (isBookgenError(error) || !isSystemError(error)) throw error
    // A full disk, a permission problem…: the user's to fix, and the previous site is intact.
    throw new BookgenError(`Could not write the site (${error.code}: ${error.message}); the previous site in ${outDir} is unchanged`, {
      ruleId: 'output/write-failed',
      cause: error,
    })
  }
}

async function writeTree(staging: string, plan: SitePlan): Promise<WriteResult> {
  await mkdir(staging, { recursive: false })
  const directories = new Map<string, Promise<unknown>>([[staging, Promise.resolve()]])
  const ensureDirectory = (directory: string): Promise<unknown> => {
    let made = directories.get(directory)
    if (made === undefined) {
      made = mkdir(directory, { recursive: true })
      directories.set(directory, made)
    }
    return made
  }
  let bytes = 0
  let count = 0
  const writeOne = async (file: OutputFile): Promise<void> => {
    const target = targetPath(staging, file.path)
    await ensureDirectory(path.dirname(target))
    await writeFile(target, file.contents, { flag: 'wx' })
    bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength
    count++
  }
  // Files are rendered on demand: each worker takes the next one from the plan when it is free,
  // so rendering and writing overlap and at most CONCURRENCY pages wait in memory.
  const files = plan.files[Symbol.iterator]()
  const worker = async (): Promise<void> => {
    for (let next = files.next(); next.done !== true; next = files.next()) await writeOne(next.value)
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  await runLimited(
    plan.assets.map((asset) => async () => {
      const from = resolveAsset(asset)
      const target = targetPath(staging, asset.path)
      await ensureDirectory(path.dirname(target))
      await copyFile(from, target)
      // Read the size first: `bytes += await …` would read `bytes` before waiting and lose the
      // sizes other copies add meanwhile.
      const { size } = await lstat(from)
      bytes += size
      count++
    }),
    CONCURRENCY,
  )
  await writeOne({ path: MARKER_FILE, contents: markerContents(count + 1) })
  return { files: count, bytes }
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string'
}

/** Where an asset's bytes come from: an absolute path, `npm:<package>/<file>`, or a path below `templates/`. */
export function resolveAsset(asset: AssetCopy): string {
  if (path.isAbsolute(asset.source)) return asset.source
  if (!asset.source.startsWith('npm:')) return path.join(TEMPLATES_DIR, asset.source)
  const [name, ...rest] = asset.source.slice(4).split('/')
  let dir = path.dirname(createRequire(import.meta.url).resolve(name!))
  while (path.basename(dir) !== name && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return path.join(dir, ...rest)
}

/** A file's absolute path inside `root`; refuses anything that would land outside it. */
function targetPath(root: string, relative: string): string {
  const target = path.resolve(root, relative)
  if (path.isAbsolute(relative) || relative.split('/').includes('..') || !target.startsWith(root + path.sep)) {
    throw new BookgenError(`Refusing to write outside the output folder: ${relative}`, { ruleId: 'output/outside' })
  }
  return target
}

async function swapIn(staging: string, outDir: string, old: string): Promise<void> {
  const existing = await lstat(outDir).catch(() => undefined)
  if (existing === undefined) {
    await rename(staging, outDir)
    return
  }
  await rename(outDir, old)
  try {
    await rename(staging, outDir)
  } catch (error) {
    await rename(old, outDir).catch(() => {})
    throw error
  }
  await rm(old, { recursive: true, force: true })
}

/** Refuse output folders that would destroy something that is not a previous build. */
export async function checkOutDir(outDir: string, options: Pick<WriteOptions, 'protectedDirs' | 'sources'>): Promise<void> {
  const refuse = (reason: string): never => {
    throw new BookgenError(`Refusing to use ${outDir} as the output folder: ${reason}`, { ruleId: 'output/unsafe' })
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
  const stat = await lstat(outDir).catch(() => undefined)
  if (stat === undefined) return
  if (stat.isSymbolicLink()) refuse('it is a symbolic link')
  if (!stat.isDirectory()) refuse('it is a file, not a folder')
  const entries = await readdir(outDir)
  if (entries.length === 0 || entries.includes(MARKER_FILE)) {
    if (entries.includes(MARKER_FILE)) {
      const marker = await readFile(path.join(outDir, MARKER_FILE), 'utf8').catch(() => '')
      if (!marker.includes('"generator":"bookgen"')) refuse(`its ${MARKER_FILE} file was not written by bookgen`)
    }
    return
  }
  refuse(
    `it holds ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} that bookgen did not create (no ${MARKER_FILE} marker); empty it or choose another --out`,
  )
}

function markerContents(files: number): string {
  return `${JSON.stringify({ generator: 'bookgen', files })}\n`
}

async function runLimited(tasks: ReadonlyArray<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++]!
      await task()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
}
