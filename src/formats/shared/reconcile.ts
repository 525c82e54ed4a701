/**
 * Reuse of unchanged nodes after an incremental re-read: nodes parsed again from an edited region
 * are matched against the nodes they replace, and every one equal in content (fields in the same
 * order, with the same values) is replaced by the old object, so that later steps can tell
 * unchanged parts of the tree by identity. A reused node whose position in the file moved keeps
 * its object and gets its new `place` (returned as a move, applied by the caller once the re-read
 * is certain to succeed).
 */
import type { Folder, Node, Place } from '../../model/tree.js'

/** A node kept from the previous version, and the place it has in the new one. */
export interface Move {
  node: Node
  place: Place
}

/**
 * `fresh` with every node equal to one in `old` at the matching position replaced by that old
 * node. Nodes are paired from the front, then from the back, while their own fields match (a
 * folder whose fields match but whose children differ is paired, and ends the run); what is left
 * in the middle is paired by position when both sides have as many. Folders are matched field by
 * field and their children recursively, so a folder whose title changed still shares its
 * unchanged children. Each pair is compared once, so the cost is linear in the size of the trees.
 * `moves` receives the reused nodes whose place differs.
 */
export function reconcileNodes(fresh: readonly Node[], old: readonly Node[], moves: Move[]): Node[] {
  const result = fresh.slice()
  const limit = Math.min(fresh.length, old.length)
  let front = 0
  while (front < limit && sameOwnFields(fresh[front]!, old[front]!)) {
    const node = reconcileNode(fresh[front]!, old[front]!, moves, true)
    result[front++] = node
    if (node !== old[front - 1]) break
  }
  let back = 0
  while (
    back < limit - front &&
    sameOwnFields(fresh[fresh.length - 1 - back]!, old[old.length - 1 - back]!)
  ) {
    const previous = old[old.length - 1 - back]!
    const node = reconcileNode(fresh[fresh.length - 1 - back]!, previous, moves, true)
    result[fresh.length - 1 - back] = node
    back++
    if (node !== previous) break
  }
  // A middle of the same length on both sides: pair by position (an edited run of entries).
  if (fresh.length === old.length) {
    for (let at = front; at < fresh.length - back; at++)
      result[at] = reconcileNode(fresh[at]!, old[at]!, moves)
  }
  return result
}

/** Same type and same fields, children and place aside. */
function sameOwnFields(fresh: Node, old: Node): boolean {
  return fresh.type === old.type && sameFields(fresh, old, false)
}

/**
 * `old` when `fresh` has the same content (place aside); else `fresh`, or a copy of it whose
 * children share what they can. Never changes either node.
 */
function reconcileNode(fresh: Node, old: Node, moves: Move[], fieldsChecked = false): Node {
  if (fresh.type !== old.type) return fresh
  if (fresh.type !== 'folder') {
    if (!fieldsChecked && !sameFields(fresh, old, false)) return fresh
    noteMove(old, fresh.place, moves)
    return old
  }
  const oldFolder = old as Folder
  const children = reconcileNodes(fresh.children, oldFolder.children, moves)
  if ((fieldsChecked || sameFields(fresh, oldFolder, false)) && sameArray(children, oldFolder.children)) {
    noteMove(old, fresh.place, moves)
    return old
  }
  return sameArray(children, fresh.children) ? fresh : { ...fresh, children }
}

function noteMove(node: Node, place: Place | undefined, moves: Move[]): void {
  if (place === undefined || node.place === undefined) return
  if (
    place.line !== node.place.line ||
    place.column !== node.place.column ||
    place.file !== node.place.file
  ) {
    moves.push({ node, place })
  }
}

function sameArray(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * Whether two nodes carry the same fields in the same order with equal values. `children` is
 * left to the caller; `place` is compared only when `withPlace` is set.
 */
function sameFields(a: object, b: object, withPlace: boolean): boolean {
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!
    if (key !== keysB[i]) return false
    if (key === 'children' || (key === 'place' && !withPlace)) continue
    const x = (a as Record<string, unknown>)[key]
    const y = (b as Record<string, unknown>)[key]
    if (x !== y && (typeof x !== 'object' || !sameValue(x, y))) return false
  }
  return true
}

/** Deep equality of plain data (primitives, arrays, records), sensitive to key order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!
    if (key !== keysB[i]) return false
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false
  }
  return true
}

/** Deep equality of two node lists, places and children included (see `sameFields`). */
export function sameNodes(a: readonly Node[], b: readonly Node[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (x.type !== y.type || !sameFields(x, y, true)) return false
    if (x.type === 'folder' && !sameNodes(x.children, (y as Folder).children)) return false
  }
  return true
}
