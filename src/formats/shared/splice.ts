/**
 * Splicing a run of a folder's children, read again after an edit, into a collection (the
 * re-readers of `netscape/incremental/` and `xbel/reread.ts`): finding the node the change starts
 * at, copying only the folders on the path to it, and moving the places of what follows.
 */
import type { Collection, Folder, Node, Place } from '../../model/tree.js'
import type { Message } from '../../model/message.js'
import { byteOrderMark, findDeclaredCharset, PRESCAN_BYTES, resolveLabel } from './decode.js'
import { byteOffset, commonSuffix, findLineStarts } from './line-index.js'
import { reconcileNodes, type Move } from './reconcile.js'

/** One level of the path from the root to the change: a folder and the index of a child. */
export interface Step {
  folder: Folder
  index: number
}

/** Whether the head of the new file still decodes as plain UTF-8, as before. */
function headStillPlain(bytes: Uint8Array, prefix: number): boolean {
  if (prefix < 3 && byteOrderMark(bytes) !== undefined) return false
  if (prefix < PRESCAN_BYTES) {
    const declared = findDeclaredCharset(bytes)
    if (declared !== undefined) {
      const encoding = resolveLabel(declared)
      if (encoding === undefined || !(encoding === 'utf-8' || encoding.startsWith('utf-16'))) return false
    }
  }
  return true
}

/**
 * Path from the root to the last node (in document order) whose first `margin` bytes lie wholly
 * before the change: the run read again starts there. Undefined when no such node exists.
 */
function pathToChange(
  root: Folder,
  prefix: number,
  offsetOf: (node: Node) => number | undefined,
  margin: number,
): Step[] | undefined {
  const path: Step[] = []
  let folder = root
  for (;;) {
    const children = folder.children
    let low = 0
    let high = children.length - 1
    let found = -1
    while (low <= high) {
      const mid = (low + high) >>> 1
      const offset = offsetOf(children[mid]!)
      if (offset === undefined) return undefined
      if (offset + margin <= prefix) {
        found = mid
        low = mid + 1
      } else high = mid - 1
    }
    if (found === -1) return path.length === 0 ? undefined : path
    path.push({ folder, index: found })
    const child = children[found]!
    if (child.type !== 'folder') return path
    folder = child
  }
}

/**
 * Where an edit falls in the previous version, as both re-readers start: the path to the node the
 * run read again starts at (`margin` as in `pathToChange`), the old file's line starts (kept in
 * `state`), and the edit's part of a `RunSearch`. `'head'` when the new head no longer decodes as
 * plain UTF-8, `'before'` when no node lies wholly before the change.
 */
export function locateChange(
  previous: { bytes: Uint8Array; collection: Collection },
  state: { lineStarts: Uint32Array | undefined },
  bytes: Uint8Array,
  prefix: number,
  margin: number,
):
  | { path: Step[]; lineStarts: Uint32Array; edit: Pick<RunSearch, 'old' | 'suffix' | 'bytes' | 'offsetOf'> }
  | 'head'
  | 'before' {
  const old = previous.bytes
  if (!headStillPlain(bytes, prefix)) return 'head'
  const suffix = commonSuffix(old, bytes, Math.min(old.length, bytes.length) - prefix)
  const lineStarts = (state.lineStarts ??= findLineStarts(old))
  const offsetOf = (node: Node): number | undefined =>
    node.place === undefined ? undefined : byteOffset(old, lineStarts, node.place)
  const path = pathToChange(previous.collection.root, prefix, offsetOf, margin)
  if (path === undefined) return 'before'
  return { path, lineStarts, edit: { old: old.length, suffix, bytes: bytes.length, offsetOf } }
}

/** Runs tried (each read twice, old and new) before a re-reader gives up. */
const MAX_ATTEMPTS = 12

/**
 * The edit a re-reader looks for runs around: lengths of the old file, of its unchanged end and of
 * the new file, and how the format ends a run (at most `siblings` later siblings, else at most
 * `closes` folder ends, found by `closeAt`: the first at or after `from` in the old file, or -1).
 */
interface RunSearch {
  old: number
  suffix: number
  bytes: number
  /** Longest run read, in the old or the new file (default: a quarter of the file, 16–512 KiB). */
  maxRegionBytes: number | undefined
  offsetOf: (node: Node) => number | undefined
  siblings: number
  closes: number
  closeAt(from: number, depth: number): number
}

/** A run to try: `nodes` (children of the last step's folder), from `start` to `end` in the old file. */
export interface RunCandidate {
  steps: Step[]
  depth: number
  nodes: Node[]
  start: number
  place: Place
  end: number
  /** The node just after the run (undefined: the run ends at its folder's end). */
  next: Node | undefined
}

/** A run not taken, and why: the next end is tried, or with `level` the next folder up. */
export class Untaken {
  readonly reason: string
  readonly level: boolean
  constructor(reason: string, level = false) {
    this.reason = reason
    this.level = level
  }
}

/**
 * The first run `attempt` takes of those that may hold the change, smallest first: from the node
 * the path ends at, then from each folder above it, ending at a later sibling in the unchanged
 * end, else at a folder end. A string (why) when none is taken or `attempt` stops.
 */
