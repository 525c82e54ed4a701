/**
 * Safari's `~/Library/Safari/Bookmarks.plist` (binary `bplist00` or XML) → the model.
 *
 * A tree of dictionaries: `WebBookmarkTypeList` (folders: `Title`, `Children`),
 * `WebBookmarkTypeLeaf` (bookmarks: `URLString`, the title in `URIDictionary.title`) and
 * `WebBookmarkTypeProxy` (History, a link into Safari's history: skipped with a warning).
 * `WebBookmarkUUID` is the id. Hand-written files without `WebBookmarkType` keys are read by
 * shape (a `URLString` makes a bookmark, `Children` a folder).
 *
 * Safari's own lists keep their identifier in `attributes.Title` and get the names Safari shows:
 * `BookmarksBar` → "Favorites" (`toolbar: true`), `BookmarksMenu` → "Bookmarks Menu",
 * `com.apple.ReadingList` → "Reading List". A Reading List item's `ReadingList` dictionary gives
 * `DateAdded` → added, `DateLastViewed` → visited, `PreviewText` → description; such items are
 * `toRead: true` until Safari has recorded a view (`DateLastViewed`), then `toRead: false`.
 * Every other key is kept in `attributes` (nested values as JSON); empty values (`""`, `[]`, `{}`
 * — generated files give every node all keys) carry nothing and are not kept.
 */
import { BookgenError } from '../../model/errors.js'
import {
  createBookmark,
  createFolder,
  createRecord,
  type Bookmark,
  type Collection,
  type Folder,
  type Place,
} from '../../model/tree.js'
import { cleanHref } from '../../model/urls.js'
import { instantResult, parseW3cDate } from '../shared/dates.js'
import { walkChildLists, type ChildList } from '../shared/child-lists.js'
import { LineIndex } from '../shared/line-index.js'
import { placeWarnings } from '../shared/decode.js'
import { enforceLimits, WarningCollector } from '../shared/limits.js'
import { attributeValue } from '../shared/json.js'
import { emptyCollection } from '../shared/text-source.js'
import type { SourceInput } from '../types.js'
import { isBinaryPlist, parseBinaryPlist } from './binary.js'
import { isPlistDict, own, type PlistDict, type PlistValue } from './plist-value.js'
import { parseXmlPlist } from './xml.js'

const LIST = 'WebBookmarkTypeList'
const LEAF = 'WebBookmarkTypeLeaf'
const PROXY = 'WebBookmarkTypeProxy'
const READING_LIST = 'com.apple.ReadingList'

/** Safari's own lists: identifier → the name Safari shows. */
const SAFARI_LISTS: Readonly<Record<string, string>> = {
  BookmarksBar: 'Favorites',
  BookmarksMenu: 'Bookmarks Menu',
  [READING_LIST]: 'Reading List',
}

/** Keys read into typed fields or the tree. */
const LIST_KEYS = new Set(['WebBookmarkType', 'WebBookmarkUUID', 'Title', 'Children'])
const LEAF_KEYS = new Set(['WebBookmarkType', 'WebBookmarkUUID', 'URLString', 'URIDictionary', 'ReadingList'])

/** Where a dictionary is, if known. */
type Locate = (dict: PlistDict) => { line: number; column: number } | undefined

/** Read a Safari `Bookmarks.plist`. */
export function readSafariPlist(input: SourceInput): Collection {
  const { bytes, file } = input
  if (isBinaryPlist(bytes)) {
    const plist = parseBinaryPlist(bytes, file)
    const locate: Locate = (dict) => {
      const offset = plist.offsets.get(dict)
      return offset === undefined ? undefined : { line: 1, column: offset + 1 }
    }
    const collection = new SafariReader(file, locate).read(plist.value, 'binary')
    if (plist.unsafeKeys > 0) {
      collection.warnings.push({
        file,
        line: 1,
        column: 1,
        rule: 'safari/unsafe-key',
        message: `${plist.unsafeKeys} dictionary key${plist.unsafeKeys === 1 ? '' : 's'} named __proto__ could not be read and were left out`,
      })
    }
    return finish(collection)
  }
  const decoded = input.text()
  if (decoded.text.trim() === '') return emptyCollection('safari-plist', file, decoded.encoding)
  const lines = new LineIndex(decoded.text)
  const plist = parseXmlPlist(decoded.text, file, lines)
  const locate: Locate = (dict) => {
    const offset = plist.offsets.get(dict)
    return offset === undefined ? undefined : lines.locate(offset)
  }
  const collection = new SafariReader(file, locate).read(plist.value, decoded.encoding)
  collection.warnings.unshift(...placeWarnings([...decoded.warnings, ...plist.notes], lines, file))
  return finish(collection)
}

function finish(collection: Collection): Collection {
  enforceLimits(collection)
  return collection
}

class SafariReader {
  private readonly file: string
  private readonly locate: Locate
  private readonly collector: WarningCollector
  private readonly ids = new Set<string>()

  constructor(file: string, locate: Locate) {
    this.file = file
    this.locate = locate
    this.collector = new WarningCollector(file)
  }

