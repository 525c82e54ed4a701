/**
 * Re-reading an edited XBEL file (the format's `reread`, used in watch mode and by the history):
 * when the change lies inside a run of one folder's children, only that run is read again — by the
 * fast scan, in a document that nests it as deep, its line's indentation before it — and spliced
 * in (`shared/splice.ts`), every other node kept. The file is read in full whenever that might not
 * give what a full read does: the change reaches the head (declaration, DOCTYPE, root and its
 * namespaces), the file is not UTF-8 read by the fast scan, the run holds or held warnings,
 * aliases, ids in bookgen's metadata, a DOCTYPE or the document title, its ids change, or no run
 * of one folder's children holds the change cheaply.
 */
import { isUtf8 } from 'node:buffer'
import { walk, type Collection, type Folder, type Node, type Place } from '../../model/tree.js'
import { byteOrderMark } from '../shared/decode.js'
import { updateLineStarts, Utf8ByteLineIndex } from '../shared/line-index.js'
import { enforceLimits } from '../shared/limits.js'
import { sameNodes } from '../shared/reconcile.js'
import {
  isSeparatorBookmark,
  mayHoldSeparatorBookmarks,
  readSeparatorBookmarks,
} from '../shared/separator-bookmarks.js'
import {
  findRun,
  locateChange,
  shiftPlace,
  spliceRun,
  within,
  type RunCandidate,
  Untaken,
} from '../shared/splice.js'
import type { Reread, ReparseOptions, RereadVersion, SourceInput } from '../types.js'
import { XbelReader } from './read.js'
import { scanXml } from './scan.js'
import type { XmlTreeHandler } from './tree.js'

/** How a full read went (see `readXbel`). */
export interface XbelReadStats {
  careful: boolean
  fromBytes: boolean
}

/** Byte offset of the start of every line of the version kept; built on first use. */
interface XbelState {
  lineStarts: Uint32Array | undefined
}

/** A run read on its own: its nodes placed in the file, the place after it, its ids in order. */
interface RunRead {
  nodes: Node[]
  end: { line: number; column: number }
  ids: string
}

/** Text whose meaning reaches beyond the run: aliases and ids, the document title, a DOCTYPE. */
const UNSAFE_TEXT = /<alias\b|<(?:[\w.-]+:)?id[\s/>]|document-title|<!DOCTYPE/

/** The re-reader of XBEL files that `read` reads. */
export function xbelReread(read: (input: SourceInput, stats: XbelReadStats) => Collection): Reread {
  return {
    read(input) {
      const stats: XbelReadStats = { careful: false, fromBytes: false }
      const collection = read(input, stats)
      const plain =
        !stats.careful &&
        collection.format === 'xbel' &&
        byteOrderMark(input.bytes) === undefined &&
        (stats.fromBytes || (input.text().encoding === 'utf-8' && input.text().warnings.length === 0)) &&
        !collection.warnings.some((w) => w.rule === 'source/too-deep' || w.rule === 'source/empty')
      return { collection, state: plain ? { lineStarts: undefined } : undefined }
    },
    update: updateXbel,
  }
}

function updateXbel(
  previous: RereadVersion,
  bytes: Uint8Array,
  prefix: number,
  options: ReparseOptions,
): { collection: Collection; state: XbelState } | string {
  const state = previous.state as XbelState
  const old = previous.bytes
  // The run starts at a node whose `<` is before the change: the head and the root's tag are kept.
  const change = locateChange(previous, state, bytes, prefix, 1)
  if (change === 'before') return 'before the first node'
  if (change === 'head') return change
  const { path, lineStarts, edit } = change
  const oldText = Buffer.from(old.buffer, old.byteOffset, old.length)
  const run = findRun(
    path,
    {
      ...edit,
      maxRegionBytes: options.maxRegionBytes,
      // A folder's end is a closing tag in the unchanged end (of the folder, it is hoped).
      siblings: 2,
      closes: 3,
      closeAt: (from, depth) => oldText.indexOf(depth === 1 ? '</xbel' : '</folder', from),
    },
    (candidate) => tryRun(candidate, previous, bytes),
  )
  if (typeof run === 'string') return run
  const { steps, nodes, start, end } = run.run
  const { root, shift } = spliceRun(steps, nodes.length, run.fresh.nodes, run.old.end, run.fresh.end)
  const warnings =
    shift === undefined
      ? previous.collection.warnings
      : previous.collection.warnings.map((warning) => shiftPlace(warning, shift))
  return {
    collection: { ...previous.collection, root, warnings },
    state: { lineStarts: updateLineStarts(lineStarts, bytes, start, end, bytes.length - old.length) },
  }
}

