/**
 * Linkwarden's backup (Settings → Data → Export: `{…account…, collections: […], pinnedLinks: […]}`)
 * and the minimal shape other tools write (`{collections: [{id, name, parentId, links: […]}]}`).
 *
 * Collections become folders, nested by `parentId` (sub-collections first, then the links, each in
 * file order); a missing parent or a cycle puts the collection at the top, with a warning. A link
 * that appears in two collections stays in both. Field by field:
 * - collection: `name` → `title`, `description`, `createdAt` → `added`, `updatedAt` → `modified`,
 *   `icon` → `iconName`; `id`, `color`, … in `attributes`;
 * - link: `name` → `title` (with the HTML references Linkwarden stores from page titles, such as
 *   `&#39;`, decoded; the name as written is kept when that changed it), `url` → `href`,
 *   `description`, `tags[].name` → `tags` (the tag records are kept whole when they hold more than
 *   a name), `importDate` or else `createdAt` → `added` (as Linkwarden's own import does),
 *   `updatedAt` → `modified`, `icon` → `iconName`; a link listed in `pinnedLinks` (a backup)
 *   or with a non-empty `pinnedBy` (the API's shape, kept as written) gets `attributes.pinned =
 *   "true"`; everything else (`id`, `type`, `textContent`, archive paths, …)
 *   in `attributes`.
 * The account's own fields (name, username, email, settings…) are not bookmarks: they are left out,
 * with a warning naming them, rather than kept in attributes a published site would carry.
 */
import { decodeHTMLStrict } from 'entities/decode'
import { BookgenError } from '../../model/errors.js'
import {
  createBookmark,
  createFolder,
  createRecord,
  normalizeTags,
  type Bookmark,
  type Folder,
} from '../../model/tree.js'
import { cleanDescription } from '../shared/description.js'
import { isJsonObject, parseJsonSource } from '../shared/json.js'
import { firstValueOffset, jsonCollection, JsonFields, jsonKind, JsonSource } from '../shared/json-fields.js'
import { findJsonOffsets, headKeys, memberOffset } from '../shared/json-scan.js'
import { dataTitle } from '../shared/titles.js'
import { cleanHref } from '../../model/urls.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'

export const linkwardenJson: FormatEntry = {
  name: 'linkwarden-json',
  label: 'Linkwarden backup JSON',
  where: 'Linkwarden: Settings → Data → Export Data → "Linkwarden File" (a backup .json).',
  sniff: sniffLinkwarden,
  read: readLinkwarden,
}

/** Top-level keys of a backup beside `collections` that only Linkwarden writes. */
const BACKUP_KEYS = ['pinnedLinks', 'whitelistedUsers', 'collectionOrder', 'linksRouteTo']

/** An object with `collections` whose first entry has a `name` and `links`, or with a backup's own keys. */
function sniffLinkwarden(head: SniffHead): boolean {
  const [top, first] = headKeys(head.text, [[], ['collections', 0]])
  if (!top!.has('collections')) return false
  return (first!.has('name') && first!.has('links')) || BACKUP_KEYS.some((key) => top!.has(key))
}

/** A collection on its way to a folder. */
interface Collected {
  readonly folder: Folder
  readonly fields: JsonFields
  readonly id: string | undefined
  readonly parentId: string | undefined
  parent: Collected | undefined
  readonly subfolders: Folder[]
  readonly links: Bookmark[]
}

function readLinkwarden(input: SourceInput) {
  const decoded = input.text()
  const { text } = decoded
  const value = parseJsonSource(text, input.file, 'linkwarden/syntax')
  const source = new JsonSource(input.file, text, 'linkwarden')
  const start = firstValueOffset(text)
  if (!isJsonObject(value)) {
    throw new BookgenError(
      `Expected a Linkwarden backup ({"collections": […], …}); the file holds ${jsonKind(value)}`,
      {
        rule: 'linkwarden/not-an-object',
        ...source.place(start),
      },
    )
  }
  const backup = new JsonFields(source, value, start)
  const collections = backup.take('collections')
  if (!Array.isArray(collections)) {
    const at = memberOffset(text, start, 'collections') ?? start
    throw new BookgenError(
      `Expected "collections", the list of collections; found ${jsonKind(collections)}`,
      {
        rule: 'linkwarden/no-collections',
        ...source.place(at),
      },
    )
  }
  const [collectionOffsets, linkOffsets, pinnedOffsets] = findJsonOffsets(text, [
    ['collections', '*'],
    ['collections', '*', 'links', '*'],
    ['pinnedLinks', '*'],
  ])
  const pinned = new Pinned(backup, pinnedOffsets!)
  const collected: Collected[] = []
  collections.forEach((entry: unknown, index) => {
    const offset = collectionOffsets!.get(String(index)) ?? start
    if (!isJsonObject(entry)) {
      source.warn(
        () => offset,
        'not-an-object',
        `collections[${index}] is ${jsonKind(entry)}, not a collection; skipped it`,
      )
      return
    }
    const fields = new JsonFields(source, entry, offset)
    collected.push(readCollection(fields, (links) => readLinks(fields, links, index, linkOffsets!, pinned)))
  })
  const root = createFolder('Linkwarden')
  root.children.push(...nest(collected), ...pinned.unmatched())
  leaveOutAccount(backup)
  return jsonCollection('linkwarden-json', source, decoded, root)
}

