/**
 * An output text built from many small pieces. The pieces are joined into flat chunks of about
 * 128 KiB as they come, so they die young: held to the end, the hundreds of thousands of pieces
 * (and the concatenation trees inside them) of a large collection would be copied by every
 * young-generation garbage collection, which costs more than building them. A chunk that size is
 * allocated outside the young generation, and never copied.
 *
 * Each chunk goes to `sink` as soon as it is complete: a caller writing a file writes it then, and
 * never holds the whole text (tens of megabytes for a large collection, twice that as UTF-16).
 */
export class TextBuffer {
  private pieces: string[] = []
  private length = 0
  private readonly sink: (chunk: string) => void

  constructor(sink: (chunk: string) => void) {
    this.sink = sink
  }

  push(piece: string): void {
    this.pieces.push(piece)
    this.length += piece.length
    if (this.length >= 131_072) this.flush()
  }

  /** Hand on what is left; call once at the end. */
  end(): void {
    if (this.length > 0) this.flush()
  }

  private flush(): void {
    this.sink(this.pieces.join(''))
    this.pieces = []
    this.length = 0
  }
}
