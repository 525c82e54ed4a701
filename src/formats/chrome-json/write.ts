/**
 * The model → a Chromium `Bookmarks` file that Chrome (and Edge, Brave, Vivaldi, Opera) loads:
 * `{checksum, roots: {bookmark_bar, other, synced}, version: 1}`, written as Chromium writes it
 * (`json-writer.ts`), with the MD5 checksum Chromium computes (`checksum.ts`).
 *
 * - The roots: the top-level folders read from a Chromium file (`attributes.root`), else the
 *   toolbar folder (bookmark bar), the unfiled folder (other bookmarks) and Firefox's mobile
 *   root (mobile bookmarks); every other top-level node goes into "Other bookmarks".
 * - Ids: a node's id when it is a unique positive integer, else the next free number; dates as
 *   microseconds since 1601; `guid`, `meta_info`, `date_last_used` (folders) and
 *   `sync_transaction_version` restored from `attributes`, and, for a collection read from a
 *   Chromium file, every other attribute as the key it was read from.
 * - Separators as Vivaldi writes them (a bookmark titled `---` to
 *   `http://bookmark.placeholder.url/`, `meta_info.Description` "separator"): Vivaldi shows them
 *   as separators, other Chromium browsers as bookmarks; a warning counts them.
 * - What Chromium cannot carry (descriptions, tags, icons, keywords, folder aliases, bookmarks
 *   without a URL, …) is left out and reported, grouped per field.
 */
import { resolveAliases } from '../../model/aliases.js'
import { forEachNode } from '../../model/tree.js'
import type { Alias, Bookmark, Collection, Folder, Node, Place, Separator } from '../../model/tree.js'
import { VIVALDI_SEPARATOR } from '../shared/separator-bookmarks.js'
import { ChromeChecksum } from './checksum.js'
import { chromiumJson } from './json-writer.js'
import { CHROME_ROOTS } from './read.js'
import { formatChromeTime, parseChromeTime } from './time.js'
import { Losses } from '../shared/losses.js'
import type { Message } from '../../model/message.js'

type RootKey = (typeof CHROME_ROOTS)[number]
type JsonObject = Record<string, unknown>

export interface ChromeWriteResult {
  text: string
  warnings: Message[]
}