  read(value: PlistValue, encoding: string): Collection {
    if (!isPlistDict(value)) throw this.notBookmarks(`it holds ${kindOf(value)}, not a dictionary`, undefined)
    if (!Array.isArray(own(value, 'Children')) && own(value, 'WebBookmarkType') !== LIST)
      throw this.notBookmarks('it has neither a Children list nor a WebBookmarkType', value)
    const root = this.folder(value)
    delete root.folded
    this.readTree(root, value)
    return {
      format: 'safari-plist',
      file: this.file,
      encoding,
      title: root.title,
      root,
      warnings: this.collector.finish(),
    }
  }

  private notBookmarks(reason: string, dict: PlistDict | undefined): BookgenError {
    const at = dict === undefined ? undefined : this.locate(dict)
    return new BookgenError(
      `Not Safari's Bookmarks.plist: ${reason}. Expected a dictionary with WebBookmarkType WebBookmarkTypeList and Children`,
      { rule: 'safari/not-bookmarks', file: this.file, line: at?.line ?? 1, column: at?.column ?? 1 },
    )
  }

  /** Everything below the top list, iteratively. */
  private readTree(root: Folder, top: PlistDict): void {
    walkChildLists<PlistDict, boolean, PlistValue>(this.childList(root, top, false), (item, list) => {
      if (!isPlistDict(item)) {
        this.warn(
          list.owner,
          'safari/bad-node',
          `A child is ${kindOf(item)}, not a bookmark or list; skipped`,
        )
        return undefined
      }
      switch (this.kind(item)) {
        case 'list': {
          const folder = this.folder(item)
          const readingList = list.context || own(item, 'Title') === READING_LIST
          return { node: folder, children: this.childList(folder, item, readingList) }
        }
        case 'leaf':
          return { node: this.bookmark(item, list.context) }
        default:
          return undefined
      }
    })
  }

  /** The Children of `owner` to read into `folder`, or undefined when it has none. */
  private childList(
    folder: Folder,
    owner: PlistDict,
    readingList: boolean,
  ): ChildList<PlistDict, boolean, PlistValue> | undefined {
    const children = own(owner, 'Children')
    if (children === undefined) return undefined
    if (Array.isArray(children)) return { folder, items: children, owner, context: readingList }
    this.warn(owner, 'safari/bad-value', `Children is ${kindOf(children)}, not an array; left empty`)
    return undefined
  }

  /** What a dictionary is: by its WebBookmarkType, else by its shape. Proxies and unknowns are reported. */
  private kind(item: PlistDict): 'list' | 'leaf' | undefined {
    const type = own(item, 'WebBookmarkType')
    if (type === LIST) return 'list'
    if (type === LEAF) return 'leaf'
    if (type === PROXY) {
      const title = own(item, 'Title')
      this.warn(
        item,
        'safari/proxy',
        `${typeof title === 'string' ? `"${title.slice(0, 80)}"` : 'A proxy'} is a link into Safari (History), not a bookmark; skipped`,
      )
      return undefined
    }
    if (type !== undefined) {
      this.warn(
        item,
        'safari/unknown-type',
        `An item has the WebBookmarkType ${JSON.stringify(String(type).slice(0, 60))}; skipped`,
      )
      return undefined
    }
    if (typeof own(item, 'URLString') === 'string') return 'leaf'
    if (Array.isArray(own(item, 'Children')) || typeof own(item, 'Title') === 'string') return 'list'
    this.warn(item, 'safari/unknown-type', 'An item has no WebBookmarkType, URLString or Children; skipped')
    return undefined
  }

  private folder(item: PlistDict): Folder {
    const title = own(item, 'Title')
    const identifier = typeof title === 'string' ? title : ''
    const folder = createFolder(SAFARI_LISTS[identifier] ?? identifier)
    folder.folded = false
    this.setPlace(folder, item)
    this.setId(folder, item)
    if (identifier === 'BookmarksBar') folder.toolbar = true
    if (SAFARI_LISTS[identifier] !== undefined) this.keep(folder, 'Title', identifier, item)
    else if (title !== undefined && typeof title !== 'string') this.keep(folder, 'Title', title, item)
    this.keepOthers(folder, item, LIST_KEYS)
    return folder
  }

  private bookmark(item: PlistDict, inReadingList: boolean): Bookmark {
    const url = own(item, 'URLString')
    const bookmark = createBookmark(this.leafTitle(item))
    const href = typeof url === 'string' ? cleanHref(url) : ''
    if (href !== '') bookmark.href = href
    else this.warn(item, 'safari/missing-url', 'A bookmark has no URLString; kept without a link')
    this.setPlace(bookmark, item)
    this.setId(bookmark, item)
    this.readURIDictionary(bookmark, item)
    const readingList = own(item, 'ReadingList')
    if (isPlistDict(readingList)) this.readReadingList(bookmark, readingList, item)
    else if (readingList !== undefined) this.keep(bookmark, 'ReadingList', readingList, item)
    if (inReadingList || isPlistDict(readingList)) bookmark.toRead = bookmark.visited === undefined
    this.keepOthers(bookmark, item, LEAF_KEYS)
    return bookmark
  }

