/**
 * Splicing a run of a folder's children, read again after an edit, into a collection (the
 * re-readers of `netscape/incremental/` and `xbel/reread.ts`): finding the node the change starts
 * at, copying only the folders on the path to it, and moving the places of what follows.
 */
import type { Folder, Node, Place } from '../../model/tree.js'
import type { Message } from '../../model/message.js'
import { byteOrderMark, findDeclaredCharset, PRESCAN_BYTES, resolveLabel } from './decode.js'
import { reconcileNodes, type Move } from './reconcile.js'

/** One level of the path from the root to the change: a folder and the index of a child. */
export interface Step {
  folder: Folder
  index: number
}

/** Whether the head of the new file still decodes as plain UTF-8, as before. */
export function headStillPlain(bytes: Uint8Array, prefix: number): boolean {
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
export function pathToChange(
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

export function placeShift(
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
