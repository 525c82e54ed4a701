/**
 * Firefox's JSON bookmark backup (`bookmarks-YYYY-MM-DD.json`, Library → Import and Backup →
 * Backup…) → the model, as `BookmarkJSONUtils` restores it.
 *
 * One tree of places nodes: `text/x-moz-place-container` (folders; a container with `livemark`
 * or a `livemark/feedURI` anno is an old live bookmark), `text/x-moz-place` (bookmarks, `place:`
 * queries included, kept with their `place:` URL), `text/x-moz-place-separator`. The top node is
 * the places root (`root: "placesRoot"`); its children are the menu, the toolbar (`toolbar: true`),
 * "Other Bookmarks" (`unfiled: true`) and the mobile folder; the obsolete Tags root is skipped, as
 * Firefox skips it (tags come from each bookmark's `tags`). Children are ordered by `index`, as
 * Firefox orders them, when every child has one. Dates are PRTime (microseconds since 1970),
 * truncated to milliseconds as Firefox does. Nodes Firefox would not restore (an unknown type, a
 * bookmark without a valid URL) are skipped with a warning; keys the model has no field for are
 * kept in `attributes` (`id`, `root`, remaining `annos`, …). `index`, `parent` and `typeCode` only
 * restate the tree and are not kept.
 */
import {
  createBookmark,
  createFolder,
  normalizeTags,
  type Bookmark,
  type Collection,
  type Folder,
  type Node,
} from '../../model/tree.js'
import { cleanHref } from '../../model/urls.js'
import { enforceLimits } from '../shared/limits.js'
import { instantResult } from '../shared/dates.js'
import { walkChildLists, type ChildList } from '../shared/child-lists.js'
import { isJsonObject, kindOf, parseJson } from '../shared/json.js'
import type { Descend } from '../shared/json-scan.js'
import { JsonTreeReader, readJsonText } from '../shared/json-tree.js'
import type { SourceInput } from '../types.js'
import { readAnnos } from './annos.js'

type JsonObject = Record<string, unknown>

export const CONTAINER = 'text/x-moz-place-container'
export const PLACE = 'text/x-moz-place'
export const SEPARATOR = 'text/x-moz-place-separator'
/** `typeCode` values (Bookmarks.TYPE_*), read when `type` is missing. */
const TYPE_CODES: Readonly<Record<number, string>> = { 1: PLACE, 2: CONTAINER, 3: SEPARATOR }

/** Keys read into typed fields or the tree, and keys that only restate the tree. */
const HANDLED_KEYS = new Set([
  'type',
  'typeCode',
  'title',
  'guid',
  'dateAdded',
  'lastModified',
  'children',
  'index',
  'parent',
  'annos',
  'uri',
  'tags',
  'keyword',
  'postData',
  'charset',
  'iconUri',
  'iconuri',
  'icon',
  'livemark',
])

const descend: Descend = (role, key) => {
  if (role === 'node') return key === 'children' ? 'list' : undefined
  if (role === 'list') return 'node'
  return undefined
}

export interface FirefoxTextOptions {
  readonly format: string
  readonly encoding: string
  /** Says where the text came from in messages about the file as a whole (e.g. the decompressed backup). */
  readonly origin?: string
}

/** Read a Firefox JSON bookmark backup. */
export function readFirefoxJson(input: SourceInput): Collection {
  return readJsonText(input.bytes, input.file, 'firefox-json', 'firefox', (text, encoding) =>
    readFirefoxText(text, input.file, { format: 'firefox-json', encoding }),
  )
}

/** Read the JSON text of a Firefox backup (a `.json` file, or a decompressed `.jsonlz4`). */
export function readFirefoxText(text: string, file: string, options: FirefoxTextOptions): Collection {
  const value = parseJson(text, file, 'firefox/syntax')
  const collection = new FirefoxReader(text, file, value).read(options)
  enforceLimits(collection)
  return collection
}

/** Whether a parsed JSON value is a Firefox session (sessionstore), not bookmarks. */
export function isSession(value: unknown): boolean {
  if (!isJsonObject(value)) return false
  const version = value['version']
  return (Array.isArray(version) && version[0] === 'sessionrestore') || Array.isArray(value['windows'])
}

class FirefoxReader extends JsonTreeReader {
  private readonly guids = new Set<string>()
  private separatorFields = 0
  private firstSeparator: JsonObject | undefined

  constructor(text: string, file: string, value: unknown) {
    super(text, file, value, 'firefox', 'node', descend)
  }

  read(options: FirefoxTextOptions): Collection {
    const top = this.value
    const origin = options.origin ?? 'The file'
    if (isSession(top)) {
      throw this.notBookmarks(
        `${origin} is a Firefox session (sessionstore: open windows and tabs), not a bookmarks backup. Bookmark backups are the bookmarks-YYYY-MM-DD….jsonlz4 files in the profile's bookmarkbackups folder, or export one with Bookmarks → Manage Bookmarks → Import and Backup → Backup…`,
      )
    }
    if (!isJsonObject(top) || typeOf(top) !== CONTAINER) {
      throw this.notBookmarks(
        `${origin} is not a Firefox bookmarks backup: it holds ${describe(top)}. Expected the places root {"type": "${CONTAINER}", "root": "placesRoot", "children": […]}`,
      )
    }
    const root = this.folder(top)
    delete root.folded
    this.readChildren(root, top)
    this.noteSeparators()
    return this.collection(options.format, options.encoding, root)
  }

