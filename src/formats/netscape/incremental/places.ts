/**
 * The incremental reader's bookkeeping of places: the warnings of a re-read run spliced in among
 * the others, and the places after the run shifted by the change in length.
 */
import type { Node, Place } from '../../../model/tree.js'
import { shiftPlace, type Shift, type Step } from '../../shared/splice.js'
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

/** Warnings a full read reports at finish (after every warning made while reading). */
const FINISH_RULES: ReadonlySet<string> = new Set([
  'netscape/unclosed-list',
  SPACE_SPLIT_RULE,
  'netscape/dangling-alias',
])

/** Whether place `a` comes before place `b`. */
function placeBefore(a: { line: number; column: number }, b: { line: number; column: number }): boolean {
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

// ---- bytes -----------------------------------------------------------------------------------