/** A collection's own fields into a folder (its attributes once nested); its links through `links`. */
function readCollection(fields: JsonFields, links: (list: readonly unknown[]) => Bookmark[]): Collected {
  const folder = createFolder(dataTitle(fields.string('name') ?? ''))
  folder.place = fields.place()
  folder.folded = true // Linkwarden has no such state: closed, as XBEL's default
  const description = cleanDescription(fields.string('description') ?? '')
  if (description !== '') folder.description = description
  const added = fields.date('createdAt')
  if (added !== undefined) folder.added = added
  const modified = fields.date('updatedAt')
  if (modified !== undefined) folder.modified = modified
  const icon = fields.string('icon')
  if (icon !== undefined && icon !== '') folder.iconName = icon
  const id = fields.id('id')
  fields.keep('id')
  const parentId = fields.id('parentId')
  const collected: Collected = {
    folder,
    fields,
    id,
    parentId,
    parent: undefined,
    subfolders: [],
    links: links(fields.list('links') ?? []),
  }
  return collected
}

/** The links of collection number `index`. */
function readLinks(
  collection: JsonFields,
  list: readonly unknown[],
  index: number,
  offsets: Map<string, number>,
  pinned: Pinned,
): Bookmark[] {
  const links: Bookmark[] = []
  list.forEach((entry: unknown, position) => {
    const offset = offsets.get(`${index}/${position}`) ?? collection.offset
    if (isJsonObject(entry)) links.push(readLink(new JsonFields(collection.source, entry, offset), pinned))
    else
      collection.source.warn(
        () => offset,
        'not-an-object',
        `collections[${index}].links[${position}] is ${jsonKind(entry)}, not a link; skipped it`,
      )
  })
  return links
}

/** One link. */
function readLink(fields: JsonFields, pinned: Pinned | undefined): Bookmark {
  const bookmark = createBookmark('')
  bookmark.place = fields.place()
  const name = fields.string('name') ?? ''
  const decodedName = decodeHTMLStrict(name)
  if (decodedName !== name) fields.keep('name')
  bookmark.title = dataTitle(decodedName)
  const url = cleanHref(fields.string('url') ?? '')
  if (url === '') fields.warnAt('url', 'missing-url', 'The link has no url; kept it as text without a link')
  else bookmark.href = url
  const description = cleanDescription(fields.string('description') ?? '')
  if (description !== '') bookmark.description = description
  bookmark.tags = tagNames(fields)
  const imported = fields.date('importDate')
  const created = fields.date('createdAt')
  if (imported !== undefined && created !== undefined) fields.keep('createdAt')
  const added = imported ?? created
  if (added !== undefined) bookmark.added = added
  const modified = fields.date('updatedAt')
  if (modified !== undefined) bookmark.modified = modified
  const icon = fields.string('icon')
  if (icon !== undefined && icon !== '') bookmark.iconName = icon
  const id = fields.id('id')
  fields.keep('id')
  const pinnedBy = fields.list('pinnedBy')
  fields.keep('pinnedBy')
  fields.finishInto(bookmark)
  if (pinned?.has(id, bookmark.href) === true || (pinnedBy !== undefined && pinnedBy.length > 0)) {
    bookmark.attributes ??= createRecord()
    bookmark.attributes['pinned'] ??= 'true'
  }
  return bookmark
}

/** `tags[].name` as tags; the records are kept whole when they hold more than names. */
function tagNames(fields: JsonFields): string[] {
  const list = fields.list('tags')
  if (list === undefined) return []
  const names: string[] = []
  let more = false
  let odd = false
  for (const tag of list) {
    const name = isJsonObject(tag) && Object.hasOwn(tag, 'name') ? tag['name'] : undefined
    if (typeof name === 'string') names.push(name)
    else odd = true
    if (isJsonObject(tag) && Object.keys(tag).some((key) => key !== 'name')) more = true
  }
  if (odd) fields.warnAt('tags', 'wrong-type', 'tags holds entries without a name; kept the list as written')
  if (odd || more) fields.keep('tags')
  return normalizeTags(names)
}

/**
 * The folders at the top, each holding its sub-collections (in file order) and then its links.
 * Walks parent chains without recursion; a chain that comes back on itself is cut where it does.
 */
