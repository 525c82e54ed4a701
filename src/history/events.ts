/**
 * The flat view of an XBEL file that the fast history walk keeps: a list of events — a bookmark,
 * a folder opened or closed, a separator — each starting at a tag and running to the next event's
 * start, so the events tile the file. The scanner (`scan-xbel.ts`) finds where events start;
 * `tiles.ts` reads each event's fields and replays the folder structure over them.
 */

/** What starts an event. */
export type EventKind =
  /** Text before the first event (prologue). Only ever at offset 0. */
  | 'head'
  /** XBEL `<xbel>` and what precedes its first item (title, info, comments). */
  | 'root'
  /** XBEL `</xbel>`. */
  | 'end'
  /** `<bookmark>`. */
  | 'bookmark'
  /** `<folder>` (with its title, info and description). */
  | 'folder'
  /** XBEL `<folder/>`. */
  | 'empty-folder'
  /** `</folder>`. */
  | 'close'
  /** `<separator>`. */
  | 'separator'
  /** XBEL `<alias>`. */
  | 'alias'

export interface ScannedEvent {
  kind: EventKind
  /** Byte offset of the event's first tag (0 for `head`). */
  start: number
  /** Byte offset just after the first tag (`start` for `head`). */
  tagEnd: number
}

/** Finds event starts from a position, one at a time. */
export interface EventScanner {
  next(): ScannedEvent | undefined
}

/**
 * Thrown by the fast walk whenever a version holds something its scanners do not model (a
 * `<script>`, an alias, text that is not UTF-8, a tag cut off by the end of the file…): the
 * version is then read in full by the real reader.
 */
export class HistoryDoubt extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'HistoryDoubt'
  }
}
