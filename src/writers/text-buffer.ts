/**
 * An output text built from many small pieces. The pieces are joined into flat chunks of about
 * 128 KiB as they come, so they die young: held to the end, the hundreds of thousands of pieces
 * (and the concatenation trees inside them) of a large collection would be copied by every
 * young-generation garbage collection, which costs more than building them. A chunk that size is
 * allocated outside the young generation, and never copied.
 */
export class TextBuffer {
  private pieces: string[] = []
  private length = 0
  private readonly chunks: string[] = []

  push(piece: string): void {
    this.pieces.push(piece)
    this.length += piece.length
    if (this.length >= 131_072) {
      this.chunks.push(this.pieces.join(''))
      this.pieces = []
      this.length = 0
    }
  }

  /** The whole text. */
  text(): string {
    this.chunks.push(this.pieces.join(''))
    this.pieces = []
    this.length = 0
    return this.chunks.join('')
  }
}
