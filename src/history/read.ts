/**
 * (I/O) Read the Git history of a source file: find its repository, list the commits that changed
 * it (following renames), and walk the versions not walked before — the state after the last
 * build's newest commit comes from the cache the build left in its output folder, so a rebuild
 * after one new commit parses one version.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { isBookgenError } from '../model/errors.js'
import { parseSourceState, reparseSource, type SourceState } from '../formats/incremental/index.js'
import type { Collection, Warning } from '../model/tree.js'
import { parseSource } from '../formats/index.js'
import {
  fileCommits,
  readBlobs,
  sourceRepositoryOf,
  type CommitsLookup,
  type FileCommit,
  type RepositoryLookup,
} from './git.js'
import { HistoryDoubt } from './events.js'
import { identitiesOf, walkByIdentity, type Identities } from './identity-walk.js'
import { recordsOf, sameRecord } from './records.js'
import { canTile, retile, tile, type Tiles } from './tiles.js'
import { emptyHistory, walkSplices, walkVersion, type HistoryState } from './walk.js'

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
  /** Whether the file's newest commit is the commit checked out (no later commit in the repository). */
  newestIsHead: boolean
  state: HistoryState
  /** Where the output folder keeps this history's cache (below the output folder). */
  cachePath: string
  /** Counts of this read: commits in the history, taken from the cache, versions parsed in full and walked by splices. */
  read: { commits: number; cached: number; parsed: number; spliced: number }
}

export interface ReadHistoryOptions {
  /** The output folder holding the last build's cache (read only). */
  outDir?: string | undefined
  /** The name messages give the file. */
  name?: string | undefined
  /** Walk versions fast (XBEL: tiles, Netscape: the incremental reader); default true, false reads each in full. */
  fast?: boolean | undefined
  /** How the repository is found (default: `sourceRepositoryOf`, asking Git). */
  repositoryOf?: RepositoryLookup | undefined
  /** The file's commits, where they were asked for already (see `earlyCommits`). */
  commitsOf?: CommitsLookup | undefined
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
  const repository = await (options.repositoryOf ?? sourceRepositoryOf)(file)
  // Nothing of a file that HEAD does not have is left out: no note that the clone is shallow.
  if (repository === undefined || !repository.inHead) return none
  const relative = repository.path
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
  const commits = await (options.commitsOf?.(file) ?? fileCommits(repository.top, relative))
  if (commits.length < 2) return none
  const cachePath = `${HISTORY_CACHE_DIR}/${createHash('sha256').update(relative).digest('hex').slice(0, 16)}.json`
  const cached =
    options.outDir === undefined ? undefined : await readCache(path.join(options.outDir, cachePath), commits)
  let state = cached ?? emptyHistory()
  const start = state.commits.length
  const walkWarnings: Warning[] = []
  let walked = await walkCommits(
    repository.top,
    commits.slice(start),
    state,
    name,
    walkWarnings,
    options.fast ?? true,
  )
  if (walked === undefined) {
    // The fast walk and a full parse disagree: walk again, reading every version in full.
    state =
      (cached === undefined ? undefined : await readCache(path.join(options.outDir!, cachePath), commits)) ??
      emptyHistory()
    walkWarnings.length = 0
    walked = (await walkCommits(repository.top, commits.slice(start), state, name, walkWarnings, false))!
  }
  warnings.push(...walkWarnings)
  return {
    history: {
      file,
      pathInRepository: relative,
      top: repository.top,
      newestIsHead: commits[commits.length - 1]!.hash === repository.head,
      state,
      cachePath,
      read: { commits: commits.length, cached: start, parsed: walked.parsed, spliced: walked.spliced },
    },
    warnings,
  }
}

/**
 * Walk `commits` (oldest first) on from `state`, reading the versions that differ; the number of
 * versions parsed in full and walked by splices. With `fast`, XBEL versions are walked as splices
 * of the version before (`tiles.ts`) wherever they can be; the result is then checked against a
 * full parse of the newest version read, and `undefined` is returned when they differ (the caller
 * walks again without `fast`).
 */
