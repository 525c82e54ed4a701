/**
 * Chromium's profile `Bookmarks` file (Chrome, Edge, Brave, Vivaldi, Opera) → the model.
 *
 * `{checksum, roots: {bookmark_bar, other, synced}, version: 1}`; nodes are `{type: "url" |
 * "folder", name, id, guid, date_added, date_modified, date_last_used, meta_info, url, children}`
 * with ids and dates as strings. The three roots become the top-level folders, found by key (their
 * names are localised): `bookmark_bar` with `toolbar: true`; each keeps its key in
 * `attributes.root`. Nodes Chromium would not load (an unknown type, a URL it cannot parse, a
 * folder without a children list) are skipped with a warning, as Chromium skips them. Every other
 * key is kept in `attributes`: top-level keys (`checksum`, `version`, `sync_metadata`, …) and keys
 * of `roots` other than the three (`roots.meta_info`, …) on the root folder. The stored checksum is
 * checked the way Chromium computes it. Vivaldi's separators (bookmarks to
 * `http://bookmark.placeholder.url/`) and Floccus's are separators (`separator-bookmarks.ts`).
 */
import type { BookgenError } from '../../model/errors.js'
import {
  createBookmark,
  createFolder,
  createRecord,
  type Bookmark,
  type Collection,
  type Folder,
} from '../../model/tree.js'
import { cleanHref } from '../../model/urls.js'
import type { DateResult } from '../shared/dates.js'
import { enforceLimits } from '../shared/limits.js'
import { isJsonObject, kindOf, parseJson } from '../shared/json.js'
import { walkChildLists } from '../shared/child-lists.js'
import type { Descend } from '../shared/json-scan.js'
import { JsonTreeReader, readJsonText } from '../shared/json-tree.js'
import { mayHoldSeparatorBookmarks, readSeparatorBookmarks } from '../shared/separator-bookmarks.js'
import type { SourceInput } from '../types.js'
import { ChromeChecksum } from './checksum.js'
import { parseChromeTime } from './time.js'

/** The permanent roots, in the order Chromium reads (and checksums) them. */
export const CHROME_ROOTS = ['bookmark_bar', 'other', 'synced'] as const

/** Node keys read into typed fields (or used for the tree); every other key goes to `attributes`. */
const NODE_KEYS = new Set([
  'type',
  'name',
  'id',
  'date_added',
  'date_modified',
  'date_last_used',
  'url',
  'children',
])

type JsonObject = Record<string, unknown>

/** Where places are tracked: the roots, nodes and their children lists. */
const descend: Descend = (role, key) => {
  if (role === 'doc') return key === 'roots' ? 'roots' : undefined
  if (role === 'roots') return (CHROME_ROOTS as readonly unknown[]).includes(key) ? 'node' : undefined
  if (role === 'node') return key === 'children' ? 'list' : undefined
  if (role === 'list') return 'node'
  return undefined
}

/** Read a Chromium `Bookmarks` file. */
export function readChromeJson(input: SourceInput): Collection {
  return readJsonText(input.bytes, input.file, 'chrome-json', 'chrome', (text, encoding) => {
    const value = parseJson(text, input.file, 'chrome/syntax')
    const collection = new ChromeReader(text, input.file, value).read(encoding)
    // Vivaldi keeps its separators as bookmarks, and Floccus writes its own into Chromium's bookmarks.
    if (mayHoldSeparatorBookmarks(text)) readSeparatorBookmarks(collection)
    enforceLimits(collection)
    return collection
  })
}

class ChromeReader extends JsonTreeReader {
  private readonly checksum = new ChromeChecksum()
  private readonly ids = new Set<string>()
  /** Whether every id so far was a unique int64, as older Chromium required for its checksum. */
  private idsValid = true

  constructor(text: string, file: string, value: unknown) {
    super(text, file, value, 'chrome', 'doc', descend)
  }

