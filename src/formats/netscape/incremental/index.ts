/**
 * Re-reading an edited Netscape bookmark file (the format's `reread`, used in watch mode and by
 * the history): the new bytes are compared with the last good version, and when the change lies
 * inside a run of entries of one folder that the reader can read on its own, only that run is read
 * again and spliced into a new collection. Every node outside the run, and every node inside it
 * whose content did not change, is the same object as before; only the folders on the path from
 * the root to the change are new. Nodes after the change keep their objects and get their new
 * `place` when the edit moved them (lines added or removed, or columns on the edited line);
 * warnings after it are moved the same way.
 *
 * The result is always what a full read would give (`test/formats/netscape/incremental/index.test.ts` checks this
 * on random edits). Whenever that is not certain — the change reaches the head of the file (the
 * charset declaration, the title), the encoding is not plain UTF-8, the run holds warnings,
 * aliases, scripts, a heading or the title, the change crosses a folder boundary that no larger
 * run contains cheaply, the file-wide TAGS separator would change — the file is read in full.
 */
import { walk, type Collection, type Place } from '../../../model/tree.js'
import { byteOrderMark } from '../../shared/decode.js'
import { enforceLimits, LIMITS } from '../../shared/limits.js'
import { mayHoldSeparatorBookmarks, readSeparatorBookmarks } from '../../shared/separator-bookmarks.js'
import { updateLineStarts } from '../../shared/line-index.js'
import { sameNodes } from '../../shared/reconcile.js'
import { readText } from '../../shared/text-source.js'
import type { Reread, ReparseOptions, RereadVersion, SourceInput } from '../../types.js'
import { INFO_RULES, parseNetscape, SPACE_SPLIT_RULE, spacesSeparate, type NetscapeStats } from '../read.js'
import { type Region, type RegionRead, spliceWarnings, findCloseList } from './places.js'
import { findRun, locateChange, spliceRun, Untaken, within, type RunCandidate } from '../../shared/splice.js'
import type { Message } from '../../../model/message.js'

/** What updating a version in part needs, kept from one version to the next. */
interface NetscapeState {
  /** TAGS values with a comma, in the whole file (see `NetscapeStats`). */
  readonly commaTags: number
  /** Signs of a space-separating producer, in the whole file (see `NetscapeStats`). */
  readonly spaceSigns: number
  /** TAGS values split on spaces, in the whole file (see `NetscapeStats`). */
  readonly spaceSplits: number
  /** Byte offset of the start of every line; built on first use. */
  lineStarts: Uint32Array | undefined
}

/** Bytes of a node's start tag (`<A `, `<H3 `, `<HR>`) that must be unchanged to start a run there. */
const TAG_MARGIN = 4
/** Text the reader treats by file-wide rules, or that changes state a run cannot see. */
const UNSAFE_TEXT = /<(?:script|style|title|h1)\b|alias(?:id|of)/i
const HEADER = '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p>'
/** Probes put after a run: an entry must come out of each, at its place (see `readRegion`). */
const PROBE = '<HR>'
const BOOKMARK_PROBE = '<A HREF="about:blank">,</A>'
const COMMA_MODE = '<A HREF="about:blank" TAGS=",">,</A>'
const SPACE_MODE = '<A HREF="about:blank" PRIVATE="0">,</A>'

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true })

export const netscapeReread: Reread = { read: readInFull, update: updateNetscape }

/** Read in full; the state is kept when the file is plain UTF-8 that read without repairs to its text. */
function readInFull(input: SourceInput): { collection: Collection; state: NetscapeState | undefined } {
  const stats: NetscapeStats = { commaTags: 0, spaceSigns: 0, spaceSplits: 0, rawText: false }
  const collection = readText(input, 'netscape', (text, file, encoding) =>
    parseNetscape(text, file, { encoding, stats }),
  )
  const decoded = input.text()
  const plain =
    collection.format === 'netscape' &&
    decoded.encoding === 'utf-8' &&
    decoded.warnings.length === 0 &&
    byteOrderMark(input.bytes) === undefined &&
    !stats.rawText &&
    !collection.warnings.some(
      (warning) => warning.rule === 'source/too-deep' || warning.rule === 'source/empty',
    )
  const { commaTags, spaceSigns, spaceSplits } = stats
  return {
    collection,
    state: plain ? { commaTags, spaceSigns, spaceSplits, lineStarts: undefined } : undefined,
  }
}