  /** The title Safari shows: `URIDictionary.title`, else `Title`. */
  private leafTitle(item: PlistDict): string {
    const dictionary = own(item, 'URIDictionary')
    const title = isPlistDict(dictionary) ? own(dictionary, 'title') : undefined
    if (typeof title === 'string') return title
    const other = own(item, 'Title')
    return typeof other === 'string' ? other : ''
  }

  /** `URIDictionary` keys other than the title, and a `Title` that differs from it, as attributes. */
  private readURIDictionary(bookmark: Bookmark, item: PlistDict): void {
    const dictionary = own(item, 'URIDictionary')
    if (isPlistDict(dictionary)) {
      const rest = withoutKeys(dictionary, typeof own(dictionary, 'title') === 'string' ? ['title'] : [])
      this.keep(bookmark, 'URIDictionary', rest, item)
    } else if (dictionary !== undefined) this.keep(bookmark, 'URIDictionary', dictionary, item)
    const title = own(item, 'Title')
    if (title !== undefined && title !== bookmark.title) this.keep(bookmark, 'Title', title, item)
  }

  private readReadingList(bookmark: Bookmark, list: PlistDict, item: PlistDict): void {
    const added = this.date(own(list, 'DateAdded'), 'ReadingList.DateAdded', item)
    if (added !== undefined) bookmark.added = added
    const viewed = this.date(own(list, 'DateLastViewed'), 'ReadingList.DateLastViewed', item)
    if (viewed !== undefined) bookmark.visited = viewed
    const preview = own(list, 'PreviewText')
    if (typeof preview === 'string' && preview !== '') bookmark.description = preview
    const used = ['DateAdded', 'DateLastViewed', ...(typeof preview === 'string' ? ['PreviewText'] : [])]
    this.keep(bookmark, 'ReadingList', withoutKeys(list, used), item)
  }

  /** A plist date (or an ISO 8601 string) as an instant, or undefined (with a warning when bad). */
  private date(value: PlistValue | undefined, key: string, item: PlistDict): number | undefined {
    if (value === undefined) return undefined
    let ms: number
    if (value instanceof Date) ms = value.getTime()
    else if (typeof value === 'string') {
      const parsed = parseW3cDate(value)
      ms = parsed.ok ? parsed.value : Number.NaN
    } else ms = Number.NaN
    const result = instantResult(
      ms,
      value instanceof Date ? 'The date' : JSON.stringify(String(value).slice(0, 40)),
    )
    if (result.ok) return result.value
    this.warn(item, 'safari/invalid-date', `${key}: ${result.reason}; left the date out`)
    return undefined
  }

  private setId(target: Folder | Bookmark, item: PlistDict): void {
    const id = own(item, 'WebBookmarkUUID')
    if (typeof id !== 'string' || id === '') {
      if (id !== undefined) this.keep(target, 'WebBookmarkUUID', id, item)
      return
    }
    if (this.ids.has(id))
      this.warn(item, 'safari/duplicate-id', `The WebBookmarkUUID ${id.slice(0, 40)} is used more than once`)
    else this.ids.add(id)
    target.id = id
  }

  private keepOthers(target: Folder | Bookmark, item: PlistDict, handled: ReadonlySet<string>): void {
    for (const key of Object.keys(item)) if (!handled.has(key)) this.keep(target, key, item[key]!, item)
  }

  /** Keep a value as an attribute, unless it is empty. */
  private keep(target: Folder | Bookmark, key: string, value: PlistValue, owner: PlistDict): void {
    if (isEmpty(value)) return
    const text = attributeValue(value)
    if (text === undefined) {
      this.warn(owner, 'safari/value-too-long', `The value of ${key} is too long to keep; left out`)
      return
    }
    target.attributes ??= createRecord()
    target.attributes[key] = text
  }

  private setPlace(target: Folder | Bookmark, item: PlistDict): void {
    const at = this.locate(item)
    if (at !== undefined) target.place = { file: this.file, ...at } satisfies Place
  }

  private warn(item: PlistDict, rule: string, message: string): void {
    const at = this.locate(item)
    this.collector.add(at?.line ?? 1, at?.column ?? 1, rule, message)
  }
}

/** A copy of `dict` without `keys` (null prototype, like the dictionaries read). */
function withoutKeys(dict: PlistDict, keys: readonly string[]): PlistDict {
  const rest = Object.create(null) as PlistDict
  for (const key of Object.keys(dict)) if (!keys.includes(key)) rest[key] = dict[key]!
  return rest
}

function isEmpty(value: PlistValue): boolean {
  if (value === '' || value === null) return true
  if (Array.isArray(value)) return value.length === 0
  return isPlistDict(value) && Object.keys(value).length === 0
}

function kindOf(value: PlistValue): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (value instanceof Date) return 'a date'
  if (value instanceof Uint8Array) return 'data'
  if (typeof value === 'object') return 'a dictionary'
  return `a ${typeof value}`
}
