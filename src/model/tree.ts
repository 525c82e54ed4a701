/**
 * The normalized bookmark tree: one model for every source format.
 *
 * Readers (Netscape HTML, XBEL, Desktop Bookmark XBEL) turn a file into a `Collection`; renderers,
 * writers and the search index only ever see this model. Every element and attribute the format
 * specifications name has a field here, so a conversion keeps what both formats can carry.
 *
 * Dates are instants: milliseconds since the Unix epoch (UTC), whatever unit or text form the
 * source used. Absent fields are left out (never `undefined`-valued keys in JSON output).
 */
import type { Message } from './message.js'

/** Where a node came from in its source file (1-based line and column, counted in UTF-16 units). */
export interface Place {
  readonly file: string
  readonly line: number
  readonly column: number
}

/** An XML element kept verbatim, for XBEL `<metadata>` content bookgen does not interpret. */
export interface XmlElement {
  readonly name: string
  /** Attributes in source order; a null-prototype record, so names such as `__proto__` are plain keys. */
  readonly attributes: Readonly<Record<string, string>>
  readonly children: readonly XmlNode[]
}

/** A child of an opaque XML element: an element or a run of text. */
export type XmlNode = XmlElement | string

/**
 * One XBEL `<info><metadata owner="…">` block. Blocks bookgen understands (freedesktop.org, bookgen's
 * own) are turned into typed fields and keep here only what was left over; every other owner's block
 * is kept whole and written back unchanged.
 */
export interface Metadata {
  readonly owner: string
  /** Attributes of `<metadata>` other than `owner` (namespace declarations among them). */
  readonly attributes: Readonly<Record<string, string>>
  readonly children: readonly XmlNode[]
}

/** Desktop Bookmark `<bookmark:application>`: an application that registered the bookmark. */
export interface Application {
  readonly name: string
  readonly exec?: string
  /** Registrations by this application (the spec's default is 1 when absent). */
  readonly count?: number
  /** Last registration, from the ISO 8601 `modified` attribute. */
  readonly modified?: number
  /** Last registration, from the deprecated `timestamp` attribute (seconds since the epoch). */
  readonly timestamp?: number
}

/** Desktop Bookmark `<bookmark:icon>`. */
export interface DesktopIcon {
  readonly href?: string
  readonly name?: string
  readonly type?: string
}

/** Fields shared by folders and bookmarks. */
interface ItemFields {
  /** Display title (may be empty). XBEL `<title>`, Netscape `<A>`/`<H3>` text. */
  title: string
  /** XBEL `<desc>`, Netscape `<DD>` (plain text; markup in the source is kept as text). */
  description?: string
  /** XBEL `id`, Netscape `ALIASID`: what aliases refer to. */
  id?: string
  /** XBEL `added`, Netscape `ADD_DATE`. */
  added?: number
  /** XBEL `modified` (bookmarks), Netscape `LAST_MODIFIED`. */
  modified?: number
  /** XBEL `icon` attribute: an icon *name*, not a URI. */
  iconName?: string
  /** Netscape `ICON`: the favicon as a data URI (or URL). */
  icon?: string
  /** Netscape `ICON_URI`: where the favicon came from. */
  iconUri?: string
  /** XBEL `<info>` blocks bookgen keeps opaque (see `Metadata`). */
  info?: Metadata[]
  /** Source attributes that no specification names, kept as written (name → value). */
  attributes?: Record<string, string>
  place?: Place
}

export interface Bookmark extends ItemFields {
  readonly type: 'bookmark'
  /** The URL as found (entities decoded once). Absent for e.g. a Firefox livemark without a site. */
  href?: string
  /** Tags: Netscape `TAGS`, Desktop Bookmark `bookmark:groups`. Trimmed, non-empty, unique, in order. */
  tags: string[]
  /** XBEL `visited`, Netscape `LAST_VISIT`. */
  visited?: number
  /** Netscape `PRIVATE`, Desktop Bookmark `<bookmark:private/>`. */
  private?: boolean
  /** Netscape `TOREAD` (Pinboard). */
  toRead?: boolean
  /** Netscape `SHORTCUTURL`: the address-bar keyword. */
  shortcutUrl?: string
  /** Netscape `POST_DATA` (keyword searches that POST). */
  postData?: string
  /** Netscape `LAST_CHARSET`. */
  lastCharset?: string
  /** Netscape `FEED="true"`. */
  feed?: boolean
  /** Netscape `FEEDURL`: a live bookmark's feed. */
  feedUrl?: string
  /** Netscape `WEBSLICE="true"`. */
  webSlice?: boolean
  /** Netscape `ISLIVEPREVIEW`. */
  isLivePreview?: boolean
  /** Netscape `PREVIEWSIZE`, e.g. `"300 x 200"`. */
  previewSize?: string
  /** Desktop Bookmark `mime:mime-type`. */
  mimeType?: string
  /** Desktop Bookmark `bookmark:applications`. */
  applications?: Application[]
  /** Desktop Bookmark `bookmark:icon`. */
  desktopIcon?: DesktopIcon
  /**
   * Dates that did not come from the file: `'history'` when `added` or `modified` was taken from
   * the Git history of the source (see `src/history/`). Absent when every date is the file's own.
   */
  dateSources?: { added?: 'history'; modified?: 'history' }
}