// ---- the incremental update ------------------------------------------------------------------

/** A run of a folder's children read again: the old and new node lists and where the run ends. */
function updateNetscape(
  previous: RereadVersion,
  bytes: Uint8Array,
  prefix: number,
  options: ReparseOptions,
): { collection: Collection; state: NetscapeState } | string {
  const state = previous.state as NetscapeState
  const old = previous.bytes
  const delta = bytes.length - old.length
  const change = locateChange(previous, state, bytes, prefix, TAG_MARGIN)
  if (change === 'before') return 'before the first entry'
  if (change === 'head') return change
  const { path, lineStarts, edit } = change
  const commaMode = state.commaTags > 0
  const spaceMode = spacesSeparate(state.commaTags, state.spaceSigns)
  const context = {
    old,
    bytes,
    delta,
    file: previous.file,
    commaMode,
    spaceMode,
    warnings: previous.collection.warnings,
  }
  const region = findRun(
    path,
    {
      ...edit,
      maxRegionBytes: options.maxRegionBytes,
      siblings: 3,
      closes: 4,
      closeAt: (from) => findCloseList(old, from),
    },
    (run) => tryRegion(run, context),
  )
  if (typeof region === 'string') return region
  const commaTags = state.commaTags - region.old.commaTags + region.fresh.commaTags
  if (commaTags > 0 !== commaMode) return 'TAGS separator'
  const spaceSigns = state.spaceSigns - region.old.spaceSigns + region.fresh.spaceSigns
  if (spacesSeparate(commaTags, spaceSigns) !== spaceMode) return 'TAGS separator'
  const spaceSplits = state.spaceSplits - region.old.spaceSplits + region.fresh.spaceSplits

  // Certain from here on: splice, then move what the edit moved.
  const { root, shift } = spliceRun(
    region.path,
    region.count,
    region.fresh.nodes,
    region.old.end,
    region.fresh.end,
  )
  const warnings = spliceWarnings(previous.collection.warnings, region, shift, spaceSplits)
  if (typeof warnings === 'string') return warnings
  const collection: Collection = { ...previous.collection, root, warnings }

  return {
    collection,
    state: {
      commaTags,
      spaceSigns,
      spaceSplits,
      lineStarts: updateLineStarts(lineStarts, bytes, region.start, region.end, delta),
    },
  }
}

interface RegionContext {
  old: Uint8Array
  bytes: Uint8Array
  delta: number
  file: string
  commaMode: boolean
  /** Whether spaces separate tags in the file (a probe then makes the run read that way too). */
  spaceMode: boolean
  warnings: readonly Message[]
}

/** `run` when it reads the same on its own as within the file, before and after. */
function tryRegion(run: RunCandidate, context: RegionContext): Region | Untaken | string {
  const { old, bytes, delta } = context
  const { steps, depth, nodes, start, place, end } = run
  const bookmark = run.next?.type === 'bookmark' || run.next?.type === 'alias'
  const oldRead = readRegion(old, start, end, place, depth, bookmark, context)
  if (typeof oldRead === 'string') return new Untaken(`old: ${oldRead}`)
  if (!sameNodes(oldRead.nodes, nodes)) return new Untaken('old: differs')
  // Informational warnings in the run are replaced by the new run's (see `spliceWarnings`).
  if (
    context.warnings.some((warning) => !INFO_RULES.has(warning.rule) && within(warning, place, oldRead.end))
  )
    return 'old: warnings'
  const fresh = readRegion(bytes, start, end + delta, place, depth, bookmark, context)
  if (typeof fresh === 'string') return new Untaken(`new: ${fresh}`, true)
  // A description's layout is its line's indentation: the next entry's line must start the same.
  if (!sameLineStart(old, end, bytes, end + delta)) return 'next line start'
  return { path: steps, count: nodes.length, start, startPlace: place, end, fresh, old: oldRead }
}

/**
 * Read `bytes[start, end)` as a run of entries of a folder `depth` levels below the root, starting
 * at `place`. The run is read inside a minimal document and followed by a probe: an entry that
 * must come out at the top level, at its place, which shows the run ends outside any tag, comment
 * or unclosed list, in the state the entry after it was read in. Before a bookmark the probe is a
 * bookmark (an open `<DD>` would take an `<A>` in as text); before a folder, a separator or the
 * end of the list, a separator (those end a description either way). A string (why) when the
 * run does not stand on its own (any warning).
 */
