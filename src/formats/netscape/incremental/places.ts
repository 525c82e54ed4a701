/**
 * The incremental reader's bookkeeping of places: the warnings of a re-read run spliced in among
 * the others, and the places after the run shifted by the change in length.
 */
import type { Folder, Node, Place } from '../../../model/tree.js'
import { LIMITS } from '../../shared/limits.js'
import { INFO_RULES, SPACE_SPLIT_RULE, spaceSplitMessage } from '../read.js'
import type { Message } from '../../../model/message.js'

export interface Region {
  /** Path to the folder holding the run; the run starts at `path.at(-1).index`. */
  path: Step[]
  /** Children of that folder replaced by the run (from the start index, this many). */
  count: number
  /** Byte offsets of the run in the old file. */
  start: number
  /** Where the run starts, in the old file (the same in the new one). */
  startPlace: Place
  end: number
  fresh: RegionRead
  old: RegionRead
}

export interface RegionRead {
  nodes: Node[]
  commaTags: number
  spaceSigns: number
  /** TAGS values split on spaces. */
  spaceSplits: number
  /** Informational warnings, placed in the file. */
  notes: Message[]
  /** Place of the first character after the run. */
  end: { line: number; column: number }
}

/** One level of the path from the root to the change: a folder and the index of a child. */
export interface Step {
  folder: Folder
  index: number
}

/** Warnings a full read reports at finish (after every warning made while reading). */
export const FINISH_RULES: ReadonlySet<string> = new Set([
  'netscape/unclosed-list',
  SPACE_SPLIT_RULE,
  'netscape/dangling-alias',
])

/** Whether place `a` comes before place `b`. */
export function placeBefore(
  a: { line: number; column: number },
  b: { line: number; column: number },
): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column)
}

/**
 * The file's warnings after a run is read again, as a full read gives them: the old run's
 * informational warnings replaced by the new run's (where a full read makes them, among those made
 * while reading), those after the run moved, and the count of TAGS split on spaces updated. A
 * string (why) when that cannot be done here: a rule at its limit, the first split in the run.
 */
export function spliceWarnings(
  previous: readonly Message[],
  region: Region,
  shift: Shift | undefined,
  spaceSplits: number,
): Message[] | string {
  const runStart = region.startPlace
  const freshNotes = region.fresh.notes
  const changedSplits = region.old.spaceSplits > 0 || region.fresh.spaceSplits > 0
  if (region.old.notes.length === 0 && freshNotes.length === 0 && !changedSplits)
    return shift === undefined
      ? (previous as Message[])
      : previous.map((warning) => shiftPlace(warning, shift))
  const counts = new Map<string, number>()
  const kept: Message[] = []
  for (const warning of previous) {
    if (INFO_RULES.has(warning.rule)) {
      // The old run's are replaced below.
      if (!placeBefore(warning, runStart) && placeBefore(warning, region.old.end)) continue
      counts.set(warning.rule, (counts.get(warning.rule) ?? 0) + 1)
    }
    kept.push(shift === undefined ? warning : shiftPlace(warning, shift))
  }
  for (const note of freshNotes) counts.set(note.rule, (counts.get(note.rule) ?? 0) + 1)
  for (const count of counts.values()) if (count >= LIMITS.warningsPerRule) return 'warning limit'
  // A full read makes the run's notes after the warnings made before the run, before the rest.
  let at = kept.findIndex(
    (warning) =>
      FINISH_RULES.has(warning.rule) ||
      warning.message.startsWith('… and ') ||
      !placeBefore(warning, runStart),
  )
  if (at === -1) at = kept.length
  kept.splice(at, 0, ...freshNotes)
  if (changedSplits) {
    const index = kept.findIndex((warning) => warning.rule === SPACE_SPLIT_RULE)
    // The warning is at the first value split: it must stay before the run.
    if (index === -1 || spaceSplits === 0 || !placeBefore(kept[index]!, runStart))
      return 'TAGS split on spaces'
    kept[index] = { ...kept[index]!, message: spaceSplitMessage(spaceSplits) }
  }
  return kept
}

/** Whether the reader splits TAGS on spaces, from the file's figures (see `NetscapeStats`). */
export function spacesSeparate(commaTags: number, spaceSigns: number): boolean {
  return commaTags === 0 && spaceSigns > 0
}

/** Whether a warning lies at or after `start` and before `end`. */
export function within(warning: Message, start: Place, end: { line: number; column: number }): boolean {
  const afterStart =
    warning.line > start.line || (warning.line === start.line && warning.column >= start.column)
  const beforeEnd = warning.line < end.line || (warning.line === end.line && warning.column < end.column)
  return afterStart && beforeEnd
}

/** Offset of the next `</DL>` (any case) at or after `from`, or -1. */
export function findCloseList(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 5 <= bytes.length; at++) {
    at = bytes.indexOf(0x3c, at)
    if (at === -1 || at + 5 > bytes.length) return -1
    if (
      bytes[at + 1] === 0x2f &&
      (bytes[at + 2]! | 0x20) === 0x64 &&
      (bytes[at + 3]! | 0x20) === 0x6c &&
      bytes[at + 4] === 0x3e
    ) {
      return at
    }
  }
  return -1
}

// ---- moving what comes after the change ------------------------------------------------------

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
export function shiftFollowing(root: Folder, steps: readonly Step[], firstAfter: number, shift: Shift): void {
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

// ---- bytes -----------------------------------------------------------------------------------