  read(encoding: string): Collection {
    const document = this.value
    if (!isJsonObject(document)) throw this.notChromium(`it holds ${kindOf(document)}, not an object`)
    const roots = document['roots']
    if (!isJsonObject(roots)) throw this.notChromium('it has no "roots" object')
    const root = createFolder('')
    this.setPlace(root, document)
    this.keepDocumentKeys(root, document)
    for (const key of CHROME_ROOTS) {
      const node = roots[key]
      if (isJsonObject(node)) root.children.push(this.readTree(node, key))
      else this.warn(roots, 'chrome/missing-root', `"roots" has no "${key}" folder; Chromium needs all three`)
    }
    this.keepRootsKeys(root, roots)
    this.checkChecksum(document)
    return this.collection('chrome-json', encoding, root)
  }

  private notChromium(reason: string): BookgenError {
    return this.notBookmarks(
      `Not a Chromium Bookmarks file: ${reason}. Expected {"roots": {"bookmark_bar": …, "other": …, "synced": …}, "version": 1}`,
    )
  }

  /** Top-level keys other than `roots` (`checksum`, `version`, `sync_metadata`, …) on the root folder. */
  private keepDocumentKeys(root: Folder, document: JsonObject): void {
    for (const [key, value] of Object.entries(document))
      if (key !== 'roots') this.keep(root, key, value, document)
    if (document['version'] !== 1) {
      this.warn(
        document,
        'chrome/unknown-version',
        `"version" is ${JSON.stringify(document['version']) ?? 'missing'}; Chromium reads version 1 only (read anyway)`,
      )
    }
  }

  /** Keys of `roots` other than the three folders, as `roots.<key>` on the root folder. */
  private keepRootsKeys(root: Folder, roots: JsonObject): void {
    for (const [key, value] of Object.entries(roots)) {
      if ((CHROME_ROOTS as readonly string[]).includes(key)) continue
      this.keep(root, `roots.${key}`, value, roots)
      if (isJsonObject(value) && (value['type'] === 'folder' || value['type'] === 'url')) {
        this.warn(
          roots,
          'chrome/unknown-root',
          `"roots" has a node "${key}" Chromium does not read; kept whole as the attribute roots.${key}`,
        )
      }
    }
  }

  /** One of the three roots and everything below it, iteratively. */
  private readTree(node: JsonObject, key: string): Folder {
    if (node['type'] !== 'folder') {
      this.warn(node, 'chrome/bad-root', `The root "${key}" is not of type "folder"; read as a folder`)
    }
    const folder = this.folder(node)
    if (key === 'bookmark_bar') folder.toolbar = true
    folder.attributes ??= createRecord()
    folder.attributes['root'] = key
    const children = node['children']
    if (!Array.isArray(children))
      this.warn(node, 'chrome/missing-children', `The root "${key}" has no "children" list`)
    const first = Array.isArray(children)
      ? { folder, items: children, owner: node, context: undefined }
      : undefined
    walkChildLists<JsonObject, undefined>(first, (item, list) => {
      if (!isJsonObject(item)) {
        this.warn(
          list.owner,
          'chrome/bad-node',
          `A child is ${kindOf(item)}, not a bookmark or folder; skipped`,
        )
        return undefined
      }
      const child = this.node(item)
      if (child === undefined) return undefined
      const items = item['children']
      if (child.type !== 'folder' || !Array.isArray(items)) return { node: child }
      return { node: child, children: { folder: child, items, owner: item, context: undefined } }
    })
    return folder
  }

  /** A node below the roots, or undefined when Chromium would skip it (with a warning). */
  private node(item: JsonObject): Folder | Bookmark | undefined {
    const type = item['type']
    if (type === 'folder') {
      if (Array.isArray(item['children'])) return this.folder(item)
      this.warn(item, 'chrome/missing-children', 'A folder has no "children" list; skipped, as Chromium does')
      return undefined
    }
    if (type === 'url') return this.bookmark(item)
    const shown = type === undefined ? 'no "type"' : `the type ${JSON.stringify(type) ?? String(type)}`
    this.warn(item, 'chrome/unknown-type', `A node has ${shown} (expected "url" or "folder"); skipped`)
    return undefined
  }

