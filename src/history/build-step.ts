/**
 * (I/O) The history step of a build: for each source in a Git repository, read its history, give
 * its bookmarks the dates it lacks, stop a build whose newest commit removed most bookmarks, and
 * hand the changes to the pages and the cache to the output folder.
 */
import type { ResolvedConfig } from '../config/options.js'
import { displayPath } from '../model/display-path.js'
import type { Collection, Warning } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import { applyHistoryDates, guardMassRemoval } from './apply.js'
import { sourceRepositoryOf, type CommitsLookup, type RepositoryLookup } from './git.js'
import { cacheContents, readFileHistory, type FileHistory } from './read.js'
import type { CommitSummary } from './walk.js'

/** A commit of one source, for the changes pages and feed. */
export interface SiteCommit extends CommitSummary {
  /** The source, as messages name it. */
  file: string
}

/** What the pages get from the history: every source's commits, newest first. */
export interface HistoryView {
  commits: SiteCommit[]
}

export interface SiteHistory {
  files: FileHistory[]
  view: HistoryView
  /** Bookmarks given a date from the history. */
  dated: number
  warnings: Warning[]
  /** The caches, to write into the output folder. */
  cacheFiles: OutputFile[]
}

/** What `readFileHistory` gave for one source. */
export type FileHistoryRead = Awaited<ReturnType<typeof readFileHistory>>

/**
 * Read the history of each of the build's sources from Git: started before the sources are parsed,
 * so Git runs meanwhile; `readSiteHistory` applies it. Undefined when the config turns the history
 * off. A source that cannot be used stops the build before the reads are awaited: a read that
 * failed too is then not reported (nor left an unhandled rejection).
 */
export function startHistoryReads(
  config: ResolvedConfig,
  files: readonly string[],
  lookup: RepositoryLookup = sourceRepositoryOf,
  commitsOf?: CommitsLookup,
): Promise<FileHistoryRead[]> | undefined {
  if (config.history === false) return undefined
  // One after the other, as the sources are parsed: walking a long history holds its versions.
  const read = async (): Promise<FileHistoryRead[]> => {
    const reads: FileHistoryRead[] = []
    for (const file of files) {
      const name = displayPath(file, config.root)
      reads.push(
        await readFileHistory(file, { outDir: config.outDir, name, repositoryOf: lookup, commitsOf }),
      )
    }
    return reads
  }
  const reads = read()
  reads.catch(() => undefined)
  return reads
}

/**
 * The history of the build's sources (`reads[i]`, from `startHistoryReads`, is that of the source
 * parsed into `collections[i]`), with their bookmarks dated in place; undefined when the config
 * turns the history off. Throws `history/mass-removal` (before anything is written) when a newest
 * commit removed too much.
 */
export function readSiteHistory(
  config: ResolvedConfig,
  reads: readonly FileHistoryRead[],
  collections: readonly Collection[],
): SiteHistory | undefined {
  const settings = config.history
  if (settings === false) return undefined
  const result: SiteHistory = { files: [], view: { commits: [] }, dated: 0, warnings: [], cacheFiles: [] }
  for (const [index, { history, warnings }] of reads.entries()) {
    const collection = collections[index]
    if (collection === undefined) continue
    result.warnings.push(...warnings)
    if (history === undefined) continue
    // The newest commit is judged once: not when a later commit (of any file) came after it, nor
    // when the last build (whose cache holds it) published it.
    if (history.newestIsHead && history.read.cached < history.read.commits)
      guardMassRemoval(history.state, settings, collection.file)
    result.dated += applyHistoryDates(collection, history.state)
    result.files.push(history)
    for (const commit of history.state.commits) result.view.commits.push({ ...commit, file: collection.file })
    // The cache is published with the site: none when it would hold bookmarks the site holds back.
    if (config.publish.private || !holdsPrivate(history))
      result.cacheFiles.push({ path: history.cachePath, contents: cacheContents(history) })
  }
  result.view.commits.sort((a, b) => b.time - a.time)
  return result
}

/** `files`, then `more` (the history caches). */
export function withFiles(
  files: Iterable<OutputFile>,
  more: readonly OutputFile[] | undefined,
): Iterable<OutputFile> {
  if (more === undefined || more.length === 0) return files
  return {
    *[Symbol.iterator]() {
      yield* files
      yield* more
    },
  }
}

/** Whether the history holds a private bookmark (Netscape `PRIVATE`), now or in a past commit. */
function holdsPrivate(history: FileHistory): boolean {
  if (history.state.live.some((live) => live.record.private === true)) return true
  return history.state.commits.some((commit) => commit.changes.some((change) => change.private === true))
}

/**
 * Whether a build of `files` may read a history: it is not turned off and a source is in the
 * commit a repository has checked out.
 */
export async function mayReadHistory(
  config: ResolvedConfig,
  files: readonly string[],
  lookup: RepositoryLookup = sourceRepositoryOf,
): Promise<boolean> {
  if (config.history === false) return false
  for (const file of files) if ((await lookup(file))?.inHead === true) return true
  return false
}