  /** The tree below the places root, iteratively. */
  private readChildren(root: Folder, top: JsonObject): void {
    walkChildLists<JsonObject, number>(this.childList(root, top, 0), (item, list) => {
      if (!isJsonObject(item)) {
        this.warn(
          list.owner,
          'firefox/bad-node',
          `A child is ${kindOf(item)}, not a bookmark or folder; skipped`,
        )
        return undefined
      }
      if (list.context === 0 && this.isTagsRoot(item)) return undefined
      const node = this.node(item)
      if (node === undefined) return undefined
      return {
        node,
        children: node.type === 'folder' ? this.childList(node, item, list.context + 1) : undefined,
      }
    })
  }

  /** The children of `owner` to read into `folder` at `depth`, or undefined when it has none. */
  private childList(
    folder: Folder,
    owner: JsonObject,
    depth: number,
  ): ChildList<JsonObject, number> | undefined {
    const children = owner['children']
    if (children === undefined) return undefined
    if (!Array.isArray(children)) {
      this.warn(owner, 'firefox/bad-value', `"children" is ${kindOf(children)}, not a list; left empty`)
      return undefined
    }
    return { folder, items: byIndex(children), owner, context: depth }
  }

  /** Firefox's obsolete Tags root: skipped, its tags are on the bookmarks. */
  private isTagsRoot(item: JsonObject): boolean {
    if (item['root'] !== 'tagsFolder' && item['guid'] !== 'tags________') return false
    const children = item['children']
    if (Array.isArray(children) && children.length > 0) {
      this.warn(
        item,
        'firefox/tags-root',
        `The Tags root (${children.length} tag folder${children.length === 1 ? '' : 's'}) was skipped, as Firefox skips it: each bookmark's tags are read from its "tags"`,
      )
    }
    return true
  }

  private node(item: JsonObject): Node | undefined {
    const type = typeOf(item)
    switch (type) {
      case CONTAINER:
        return isLivemark(item) ? this.livemark(item) : this.folder(item)
      case PLACE:
        return this.bookmark(item)
      case SEPARATOR:
        return this.separator(item)
      default: {
        const shown = type === undefined ? 'no "type"' : `the type ${JSON.stringify(type)}`
        this.warn(item, 'firefox/unknown-type', `A node has ${shown}; skipped, as Firefox skips it`)
        return undefined
      }
    }
  }

  private folder(item: JsonObject): Folder {
    const folder = createFolder(this.title(item))
    folder.folded = false
    this.common(folder, item)
    const root = item['root']
    if (root === 'toolbarFolder' || item['guid'] === 'toolbar_____') folder.toolbar = true
    if (root === 'unfiledBookmarksFolder' || item['guid'] === 'unfiled_____') folder.unfiled = true
    return folder
  }

  private bookmark(item: JsonObject): Bookmark | undefined {
    const uri = item['uri']
    if (typeof uri !== 'string' || uri === '') {
      this.warn(item, 'firefox/missing-url', 'A bookmark has no "uri"; skipped, as Firefox skips it')
      return undefined
    }
    if (!URL.canParse(uri)) {
      this.warn(
        item,
        'firefox/invalid-url',
        `The URL "${uri.slice(0, 200)}" is not valid; skipped, as Firefox skips it`,
      )
      return undefined
    }
    const bookmark = createBookmark(this.title(item), cleanHref(uri))
    this.common(bookmark, item)
    this.bookmarkFields(bookmark, item)
    return bookmark
  }

  /** An old live bookmark (a container with a feed): a bookmark of its site with its feed URL. */
  private livemark(item: JsonObject): Bookmark {
    const bookmark = createBookmark(this.title(item))
    bookmark.feed = true
    this.common(bookmark, item)
    const children = item['children']
    if (Array.isArray(children) && children.length > 0) {
      this.warn(
        item,
        'firefox/livemark-items',
        `The live bookmark's ${children.length} cached feed items were not kept`,
      )
    }
    return bookmark
  }

  private separator(item: JsonObject): Node {
    const kept = Object.keys(item).filter((key) => !['type', 'typeCode', 'index', 'parent'].includes(key))
    if (kept.length > 0) {
      this.separatorFields++
      this.firstSeparator ??= item
    }
    const separator: Node = { type: 'separator' }
    this.setPlace(separator, item)
    return separator
  }

  private noteSeparators(): void {
    if (this.separatorFields === 0 || this.firstSeparator === undefined) return
    this.warn(
      this.firstSeparator,
      'firefox/separator-fields',
      `${this.separatorFields} separator${this.separatorFields === 1 ? '' : 's'}: their guid, dates and ids were not kept (bookgen's separators carry no fields)`,
    )
  }

