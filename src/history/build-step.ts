/**
 * (I/O) The history step of a build: for each source in a Git repository, read its history, give
 * its bookmarks the dates it lacks, stop a build whose source's last change removed most bookmarks,
 * and hand the changes to the pages and the cache to the output folder.
 */
import type { ResolvedConfig } from '../config/options.js'
import { displayPath } from '../model/display-path.js'
import type { Collection } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import type { HistorySettings } from '../config/history.js'
import { allowsRemoval, applyHistoryDates, guardMassRemoval, massRemoval } from './apply.js'
import { messagesAfter } from './git.js'
import { cacheContents, readFileHistory, type FileHistory } from './read.js'
import type { CommitSummary } from './walk.js'
import type { Message } from '../model/message.js'

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
  warnings: Message[]
  /** The caches, to write into the output folder. */
  cacheFiles: OutputFile[]
}

/** What `readFileHistory` gave for one source. */
export interface FileHistoryRead extends Awaited<ReturnType<typeof readFileHistory>> {
  /** A commit after the source's last change accepts the removal it made (see `allowsRemoval`). */
  removalAccepted: boolean
}

/**
 * Read the history of each of the build's sources from Git: started before the sources are parsed,
 * so Git runs meanwhile; `readSiteHistory` applies it. Undefined when the config turns the history
 * off. A source that cannot be used stops the build before the reads are awaited: a read that
 * failed too is then not reported (nor left an unhandled rejection).
 */
export function startHistoryReads(
  config: ResolvedConfig,
  files: readonly string[],
): Promise<FileHistoryRead[]> | undefined {
  const settings = config.history
  if (settings === false) return undefined
  // One after the other, as the sources are parsed: walking a long history holds its versions.
  const read = async (): Promise<FileHistoryRead[]> => {
    const reads: FileHistoryRead[] = []
    for (const file of files) {
      const name = displayPath(file, config.root)
      const read = await readFileHistory(file, {
        outDir: config.outDir,
        name,
        maxCommits: settings.maxCommits,
      })
      reads.push({ ...read, removalAccepted: await removalAccepted(read.history, settings) })
    }
    return reads
  }
  const reads = read()
  reads.catch(() => undefined)
  return reads
}

/**
 * Whether a commit after the last change of `history` accepts the removal it made, where that
 * removal would stop the build: a line of its message names it (`Allow-removal: 1920fca`), the way
 * a CI build, whose output folder starts empty, is told. Git is asked only then.
 */
async function removalAccepted(
  history: FileHistory | undefined,
  settings: HistorySettings,
): Promise<boolean> {
  if (history === undefined || settings.allowRemoval) return false
  const found = massRemoval(history.state, settings)
  if (found === undefined || found.index < history.read.cached) return false
  const messages = await messagesAfter(history.top, found.hash, '^allow-removal:').catch(() => [])
  return messages.some((message) => allowsRemoval(message, found.hash))
}

/**
 * The history of the build's sources (`reads[i]`, from `startHistoryReads`, is that of the source
 * parsed into `collections[i]`), with their bookmarks dated in place; undefined when the config
 * turns the history off. Throws `history/mass-removal` (before anything is written) when a
 * source's last change removed too much.
 */
export function readSiteHistory(
  config: ResolvedConfig,
  reads: readonly FileHistoryRead[],
  collections: readonly Collection[],
): SiteHistory | undefined {
  const settings = config.history
  if (settings === false) return undefined
  const result: SiteHistory = { files: [], view: { commits: [] }, dated: 0, warnings: [], cacheFiles: [] }
  for (const [index, { history, warnings, removalAccepted }] of reads.entries()) {
    const collection = collections[index]
    if (collection === undefined) continue
    result.warnings.push(...warnings)
    if (history === undefined) continue
    // The source's last change is judged whatever commits came after it, until the last build
    // published it (its cache holds the commit) or a later commit accepts it.
    const found = massRemoval(history.state, settings)
    if (found !== undefined && found.index >= history.read.cached && !removalAccepted)
      guardMassRemoval(found, settings, collection.file)
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

/** Whether the history holds a private bookmark (Netscape `PRIVATE`), now or in a past commit. */
function holdsPrivate(history: FileHistory): boolean {
  if (history.state.live.some((live) => live.record.private === true)) return true
  return history.state.commits.some((commit) => commit.changes.some((change) => change.private === true))
}