export function findRun<T extends object>(
  path: readonly Step[],
  search: RunSearch,
  attempt: (run: RunCandidate) => T | Untaken | string,
): T | string {
  const suffixStart = search.old - search.suffix
  const delta = search.bytes - search.old
  const maxRegion =
    search.maxRegionBytes ?? Math.min(512 * 1024, Math.max(16 * 1024, Math.floor(search.old / 4)))
  let attempts = 0
  let reason = 'no run'
  for (let depth = path.length; depth >= 1; depth--) {
    const steps = path.slice(0, depth)
    const { folder, index } = steps[depth - 1]!
    const first = folder.children[index]!
    const start = search.offsetOf(first)
    if (start === undefined || first.place === undefined) return 'no place'
    const found: Array<{ end: number; count: number; next: Node | undefined }> = []
    for (let at = index + 1; at < folder.children.length && found.length < search.siblings; at++) {
      const next = folder.children[at]!
      const offset = search.offsetOf(next)
      if (offset === undefined) return 'no place'
      if (offset >= suffixStart) found.push({ end: offset, count: at - index, next })
    }
    if (found.length === 0) {
      for (let at = Math.max(suffixStart, start + 1); found.length < search.closes; at++) {
        at = search.closeAt(at, depth)
        if (at === -1) break
        found.push({ end: at, count: folder.children.length - index, next: undefined })
      }
    }
    for (const { end, count, next } of found) {
      if (Math.max(end, end + delta) - start > maxRegion) return 'too large'
      if (++attempts > MAX_ATTEMPTS) return 'too many attempts'
      const nodes = folder.children.slice(index, index + count)
      const result = attempt({ steps, depth, nodes, start, place: first.place, end, next })
      if (!(result instanceof Untaken)) return result
      reason = result.reason
      if (result.level) break
    }
  }
  return reason
}

/**
 * The root after the `count` children from the path's last step are replaced by `fresh` (nodes
 * equal to the old ones kept, see `reconcileNodes`), the folders on the path copied, and the
 * places after the run moved from `oldEnd` to `newEnd`. Changes the places of kept nodes.
 */
export function spliceRun(
  steps: readonly Step[],
  count: number,
  fresh: readonly Node[],
  oldEnd: { line: number; column: number },
  newEnd: { line: number; column: number },
): { root: Folder; shift: Shift | undefined } {
  const last = steps[steps.length - 1]!
  const moves: Move[] = []
  const nodes = reconcileNodes(fresh, last.folder.children.slice(last.index, last.index + count), moves)
  const children = last.folder.children.slice()
  children.splice(last.index, count, ...nodes)
  let child: Folder = { ...last.folder, children }
  for (let level = steps.length - 2; level >= 0; level--) {
    const { folder, index } = steps[level]!
    const copied = folder.children.slice()
    copied[index] = child
    child = { ...folder, children: copied }
  }
  for (const { node, place } of moves) node.place = place
  const shift = placeShift(oldEnd, newEnd)
  if (shift !== undefined) shiftFollowing(child, steps, last.index + nodes.length, shift)
  return { root: child, shift }
}

/** Whether a warning lies at or after `start` and before `end`. */
export function within(warning: Message, start: Place, end: { line: number; column: number }): boolean {
  const afterStart =
    warning.line > start.line || (warning.line === start.line && warning.column >= start.column)
  const beforeEnd = warning.line < end.line || (warning.line === end.line && warning.column < end.column)
  return afterStart && beforeEnd
}

/** How places after the run move: lines by `lines`, and on the run's last line columns by `columns`. */
export interface Shift {
  line: number
  lines: number
  column: number
  columns: number
}

function placeShift(
  oldEnd: { line: number; column: number },
  newEnd: { line: number; column: number },
): Shift | undefined {
  if (oldEnd.line === newEnd.line && oldEnd.column === newEnd.column) return undefined
  return {
    line: oldEnd.line,
    lines: newEnd.line - oldEnd.line,
    column: oldEnd.column,
    columns: newEnd.column - oldEnd.column,
  }
}

export function shiftPlace<T extends { line: number; column: number }>(place: T, shift: Shift): T {
  if (place.line < shift.line || (place.line === shift.line && place.column < shift.column)) return place
  return {
    ...place,
    line: place.line + shift.lines,
    column: place.line === shift.line ? place.column + shift.columns : place.column,
  }
}

/**
 * Move every node after the run (document order): the rest of the run's folder, then the rest of
 * each folder up the path. When only columns moved, only nodes on the run's last line move.
 */
function shiftFollowing(root: Folder, steps: readonly Step[], firstAfter: number, shift: Shift): void {
  // Folders of the new tree along the path, root first.
  const folders: Folder[] = [root]
  for (let level = 0; level < steps.length - 1; level++) {
    folders.push(folders[level]!.children[steps[level]!.index] as Folder)
  }
  const stack: Node[] = []
  for (let level = steps.length - 1; level >= 0; level--) {
    const folder = folders[level]!
    const from = level === steps.length - 1 ? firstAfter : steps[level]!.index + 1
    for (let i = folder.children.length - 1; i >= from; i--) stack.push(folder.children[i]!)
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.place !== undefined) {
        if (shift.lines === 0 && node.place.line > shift.line) return
        const moved = shiftPlace(node.place, shift)
        if (moved !== node.place) node.place = moved
      }
      if (node.type === 'folder')
        for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
    }
  }
}