export interface Folder extends ItemFields {
  readonly type: 'folder'
  /**
   * XBEL `folded` (yes/no; absent means yes, the DTD default), Netscape `FOLDED` (absent means open).
   * Readers always set it on folders other than the root, so a conversion keeps the meaning.
   */
  folded?: boolean
  /** XBEL `toolbar="yes"`, Netscape `PERSONAL_TOOLBAR_FOLDER`. Only ever `true` (absent is no). */
  toolbar?: boolean
  /** Netscape `UNFILED_BOOKMARKS_FOLDER` (Firefox's "Other Bookmarks"). Only ever `true`. */
  unfiled?: boolean
  /** Children in document order. */
  children: Node[]
  /**
   * The name its URL path segment is made from instead of its title: a source's `slug` in the
   * config, on its section of a site of several sources. Never read from or written to a file.
   */
  slug?: string
}

/** XBEL `<separator/>`, Netscape `<HR>`. */
export interface Separator {
  readonly type: 'separator'
  place?: Place
}

/** XBEL `<alias ref>`, Netscape `ALIASOF`: a second appearance of a bookmark or folder. */
export interface Alias {
  readonly type: 'alias'
  /** The `id` of the bookmark or folder it stands for. */
  ref: string
  place?: Place
}

export type Node = Folder | Bookmark | Separator | Alias

/** The name of the format a collection was read from (a format registry entry's `name`: `xbel`, `chrome-json`…). */
export type SourceFormat = string

/** One parsed source file. */
export interface Collection {
  readonly format: SourceFormat
  /** The file as given (path relative to the working directory, or a label such as `<stdin>`). */
  readonly file: string
  /** Character encoding the bytes were decoded with (WHATWG name, e.g. `utf-8`, `macintosh`). */
  readonly encoding: string
  /** Document title: Netscape `<TITLE>`, XBEL `<title>`. */
  title: string
  /** XBEL `version` attribute. */
  version?: string
  /** The top-level folder: Netscape `<H1>` and its list, XBEL `<xbel>`. */
  root: Folder
  warnings: Message[]
}

/** Counts over a tree, as `bookgen inspect` reports them. */
export interface Stats {
  /** Bookmark nodes with a URL (aliases not included). */
  bookmarks: number
  /** Folders, not counting the root. */
  folders: number
  separators: number
  aliases: number
  /** Distinct tags. */
  tags: number
}

/** Create a folder with the given title and no children. */
export function createFolder(title = ''): Folder {
  return { type: 'folder', title, children: [] }
}

/** Create a bookmark with the given title and URL and no tags. */
export function createBookmark(title: string, href?: string): Bookmark {
  const bookmark: Bookmark = { type: 'bookmark', title, tags: [] }
  if (href !== undefined) bookmark.href = href
  return bookmark
}

/** A record without a prototype, safe for keys such as `__proto__` taken from input. */
export function createRecord(): Record<string, string> {
  return Object.create(null) as Record<string, string>
}

/**
 * Visit every node under `folder` depth-first in document order (the folder itself excluded),
 * iteratively, so very deep trees cannot overflow the stack.
 */
export function* walk(folder: Folder): Generator<{ node: Node; parent: Folder; depth: number }> {
  const stack: Array<{ folder: Folder; index: number; depth: number }> = [{ folder, index: 0, depth: 1 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.index >= top.folder.children.length) {
      stack.pop()
      continue
    }
    const node = top.folder.children[top.index++]!
    yield { node, parent: top.folder, depth: top.depth }
    if (node.type === 'folder') stack.push({ folder: node, index: 0, depth: top.depth + 1 })
  }
}

/**
 * Call `visit` for every node below `folder` in document order (the same order as `walk`), without
 * an object per node: for the passes over a whole large collection.
 */
export function forEachNode(folder: Folder, visit: (node: Node) => void): void {
  const stack: Array<{ children: readonly Node[]; index: number }> = [{ children: folder.children, index: 0 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.index >= top.children.length) {
      stack.pop()
      continue
    }
    const node = top.children[top.index++]!
    visit(node)
    if (node.type === 'folder') stack.push({ children: node.children, index: 0 })
  }
}

/** Count bookmarks, folders, separators, aliases and distinct tags under `root`. */
export function countNodes(root: Folder): Stats {
  const stats: Stats = { bookmarks: 0, folders: 0, separators: 0, aliases: 0, tags: 0 }
  const tags = new Set<string>()
  for (const { node } of walk(root)) {
    switch (node.type) {
      case 'bookmark':
        if (node.href !== undefined && node.href !== '') stats.bookmarks++
        for (const tag of node.tags) tags.add(tag)
        break
      case 'folder':
        stats.folders++
        break
      case 'separator':
        stats.separators++
        break
      case 'alias':
        stats.aliases++
        break
    }
  }
  stats.tags = tags.size
  return stats
}

/**
 * Normalize a tag list: trim each tag, drop empties and duplicates (first one wins), keep order.
 * Tags with inner spaces ("Read Later") are kept as they are.
 *
 * @example normalizeTags([' a', 'b ', '', 'a']) // → ['a', 'b']
 */
export function normalizeTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>()
  const result: string[] = []
  for (const raw of tags) {
    const tag = raw.trim()
    if (tag === '' || seen.has(tag)) continue
    seen.add(tag)
    result.push(tag)
  }
  return result
}
