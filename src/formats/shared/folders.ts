/**
 * Folders of a flat export, made from each entry's list or folder path as the entries come: a
 * folder is made the first time an entry needs it and placed where that entry is. Top-level
 * folders named in `ordered` come first in that order (Pocket's "Unread" before "Read Archive",
 * whatever the rows' order); the other top-level folders follow in the order they first appear,
 * then the entries that have no folder. Iterative, any depth (`enforceLimits` bounds it later).
 */
import type { Bookmark, Folder } from '../../model/tree.js'
import type { At, ExportReader } from './service.js'

interface Entry {
  readonly folder: Folder
  readonly children: Map<string, Entry>
}

export class FolderPaths {
  private readonly top = new Map<string, Entry>()
  private readonly loose: Bookmark[] = []
  private readonly reader: ExportReader
  private readonly ordered: readonly string[]

  constructor(reader: ExportReader, ordered: readonly string[] = []) {
    this.reader = reader
    this.ordered = ordered
  }

  /** Put `bookmark` in the folder at `path` (titles from the top; empty: the root). */
  add(bookmark: Bookmark, path: readonly string[], at: At): void {
    if (path.length === 0) {
      this.loose.push(bookmark)
      return
    }
    let parent: Entry | undefined
    for (const title of path) {
      const level = parent?.children ?? this.top
      let entry = level.get(title)
      if (entry === undefined) {
        entry = { folder: this.reader.folder(title, at), children: new Map() }
        level.set(title, entry)
        parent?.folder.children.push(entry.folder)
      }
      parent = entry
    }
    parent!.folder.children.push(bookmark)
  }

  /** The root's children: the top-level folders in order (see above), then the loose entries. */
  children(): Array<Folder | Bookmark> {
    const first = this.ordered.flatMap((title) => this.top.get(title)?.folder ?? [])
    const rest = [...this.top.entries()]
      .filter(([title]) => !this.ordered.includes(title))
      .map(([, entry]) => entry.folder)
    return [...first, ...rest, ...this.loose]
  }
}
