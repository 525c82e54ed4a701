/**
 * (Threads) The site-wide files of a large build, made in a worker thread while the main thread
 * renders and writes the pages: on a 100k-bookmark site the search index and the exports take
 * seconds of CPU that a second core does in parallel.
 *
 * The worker is started as soon as the sources are read, and works in one of two ways:
 * - For large sources (`PARSE_IN_WORKER_BYTES`), it gets their bytes, not the parsed model: it
 *   decodes, parses and prepares them itself (the same code on the same bytes gives the same tree)
 *   beside the main thread doing the same, which costs less than copying a model of a hundred
 *   thousand objects from one thread to the other, and it can then make any of the site files.
 * - For mid-sized ones, parsing twice costs more than it saves: the two parses, each on code
 *   not yet optimized, slow each other down. The worker then makes the search index only (the
 *   largest of the files), from the documents the main thread sends it (`sendSearch`) once it
 *   has prepared the site: a few fields per bookmark, quick to copy.
 *
 * It writes its files straight into the build's staging folder. Small sites make them inline,
 * where starting a thread would cost more than it saves.
 *
 * The two threads share the site files (`SiteFilesJob.claims`, in shared memory). The worker claims
 * them from the largest (the search index) down as soon as its data is ready; the main thread, once
 * its pages are written, claims them from the smallest up. Each thread takes the next file the
 * other has not, so the two finish close together whether parsing, the pages or the search index
 * is the larger part.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'
import type { ResolvedConfig } from '../config/options.js'
import type { SiteLinks } from '../links/site-links.js'
import type { ReadSource } from './read.js'
import { SEARCH_DIR } from '../pages/paths.js'
import {
  searchableBookmarks,
  searchableColumns,
  type SearchableColumns,
  type SearchIndexInput,
} from '../site-files/search/index.js'
import { searchDocuments } from '../site-files/input.js'
import {
  claimAll,
  runProducers,
  SEARCH_PRODUCER,
  searchIndexInput,
  siteFileProducers,
  searchTags,
  type Claim,
  type Producer,
  type SiteFilesInput,
  type SiteFilesRun,
} from '../site-files/index.js'
import type { OutputFile } from '../model/output.js'
import type { StagingWriter, WriteResult } from './output.js'
import { writeSearchIndexFiles } from './search-files.js'
import type { SharedBudget } from './site-budget.js'

/**
 * Below this many bytes of sources the site files are made inline: a thread's start (its modules,
 * its code compiled again) costs more than making the search index beside the pages saves. Measured
 * with the bench's collections (totals, worker against none, 7–11 runs): Netscape 10k (2.2 MB)
 * 629 against 615 ms, XBEL 10k (3.5 MB) 674 against 663; Netscape 15k (3.3 MB) 842 against 862,
 * 20k (4.4 MB) 981 against 1,046.
 */
export const WORKER_THRESHOLD_BYTES = 3 * 1024 * 1024
/**
 * From this many bytes of sources the worker parses them itself and makes any site file; below,
 * it makes the search index only, from documents sent to it (see the module's comment). Measured
 * (peak RSS, wall time): at 100k bookmarks (22 MB of Netscape, 36 MB of XBEL) a search-mode
 * worker peaks 70–120 MB lower than one that parses, in the same time within noise (Netscape) or
 * 3% more (XBEL); at 200k (44 MB), parsing in the worker is 15% faster.
 */
export const PARSE_IN_WORKER_BYTES = 40 * 1024 * 1024
/**
 * From this many bytes of sources there is no worker thread: the main thread makes the site files
 * after the pages. A worker that parses holds a second tree (1.4 GB for a million bookmarks, with
 * its decoded text), one that is sent the search documents holds a copy of them and builds the
 * search index while the pages are made; either puts the peak well over the 2 GB a million
 * bookmarks may take. Past here memory is what stops a build, not time.
 */
export const NO_WORKER_BYTES = 64 * 1024 * 1024

/** What the worker thread is started with. */
export type SiteFilesJob = ParseJob | SearchJob

interface JobBase {
  /** The staging folder the files are written into. */
  staging: string
  /** The previous build's folder, if any: files equal to its own are linked, not written. */
  previous?: string | undefined
  /** The shared claims (`sharedClaims`); without them the worker makes every site file it can. */
  claims?: Int32Array | undefined
  /** The site's byte budget, shared with the main thread (`SiteBudget.shared`). */
  budget?: SharedBudget | undefined
}