function nest(collected: Collected[]): Folder[] {
  const byId = new Map<string, Collected>()
  for (const entry of collected) {
    if (entry.id === undefined) continue
    if (byId.has(entry.id))
      entry.fields.warnAt(
        'id',
        'duplicate-id',
        `Collection id ${entry.id} is used twice; sub-collections go into the first`,
      )
    else byId.set(entry.id, entry)
  }
  for (const entry of collected) {
    if (entry.parentId === undefined) continue
    entry.parent = byId.get(entry.parentId)
    if (entry.parent === undefined) {
      entry.fields.keep('parentId')
      entry.fields.warnAt(
        'parentId',
        'missing-parent',
        `No collection has id ${entry.parentId}; put this one at the top`,
      )
    }
  }
  breakCycles(collected)
  const top: Folder[] = []
  for (const entry of collected) (entry.parent?.subfolders ?? top).push(entry.folder)
  for (const entry of collected) {
    entry.folder.children.push(...entry.subfolders, ...entry.links)
    entry.fields.finishInto(entry.folder)
  }
  return top
}

/** Cut every parent chain that comes back on itself at the collection where it does. */
function breakCycles(collected: Collected[]): void {
  const state = new Map<Collected, 'walking' | 'done'>()
  for (const entry of collected) {
    const chain: Collected[] = []
    let current: Collected | undefined = entry
    while (current !== undefined && !state.has(current)) {
      state.set(current, 'walking')
      chain.push(current)
      current = current.parent
    }
    if (current !== undefined && state.get(current) === 'walking') {
      current.parent = undefined
      current.fields.keep('parentId')
      current.fields.warnAt(
        'parentId',
        'parent-cycle',
        `Collection "${current.folder.title}" is (through its parents) its own parent; put it at the top`,
      )
    }
    for (const walked of chain) state.set(walked, 'done')
  }
}

/** The account's own fields: left out, with one warning naming them. */
function leaveOutAccount(backup: JsonFields): void {
  const keys = Object.keys(backup.value).filter((key) => key !== 'collections' && key !== 'pinnedLinks')
  if (keys.length === 0) return
  const named = keys.slice(0, 12).map((key) => (key.length > 40 ? `${key.slice(0, 40)}…` : key))
  const shown = named.join(', ') + (keys.length > 12 ? `, … (${keys.length} in all)` : '')
  backup.warnAt(
    keys[0],
    'account-left-out',
    `The account's own fields are not bookmarks and were left out, so a published site does not carry them: ${shown}`,
  )
}

/** `pinnedLinks`: which links are pinned (by id, else by URL, as Linkwarden's import matches them). */
class Pinned {
  private readonly ids = new Set<string>()
  private readonly urls = new Set<string>()
  private readonly entries: Array<{ fields: JsonFields; id: string | undefined; url: string | undefined }> =
    []
  private readonly matched = new Set<string>()

  constructor(backup: JsonFields, offsets: Map<string, number>) {
    const list = backup.take('pinnedLinks')
    const { source } = backup
    if (list === undefined || list === null) return
    if (!Array.isArray(list)) {
      backup.warnAt(
        'pinnedLinks',
        'wrong-type',
        `pinnedLinks should be a list; it is ${jsonKind(list)}; ignored it`,
      )
      return
    }
    list.forEach((entry: unknown, index) => {
      const offset = offsets.get(String(index)) ?? 0
      if (!isJsonObject(entry)) {
        source.warn(
          () => offset,
          'not-an-object',
          `pinnedLinks[${index}] is ${jsonKind(entry)}, not a link; skipped it`,
        )
        return
      }
      const fields = new JsonFields(source, entry, offset)
      const id =
        typeof entry['id'] === 'number' || typeof entry['id'] === 'string' ? String(entry['id']) : undefined
      const url = typeof entry['url'] === 'string' ? entry['url'].trim() : undefined
      if (id !== undefined) this.ids.add(id)
      else if (url !== undefined) this.urls.add(url)
      this.entries.push({ fields, id, url })
    })
  }

  /** Whether the link with this id and URL is pinned (and note that its entry was matched). */
  has(id: string | undefined, url: string | undefined): boolean {
    if (id !== undefined && this.ids.has(id)) {
      this.matched.add(`id:${id}`)
      return true
    }
    if (url !== undefined && this.urls.has(url)) {
      this.matched.add(`url:${url}`)
      return true
    }
    return false
  }

  /** Pinned links found in no collection, read as links at the top, with a warning. */
  unmatched(): Bookmark[] {
    const links: Bookmark[] = []
    for (const { fields, id, url } of this.entries) {
      if (this.matched.has(id !== undefined ? `id:${id}` : `url:${url ?? ''}`)) continue
      fields.warnAt(
        undefined,
        'pinned-link-elsewhere',
        'This pinned link is in no collection; put it at the top',
      )
      const link = readLink(fields, undefined)
      link.attributes ??= createRecord()
      link.attributes['pinned'] ??= 'true'
      links.push(link)
    }
    return links
  }
}
