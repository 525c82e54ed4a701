/**
 * A fast byte diff of two versions of a file, for edits that are few and local (a sync commit
 * adds, removes, renames or moves a handful of bookmarks). It walks both buffers with native
 * comparisons (`Buffer.compare` over blocks, `indexOf` for anchors), so a 2 MB file with a few
 * edits costs a fraction of a millisecond — far less than a line diff, which hashes every line.
 *
 * The result is always a valid edit script: the bytes outside the edits are equal in both
 * versions and in the same order. It is not always the smallest one (an anchor line that occurs
 * twice can resynchronize early), which costs only a larger region read again by the caller.
 */

/** `old[oldStart, oldEnd)` was replaced by `new[newStart, newEnd)`. Edits are in order, disjoint. */
export interface ByteEdit {
  oldStart: number
  oldEnd: number
  newStart: number
  newEnd: number
}

export interface DiffOptions {
  /** Edits found before the rest of the file is given as one edit. Default: 1000. */
  maxEdits?: number
}

const LF = 0x0a
/** Blocks compared at once before the byte-by-byte tail. */
const BLOCK = 4096
/** Shortest anchor: whole lines adding up to at least this many bytes. */
const MIN_ANCHOR = 32
/** Longest anchor. */
const MAX_ANCHOR = 512
/** Anchors tried on each side before giving up on a resync. */
const ANCHOR_TRIES = 4
/** Bytes after a difference searched for an anchor (see `findNear`). */
const WINDOW = 64 * 1024

/** The edits that turn `a` into `b` (none when they are equal). */
export function diffBytes(a: Uint8Array, b: Uint8Array, options: DiffOptions = {}): ByteEdit[] {
  const maxEdits = options.maxEdits ?? 1000
  const left = asBuffer(a)
  const right = asBuffer(b)
  const edits: ByteEdit[] = []
  let i = 0
  let j = 0
  for (;;) {
    const common = commonPrefix(left, i, right, j)
    i += common
    j += common
    if (i === left.length && j === right.length) return edits
    const resync =
      i === left.length || j === right.length || edits.length >= maxEdits
        ? undefined
        : findResync(left, i, right, j)
    if (resync === undefined) {
      edits.push({ oldStart: i, oldEnd: left.length, newStart: j, newEnd: right.length })
      return edits
    }
    edits.push({ oldStart: i, oldEnd: resync.a, newStart: j, newEnd: resync.b })
    i = resync.a
    j = resync.b
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
}

/** Length of the common prefix of `a[i…]` and `b[j…]`. */
export function commonPrefix(a: Buffer, i: number, b: Buffer, j: number): number {
  const max = Math.min(a.length - i, b.length - j)
  let n = 0
  while (n + BLOCK <= max && a.compare(b, j + n, j + n + BLOCK, i + n, i + n + BLOCK) === 0) n += BLOCK
  while (n < max && a[i + n] === b[j + n]) n++
  return n
}

/**
 * Where the two versions agree again after a difference at `a[i]`/`b[j]`: the nearest pair of
 * positions (by bytes skipped on both sides) where an anchor — whole lines taken after the
 * difference on one side — is found on the other.
 */
function findResync(a: Buffer, i: number, b: Buffer, j: number): { a: number; b: number } | undefined {
  let best: { a: number; b: number; cost: number } | undefined
  const consider = (atA: number, atB: number): void => {
    const cost = atA - i + (atB - j)
    if (best === undefined || cost < best.cost) best = { a: atA, b: atB, cost }
  }
  for (const [from, to, fromStart, toStart, forward] of [
    [a, b, i, j, true],
    [b, a, j, i, false],
  ] as const) {
    let start = from.indexOf(LF, fromStart) + 1
    for (let tries = 0; tries < ANCHOR_TRIES && start > 0 && start < from.length; tries++) {
      // Anchors further than the best resync so far cannot beat it.
      if (best !== undefined && start - fromStart >= best.cost) break
      const end = anchorEnd(from, start)
      const found = findNear(to, from.subarray(start, end), toStart)
      if (found !== -1) {
        if (forward) consider(start, found)
        else consider(found, start)
        break
      }
      start = end
    }
  }
  if (best === undefined) {
    // Nothing near: look for the first anchor after the difference anywhere further on.
    const start = a.indexOf(LF, i) + 1
    if (start > 0 && start < a.length) {
      const found = b.indexOf(a.subarray(start, anchorEnd(a, start)), j)
      if (found !== -1) return { a: start, b: found }
    }
  }
  return best
}

/**
 * Where `needle` occurs in `haystack` from `from`, looking only `WINDOW` bytes on: the edits of a
 * sync commit are small, and an anchor that is not near is usually nowhere (it was edited too),
 * so an unbounded search would read the rest of the file for nothing.
 */
function findNear(haystack: Buffer, needle: Buffer, from: number): number {
  const end = Math.min(haystack.length, from + WINDOW + needle.length)
  const found = haystack.subarray(from, end).indexOf(needle)
  return found === -1 ? -1 : from + found
}

/** End of the anchor starting at `start`: whole lines, at least `MIN_ANCHOR` bytes when there are. */
function anchorEnd(bytes: Buffer, start: number): number {
  let end = start
  while (end - start < MIN_ANCHOR) {
    const lineEnd = bytes.indexOf(LF, end)
    if (lineEnd === -1) return Math.min(bytes.length, start + MAX_ANCHOR)
    end = lineEnd + 1
  }
  return Math.min(end, start + MAX_ANCHOR)
}
