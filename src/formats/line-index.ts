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
