/**
 * The fast walk over XBEL versions: a version is kept as tiles — one per event (`events.ts`), each
 * running from its tag to the next event — with the record of each bookmark and the folder path
 * after each tile. The next version is compared with `diffBytes`; only the tiles an edit touches
 * are read again (each as a tiny XBEL document, by the real reader), and the bookmarks they held
 * are swapped for those the new bytes hold. A sync commit that adds, removes or renames a few
 * bookmarks in a 10k-bookmark file costs a fraction of a millisecond instead of a full parse.
 *
 * Whatever the tiles cannot model exactly — a folder renamed (every path below it changes),
 * entities declared in the DOCTYPE, a non-UTF-8 file, a scan doubt — throws `HistoryDoubt`, and the
 * caller reads the version in full. The caller also checks the newest version against a full parse.
 */
import type { Bookmark, Collection, Folder } from '../model/tree.js'
import { parseXbel } from '../formats/xbel/read.js'
import { diffBytes } from './byte-diff.js'
import { HistoryDoubt, type EventKind } from './events.js'
import { isFloccusSeparator } from '../formats/shared/separator-bookmarks.js'
import { folderPathTitle, recordOfBookmark, samePath, type BookmarkRecord } from './records.js'
import { scanXbel } from './scan-xbel.js'

export interface Tiles {
  bytes: Buffer
  starts: number[]
  kinds: EventKind[]
  /** The record of each bookmark tile with a URL (undefined for every other tile). */
  records: Array<BookmarkRecord | undefined>
  /** Folder path in effect after each tile (for the items that follow it). */
  paths: Array<readonly string[]>
}

/** A run of bookmarks replaced: `remove` records from record index `at` gave way to `records`. */
export interface Splice {
  at: number
  remove: number
  records: BookmarkRecord[]
}

/** Whether `bytes` is XBEL the tiles can model (UTF-8, no declared entities). */
export function canTile(bytes: Buffer): boolean {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 4096))
  const root = head.indexOf('<xbel')
  if (root === -1) return false
  const declared = /encoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1]
  if (declared !== undefined && !/^utf-?8$/i.test(declared)) return false
  // Entities are declared in the DOCTYPE, before the root element.
  return !head.slice(0, root).includes('<!ENTITY')
}

/** Tile a whole version. */
export function tile(bytes: Buffer): Tiles {
  if (!canTile(bytes)) throw new HistoryDoubt('not XBEL the tiles can model')
  const tiles: Tiles = { bytes, starts: [], kinds: [], records: [], paths: [] }
  const end = readRegion(bytes, 0, bytes.length, [], tiles)
  if (end.length !== 0) throw new HistoryDoubt('folders left open at the end')
  return tiles
}

/** The tiles of `next`, and the splices that turn `previous`'s records into its records. */
export function retile(previous: Tiles, next: Buffer): { tiles: Tiles; splices: Splice[] } {
  if (!canTile(next)) throw new HistoryDoubt('not XBEL the tiles can model')
  const old = previous.bytes
  const edits = diffBytes(old, next, { maxEdits: 200 })
  const { starts } = previous
  const count = starts.length
  // Record index of each tile's first record: records before it.
  const tiles: Tiles = { bytes: next, starts: [], kinds: [], records: [], paths: [] }
  const splices: Splice[] = []
  let copied = 0 // tiles of `previous` copied or replaced so far
  let recordIndex = 0 // records of `previous` before tile `copied`
  let shift = 0 // next offset − old offset after the last region
  let e = 0
  while (e < edits.length) {
    // The tiles the edit touches: from the one holding the byte before it to the one its end is in.
    let first = tileAt(starts, Math.max(0, edits[e]!.oldStart - 1))
    if (first < copied) first = copied
    let last = tileAt(starts, edits[e]!.oldEnd) // inclusive
    // Edits whose tiles meet are one region.
    while (e + 1 < edits.length && tileAt(starts, Math.max(0, edits[e + 1]!.oldStart - 1)) <= last + 1) {
      e++
      last = Math.max(last, tileAt(starts, edits[e]!.oldEnd))
    }
    const regionShift = edits[e]!.newEnd - edits[e]!.oldEnd
    e++
    for (; copied < first; copied++) {
      copyTile(previous, copied, shift, tiles)
      if (previous.records[copied] !== undefined) recordIndex++
    }
    const oldStart = starts[first]!
    const oldEnd = last + 1 < count ? starts[last + 1]! : old.length
    const newStart = oldStart + shift
    const newEnd = oldEnd + regionShift
    const before = first === 0 ? [] : previous.paths[first - 1]!
    const recordsBefore = tiles.records.length
    const after = readRegion(next, newStart, newEnd, before, tiles)
    if (!samePath(after, previous.paths[last]!)) throw new HistoryDoubt('the folders around an edit changed')
    let removed = 0
    for (let i = first; i <= last; i++) if (previous.records[i] !== undefined) removed++
    const added: BookmarkRecord[] = []
    for (let i = recordsBefore; i < tiles.records.length; i++) {
      const record = tiles.records[i]
      if (record !== undefined) added.push(record)
    }
    splices.push({ at: recordIndex, remove: removed, records: added })
    recordIndex += removed
    copied = last + 1
    shift = regionShift
  }
  for (; copied < count; copied++) copyTile(previous, copied, shift, tiles)
  return { tiles, splices }
}

