/**
 * The site-size guard: the bytes a site may take (`limits.siteBytes`, GitHub Pages' 1 GB by
 * default), counted as its files go into the staging folder.
 * The write that would pass the limit throws before its bytes are written, so a source that would
 * make a 15 GB site stops the build at 1 GB, with the previous site as it was.
 */
import { BookgenError } from '../model/errors.js'
import { formatBytes, formatCount } from '../model/numbers.js'

/** Bytes (and files) written into a site, against its limit. */
export class SiteBudget {
  readonly limit: number
  /** Bytes counted so far. */
  bytes = 0
  private files = 0

  /** A new budget of `limit` bytes. */
  constructor(limit: number) {
    this.limit = limit
  }

  /** Whether a write was refused: the site would be over the limit. */
  get exceeded(): boolean {
    return this.bytes > this.limit
  }

  /** Count `bytes` about to be written; throws `output/too-large` when they take the site over the limit. */
  spend(bytes: number): void {
    this.bytes += bytes
    if (this.bytes > this.limit) throw this.error()
  }

  /** Count a file (for the message that stops a build). */
  countFile(): void {
    this.files += 1
  }

  /** The error that stops a build over the limit; `outcome` says what became of the output folder. */
  error(outcome = ''): BookgenError {
    const written = Math.min(this.bytes, this.limit)
    return siteTooLarge(
      this.limit,
      `its first ${formatCount(this.files)} files came to ${formatBytes(written)}, and the build stopped there`,
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
    { rule: 'output/too-large' },
  )
}
