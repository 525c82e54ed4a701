/**
 * Worker-thread entry (see `thread.ts`). In parse mode it parses the sources it was
 * started with, prepares the site as the main thread does, makes the site files it claims and
 * writes each into the staging folder. In search mode it waits for the search index's input and
 * makes that alone. Its one message is what it wrote and how long each part took; a failure is
 * thrown, and reaches the main thread as the worker's error.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { SearchMessage, SiteFilesJob, SiteFilesResult } from './thread.js'
import { claimFrom, writeSearchIndex, writeSiteFiles } from './thread.js'
import { claimAll, SEARCH_PRODUCER } from '../site-files/index.js'
import { StagingWriter } from './output.js'
import { SiteBudget } from './site-budget.js'

const job = workerData as SiteFilesJob
const writer = new StagingWriter(
  job.staging,
  job.previous,
  job.budget === undefined ? undefined : new SiteBudget(job.budget.limit, job.budget.counts),
)
// A search-mode worker can make the search index only: its claims stop after it.
const limit = job.mode === 'search' ? SEARCH_PRODUCER + 1 : Infinity
const claim = job.claims === undefined ? claimAll(limit) : claimFrom(job.claims, 'front', limit)

if (job.mode === 'search') {
  parentPort!.once('message', (message: SearchMessage) => {
    parentPort!.postMessage(writeSearchIndex(message, writer, claim) satisfies SiteFilesResult)
  })
} else {
  // Loaded here only: a search-mode worker starts sooner without the readers and the model step.
  const [{ parseSource }, { siteDataFromSources }] = await Promise.all([
    import('../formats/index.js'),
    import('./pipeline.js'),
  ])
  const started = performance.now()
  const collections = job.sources.map((source) => parseSource(source.bytes, source.name))
  // Parsed: the sources' bytes (shared with the main thread, which lets go of them likewise) can go.
  job.sources = []
  const data = siteDataFromSources(job.config, collections, job.links)
  const parse = performance.now() - started
  const { written, timings } = writeSiteFiles(data, writer, claim)
  parentPort!.postMessage({ written, timings: { ...timings, parse } } satisfies SiteFilesResult)
}