/** Parse the sources and make the site files (every one, or those it claims). */
export interface ParseJob extends JobBase {
  mode: 'parse'
  /** The build's settings, without theme hooks (functions cannot cross threads; site files do not use them). */
  config: ResolvedConfig
  /** The sources as read, in order. */
  sources: ReadSource[]
  /** What the link store says (see `readSiteLinks`). */
  links?: SiteLinks | undefined
}

/** Make the search index, if it can claim it, from what `SiteFilesWorker.sendSearch` sends. */
export interface SearchJob extends JobBase {
  mode: 'search'
}

/**
 * What `sendSearch` posts to a search-mode worker: what the search index reads of each bookmark,
 * by column (an array per field copies faster than an object per bookmark, whose keys would be
 * copied each time), and the rest of its input.
 */
export interface SearchMessage {
  /** How many site files there are (the claims count them). */
  count: number
  /** What the index reads of each bookmark. */
  columns: SearchableColumns
  /** Each bookmark's folder, by index in `folders`. */
  folderOf: number[]
  /** The bookmarks whose link is dead (`is:dead`). */
  dead: number[]
  allowFileLinks: boolean
  folders: SearchIndexInput['folders']
  tagPages: SearchIndexInput['tags']
}

/**
 * Claims in memory shared with a worker thread (passed in `SiteFilesJob.claims`): one word that
 * counts the producers claimed from the front (low 16 bits) and from the back (high 16 bits).
 */
export function sharedClaims(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT))
}

/**
 * Claims on shared `claims`, from the front of the producers or from the back: each index goes to
 * exactly one of the threads that share them (one atomic compare-and-swap per claim). Front claims
 * stop before index `limit` (a thread that can make only the first producers).
 */
export function claimFrom(claims: Int32Array, end: 'front' | 'back', limit = Infinity): Claim {
  return (count) => {
    for (;;) {
      const word = Atomics.load(claims, 0)
      const front = word & 0xffff
      const back = word >>> 16
      if (front + back >= count || (end === 'front' && front >= limit)) return -1
      if (Atomics.compareExchange(claims, 0, word, end === 'front' ? word + 1 : word + 0x10000) === word) {
        return end === 'front' ? front : count - 1 - back
      }
    }
  }
}

export interface SiteFilesResult {
  written: WriteResult
  /** Writing included (see `produceSiteFiles`). */
  timings: SiteFilesRun & {
    /** The worker's own decoding, parsing and preparing of the sources (0 inline). */
    parse: number
  }
}

/** A running worker: its result, and a way to stop it (the result then rejects once it has stopped). */
export interface SiteFilesWorker {
  mode: SiteFilesJob['mode']
  result: Promise<SiteFilesResult>
  /**
   * (Search mode) Send what the search index is made from: the fields of each bookmark the index
   * reads, their folders and the tags. `count` is how many site files `site` makes.
   */
  sendSearch(site: SiteFilesInput, count: number): void
  stop(): void
  /**
   * Stop a worker that has nothing left to do (the main thread claimed every site file, so it
   * wrote none): its result then resolves, empty, once it has stopped.
   */
  release(): void
}

/**
 * How a worker thread should take part in a build of `sources`: not at all (small sources, and the
 * largest, `NO_WORKER_BYTES`), making the search index from documents sent to it, or parsing the
 * sources itself (large ones).
 */
export function workerModeFor(sources: readonly ReadSource[]): SiteFilesJob['mode'] | undefined {
  let bytes = 0
  for (const source of sources) bytes += source.bytes.byteLength
  if (bytes < WORKER_THRESHOLD_BYTES || bytes >= NO_WORKER_BYTES) return undefined
  return bytes < PARSE_IN_WORKER_BYTES ? 'search' : 'parse'
}

/**
 * Start the worker thread on `job`, or return `undefined` when no worker can be started here (then
 * make the files inline). The result resolves with the worker's message, sent once all it makes
 * is written; it rejects if the worker fails or is stopped, and only after it has exited: either
 * way, nothing is written into the staging folder after that.
 */