/** Index of the tile holding byte `offset`. */
function tileAt(starts: readonly number[], offset: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (starts[middle]! <= offset) low = middle
    else high = middle - 1
  }
  return low
}

function copyTile(from: Tiles, index: number, shift: number, to: Tiles): void {
  to.starts.push(from.starts[index]! + shift)
  to.kinds.push(from.kinds[index]!)
  to.records.push(from.records[index])
  to.paths.push(from.paths[index]!)
}

/**
 * Read the tiles of `bytes[start, end)` — `start` is a tile's start, and a tile must start at
 * `end` (or `end` is the end of the file) — into `tiles`; the path after the last one.
 */
function readRegion(
  bytes: Buffer,
  start: number,
  end: number,
  path: readonly string[],
  tiles: Tiles,
): readonly string[] {
  const scanner = scanXbel(bytes, start)
  const found: Array<{ kind: EventKind; start: number }> = []
  for (;;) {
    const event = scanner.next()
    if (event === undefined || event.start >= end) {
      if (event === undefined ? end !== bytes.length : event.start !== end)
        throw new HistoryDoubt('an edit does not end where a tile starts')
      break
    }
    found.push({ kind: event.kind, start: event.start })
  }
  for (const [index, { kind, start: at }] of found.entries()) {
    const to = index + 1 < found.length ? found[index + 1]!.start : end
    let record: BookmarkRecord | undefined
    switch (kind) {
      case 'head':
      case 'root':
      case 'end':
        path = []
        break
      case 'close':
        if (path.length === 0) throw new HistoryDoubt('a folder closed at the top')
        path = path.slice(0, -1)
        break
      case 'folder':
        path = [...path, folderTitle(bytes, at, to)]
        break
      case 'bookmark':
        record = bookmarkRecord(bytes, at, to, path)
        break
      case 'empty-folder':
      case 'separator':
      case 'alias':
        break
      default:
        throw new HistoryDoubt(`a ${kind} event in XBEL`)
    }
    tiles.starts.push(at)
    tiles.kinds.push(kind)
    tiles.records.push(record)
    tiles.paths.push(path)
  }
  return path
}

/** The one item of a tile read as an XBEL document. */
function readItem(bytes: Buffer, start: number, end: number, close: string): Bookmark | Folder {
  const text = `<xbel>${bytes.toString('utf8', start, end)}${close}</xbel>`
  let collection: Collection
  try {
    collection = parseXbel(text, 'tile.xbel')
  } catch {
    // Not well-formed on its own (or at all): the version is read in full, which says why.
    throw new HistoryDoubt('a tile cannot be read on its own')
  }
  const items = collection.root.children
  const item = items[0]
  if (items.length !== 1 || item === undefined || (item.type !== 'bookmark' && item.type !== 'folder'))
    throw new HistoryDoubt('a tile is not one item')
  if (
    collection.warnings.some(
      (warning) => warning.rule.includes('not-well-formed') || warning.rule.endsWith('/recovered'),
    )
  )
    throw new HistoryDoubt('a tile needs repairs')
  return item
}

function folderTitle(bytes: Buffer, start: number, end: number): string {
  const folder = readItem(bytes, start, end, '</folder>')
  if (folder.type !== 'folder') throw new HistoryDoubt('a folder tile holds no folder')
  return folderPathTitle(folder)
}

function bookmarkRecord(
  bytes: Buffer,
  start: number,
  end: number,
  path: readonly string[],
): BookmarkRecord | undefined {
  const bookmark = readItem(bytes, start, end, '')
  if (bookmark.type !== 'bookmark') throw new HistoryDoubt('a bookmark tile holds no bookmark')
  if (isFloccusSeparator(bookmark.href)) return undefined
  return recordOfBookmark(bookmark, path)
}