/** Titles Chromium gives its roots (it shows its own localised names whatever the file says). */
const ROOT_TITLES: Record<RootKey, string> = {
  bookmark_bar: 'Bookmarks bar',
  other: 'Other bookmarks',
  synced: 'Mobile bookmarks',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A positive int64 in the form Chromium writes ids. */
const CHROMIUM_ID = /^[1-9]\d{0,18}$/
const INT64_MAX = 2n ** 63n - 1n
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Root-folder attributes that are not restored: the checksum is computed, the version is 1. */
const COMPUTED_KEYS = new Set(['checksum', 'version'])

/** Serialize a collection as a Chromium `Bookmarks` file. */
export function writeChromeJson(collection: Collection): ChromeWriteResult {
  return new ChromeWriter(collection).write()
}

/** The three roots and where each comes from. */
interface RootPlan {
  readonly key: RootKey
  readonly folder: Folder | undefined
  /** Top-level nodes that go into this root after its own children. */
  readonly extra: Node[]
}

/** Which top-level folders become the roots. */
function planRoots(root: Folder): RootPlan[] {
  const top = root.children
  const folders = top.filter((node): node is Folder => node.type === 'folder')
  const marked = (key: string) => folders.find((folder) => folder.attributes?.['root'] === key)
  const bar = marked('bookmark_bar') ?? folders.find((folder) => folder.toolbar === true)
  const other = marked('other') ?? folders.find((folder) => folder.unfiled === true && folder !== bar)
  const synced = marked('synced') ?? marked('mobileFolder')
  const taken = new Set<Node>([bar, other, synced].filter((folder) => folder !== undefined))
  const extra = top.filter((node) => !taken.has(node))
  return [
    { key: 'bookmark_bar', folder: bar, extra: [] },
    { key: 'other', folder: other, extra },
    { key: 'synced', folder: synced, extra: [] },
  ]
}

class ChromeWriter {
  private readonly collection: Collection
  private readonly fromChromium: boolean
  private readonly checksum = new ChromeChecksum()
  private readonly lost = new Losses()
  private readonly usedIds = new Set<string>()
  private readonly usedGuids = new Set<string>()
  private nextId = 1n
  /** Separators written as Vivaldi's, and the first one's place. */
  private separators = 0
  private firstSeparator: Place | undefined
  private aliasTargets: Map<Alias, Bookmark | Folder> | undefined

  constructor(collection: Collection) {
    this.collection = collection
    this.fromChromium = collection.format === 'chrome-json'
  }

  write(): ChromeWriteResult {
    const plans = planRoots(this.collection.root)
    this.reserveIds()
    const roots: JsonObject = {}
    for (const plan of plans) roots[plan.key] = this.rootNode(plan)
    const document: JsonObject = { roots }
    this.restoreDocumentKeys(document, roots)
    document['checksum'] = this.checksum.digest()
    document['version'] = 1
    this.noteRootLosses()
    return { text: chromiumJson(document), warnings: this.warnings() }
  }

  /** Start new ids above the largest usable one, so that every usable id can be kept. */
  private reserveIds(): void {
    let largest = 0n
    forEachNode(this.collection.root, (node) => {
      const id = node.type === 'folder' || node.type === 'bookmark' ? node.id : undefined
      if (usableId(id) && BigInt(id) > largest) largest = BigInt(id)
    })
    this.nextId = largest + 1n
  }

  /** One root and everything below it, iteratively (a folder's checksum goes before its children's). */
  private rootNode(plan: RootPlan): JsonObject {
    const folder = plan.folder
    const root = this.folderNode(
      folder ?? { type: 'folder', title: ROOT_TITLES[plan.key], children: [] },
      true,
    )
    const stack: Array<{ items: readonly Node[]; index: number; into: unknown[] }> = []
    const extra = plan.extra
    if (extra.length > 0) stack.push({ items: extra, index: 0, into: root['children'] as unknown[] })
    if (folder !== undefined)
      stack.push({ items: folder.children, index: 0, into: root['children'] as unknown[] })
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.index >= top.items.length) {
        stack.pop()
        continue
      }
      const item = top.items[top.index++]!
      if (item.type === 'separator') {
        top.into.push(this.separatorNode(item))
        continue
      }
      const node = this.resolve(item)
      if (node === undefined) continue
      if (node.type === 'bookmark') {
        const written = this.bookmarkNode(node)
        if (written !== undefined) top.into.push(written)
        continue
      }
      const written = this.folderNode(node, false)
      top.into.push(written)
      stack.push({ items: node.children, index: 0, into: written['children'] as unknown[] })
    }
    return root
  }

  /** The node to write for `node`: aliases of bookmarks become copies; the rest is reported. */
  private resolve(node: Exclude<Node, Separator>): Folder | Bookmark | undefined {
    if (node.type === 'folder' || node.type === 'bookmark') return node
    this.aliasTargets ??= resolveAliases([this.collection])
    const target = this.aliasTargets.get(node)
    if (target?.type === 'bookmark') {
      this.lost.add('alias', node.place, 'aliases (bookmark aliases written as copies)')
      return copyOf(target)
    }
    this.lost.add('folder-alias', node.place, 'aliases of folders or of missing ids')
    return undefined
  }

  private folderNode(folder: Folder, isRoot: boolean): JsonObject {
    const id = this.assignId(folder)
    const name = this.title(folder)
    const node: JsonObject = { children: [], id, name, type: 'folder' }
    if (folder.added !== undefined) node['date_added'] = formatChromeTime(folder.added)
    node['date_modified'] = folder.modified === undefined ? '0' : formatChromeTime(folder.modified)
    this.restoreAttributes(node, folder)
    this.checksum.folder(id, name)
    this.noteFolderLosses(folder, isRoot)
    return node
  }

  private bookmarkNode(bookmark: Bookmark): JsonObject | undefined {
    const href = bookmark.href
    if (href === undefined || href === '' || !URL.canParse(href)) {
      this.lost.add('href', bookmark.place, 'bookmarks without a valid URL (Chromium skips them)')
      return undefined
    }
    const id = this.assignId(bookmark)
    const name = this.title(bookmark)
    const url = href.replace(LONE_SURROGATE, '\uFFFD')
    const node: JsonObject = { id, name, type: 'url', url }
    if (bookmark.added !== undefined) node['date_added'] = formatChromeTime(bookmark.added)
    if (bookmark.visited !== undefined) node['date_last_used'] = formatChromeTime(bookmark.visited)
    this.restoreAttributes(node, bookmark)
    this.checksum.url(id, name, url)
    this.noteBookmarkLosses(bookmark)
    return node
  }

  /** A separator, as Vivaldi writes one (Chromium's bookmarks have no separators). */
  private separatorNode(separator: Separator): JsonObject {
    const id = this.assignId(separator)
    const { title, href, description } = VIVALDI_SEPARATOR
    this.checksum.url(id, title, href)
    this.separators++
    this.firstSeparator ??= separator.place
    return { id, meta_info: { Description: description }, name: title, type: 'url', url: href }
  }

  private assignId(item: Folder | Bookmark | Separator): string {
    const id = item.type === 'separator' ? undefined : item.id
    if (usableId(id) && !this.usedIds.has(id)) {
      this.usedIds.add(id)
      return id
    }
    if (id !== undefined)
      this.lost.add('id', item.place, 'ids that are not unique positive numbers (renumbered)')
    let next = String(this.nextId++)
    while (this.usedIds.has(next)) next = String(this.nextId++)
    this.usedIds.add(next)
    return next
  }

  private title(item: Folder | Bookmark): string {
    const cleaned = item.title.replace(LONE_SURROGATE, '\uFFFD')
    if (cleaned !== item.title)
      this.lost.add('surrogates', item.place, 'unpaired surrogates in titles (replaced)')
    return cleaned
  }

  /** Keys kept in `attributes` back where Chromium reads them. */
  private restoreAttributes(node: JsonObject, item: Folder | Bookmark): void {
    const attributes = item.attributes
    if (attributes === undefined) return
    for (const [key, value] of Object.entries(attributes)) {
      if (key === 'root') continue // marks the roots (planRoots)
      if (Object.hasOwn(node, key)) {
        // Keys the writer has set (id, name, dates, …) are not written over.
        this.lost.add(`attribute ${key}`, item.place, `the attribute ${key}`)
        continue
      }
      const restored = this.attributeValue(key, value, item)
      if (restored !== undefined) node[key] = restored
    }
  }

  /** The JSON value of an attribute, or undefined (reported) when Chromium cannot take it. */
  private attributeValue(key: string, value: string, item: Folder | Bookmark): unknown {
    switch (key) {
      case 'guid':
        if (UUID.test(value) && !this.usedGuids.has(value.toLowerCase())) {
          this.usedGuids.add(value.toLowerCase())
          return value
        }
        this.lost.add('guid', item.place, 'guids that are not unique UUIDs')
        return undefined
      case 'meta_info':
        return parseObject(value) ?? value
      case 'date_last_used':
      case 'sync_transaction_version':
        if (/^\d{1,19}$/.test(value) && (key !== 'date_last_used' || parseChromeTime(value)?.ok !== false))
          return value
        break
      default:
        if (this.fromChromium) return value
    }
    this.lost.add(`attribute ${key}`, item.place, `the attribute ${key}`)
    return undefined
  }

  /** Top-level and `roots.*` attributes of the root folder back in place. */
  private restoreDocumentKeys(document: JsonObject, roots: JsonObject): void {
    const attributes = this.collection.root.attributes
    if (attributes === undefined) return
    for (const [key, value] of Object.entries(attributes)) {
      if (COMPUTED_KEYS.has(key)) continue
      if (key.startsWith('roots.')) {
        const name = key.slice('roots.'.length)
        if (!(CHROME_ROOTS as readonly string[]).includes(name)) roots[name] = parseObject(value) ?? value
      } else if (key === 'sync_metadata' || this.fromChromium) document[key] = value
      else this.lost.add(`attribute ${key}`, this.collection.root.place, `the attribute ${key}`)
    }
  }

  private noteRootLosses(): void {
    const { collection } = this
    const root = collection.root
    if (collection.title !== '') this.lost.add('document title', root.place, 'the document title')
    if (root.title !== '') this.lost.add('root title', root.place, "the top folder's title")
    if (root.id !== undefined)
      this.lost.add('id', root.place, 'ids that are not unique positive numbers (renumbered)')
    if (root.added !== undefined || root.modified !== undefined)
      this.lost.add('root dates', root.place, "the top folder's dates")
    this.noteCommonLosses(root)
  }

  private noteFolderLosses(folder: Folder, isRoot: boolean): void {
    if (folder.folded === true)
      this.lost.add('folded', folder.place, 'folded folders (Chromium keeps no folding)')
    if (!isRoot && folder.toolbar === true)
      this.lost.add('toolbar', folder.place, 'toolbar flags below the top level')
    if (!isRoot && folder.unfiled === true)
      this.lost.add('unfiled', folder.place, 'unfiled flags below the top level')
    this.noteCommonLosses(folder)
  }

  private noteBookmarkLosses(bookmark: Bookmark): void {
    const place = bookmark.place
    if (bookmark.tags.length > 0) this.lost.add('tags', place, 'tags')
    if (bookmark.modified !== undefined) this.lost.add('modified', place, 'modification dates of bookmarks')
    const fields: Array<[keyof Bookmark, string]> = [
      ['shortcutUrl', 'keywords (SHORTCUTURL)'],
      ['postData', 'POST data'],
      ['lastCharset', 'last charsets'],
      ['feed', 'feed flags'],
      ['feedUrl', 'feed URLs'],
      ['webSlice', 'web slices'],
      ['isLivePreview', 'live previews'],
      ['previewSize', 'preview sizes'],
      ['private', 'private flags'],
      ['toRead', 'to-read flags'],
      ['mimeType', 'MIME types'],
      ['applications', 'application registrations'],
      ['desktopIcon', 'Desktop Bookmark icons'],
    ]
    for (const [field, message] of fields)
      if (bookmark[field] !== undefined) this.lost.add(field, place, message)
    this.noteCommonLosses(bookmark)
  }

  private noteCommonLosses(item: Folder | Bookmark): void {
    const place = item.place
    if (item.description !== undefined && item.description !== '')
      this.lost.add('description', place, 'descriptions')
    if (item.icon !== undefined) this.lost.add('icon', place, 'favicons (ICON)')
    if (item.iconUri !== undefined) this.lost.add('iconUri', place, 'favicon URIs (ICON_URI)')
    if (item.iconName !== undefined) this.lost.add('iconName', place, 'XBEL icon names')
    if (item.info !== undefined && item.info.length > 0) this.lost.add('info', place, 'XBEL metadata blocks')
  }

  private warnings(): Message[] {
    const file = this.collection.file
    const warnings = this.lost.warnings(file, 'A Chromium Bookmarks file has no place for', true)
    if (this.separators > 0) {
      const count = this.separators
      warnings.push({
        file,
        line: this.firstSeparator?.line ?? 1,
        column: this.firstSeparator?.column ?? 1,
        rule: 'convert/separator-as-bookmark',
        message: `A Chromium Bookmarks file has no separators: ${count} separator${count === 1 ? '' : 's'} written as Vivaldi writes them (a bookmark titled "${VIVALDI_SEPARATOR.title}" to ${VIVALDI_SEPARATOR.href}), which Vivaldi shows as separators and other Chromium browsers as bookmarks`,
      })
    }
    return warnings
  }
}

/** Whether `id` is one Chromium writes: a positive int64. */
function usableId(id: string | undefined): id is string {
  return id !== undefined && CHROMIUM_ID.test(id) && BigInt(id) <= INT64_MAX
}

/** A second appearance of a bookmark: the same fields without its identity (id, guid, …). */
function copyOf(bookmark: Bookmark): Bookmark {
  const copy: Bookmark = { ...bookmark }
  delete copy.id
  delete copy.attributes
  return copy
}

/** `text` parsed as a JSON object, or undefined when it is not one. */
function parseObject(text: string): JsonObject | undefined {
  if (!text.startsWith('{')) return undefined
  try {
    const value = JSON.parse(text) as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JsonObject)
      : undefined
  } catch {
    return undefined
  }
}