  /** Fields of folders and bookmarks alike: guid, dates, annos, and the keys kept as attributes. */
  private common(target: Folder | Bookmark, item: JsonObject): void {
    this.setPlace(target, item)
    this.setGuid(target, item)
    this.setDate(target, 'added', item, 'dateAdded')
    this.setDate(target, 'modified', item, 'lastModified')
    readAnnos(item['annos'], target, (key, value) => this.keep(target, key, value, item))
    for (const [key, value] of Object.entries(item)) {
      if (HANDLED_KEYS.has(key) || (key === 'root' && value === '')) continue
      this.keep(target, key, value, item)
    }
  }

  private bookmarkFields(bookmark: Bookmark, item: JsonObject): void {
    const tags = item['tags']
    if (typeof tags === 'string') bookmark.tags = normalizeTags(tags.split(','))
    else if (tags !== undefined && tags !== null) this.keep(bookmark, 'tags', tags, item)
    this.setText(bookmark, 'shortcutUrl', item, 'keyword')
    this.setText(bookmark, 'postData', item, 'postData')
    this.setText(bookmark, 'lastCharset', item, 'charset')
    this.setText(bookmark, 'iconUri', item, 'iconUri')
    // The Go re-serialisation some tools write spells it in lower case.
    if (bookmark.iconUri === undefined) this.setText(bookmark, 'iconUri', item, 'iconuri')
    this.setText(bookmark, 'icon', item, 'icon')
  }

  private setText(
    bookmark: Bookmark,
    field: 'shortcutUrl' | 'postData' | 'lastCharset' | 'iconUri' | 'icon',
    item: JsonObject,
    key: string,
  ): void {
    const value = item[key]
    if (typeof value === 'string') {
      if (value !== '') bookmark[field] = value
    } else if (value !== undefined && value !== null) this.keep(bookmark, key, value, item)
  }

  private title(item: JsonObject): string {
    const title = item['title']
    if (typeof title === 'string') return title
    if (title !== undefined && title !== null)
      this.warn(item, 'firefox/bad-value', `"title" is ${kindOf(title)}, not a string; left empty`)
    return ''
  }

  private setGuid(target: Folder | Bookmark, item: JsonObject): void {
    const guid = item['guid']
    if (typeof guid !== 'string' || guid === '') {
      if (guid !== undefined && guid !== null) this.keep(target, 'guid', guid, item)
      return
    }
    if (this.guids.has(guid))
      this.warn(
        item,
        'firefox/duplicate-guid',
        `The guid "${guid.slice(0, 40)}" is used more than once; aliases point at the first`,
      )
    else this.guids.add(guid)
    target.id = guid
  }

  private setDate(
    target: Folder | Bookmark,
    field: 'added' | 'modified',
    item: JsonObject,
    key: string,
  ): void {
    const raw = item[key]
    if (raw === undefined || raw === null) return
    const micros = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw
    if (typeof micros !== 'number') {
      this.warn(
        item,
        'firefox/invalid-date',
        `"${key}" is ${kindOf(raw)}, not microseconds since 1970; left the date out`,
      )
      return
    }
    // PRTime (microseconds), truncated to milliseconds as Firefox's PlacesUtils.toDate does.
    const result = instantResult(Math.trunc(micros / 1000), String(raw).slice(0, 40))
    if (result.ok) target[field] = result.value
    else this.warn(item, 'firefox/invalid-date', `"${key}": ${result.reason}; left the date out`)
  }
}

/** A node's type: `type`, or the one its `typeCode` stands for. */
function typeOf(item: JsonObject): unknown {
  const type = item['type']
  if (type !== undefined) return type
  const code = item['typeCode']
  return typeof code === 'number' ? TYPE_CODES[code] : undefined
}

function isLivemark(item: JsonObject): boolean {
  if (item['livemark'] !== undefined && item['livemark'] !== 0 && item['livemark'] !== false) return true
  const annos = item['annos']
  return (
    Array.isArray(annos) && annos.some((anno) => isJsonObject(anno) && anno['name'] === 'livemark/feedURI')
  )
}

/** Children in `index` order when every child has a numeric index (stable), else as written. */
function byIndex(children: readonly unknown[]): readonly unknown[] {
  let sorted = true
  let previous = -Infinity
  for (const child of children) {
    const index = isJsonObject(child) ? child['index'] : undefined
    if (typeof index !== 'number' || !Number.isFinite(index)) return children
    if (index < previous) sorted = false
    previous = index
  }
  if (sorted) return children
  return [...children].sort(
    (a, b) => ((a as JsonObject)['index'] as number) - ((b as JsonObject)['index'] as number),
  )
}

function describe(value: unknown): string {
  if (!isJsonObject(value)) return kindOf(value)
  const type = value['type']
  return typeof type === 'string'
    ? `a node of type "${type.slice(0, 60)}"`
    : 'an object without a places "type"'
}
