/**
 * Worker-thread entry (see `site-files-thread.ts`): parses the sources it was started with,
 * prepares the site as the main thread does, makes every site file and writes it into the staging
 * folder. Its one message is what it wrote and how long each part took; a failure is thrown, and
 * reaches the main thread as the worker's error.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { parseSource } from '../sources/index.js'
import { prepareSite } from './prepare.js'
import { planSiteData } from './site-data.js'
import type { SiteFilesJob } from './site-files-thread.js'
import { claimFrom, writeSiteFiles } from './site-files-thread.js'
import { StagingWriter } from './write.js'

const job = workerData as SiteFilesJob
const started = performance.now()
const collections = job.sources.map((source) => parseSource(source.bytes, source.name))
// Parsed: the sources' bytes (shared with the main thread, which lets go of them likewise) can go.
job.sources = []
const data = planSiteData(prepareSite(job.config, collections).input)
const parse = performance.now() - started
const writer = new StagingWriter(job.staging, job.previous)
const { written, timings } = writeSiteFiles(data, writer, job.claims === undefined ? undefined : claimFrom(job.claims, 'front'))
parentPort!.postMessage({ written, timings: { ...timings, parse } })
