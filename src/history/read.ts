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
import { serializeJson } from '../model/json.js'
import { historyDefaults } from '../config/history.js'
import { parseSourceState, reparseSource, type SourceState } from '../formats/index.js'
import type { Collection } from '../model/tree.js'
import { parseSource } from '../formats/index.js'
import { fileCommits, GitError, readBlobs, sourceRepositoryOf, type FileCommit } from './git.js'
import { HistoryDoubt } from './events.js'
import { identitiesOf, walkByIdentity, type Identities } from './identity-walk.js'
import { recordsOf, sameRecord } from './records.js'
import { canTile, retile, tile, type Tiles } from './tiles.js'
import { emptyHistory, walkSplices, walkVersion, type HistoryState, type Version } from './walk.js'
import type { Message } from '../model/message.js'

/** Folder of the history caches in the output folder. */
export const HISTORY_CACHE_DIR = '.bookgen-history'
/** Bumped whenever the cached state's shape or meaning changes. */
const CACHE_VERSION = 3

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
  /** Most commits read, the newest (`history.maxCommits`). Default: 10,000 */
  maxCommits?: number | undefined
}

/**
 * The history of `file`, or undefined when it has none to read: not in a Git repository, fewer
 * than two commits, a shallow clone, or a repository Git cannot read (then with a warning). At most
 * the newest `maxCommits` commits are read (with a warning when there are more).
 */
export async function readFileHistory(
  file: string,
  options: ReadHistoryOptions = {},
): Promise<{ history: FileHistory | undefined; warnings: Message[] }> {
  const name = options.name ?? file
  const warnings: Message[] = []
  const warn = (rule: string, message: string): void => {
    warnings.push({ file: name, line: 1, column: 1, rule, message })
  }
  const none = { history: undefined, warnings }
  const repository = await sourceRepositoryOf(file)
  // Nothing of a file that HEAD does not have is left out: no note that the clone is shallow.
  if (repository === undefined || !repository.inHead) return none
  const relative = repository.path
  if (relative.startsWith('../')) return none
  if (repository.shallow) {
    warn(
      'history/shallow',
      'The repository is a shallow clone, so dates and changes from its history are left out: history needs fetch-depth: 0 (actions/checkout) or git fetch --unshallow',
    )
    return none
  }
  const maxCommits = options.maxCommits ?? historyDefaults.maxCommits
  try {
    const listed = await fileCommits(repository.top, relative, maxCommits)
    // One more commit than the bound: the history is cut short, and starts from that one's version.
    const base = listed.length > maxCommits ? listed[0] : undefined
    const commits = base === undefined ? listed : listed.slice(1)
    if (base === undefined && commits.length < 2) return none
    if (base !== undefined) warn('history/cut-short', cutShort(maxCommits, base))
    const history = await walkHistory(file, relative, repository.top, commits, base, options, warnings)
    return { history, warnings }
  } catch (error) {
    if (!(error instanceof GitError)) throw error
    warn(
      'history/git',
      `Git could not read the history (${error.message}), so dates and changes from it are left out, and the removal guard does not run`,
    )
    return none
  }
}

/** The warning of a history cut short at `maxCommits`, after the version of `base`. */
function cutShort(maxCommits: number, base: FileCommit): string {
  const when = new Date(base.time).toISOString().slice(0, 10)
  return `The history has more than ${maxCommits} commits, and only the newest ${maxCommits} are read (history.maxCommits): bookmarks already there at commit ${base.hash.slice(0, 7)} (${when}) get no date from it, and the changes pages start after it. To read more, raise history.maxCommits in the config`
}

/**
 * Walk `commits` (after the version of `base`, for a history cut short), on from the last build's
 * cache where it holds their first ones.
 */
