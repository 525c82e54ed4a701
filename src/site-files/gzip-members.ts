/**
 * (Threads) Gzip members compressed on other threads while this one makes the text: a gzipped
 * export (from 500,000 bookmarks on, 600 MB of text at a million) spent 7 s of its 11 in zlib on
 * the main thread. Each member (about a megabyte of text) is compressed on its own at level 6 by
 * `gzipSync` there, as it was here, so the file's bytes are the same whichever thread made them;
 * they come back in order.
 *
 * This thread waits (`Atomics.wait`) only when as many members as `MAX_IN_FLIGHT` are out, so the
 * text held at once stays small. Results are taken with `receiveMessageOnPort`, without the event
 * loop: the export is made synchronously, as every site file is.
 */
import { availableParallelism } from 'node:os'
import { gzipSync } from 'node:zlib'
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'

/** Compression level: zlib's default, what `gzipSync` was called with before. */
export const GZIP_LEVEL = 6

/**
 * Threads compressing: as many as the machine has cores (the thread making the text mostly waits
 * for them), at most 4; none on a single core, where they would only take turns with it.
 */
const THREADS = availableParallelism() > 1 ? Math.min(4, availableParallelism()) : 0

/** Members handed out and not yet written: the text held at once (about a megabyte each). */
const MAX_IN_FLIGHT = 2 * THREADS + 2

/**
 * How long to wait with no member answered before giving up: a megabyte takes milliseconds, and a
 * thread that died (out of memory) would never answer (its exit event cannot come while this
 * thread waits).
 */
const STALL_MS = 60_000

/** A thread's compressing loop: each message a member's text, answered with its gzip member. */
const WORKER_CODE = `
const { workerData } = require('node:worker_threads')
const { gzipSync } = require('node:zlib')
const { port, answered, level } = workerData
const counter = new Int32Array(answered)
port.on('message', ({ index, text }) => {
  try {
    const member = gzipSync(text, { level })
    const bytes = new Uint8Array(member.byteLength)
    bytes.set(member)
    port.postMessage({ index, bytes }, [bytes.buffer])
  } catch (error) {
    port.postMessage({ index, error: String(error) })
  }
  Atomics.add(counter, 0, 1)
  Atomics.notify(counter, 0)
})
`

interface Answer {
  index: number
  bytes?: Uint8Array
  error?: string
}

/**
 * Where the members of one gzipped file go: `add` each member's text in order, then `finish`.
 * `sink` gets the compressed members in the same order. Falls back to compressing here when no
 * thread can be started.
 */
export interface GzipMembers {
  add(text: Uint8Array): void
  finish(): void
  /** Stop the threads (also after a failure). */
  close(): void
}

/** Members compressed on `THREADS` other threads, or here when `threads` is 0 or none can start. */
export function gzipMembers(sink: (member: Uint8Array) => void, threads = THREADS): GzipMembers {
  const pool = threads === 0 ? undefined : startPool(threads)
  if (pool === undefined) {
    return {
      add: (text) => sink(gzipSync(text, { level: GZIP_LEVEL })),
      finish: () => {},
      close: () => {},
    }
  }
  const { workers, answered } = pool
  const counter = new Int32Array(answered)
  const done = new Map<number, Uint8Array>()
  let added = 0
  let written = 0
  /** Take every answer there is, and write the members now in order. */
  const take = (): void => {
    for (const { port } of workers) {
      for (
        let received = receiveMessageOnPort(port);
        received !== undefined;
        received = receiveMessageOnPort(port)
      ) {
        const answer = received.message as Answer
        if (answer.error !== undefined) throw new Error(`gzip member ${answer.index}: ${answer.error}`)
        done.set(answer.index, answer.bytes!)
      }
    }
    for (let member = done.get(written); member !== undefined; member = done.get(written)) {
      done.delete(written++)
      sink(member)
    }
  }
  /** Wait until at most `left` members are out. */
  const waitFor = (left: number): void => {
    for (;;) {
      const seen = Atomics.load(counter, 0)
      take()
      if (added - written <= left) return
      if (Atomics.wait(counter, 0, seen, STALL_MS) === 'timed-out')
        throw new Error(`no gzip member answered in ${STALL_MS / 1000} s`)
    }
  }
  return {
    add(text) {
      const { port } = workers[added % workers.length]!
      // The text is moved, not copied, when it is a buffer of its own.
      const own =
        text.byteOffset === 0 &&
        text.byteLength === text.buffer.byteLength &&
        !(text.buffer instanceof SharedArrayBuffer)
      port.postMessage({ index: added++, text }, own ? [text.buffer as ArrayBuffer] : [])
      waitFor(MAX_IN_FLIGHT - 1)
    },
    finish: () => waitFor(0),
    close() {
      for (const { worker, port } of workers) {
        port.close()
        void worker.terminate()
      }
    },
  }
}

function startPool(
  threads: number,
): { workers: Array<{ worker: Worker; port: MessagePort }>; answered: SharedArrayBuffer } | undefined {
  const answered = new SharedArrayBuffer(4)
  const workers: Array<{ worker: Worker; port: MessagePort }> = []
  try {
    for (let index = 0; index < threads; index++) {
      const { port1, port2 } = new MessageChannel()
      const worker = new Worker(WORKER_CODE, {
        eval: true,
        workerData: { port: port2, answered, level: GZIP_LEVEL },
        transferList: [port2],
      })
      // An idle compressing thread does not keep the process alive.
      worker.unref()
      workers.push({ worker, port: port1 })
    }
  } catch {
    for (const { worker } of workers) void worker.terminate()
    return undefined
  }
  return { workers, answered }
}