  private folder(item: JsonObject): Folder {
    const folder = createFolder(this.title(item))
    this.setPlace(folder, item)
    folder.folded = false
    this.setId(folder, item)
    this.setDate(folder, 'added', item, 'date_added')
    this.setDate(folder, 'modified', item, 'date_modified')
    const lastUsed = parseChromeTime(item['date_last_used'])
    if (lastUsed !== undefined) this.keep(folder, 'date_last_used', item['date_last_used'], item)
    this.keepOthers(folder, item)
    this.checksum.folder(this.checksumId(item), folder.title)
    return folder
  }

  private bookmark(item: JsonObject): Bookmark | undefined {
    const url = item['url']
    if (typeof url !== 'string') {
      this.warn(item, 'chrome/missing-url', 'A bookmark has no "url"; skipped, as Chromium does')
      return undefined
    }
    if (!URL.canParse(url)) {
      this.warn(
        item,
        'chrome/invalid-url',
        `The URL "${url.slice(0, 200)}" is not valid; skipped, as Chromium does`,
      )
      return undefined
    }
    const bookmark = createBookmark(this.title(item), cleanHref(url))
    this.setPlace(bookmark, item)
    this.setId(bookmark, item)
    this.setDate(bookmark, 'added', item, 'date_added')
    this.setDate(bookmark, 'visited', item, 'date_last_used')
    // Chromium writes no date_modified on bookmarks, and ignores one: kept as it was.
    if (item['date_modified'] !== undefined) this.keep(bookmark, 'date_modified', item['date_modified'], item)
    const children = item['children']
    if (Array.isArray(children) && children.length > 0) {
      this.warn(item, 'chrome/url-children', 'A bookmark has children; they were skipped, as Chromium does')
    }
    this.keepOthers(bookmark, item)
    this.checksum.url(this.checksumId(item), bookmark.title, url)
    return bookmark
  }

  private title(item: JsonObject): string {
    const name = item['name']
    if (typeof name === 'string') return name
    if (name !== undefined)
      this.warn(item, 'chrome/bad-value', `"name" is ${kindOf(name)}, not a string; left empty`)
    return ''
  }

  private setId(target: Folder | Bookmark, item: JsonObject): void {
    const id = item['id']
    if (typeof id === 'string' && id !== '') target.id = id
    else if (id !== undefined) this.keep(target, 'id', id, item)
  }

  private setDate(
    target: Folder | Bookmark,
    field: 'added' | 'modified' | 'visited',
    item: JsonObject,
    key: string,
  ): void {
    const result: DateResult | undefined = parseChromeTime(item[key])
    if (result === undefined) return
    if (!result.ok) {
      this.warn(item, 'chrome/invalid-date', `"${key}": ${result.reason}; left the date out`)
      return
    }
    if (field === 'visited') {
      if (target.type === 'bookmark') target.visited = result.value
    } else target[field] = result.value
  }

  /** Keys the model has no field for, as attributes (`guid`, `meta_info`, `sync_transaction_version`, …). */
  private keepOthers(target: Folder | Bookmark, item: JsonObject): void {
    for (const [key, value] of Object.entries(item))
      if (!NODE_KEYS.has(key)) this.keep(target, key, value, item)
  }

  /** The id as older Chromium fed it to the checksum: empty from the first missing or repeated id on. */
  private checksumId(item: JsonObject): string {
    if (!this.idsValid) return ''
    const id = item['id']
    if (typeof id !== 'string' || !/^-?\d{1,19}$/.test(id) || this.ids.has(id)) {
      this.idsValid = false
      return ''
    }
    this.ids.add(id)
    return id
  }

  private checkChecksum(document: JsonObject): void {
    const stored = document['checksum']
    if (typeof stored !== 'string' || stored === '') return
    const computed = this.checksum.digest()
    if (stored.toLowerCase() === computed) return
    this.warn(
      document,
      'chrome/checksum-mismatch',
      `The file's checksum ${stored.slice(0, 40)} is not its content's (${computed}): it was edited outside Chromium, which may give its bookmarks new ids`,
    )
  }
}