async function walkHistory(
  file: string,
  relative: string,
  top: string,
  commits: readonly FileCommit[],
  base: FileCommit | undefined,
  options: ReadHistoryOptions,
  warnings: Message[],
): Promise<FileHistory> {
  const name = options.name ?? file
  const cachePath = `${HISTORY_CACHE_DIR}/${createHash('sha256').update(relative).digest('hex').slice(0, 16)}.json`
  const cacheFile = options.outDir === undefined ? undefined : path.join(options.outDir, cachePath)
  const cached = cacheFile === undefined ? undefined : await readCache(cacheFile, commits)
  let state = cached ?? emptyHistory()
  const start = state.commits.length
  // The version a history cut short starts from is read first, unless the cache holds it.
  const from = start === 0 ? base : undefined
  const walkWarnings: Message[] = []
  const walk = (fast: boolean) =>
    walkCommits(top, commits.slice(start), from, state, name, walkWarnings, fast)
  let walked = await walk(options.fast ?? true)
  if (walked === undefined) {
    // The fast walk and a full parse disagree: walk again, reading every version in full.
    state = (cacheFile === undefined ? undefined : await readCache(cacheFile, commits)) ?? emptyHistory()
    walkWarnings.length = 0
    walked = (await walk(false))!
  }
  warnings.push(...walkWarnings)
  return {
    file,
    pathInRepository: relative,
    top,
    state,
    cachePath,
    read: { commits: commits.length, cached: start, parsed: walked.parsed, spliced: walked.spliced },
  }
}

/**
 * Walk `commits` (oldest first) on from `state`, after the version of `base` where a history cut
 * short starts from it, reading the versions that differ; the number of versions parsed in full
 * and walked by splices. With `fast`, XBEL versions are walked as splices of the version before
 * (`tiles.ts`) and Netscape ones by the incremental reader (`identity-walk.ts`) wherever they can
 * be; the result is then checked against a full parse of the newest version read, and `undefined`
 * is returned when they differ (the caller walks again without `fast`).
 */
async function walkCommits(
  top: string,
  walking: readonly FileCommit[],
  base: FileCommit | undefined,
  state: HistoryState,
  name: string,
  warnings: Message[],
  fast: boolean,
): Promise<{ parsed: number; spliced: number } | undefined> {
  const commits = base === undefined ? walking : [base, ...walking]
  /** `commits[index]` as a version the walk is given. */
  const versionAt = (index: number, blob = commits[index]!.blob): Omit<Version, 'collection'> => {
    const { hash, time, subject } = commits[index]!
    return { hash, time, subject, blob, ...(base !== undefined && index === 0 ? { base: true } : {}) }
  }
  // Which commits need their blob read: a new blob, not the one before.
  const reads: number[] = []
  let previous = state.blob
  for (const [index, commit] of commits.entries()) {
    if (commit.blob !== undefined && commit.blob !== previous) reads.push(index)
    previous = commit.blob
  }
  const walk = new VersionWalk(state, name, warnings, fast)
  let next = 0
  /** Walk the commits before `end` that left the file as it was, or deleted it. */
  const walkUnread = (end: number): void => {
    for (; next < end; next++) walk.unread(versionAt(next))
  }
  await readBlobs(
    top,
    reads.map((index) => commits[index]!.blob!),
    (nth, bytes) => {
      walkUnread(reads[nth]!)
      walk.read(versionAt(next++), bytes, nth + 1 < reads.length)
    },
  )
  walkUnread(commits.length)
  return walk.agrees() ? { parsed: walk.parsed, spliced: walk.spliced } : undefined
}

/** The versions of one walk (see `walkCommits`), and what its fast paths keep from one to the next. */
class VersionWalk {
  parsed = 0
  spliced = 0
  /** XBEL: the last version's tiles. */
  private tiles: Tiles | undefined
  /** A format re-read in part (see `FormatEntry.reread`): its state and the identities of the last version's bookmarks. */
  private reread: { source: SourceState; identities: Identities } | undefined
  /** The newest version read, and whether it was walked as splices. */
  private last: { bytes: Buffer; spliced: boolean } | undefined

  private readonly state: HistoryState
  private readonly name: string
  private readonly warnings: Message[]
  private fast: boolean

