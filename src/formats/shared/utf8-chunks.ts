import type { Message } from '../../model/message.js'
import type { WrittenText } from '../types.js'

/**
 * An output file's text, built from many small pieces and encoded as UTF-8 as they come, into
 * chunks of about 128 KiB. Each chunk goes to `sink` as soon as it is full: a caller writing a file
 * writes it then, and never holds the whole text (tens of megabytes for a large collection, twice
 * that as UTF-16), nor the hundreds of thousands of pieces, which die young.
 *
 * Each piece is encoded straight into the chunk's bytes. Joining the pieces into a string first
 * (and encoding that when the file is written) cost more than making them: the pieces are
 * concatenations that the join flattens. On a 100k-bookmark collection the browser HTML export
 * took 0.45 s to make, 0.31 s of it in the join, and the XBEL export 0.7 s, 0.54 s of it.
 */
export class Utf8Chunks {
  private bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES)
  private used = 0
  /** A high surrogate that ended the last piece: the next may start with its low half. */
  private held = ''
  private readonly sink: (chunk: Uint8Array) => void

  constructor(sink: (chunk: Uint8Array) => void) {
    this.sink = sink
  }

  push(piece: string): void {
    if (this.held !== '') {
      piece = this.held + piece
      this.held = ''
    }
    // Encoded alone, the halves of a surrogate pair split between two pieces would each become
    // U+FFFD: a high surrogate at the end waits for the next piece.
    const last = piece.charCodeAt(piece.length - 1)
    if (last >= 0xd800 && last <= 0xdbff) {
      this.held = piece.slice(-1)
      piece = piece.slice(0, -1)
    }
    // A UTF-16 code unit takes at most 3 bytes (a surrogate pair, two units, takes 4).
    const most = piece.length * 3
    if (this.used + most > this.bytes.length) {
      if (this.used > 0) this.flush()
      if (most > this.bytes.length) this.bytes = Buffer.allocUnsafeSlow(most)
    }
    // A lone surrogate becomes U+FFFD, as it does when the joined text is encoded.
    this.used += this.bytes.write(piece, this.used)
  }

  /** Hand on what is left; call once at the end. */
  end(): void {
    if (this.held !== '') {
      // A lone high surrogate at the very end: its 3 bytes of U+FFFD.
      if (this.used + 3 > this.bytes.length) this.flush()
      this.used += this.bytes.write(this.held, this.used)
      this.held = ''
    }
    if (this.used > 0) this.sink(this.bytes.subarray(0, this.used))
    this.used = 0
  }

  /** Hand on the chunk, and start a new one (the sink may keep the chunk it got). */
  private flush(): void {
    this.sink(this.bytes.subarray(0, this.used))
    this.bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES)
    this.used = 0
  }
}

const CHUNK_BYTES = 1 << 17

/** A streamed file's whole text (what `stream` hands its sink), with the warnings it returns. */
export function wholeText(stream: (sink: (chunk: Uint8Array) => void) => Message[]): WrittenText {
  const chunks: Uint8Array[] = []
  const warnings = stream((chunk) => chunks.push(chunk))
  return { text: Buffer.concat(chunks).toString('utf8'), warnings }
}
