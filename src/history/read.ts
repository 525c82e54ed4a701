/**
 * (I/O) Read the Git history of a source file: find its repository, list the commits that changed
 * it (following renames), and walk the versions not walked before — the state after the last
 * build's newest commit comes from the cache the build left in its output folder, so a rebuild
 * after one new commit parses one version.
 */
import { createHash } from 'node:crypto'
import { readFile, realpath } from 'node:fs/promises'
import path from 'node:path'
import { isBookgenError } from '../errors.js'
import type { Collection, Warning } from '../model.js'
import { parseSource } from '../sources/index.js'
import { fileCommits, readBlobs, repositoryOf, type FileCommit } from './git.js'
import { emptyHistory, walkVersion, type HistoryState } from './walk.js'

/** Folder of the history caches in the output folder. */
export const HISTORY_CACHE_DIR = '.bookgen-history'
/** Bumped whenever the cached state's shape or meaning changes. */
const CACHE_VERSION = 1

export interface FileHistory {
  /** The source file (absolute). */
  file: string
  /** Its path in the repository at the newest commit. */
  pathInRepository: string
  /** The repository's top folder. */
  top: string
  state: HistoryState
  /** Where the output folder keeps this history's cache (below the output folder). */
  cachePath: string
  /** Counts of this read: commits in the history, taken from the cache, and versions parsed. */
  read: { commits: number; cached: number; parsed: number }
}

export interface ReadHistoryOptions {
  /** The output folder holding the last build's cache (read only). */
  outDir?: string | undefined
  /** The name messages give the file. */
  name?: string | undefined
}

/**
 * The history of `file`, or undefined when it has none to read: not in a Git repository, fewer
 * than two commits, or a shallow clone (then with a warning).
 */
export async function readFileHistory(
  file: string,
  options: ReadHistoryOptions = {},
): Promise<{ history: FileHistory | undefined; warnings: Warning[] }> {
  const name = options.name ?? file
  const warnings: Warning[] = []
  const none = { history: undefined, warnings }
  const repository = await repositoryOf(file)
  if (repository === undefined) return none
  const real = await realpath(file).catch(() => file)
  const relative = path.relative(repository.top, real).split(path.sep).join('/')
  if (relative.startsWith('../')) return none
  if (repository.shallow) {
    warnings.push({
      file: name,
      line: 1,
      column: 1,
      rule: 'history/shallow',
      message:
        'The repository is a shallow clone, so dates and changes from its history are left out: history needs fetch-depth: 0 (actions/checkout) or git fetch --unshallow',
    })
    return none
  }
  const commits = await fileCommits(repository.top, relative)
  if (commits.length < 2) return none
  const cachePath = `${HISTORY_CACHE_DIR}/${createHash('sha256').update(relative).digest('hex').slice(0, 16)}.json`
  const cached =
    options.outDir === undefined ? undefined : await readCache(path.join(options.outDir, cachePath), commits)
  const state = cached ?? emptyHistory()
  const start = state.commits.length
  const parsed = await walkCommits(repository.top, commits.slice(start), state, name, warnings)
  return {
    history: {
      file,
      pathInRepository: relative,
      top: repository.top,
      state,
      cachePath,
      read: { commits: commits.length, cached: start, parsed },
    },
    warnings,
  }
}

/** Walk `commits` (oldest first) on from `state`, reading the versions that differ; the number parsed. */
async function walkCommits(
  top: string,
  commits: readonly FileCommit[],
  state: HistoryState,
  name: string,
  warnings: Warning[],
): Promise<number> {
  // Which commits need their blob read: a new blob, not the one before.
  const reads: number[] = []
  let previous = state.blob
  for (const [index, commit] of commits.entries()) {
    if (commit.blob !== undefined && commit.blob !== previous) reads.push(index)
    previous = commit.blob
  }
  let next = 0
  const walkUpTo = (end: number, collection?: Collection): void => {
    for (; next < end; next++) walk(commits[next]!, undefined)
    if (end < commits.length) walk(commits[next++]!, collection)
  }
  const walk = (commit: FileCommit, collection: Collection | undefined): void => {
    const { hash, time, subject, blob } = commit
    walkVersion(state, { hash, time, subject, blob, collection })
  }
  let parsed = 0
  await readBlobs(
    top,
    reads.map((index) => commits[index]!.blob!),
    (nth, bytes) => {
      const index = reads[nth]!
      let collection: Collection | undefined
      try {
        collection = parseSource(bytes, name)
        parsed++
      } catch (error) {
        if (!isBookgenError(error)) throw error
        warnings.push({
          file: name,
          line: 1,
          column: 1,
          rule: 'history/unreadable-version',
          message: `The version of commit ${commits[index]!.hash.slice(0, 7)} could not be read (${error.message}); the history skips it`,
        })
        // Walk up to it as though the commit had not changed the file.
        for (; next <= index; next++) {
          const commit = commits[next]!
          const blob = next === index ? state.blob : commit.blob
          walkVersion(state, {
            hash: commit.hash,
            time: commit.time,
            subject: commit.subject,
            blob,
            collection: undefined,
          })
        }
        return
      }
      walkUpTo(index, collection)
    },
  )
  walkUpTo(commits.length)
  return parsed
}

interface CacheFile {
  version: number
  state: HistoryState
}

/** The cached state, when its commits are the first commits of the history as it is now. */
async function readCache(file: string, commits: readonly FileCommit[]): Promise<HistoryState | undefined> {
  try {
    const cache = JSON.parse(await readFile(file, 'utf8')) as CacheFile
    if (cache.version !== CACHE_VERSION) return undefined
    const walked = cache.state.commits
    if (walked.length > commits.length) return undefined
    for (let i = 0; i < walked.length; i++) if (walked[i]!.hash !== commits[i]!.hash) return undefined
    return cache.state
  } catch {
    return undefined
  }
}

/** The cache file's text for `history`. */
export function cacheContents(history: FileHistory): string {
  const cache: CacheFile = { version: CACHE_VERSION, state: history.state }
  return JSON.stringify(cache)
}
