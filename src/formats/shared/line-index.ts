/**
 * Offsets → 1-based line and column, for messages and node places. Built once per source text
 * (one pass to find line starts), then each lookup is a binary search.
 */
export interface LineColumn {
  line: number
  column: number
}

export class LineIndex {
  private readonly starts: Uint32Array

  constructor(text: string) {
    let count = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++
    const starts = new Uint32Array(count)
    let line = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1
    this.starts = starts
  }

  /** Line and column (both 1-based) of the UTF-16 offset `offset`. */
  locate(offset: number): LineColumn {
    const starts = this.starts
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >>> 1
      if (starts[mid]! <= offset) low = mid
      else high = mid - 1
    }
    return { line: low + 1, column: offset - starts[low]! + 1 }
  }
}

/**
 * `LineIndex` over `utf8ByteText`'s text, whose offsets count bytes: a column counts what the
 * decoded line holds before it, in UTF-16 units as `LineIndex` does (a character of four bytes is
 * two of them), so places are the same as in the decoded text.
 */
export class Utf8ByteLineIndex extends LineIndex {
  private readonly text: string

  constructor(text: string) {
    super(text)
    this.text = text
  }

  override locate(offset: number): LineColumn {
    const place = super.locate(offset)
    const text = this.text
    let column = 1
    for (let at = offset - place.column + 1; at < offset; at++) {
      const byte = text.charCodeAt(at)
      // Continuation bytes (10xxxxxx) add nothing; a four-byte sequence's lead adds two.
      if (byte < 0x80 || byte >= 0xc0) column += byte >= 0xf0 ? 2 : 1
    }
    place.column = column
    return place
  }
}