function readRegion(
  bytes: Uint8Array,
  start: number,
  end: number,
  place: Place,
  depth: number,
  beforeBookmark: boolean,
  context: RegionContext,
): RegionRead | string {
  let text: string
  try {
    text = fatalUtf8.decode(bytes.subarray(start, end))
  } catch {
    return 'not UTF-8'
  }
  if (UNSAFE_TEXT.test(text)) return 'unsafe text'
  const stats: NetscapeStats = { commaTags: 0, spaceSigns: 0, spaceSplits: 0, rawText: false }
  const collection = parseNetscape(
    `${HEADER}${text}${beforeBookmark ? BOOKMARK_PROBE : PROBE}${context.commaMode ? COMMA_MODE : ''}${context.spaceMode ? SPACE_MODE : ''}</DL>`,
    context.file,
    // A description's layout is the indentation of its tag's line: the run's first line is cut.
    { stats, firstLineIndent: indentOfLine(bytes, start) },
  )
  // As a full read does (`readText`): separators written as bookmarks are separators.
  if (mayHoldSeparatorBookmarks(text)) readSeparatorBookmarks(collection)
  // Counted in `spaceSplits`; informational ones are spliced in (see `spliceWarnings`).
  const notes = collection.warnings.filter((w) => INFO_RULES.has(w.rule))
  const others = collection.warnings.filter((w) => !INFO_RULES.has(w.rule) && w.rule !== SPACE_SPLIT_RULE)
  if (others.length > 0) return `warning ${others[0]!.rule}`
  collection.warnings = []
  enforceLimits(collection)
  if (collection.warnings.length > 0) return 'limits'
  const nodes = collection.root.children
  if (context.spaceMode && nodes.pop()?.type !== 'bookmark') return 'probe'
  if (context.commaMode && nodes.pop()?.type !== 'bookmark') return 'probe'
  const probe = nodes.pop()
  const lastBreak = text.lastIndexOf('\n')
  let lines = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++
  const probeLine = 1 + lines
  const probeColumn = lastBreak === -1 ? HEADER.length + text.length + 1 : text.length - lastBreak
  if (
    probe?.type !== (beforeBookmark ? 'bookmark' : 'separator') ||
    probe.place?.line !== probeLine ||
    probe.place.column !== probeColumn
  ) {
    return 'probe'
  }
  const move = (line: number, column: number): { line: number; column: number } =>
    line === 1
      ? { line: place.line, column: place.column + column - 1 - HEADER.length }
      : { line: place.line + line - 1, column }
  // Place the nodes in the file, and check the run does not nest folders too deep for the limits.
  for (const { node, depth: below } of walk(collection.root)) {
    if (node.place !== undefined)
      node.place = { file: node.place.file, ...move(node.place.line, node.place.column) }
    if (node.type === 'folder' && depth + below >= LIMITS.folderDepth) return 'too deep'
  }
  return {
    nodes,
    commaTags: stats.commaTags - (context.commaMode ? 1 : 0),
    spaceSigns: stats.spaceSigns - (context.spaceMode ? 1 : 0),
    spaceSplits: stats.spaceSplits,
    notes: notes.map((note) => ({ ...note, ...move(note.line, note.column) })),
    end: move(probeLine, probeColumn),
  }
}

/** Whether the text from the start of its line up to `a` in `old` is that up to `b` in `bytes`. */
function sameLineStart(old: Uint8Array, a: number, bytes: Uint8Array, b: number): boolean {
  for (;;) {
    if (a === 0 || b === 0) return a === b || (a === 0 ? bytes[b - 1] === 0x0a : old[a - 1] === 0x0a)
    const x = old[a - 1]!
    if (x !== bytes[b - 1]) return false
    if (x === 0x0a) return true
    a--
    b--
  }
}

/** The indentation (spaces and tabs) of the line of `bytes` that `offset` is on, up to `offset`. */
function indentOfLine(bytes: Uint8Array, offset: number): number {
  let start = offset
  while (start > 0 && bytes[start - 1] !== 0x0a) start--
  let end = start
  while (end < offset && (bytes[end] === 0x20 || bytes[end] === 0x09)) end++
  return end - start
}
