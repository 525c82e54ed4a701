/**
 * linkding's REST API as saved JSON: a page of `GET /api/bookmarks/` (Django REST Framework's
 * `{count, next, previous, results: […]}`, also `/archived/`) or one bookmark object
 * (`GET /api/bookmarks/<id>/`). Bookmarks are read flat into the root folder, in file order.
 *
 * Field by field (anything not listed is kept in `attributes` under its own name):
 * - `url` → `href`; `title` → `title` and `description` → `description`, each falling back to
 *   `website_title` / `website_description` when empty (linkding's `resolved_title` and
 *   `resolved_description`, which its own export writes); `website_title` and
 *   `website_description` are kept in `attributes` all the same;
 * - `notes` (Markdown) is kept verbatim in `attributes.notes`: the description stays the short
 *   text linkding shows, and nothing is merged or rewritten;
 * - `tag_names` → `tags`; `unread: true` → `toRead`; `date_added` → `added`; `date_modified` →
 *   `modified`; `favicon_url` → `iconUri`; `is_archived` is kept only when true;
 * - `shared` → `private = !shared`. linkding's bookmarks belong to one user and are seen by no one
 *   else unless shared, and linkding's own Netscape export writes `PRIVATE="1"` for every bookmark
 *   not shared; so a bookmark not shared is private here too, and a site leaves it out unless
 *   private bookmarks are published (the safe side for a dump of someone's account).
 * The page envelope's `count`, `next` and `previous` are kept in the root's `attributes`; a page
 * with a `next` is only part of the account, which is warned about.
 */
import { BookgenError } from '../../model/errors.js'
import { createBookmark, createFolder, normalizeTags, type Bookmark, type Folder } from '../../model/tree.js'
import { cleanDescription } from '../shared/description.js'
import { isJsonObject, parseJsonSource } from '../shared/json.js'
import { firstValueOffset, jsonCollection, JsonFields, jsonKind, JsonSource } from '../shared/json-fields.js'
import { findJsonOffsets, headKeys, memberOffset } from '../shared/json-scan.js'
import { dataTitle } from '../shared/titles.js'
import { cleanHref } from '../../model/urls.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'

export const linkdingJson: FormatEntry = {
  name: 'linkding-json',
  label: 'linkding REST API JSON',
  where:
    'linkding: the REST API, GET /api/bookmarks/ (a page of results) or GET /api/bookmarks/<id>/ (one bookmark), saved as a .json file.',
  sniff: sniffLinkding,
  read: readLinkding,
}

/**
 * A linkding bookmark object at the top or as the first of `results`: `url` with `tag_names`, or
 * with both `is_archived` and `unread` (no other export has that pair).
 */
function sniffLinkding(head: SniffHead): boolean {
  const [top, first] = headKeys(head.text, [[], ['results', 0]])
  const keys = top!.has('url') ? top! : top!.has('results') ? first! : undefined
  if (keys === undefined || !keys.has('url')) return false
  return keys.has('tag_names') || (keys.has('is_archived') && keys.has('unread'))
}

function readLinkding(input: SourceInput) {
  const decoded = input.text()
  const { text } = decoded
  const value = parseJsonSource(text, input.file, 'linkding/syntax')
  const source = new JsonSource(input.file, text, 'linkding')
  const start = firstValueOffset(text)
  if (!isJsonObject(value)) {
    throw new BookgenError(
      `Expected a linkding bookmark object or a page of them ({"count", "next", "previous", "results": […]}); the file holds ${jsonKind(value)}`,
      { rule: 'linkding/not-an-object', ...source.place(start) },
    )
  }
  const root = createFolder('linkding')
  if (Object.hasOwn(value, 'results')) readPage(new JsonFields(source, value, start), root)
  else root.children.push(readBookmark(new JsonFields(source, value, start)))
  return jsonCollection('linkding-json', source, decoded, root)
}

/** A page of results: its bookmarks into `root`, its envelope into `root`'s attributes. */
function readPage(page: JsonFields, root: Folder): void {
  const { source } = page
  const results = page.take('results')
  if (!Array.isArray(results)) {
    const at = memberOffset(source.text, page.offset, 'results') ?? page.offset
    throw new BookgenError(`"results" should be the list of bookmarks; it is ${jsonKind(results)}`, {
      rule: 'linkding/results-not-a-list',
      ...source.place(at),
    })
  }
  const offsets = findJsonOffsets(source.text, [['results', '*']])[0]!
  results.forEach((item: unknown, index) => {
    const offset = offsets.get(String(index)) ?? page.offset
    if (isJsonObject(item)) root.children.push(readBookmark(new JsonFields(source, item, offset)))
    else
      source.warn(
        () => offset,
        'not-an-object',
        `results[${index}] is ${jsonKind(item)}, not a bookmark; skipped it`,
      )
  })
  const next = page.string('next')
  page.keep('next')
  const count = page.take('count')
  page.keep('count')
  if (next !== undefined && next !== '') {
    page.warnAt(
      'next',
      'partial-page',
      `This is one page of linkding's results (${results.length} here${typeof count === 'number' ? ` of ${count}` : ''}); the others are not in this file. Fetch them all (next: ${next}), or save one page with a larger ?limit=`,
    )
  }
  page.finishInto(root)
}

/** One bookmark object. */
function readBookmark(fields: JsonFields): Bookmark {
  const bookmark = createBookmark('')
  bookmark.place = fields.place()
  const url = cleanHref(fields.string('url') ?? '')
  if (url === '') {
    fields.warnAt('url', 'missing-url', 'The bookmark has no url; kept it as text without a link')
  } else bookmark.href = url
  const title = fields.string('title')
  const websiteTitle = fields.string('website_title')
  fields.keep('website_title')
  bookmark.title = dataTitle(title || websiteTitle || '')
  const websiteDescription = fields.string('website_description')
  fields.keep('website_description')
  const description = cleanDescription(fields.string('description') || websiteDescription || '')
  if (description !== '') bookmark.description = description
  bookmark.tags = tagNames(fields)
  if (fields.boolean('unread') === true) bookmark.toRead = true
  const shared = fields.boolean('shared')
  if (shared !== undefined) bookmark.private = !shared
  if (fields.boolean('is_archived') === true) fields.keep('is_archived')
  const added = fields.date('date_added')
  if (added !== undefined) bookmark.added = added
  const modified = fields.date('date_modified')
  if (modified !== undefined) bookmark.modified = modified
  const favicon = fields.string('favicon_url')
  if (favicon !== undefined && favicon !== '') bookmark.iconUri = favicon
  fields.keep('id')
  fields.finishInto(bookmark)
  return bookmark
}

/** `tag_names` as tags; a list with something other than names in it is also kept as written. */
function tagNames(fields: JsonFields): string[] {
  const list = fields.list('tag_names')
  if (list === undefined) return []
  const names = list.filter((name): name is string => typeof name === 'string')
  if (names.length < list.length) {
    fields.keep('tag_names')
    fields.warnAt(
      'tag_names',
      'wrong-type',
      'tag_names holds values that are not tag names; kept the list as written',
    )
  }
  return normalizeTags(names)
}