  constructor(state: HistoryState, name: string, warnings: Message[], fast: boolean) {
    this.state = state
    this.name = name
    this.warnings = warnings
    this.fast = fast
  }

  /** A version not read: the file as it was, or deleted. */
  unread(version: Omit<Version, 'collection'>): void {
    if (version.blob === undefined) {
      this.tiles = undefined
      this.reread = undefined
    }
    walkVersion(this.state, { ...version, collection: undefined })
  }

  /** A version read (`bytes`); `more`: more versions will be read after it. */
  read(version: Omit<Version, 'collection'>, bytes: Buffer, more: boolean): void {
    if (this.byTiles(version, bytes) || this.byIdentity(version, bytes)) {
      this.spliced++
      this.last = { bytes, spliced: true }
      return
    }
    this.inFull(version, bytes, more)
  }

  /** Whether the newest version read, parsed in full, has the bookmarks the splices gave. */
  agrees(): boolean {
    if (this.last?.spliced !== true) return true
    const check = recordsOf(parseSource(this.last.bytes, this.name).root)
    const live = this.state.live
    if (check.length !== live.length) return false
    for (let i = 0; i < check.length; i++) if (!sameRecord(check[i]!.record, live[i]!.record)) return false
    return true
  }

  /** XBEL: `version` walked as splices of the last version's tiles; false where they cannot be used. */
  private byTiles(version: Omit<Version, 'collection'>, bytes: Buffer): boolean {
    if (this.tiles === undefined) return false
    try {
      const step = retile(this.tiles, bytes)
      walkSplices(this.state, version, step.splices)
      this.tiles = step.tiles
      return true
    } catch (error) {
      if (!(error instanceof HistoryDoubt)) throw error
      this.tiles = undefined
      return false
    }
  }

  /** `version` read by the format's re-reader; false where it cannot be. */
  private byIdentity(version: Omit<Version, 'collection'>, bytes: Buffer): boolean {
    if (this.reread === undefined) return false
    let source: SourceState
    try {
      source = reparseSource(this.reread.source, bytes, this.name)
    } catch (error) {
      if (!isBookgenError(error)) throw error
      return false
    }
    const identities = walkByIdentity(this.state, version, source.collection, this.reread.identities)
    this.reread = { source, identities }
    return true
  }

  /** `version` parsed in full; later versions are walked fast from it where they can be. */
  private inFull(version: Omit<Version, 'collection'>, bytes: Buffer, more: boolean): void {
    const { state, name } = this
    let collection: Collection
    let source: SourceState | undefined
    try {
      // Tiles before the re-reader: a Floccus commit rewrites the head's highestId and adds ids,
      // which XBEL's re-reader reads in full (400 commits of 10k: 18 s CPU against 1.6 s).
      if (this.fast && more && !canTile(bytes)) {
        source = parseSourceState(bytes, name)
        collection = source.collection
      } else collection = parseSource(bytes, name)
      this.parsed++
    } catch (error) {
      if (!isBookgenError(error)) throw error
      this.warnings.push({
        file: name,
        line: 1,
        column: 1,
        rule: 'history/unreadable-version',
        message: `The version of commit ${version.hash.slice(0, 7)} could not be read (${error.message}); the history skips it`,
      })
      // As though the commit had not changed the file.
      walkVersion(state, { ...version, blob: state.blob, collection: undefined })
      return
    }
    walkVersion(state, { ...version, collection })
    this.last = { bytes, spliced: false }
    if (source !== undefined) {
      const identities = identitiesOf(collection, state)
      this.reread = identities === undefined ? undefined : { source, identities }
    }
    // Later versions are walked as splices of this one, when its tiles agree with the parse.
    if (this.fast && more && canTile(bytes)) {
      try {
        const made = tile(bytes)
        this.tiles = sameRecords(made, state) ? made : undefined
        // Tiles that disagree with the reader once would again: read every version in full.
        if (this.tiles === undefined) this.fast = false
      } catch (error) {
        if (!(error instanceof HistoryDoubt)) throw error
      }
    }
  }
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
  return serializeJson(cache)
}
