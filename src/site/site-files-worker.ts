/**
 * Worker-thread entry (see `site-files-thread.ts`): builds every site file from the
 * `SiteFilesInput` it was started with and posts each batch back as soon as it is made, as UTF-8
 * bytes transferred rather than copied, so the main thread only writes them and this thread lets
 * go of each file early. The last message carries the timings.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { OutputFile } from './plan.js'
import { produceSiteFiles, type SiteFilesInput } from './site-files.js'

const encoder = new TextEncoder()
const timings = produceSiteFiles(workerData as SiteFilesInput, (files) => {
  const encoded: OutputFile[] = []
  const transfer: ArrayBuffer[] = []
  for (const file of files) {
    const bytes = typeof file.contents === 'string' ? encoder.encode(file.contents) : file.contents
    encoded.push({ path: file.path, contents: bytes })
    // Transfer only buffers that hold exactly this file (never a shared pool).
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) transfer.push(bytes.buffer as ArrayBuffer)
  }
  parentPort!.postMessage({ files: encoded }, transfer)
})
parentPort!.postMessage({ timings })
