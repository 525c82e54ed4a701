/**
 * (Threads) The site-wide files of a large build, made in a worker thread while the main thread
 * renders and writes the pages: on a 100k-bookmark site the search index and the exports take
 * seconds of CPU that a second core does in parallel.
 *
 * The worker is started as soon as the sources are read and gets their bytes, not the parsed
 * model: it decodes, parses and prepares them itself (the same code on the same bytes gives the
 * same tree) beside the main thread doing the same, which costs less than copying a model of a
 * hundred thousand objects from one thread to the other. It writes its files straight into the
 * build's staging folder. Small sites make them inline, where starting a thread would cost more
 * than it saves.
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
import { Worker } from 'node:worker_threads'
import type { ResolvedConfig } from '../config.js'
import type { ReadSource } from './build.js'
import { claimAll, produceSiteFiles, type Claim, type SiteFilesInput, type SiteFilesRun } from './site-files.js'
import type { StagingWriter, WriteResult } from './write.js'

/** Below this many bytes of sources the site files are made inline. */
export const WORKER_THRESHOLD_BYTES = 512 * 1024

/** What the worker thread is started with. */
export interface SiteFilesJob {
  /** The build's settings, without theme hooks (functions cannot cross threads; site files do not use them). */
  config: ResolvedConfig
  /** The sources as read, in order. */
  sources: ReadSource[]
  /** The staging folder the files are written into. */
  staging: string
  /** The previous build's folder, if any: files equal to its own are linked, not written. */
  previous?: string | undefined
  /** The shared claims (`sharedClaims`); without them the worker makes every site file. */
  claims?: Int32Array | undefined
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
 * exactly one of the threads that share them (one atomic compare-and-swap per claim).
 */
export function claimFrom(claims: Int32Array, end: 'front' | 'back'): Claim {
  return (count) => {
    for (;;) {
      const word = Atomics.load(claims, 0)
      const front = word & 0xffff
      const back = word >>> 16
      if (front + back >= count) return -1
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
  result: Promise<SiteFilesResult>
  stop(): void
  /**
   * Stop a worker that has nothing left to do (the main thread claimed every site file, so it
   * wrote none): its result then resolves, empty, once it has stopped.
   */
  release(): void
}

/** Whether sources this large are worth a worker thread. */
export function wantsWorker(sources: readonly ReadSource[]): boolean {
  let bytes = 0
  for (const source of sources) bytes += source.bytes.byteLength
  return bytes >= WORKER_THRESHOLD_BYTES
}

/**
 * Start the worker thread on `job`, or return `undefined` when no worker can be started here (then
 * make the files inline). The result rejects if the worker fails or is stopped, and only after it
 * has exited, so nothing is written into the staging folder after that.
 */
export function startSiteFilesWorker(job: SiteFilesJob): SiteFilesWorker | undefined {
  const worker = spawn({ ...job, config: { ...job.config, theme: { stylesheet: job.config.theme.stylesheet } } })
  if (worker === undefined) return undefined
  let released = false
  const result = new Promise<SiteFilesResult>((resolve, reject) => {
    let outcome: { ok: true; value: SiteFilesResult } | { ok: false; error: unknown } | undefined
    worker.on('message', (message: SiteFilesResult) => {
      outcome = { ok: true, value: message }
    })
    worker.once('error', (error) => (outcome = { ok: false, error }))
    worker.once('exit', (code) => {
      if (outcome?.ok === true) resolve(outcome.value)
      else if (released) resolve({ written: { files: 0, bytes: 0, unchanged: 0 }, timings: NOTHING })
      else reject(outcome?.error ?? new Error(`the site-files worker stopped (exit code ${code}) before it finished`))
    })
  })
  return {
    result,
    stop: () => void worker.terminate(),
    release: () => {
      released = true
      void worker.terminate()
    },
  }
}

const NOTHING: SiteFilesResult['timings'] = { search: 0, other: 0, made: 0, of: 0, parse: 0 }

/** Make the site files `claim` hands out (every one by default) and write each as soon as it is made. */
export function writeSiteFiles(
  input: SiteFilesInput,
  writer: StagingWriter,
  claim: Claim = claimAll(),
): SiteFilesResult {
  const timings = produceSiteFiles(
    input,
    (files) => {
      for (const file of files) writer.write(file)
    },
    claim,
  )
  return { written: writer.written, timings: { ...timings, parse: 0 } }
}

/**
 * The worker: the compiled `site-files-worker.js` next to this module, or, when running from the
 * TypeScript sources (the tests), the `.ts` file through jiti's loader.
 */
function spawn(job: SiteFilesJob): Worker | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const compiled = path.join(here, 'site-files-worker.js')
  if (existsSync(compiled)) return new Worker(compiled, { workerData: job })
  const source = path.join(here, 'site-files-worker.ts')
  if (!existsSync(source)) return undefined
  const jiti = path.join(path.dirname(createRequire(import.meta.url).resolve('jiti/package.json')), 'lib', 'jiti-register.mjs')
  return new Worker(source, { workerData: job, execArgv: ['--import', pathToFileURL(jiti).href] })
}