async function walkCommits(
  top: string,
  commits: readonly FileCommit[],
  state: HistoryState,
  name: string,
  warnings: Warning[],
  fast: boolean,
): Promise<{ parsed: number; spliced: number } | undefined> {
  // Which commits need their blob read: a new blob, not the one before.
  const reads: number[] = []
  let previous = state.blob
  for (const [index, commit] of commits.entries()) {
    if (commit.blob !== undefined && commit.blob !== previous) reads.push(index)
    previous = commit.blob
  }
  let next = 0
  let parsed = 0
  let spliced = 0
  let tiles: Tiles | undefined
  // Netscape HTML: the incremental reader's state and the identities of the last version's bookmarks.
  let netscape: { source: SourceState; identities: Identities } | undefined
  let last: { bytes: Buffer; spliced: boolean } | undefined
  /** Walk the commits before `end` that left the file as it was, or deleted it. */
  const walkUnread = (end: number): void => {
    for (; next < end; next++) {
      const { hash, time, subject, blob } = commits[next]!
      if (blob === undefined) {
        tiles = undefined
        netscape = undefined
      }
      walkVersion(state, { hash, time, subject, blob, collection: undefined })
    }
  }
  await readBlobs(
    top,
    reads.map((index) => commits[index]!.blob!),
    (nth, bytes) => {
      const index = reads[nth]!
      walkUnread(index)
      const { hash, time, subject, blob } = commits[next++]!
      if (tiles !== undefined) {
        try {
          const step = retile(tiles, bytes)
          walkSplices(state, { hash, time, subject, blob }, step.splices)
          tiles = step.tiles
          spliced++
          last = { bytes, spliced: true }
          return
        } catch (error) {
          if (!(error instanceof HistoryDoubt)) throw error
          tiles = undefined
        }
      }
      const useIncremental = fast && nth + 1 < reads.length && !canTile(bytes)
      if (netscape !== undefined) {
        let source: SourceState | undefined
        try {
          source = reparseSource(netscape.source, bytes, name)
        } catch (error) {
          if (!isBookgenError(error)) throw error
        }
        if (source !== undefined) {
          const identities = walkByIdentity(
            state,
            { hash, time, subject, blob },
            source.collection,
            netscape.identities,
          )
          netscape = { source, identities }
          spliced++
          last = { bytes, spliced: true }
          return
        }
      }
      let collection: Collection
      let source: SourceState | undefined
      try {
        if (useIncremental) {
          source = parseSourceState(bytes, name)
          collection = source.collection
        } else collection = parseSource(bytes, name)
        parsed++
      } catch (error) {
        if (!isBookgenError(error)) throw error
        warnings.push({
          file: name,
          line: 1,
          column: 1,
          rule: 'history/unreadable-version',
          message: `The version of commit ${hash.slice(0, 7)} could not be read (${error.message}); the history skips it`,
        })
        // As though the commit had not changed the file.
        walkVersion(state, { hash, time, subject, blob: state.blob, collection: undefined })
        return
      }
      walkVersion(state, { hash, time, subject, blob, collection })
      last = { bytes, spliced: false }
      if (source !== undefined) {
        const identities = identitiesOf(collection, state)
        netscape = identities === undefined ? undefined : { source, identities }
      }
      // Later versions are walked as splices of this one, when its tiles agree with the parse.
      if (fast && nth + 1 < reads.length && canTile(bytes)) {
        try {
          const made = tile(bytes)
          tiles = sameRecords(made, state) ? made : undefined
          // Tiles that disagree with the reader once would again: read every version in full.
          if (tiles === undefined) fast = false
        } catch (error) {
          if (!(error instanceof HistoryDoubt)) throw error
        }
      }
    },
  )
  walkUnread(commits.length)
  if (last?.spliced === true) {
    // The check: the newest version read, parsed in full, has the bookmarks the splices gave.
    const check = recordsOf(parseSource(last.bytes, name).root)
    if (check.length !== state.live.length) return undefined
    for (let i = 0; i < check.length; i++)
      if (!sameRecord(check[i]!.record, state.live[i]!.record)) return undefined
  }
  return { parsed, spliced }
}

/** Whether the tiles hold the records of the walk's live bookmarks, in order. */
function sameRecords(tiles: Tiles, state: HistoryState): boolean {
  let i = 0
  for (const record of tiles.records) {
    if (record === undefined) continue
    const live = state.live[i++]
    if (live === undefined || !sameRecord(live.record, record)) return false
  }
  return i === state.live.length
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