export function startSiteFilesWorker(job: SiteFilesJob): SiteFilesWorker | undefined {
  const worker = spawn(
    job.mode === 'parse'
      ? { ...job, config: { ...job.config, theme: { stylesheet: job.config.theme.stylesheet } } }
      : job,
  )
  if (worker === undefined) return undefined
  let released = false
  const result = new Promise<SiteFilesResult>((resolve, reject) => {
    let outcome: { ok: true; value: SiteFilesResult } | { ok: false; error: unknown } | undefined
    // The worker's one message comes once everything it makes is written (its writes are
    // synchronous, and it writes nothing after): the build goes on while the thread winds down
    // (at 10k bookmarks, its heap taken down held the build up by 5–15 ms).
    worker.on('message', (message: SiteFilesResult) => {
      outcome = { ok: true, value: message }
      resolve(message)
    })
    worker.once('error', (error) => (outcome = { ok: false, error }))
    worker.once('exit', (code) => {
      if (outcome?.ok === true) return
      if (released) resolve({ written: { files: 0, bytes: 0, unchanged: 0 }, timings: NOTHING })
      else
        reject(
          outcome?.error ?? new Error(`the site-files worker stopped (exit code ${code}) before it finished`),
        )
    })
  })
  return {
    mode: job.mode,
    result,
    sendSearch: (site, count) => {
      const { bookmarks } = site
      // Only what the index reads: a bookmark's icon, dates and other fields stay here.
      const message: SearchMessage = {
        count,
        columns: searchableColumns(bookmarks),
        folderOf: site.folderOf,
        dead: site.dead,
        allowFileLinks: site.allowFileLinks,
        folders: site.folders,
        tagPages: searchTags(site),
      }
      worker.postMessage(message)
    },
    stop: () => void worker.terminate(),
    release: () => {
      released = true
      void worker.terminate()
    },
  }
}

const NOTHING: SiteFilesResult['timings'] = { search: 0, other: 0, made: 0, keys: [], of: 0, parse: 0 }

/**
 * (Search mode) The search index, written, if `claim` hands it out (the main thread makes it itself
 * when it got to it first); no other file: `claim` must hand out nothing after the search index
 * (`claimFrom(…, 'front', SEARCH_PRODUCER + 1)`).
 */
export function writeSearchIndex(
  message: SearchMessage,
  writer: StagingWriter,
  claim: Claim,
): SiteFilesResult {
  const searchIndex = (): OutputFile[] => {
    const bookmarks = searchableBookmarks(message.columns)
    const documents = searchDocuments(bookmarks, message.folderOf, message.allowFileLinks)
    return writeSearchIndexFiles(
      { documents, folders: message.folders, tags: message.tagPages, dead: message.dead },
      writer,
    )
  }
  const producers: Array<[string, Producer]> = []
  producers[SEARCH_PRODUCER] = [SEARCH_DIR, searchIndex]
  const timings = runProducers(
    producers,
    (files) => files.forEach((file) => writer.write(file)),
    claim,
    message.count,
  )
  return { written: writer.written, timings: { ...timings, parse: 0 } }
}

/** Make the site files `claim` hands out (every one by default) and write each as soon as it is made. */
export function writeSiteFiles(
  input: SiteFilesInput,
  writer: StagingWriter,
  claim: Claim = claimAll(),
): SiteFilesResult {
  const producers = [...siteFileProducers(input)]
  // The search index is written file by file as it is made, not handed over whole.
  producers[SEARCH_PRODUCER] = [SEARCH_DIR, () => writeSearchIndexFiles(searchIndexInput(input), writer)]
  const timings = runProducers(
    producers,
    (files) => {
      for (const file of files) writer.write(file)
    },
    claim,
  )
  return { written: writer.written, timings: { ...timings, parse: 0 } }
}

/**
 * The worker: the compiled `worker.js` next to this module, or, when running from the
 * TypeScript sources (the tests), the `.ts` file through jiti's loader.
 */
function spawn(job: SiteFilesJob): Worker | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const compiled = path.join(here, 'worker.js')
  const options = { workerData: job, resourceLimits: resourceLimitsFor(job) }
  if (existsSync(compiled)) return new Worker(compiled, options)
  const source = path.join(here, 'worker.ts')
  if (!existsSync(source)) return undefined
  const jiti = path.join(
    path.dirname(createRequire(import.meta.url).resolve('jiti/package.json')),
    'lib',
    'jiti-register.mjs',
  )
  return new Worker(source, { ...options, execArgv: ['--import', pathToFileURL(jiti).href] })
}

/**
 * A search-mode worker's young generation is kept to 8 MB (V8's default here is 48): the index's
 * short-lived objects are collected sooner, in less memory that stays in the processor's caches.
 * Measured against the default (`bench/build-child.mjs`, medians): 10k bookmarks 1,461 → 1,375 ms
 * and a peak of 186 → 156 MB; 100k 6,865 → 6,662 ms and 535 → 502 MB. A parse-mode worker, whose
 * objects (a whole tree) all live on, keeps the default: it was 4% slower with 8 MB.
 */
function resourceLimitsFor(job: Pick<SiteFilesJob, 'mode'>): ResourceLimits {
  return job.mode === 'search' ? { maxYoungGenerationSizeMb: SEARCH_WORKER_YOUNG_MB } : {}
}

const SEARCH_WORKER_YOUNG_MB = 8
