/**
 * The site-size guard: the bytes a site may take (`limits.siteBytes`, GitHub Pages' 1 GB by
 * default), counted as its files go into the staging folder, by every thread that writes them.
 * The write that would pass the limit throws before its bytes are written, so a source that would
 * make a 15 GB site stops the build at 1 GB, with the previous site as it was.
 */
import { BookgenError } from '../model/errors.js'
import { formatBytes, formatCount } from '../model/numbers.js'

/** What a worker thread is handed to count into the same budget (`SiteBudget.shared`). */
export interface SharedBudget {
  limit: number
  /** Bytes and files counted so far, as two 64-bit integers. */
  counts: SharedArrayBuffer
}

/** Bytes (and files) written into a site, against its limit; shared with a worker thread. */
export class SiteBudget {
  readonly limit: number
  private readonly counts: BigInt64Array

  /** A new budget of `limit` bytes, or, given its `counts`, one another thread made (`shared`). */
  constructor(limit: number, counts = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT)) {
    this.limit = limit
    this.counts = new BigInt64Array(counts)
  }

  /** What to hand a worker thread writing into the same site. */
  get shared(): SharedBudget {
    return { limit: this.limit, counts: this.counts.buffer as SharedArrayBuffer }
  }

  /** Bytes counted so far. */
  get bytes(): number {
    return Number(Atomics.load(this.counts, 0))
  }

  /** Whether a write was refused: the site would be over the limit. */
  get exceeded(): boolean {
    return this.bytes > this.limit
  }

  /** Count `bytes` about to be written; throws `output/too-large` when they take the site over the limit. */
  spend(bytes: number): void {
    const before = Atomics.add(this.counts, 0, BigInt(bytes))
    if (Number(before) + bytes > this.limit) throw this.error()
  }

  /** Count a file (for the message that stops a build). */
  countFile(): void {
    Atomics.add(this.counts, 1, 1n)
  }

  /** The error that stops a build over the limit; `outcome` says what became of the output folder. */
  error(outcome = ''): BookgenError {
    const files = Number(Atomics.load(this.counts, 1))
    const written = Math.min(this.bytes, this.limit)
    return siteTooLarge(
      this.limit,
      `its first ${formatCount(files)} files came to ${formatBytes(written)}, and the build stopped there`,
      outcome,
    )
  }
}

/**
 * `output/too-large`: the site would pass `limit` bytes (`limits.siteBytes`); `found` says how far
 * the build got, `outcome` what became of the output folder.
 */
export function siteTooLarge(limit: number, found: string, outcome: string): BookgenError {
  return new BookgenError(
    `The site would be larger than ${formatBytes(limit)} (limits.siteBytes; GitHub Pages publishes sites of up to 1 GB): ${found}. Raise limits.siteBytes in the config to build it anyway.${outcome === '' ? '' : ` ${outcome}`}`,
    { ruleId: 'output/too-large' },
  )
}
