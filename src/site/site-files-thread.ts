/**
 * (Threads) The site-wide files of a large build, made in a worker thread while the main thread
 * renders and writes the pages: on a 100k-bookmark site the search index and the exports take
 * seconds of CPU that a second core does in parallel. Small sites build them inline, where
 * starting a thread would cost more than it saves.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { OutputFile } from './plan.js'
import { produceSiteFiles, type SiteFilesInput, type SiteFilesTimings } from './site-files.js'

/** Below this many bookmarks the site files are built inline. */
export const WORKER_THRESHOLD = 2000

export interface SiteFilesResult {
  files: OutputFile[]
  timings: SiteFilesTimings
  /** Whether a worker thread built them. */
  threaded: boolean
}

export interface SiteFilesOptions {
  /** Force a worker thread (true) or inline work (false); default: by size. */
  threaded?: boolean | undefined
  /** Stops the worker (the build failed elsewhere); the promise then rejects. */
  signal?: AbortSignal | undefined
}

/**
 * Build the site files: in a worker thread when the site is large enough (or `threaded` says so)
 * and a worker can be started, else inline, after the current tick, so callers can start page
 * rendering meanwhile either way.
 */
export function buildSiteFiles(input: SiteFilesInput, options: SiteFilesOptions = {}): Promise<SiteFilesResult> {
  const useWorker = options.threaded ?? input.documents.length >= WORKER_THRESHOLD
  const worker = useWorker ? startWorker(input) : undefined
  if (worker === undefined) {
    return new Promise((resolve, reject) =>
      setImmediate(() => {
        try {
          const files: OutputFile[] = []
          const timings = produceSiteFiles(input, (batch) => files.push(...batch))
          resolve({ files, timings, threaded: false })
        } catch (error) {
          reject(error)
        }
      }),
    )
  }
  return new Promise((resolve, reject) => {
    let settled = false
    const stop = (): void => void worker.terminate()
    options.signal?.addEventListener('abort', stop, { once: true })
    worker.once('exit', () => options.signal?.removeEventListener('abort', stop))
    const files: OutputFile[] = []
    worker.on('message', (message: { files: OutputFile[] } | { timings: SiteFilesTimings }) => {
      if ('files' in message) {
        files.push(...message.files)
        return
      }
      settled = true
      resolve({ files, timings: message.timings, threaded: true })
    })
    worker.once('error', (error) => {
      settled = true
      reject(error)
    })
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the site-files worker stopped (exit code ${code}) before it finished`))
    })
  })
}

/**
 * The worker: the compiled `site-files-worker.js` next to this module, or, when running from the
 * TypeScript sources (the tests), the `.ts` file through jiti's loader.
 */
function startWorker(input: SiteFilesInput): Worker | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const compiled = path.join(here, 'site-files-worker.js')
  if (existsSync(compiled)) return new Worker(compiled, { workerData: input })
  const source = path.join(here, 'site-files-worker.ts')
  if (!existsSync(source)) return undefined
  const jiti = path.join(path.dirname(createRequire(import.meta.url).resolve('jiti/package.json')), 'lib', 'jiti-register.mjs')
  return new Worker(source, { workerData: input, execArgv: ['--import', pathToFileURL(jiti).href] })
}