/** `run` when it reads on its own as it does in the file, before and after, without warnings. */
function tryRun(
  run: RunCandidate,
  previous: RereadVersion,
  bytes: Uint8Array,
): { run: RunCandidate; old: RunRead; fresh: RunRead } | Untaken | string {
  const { start, end, place, depth } = run
  const old = readRun(previous.bytes, start, end, place, depth, previous.file)
  if (typeof old === 'string' || !sameNodes(old.nodes, run.nodes))
    return new Untaken(`old: ${typeof old === 'string' ? old : 'differs'}`)
  if (previous.collection.warnings.some((warning) => within(warning, place, old.end))) return 'old: warnings'
  const newEnd = end + bytes.length - previous.bytes.length
  const fresh = readRun(bytes, start, newEnd, place, depth, previous.file)
  if (typeof fresh === 'string') return new Untaken(`new: ${fresh}`, true)
  // Ids decide duplicate warnings and aliases across the file.
  if (fresh.ids !== old.ids) return 'ids'
  return { run, old, fresh }
}

/**
 * Read `bytes[start, end)` as children of a folder `depth` levels below the root, starting at
 * `place`: inside `<xbel>` and `depth - 1` folders (so that nesting limits apply alike), on a line
 * of its own after the indentation it has in the file (a `<desc>`'s layout depends on it). A
 * string (why) when the run does not read on its own as in the file.
 */
function readRun(
  bytes: Uint8Array,
  start: number,
  end: number,
  place: Place,
  depth: number,
  file: string,
): RunRead | string {
  const run = bytes.subarray(start, end)
  if (!isUtf8(run)) return 'not UTF-8'
  const indent = bytes.subarray(start - (place.column - 1), start)
  if (indent.some((byte) => byte !== 0x20 && byte !== 0x09)) return 'not at the start of a line'
  const text = Buffer.from(run.buffer, run.byteOffset, run.length).toString('latin1')
  if (UNSAFE_TEXT.test(text)) return 'unsafe text'
  const head = `<xbel>${'<folder>'.repeat(depth - 1)}\n${Buffer.from(indent).toString('latin1')}`
  const document = `${head}${text}${'</folder>'.repeat(depth - 1)}</xbel>`
  const lines = new Utf8ByteLineIndex(document)
  const reader = new XbelReader(file, 'utf-8', lines, document)
  // A `<title>`, `<desc>` or `<info>` among the run's nodes would be the folder's, outside the run.
  let levels = 0
  let other = false
  const guard: XmlTreeHandler = {
    open: (element) => {
      const taken = reader.open(element)
      if (taken) levels++
      return taken
    },
    child: (node) => {
      other ||=
        levels === depth && typeof node !== 'string' && node.type === 'element' && node.name !== 'separator'
      reader.child(node)
    },
    close: () => {
      levels--
      reader.close()
    },
  }
  if (!scanXml(document, guard, true) || other) return 'not a run of nodes'
  const collection = reader.finish()
  enforceLimits(collection)
  if (collection.warnings.length > 0) return `warning ${collection.warnings[0]!.rule}`
  // As a full read does, where the file may hold them (see `mayHoldSeparatorBookmarks`).
  if (mayHoldSeparatorBookmarks(text)) readSeparatorBookmarks(collection)
  let folder = collection.root
  for (let level = 1; level < depth; level++) folder = folder.children[0] as Folder
  const ids: string[] = []
  for (const { node } of walk(folder)) {
    if (node.type === 'bookmark' && isSeparatorBookmark(node)) return 'separator bookmark'
    if (node.place !== undefined) node.place = { ...node.place, line: node.place.line + place.line - 2 }
    if ((node.type === 'bookmark' || node.type === 'folder') && node.id !== undefined) ids.push(node.id)
  }
  const after = lines.locate(head.length + text.length)
  return { nodes: folder.children, end: { ...after, line: after.line + place.line - 2 }, ids: ids.join('\n') }
}
