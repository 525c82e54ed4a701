/**
 * Worker-thread entry (see `site-files-thread.ts`). In parse mode it parses the sources it was
 * started with, prepares the site as the main thread does, makes the site files it claims and
 * writes each into the staging folder. In search mode it waits for what the search index and the
 * exports are made from, and makes those it claims. Its one message is what it wrote and how long
 * each part took; a failure is thrown, and reaches the main thread as the worker's error.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { SearchMessage, SiteFilesJob, SiteFilesResult } from './thread.js'
import { claimFrom, writeSentSiteFiles, writeSiteFiles } from './thread.js'
import { claimAll, type Claim } from '../site-files/index.js'
import { StagingWriter } from './output.js'

const job = workerData as SiteFilesJob
const writer = new StagingWriter(job.staging, job.previous)
const claimUpTo = (limit: number): Claim =>
  job.claims === undefined ? claimAll(limit) : claimFrom(job.claims, 'front', limit)

if (job.mode === 'search') {
  parentPort!.once('message', (message: SearchMessage) => {
    // It can make the search index and the exports only: its claims stop after them.
    parentPort!.postMessage(writeSentSiteFiles(message, writer, claimUpTo) satisfies SiteFilesResult)
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
  const { written, timings } = writeSiteFiles(data, writer, claimUpTo(Infinity))
  parentPort!.postMessage({ written, timings: { ...timings, parse } } satisfies SiteFilesResult)
}
