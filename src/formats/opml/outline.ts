/**
 * OPML `<outline>` attributes → model nodes. An outline with a `url` (`type="link"`, `"include"`)
 * is a bookmark; a feed (`type="rss"` or an `xmlUrl`) is a bookmark with its feed (`href` =
 * `htmlUrl`, else `xmlUrl`; `feedUrl` = `xmlUrl`; `feed`); any other outline is a folder. `text`
 * (else `title`) → `title`, `created` (RFC 822) → `added`, `category` (comma-separated,
 * `/`-delimited categories) → `tags`, `description` → `description`; every other attribute is
 * kept in `attributes` under its own name, as are `title`, `category` and `created` when the
 * model's form of them would not give back what was written.
 */
import {
  createBookmark,
  createFolder,
  createRecord,
  normalizeTags,
  type Bookmark,
  type Folder,
  type Node,
  type Place,
} from '../../model/tree.js'
import { cleanHref } from '../../model/urls.js'
import { cleanDescription } from '../shared/description.js'
import { dataTitle } from '../shared/titles.js'
import { parseRfc822Instant } from '../shared/dates.js'

/** Reports a repair: `opml/<problem>` at `place`. */
export type OutlineWarn = (place: Place | undefined, problem: string, message: string) => void

/** Attribute names and decoded values of one outline, in source order. */
export type OutlineAttributes = ReadonlyMap<string, string>

/** The node (or, for a link with children, the folder holding it) an outline stands for. */
export function outlineNode(
  attributes: OutlineAttributes,
  children: Node[],
  place: Place | undefined,
  warn: OutlineWarn,
): Node {
  const type = attributes.get('type')?.trim().toLowerCase()
  const feed = type === 'rss' || urlOf(attributes.get('xmlUrl')) !== undefined
  const link = attributes.has('url') || type === 'link' || type === 'include'
  if (!feed && !link) return outlineFolder(attributes, children, place, warn)
  const bookmark = outlineBookmark(attributes, feed, place, warn)
  if (children.length === 0) return bookmark
  warn(
    place,
    'link-with-children',
    `The link "${bookmark.title}" has outlines inside it; read it as a folder of the same name that starts with the link`,
  )
  const folder = createFolder(bookmark.title)
  if (place !== undefined) folder.place = place
  folder.folded = true
  folder.children.push(bookmark, ...children)
  return folder
}

function outlineBookmark(
  attributes: OutlineAttributes,
  feed: boolean,
  place: Place | undefined,
  warn: OutlineWarn,
): Bookmark {
  const bookmark = createBookmark(outlineTitle(attributes))
  if (place !== undefined) bookmark.place = place
  const taken = new Set(['text', 'title', 'created', 'category', 'description', 'type'])
  if (feed) {
    const xmlUrl = urlOf(attributes.get('xmlUrl'))
    const href = urlOf(attributes.get('htmlUrl')) ?? xmlUrl
    if (href !== undefined) bookmark.href = href
    if (xmlUrl !== undefined) bookmark.feedUrl = xmlUrl
    bookmark.feed = true
    taken.add('xmlUrl').add('htmlUrl')
    if (xmlUrl === undefined) warn(place, 'missing-url', `The feed "${bookmark.title}" has no xmlUrl`)
  } else {
    const url = urlOf(attributes.get('url'))
    if (url !== undefined) bookmark.href = url
    else warn(place, 'missing-url', `The link "${bookmark.title}" has no url; kept it as text without a link`)
    taken.add('url')
  }
  const category = attributes.get('category')
  if (category !== undefined) {
    bookmark.tags = categoryTags(category)
    if (bookmark.tags.join(',') !== category) keep(bookmark, 'category', category)
  }
  readCommon(bookmark, attributes, place, warn)
  const type = attributes.get('type')
  const implied = feed ? 'rss' : 'link'
  if (type !== undefined && type !== implied) keep(bookmark, 'type', type)
  keepRest(bookmark, attributes, taken)
  return bookmark
}

function outlineFolder(
  attributes: OutlineAttributes,
  children: Node[],
  place: Place | undefined,
  warn: OutlineWarn,
): Folder {
  const folder = createFolder(outlineTitle(attributes))
  if (place !== undefined) folder.place = place
  folder.folded = true // OPML's own state is the head's expansionState, kept as written on the root
  folder.children = children
  readCommon(folder, attributes, place, warn)
  keepRest(folder, attributes, new Set(['text', 'title', 'created', 'description']))
  return folder
}

/** `title` when it is not what the title was made from, `created`, `description`. */
function readCommon(
  item: Folder | Bookmark,
  attributes: OutlineAttributes,
  place: Place | undefined,
  warn: OutlineWarn,
): void {
  const text = attributes.get('text')
  const title = attributes.get('title')
  if (title !== undefined && text !== undefined && text.trim() !== '' && title !== text)
    keep(item, 'title', title)
  const created = attributes.get('created')
  if (created !== undefined) {
    const result = parseRfc822Instant(created)
    if (result.ok) {
      item.added = result.value
      if (result.note !== undefined) warn(place, 'nonstandard-date', `created: ${result.note}`)
    } else {
      keep(item, 'created', created)
      warn(place, 'invalid-date', `created: ${result.reason}; kept it as written, without a date`)
    }
  }
  const description = cleanDescription(attributes.get('description') ?? '')
  if (description !== '') item.description = description
}

/** The title: `text`, or `title` when there is no text. */
function outlineTitle(attributes: OutlineAttributes): string {
  const text = attributes.get('text')
  return dataTitle(text !== undefined && text.trim() !== '' ? text : (attributes.get('title') ?? ''))
}

/**
 * `category`'s comma-separated categories as tags: a plain word is a tag, a `/`-delimited path
 * (`/Boston/Weather`) a tag without its leading slash (`Boston/Weather`).
 */
export function categoryTags(category: string): string[] {
  return normalizeTags(category.split(',').map((part) => part.trim().replace(/^\//, '')))
}

function keepRest(item: Folder | Bookmark, attributes: OutlineAttributes, taken: ReadonlySet<string>): void {
  for (const [name, value] of attributes) if (!taken.has(name)) keep(item, name, value)
}

function keep(item: Folder | Bookmark, name: string, value: string): void {
  item.attributes ??= createRecord()
  item.attributes[name] = value
}

/** A URL attribute's value, cleaned (`cleanHref`); undefined when absent or empty. */
function urlOf(value: string | undefined): string | undefined {
  const cleaned = value === undefined ? undefined : cleanHref(value)
  return cleaned === undefined || cleaned === '' ? undefined : cleaned
}
