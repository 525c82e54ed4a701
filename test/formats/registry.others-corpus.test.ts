/**
 * Conformance of the OPML, linkding and Linkwarden readers over the shared corpus of real files
 * (../shared/corpus/formats, read-only, never copied here). For the manifest's rows of these kinds:
 * - `valid=yes` reads, with the counts and facts its `expected` column asserts, as our model
 *   counts them (where we count differently, `DIFFERENCES` says so and why, and is checked);
 * - `valid=no` is refused with a clear, placed error, or read with a warning;
 * - `unknown` does not crash.
 * Then every readable file (and our own fixtures) goes through the XBEL and the Netscape writer
 * and back through `parseSource`: the model comes back the same (places, format and encoding
 * aside), or each difference is one the writer reported as lost (`convert/lost-field`), or is a
 * writer gap listed in `WRITER_GAPS`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readManifest, readOrRefused, type ManifestRow } from '../corpus.js'
import { linkdingJson } from '../../src/formats/linkding-json/index.js'
import { linkwardenJson } from '../../src/formats/linkwarden-json/index.js'
import { opml } from '../../src/formats/opml/index.js'
import type { FormatEntry } from '../../src/formats/types.js'
import { countNodes, forEachNode, type Collection, type Folder, type Node } from '../../src/model/tree.js'
import { parseSource } from '../../src/formats/index.js'
import { BOOKMARK_NAMES, FOLDER_NAMES, ROOT_NAMES, writeNetscape } from '../../src/formats/netscape/write.js'
import { writeXbel } from '../../src/formats/xbel/write.js'
import { collapseTitle } from '../../src/formats/shared/titles.js'
import { bookmarksOf, CORPUS, FIXTURES, withoutPlaces } from '../helpers.js'
import { sourceInput } from './others-input.js'
import type { Message } from '../../src/model/message.js'

const FORMATS_CORPUS = path.join(CORPUS, 'formats')
const READERS: Readonly<Record<string, FormatEntry>> = {
  opml,
  'linkding-json': linkdingJson,
  'linkwarden-json': linkwardenJson,
}

type Row = ManifestRow

/**
 * Where a source project's count or reading is not ours, with the reason; `bookmarks` is what we
 * read (bookmark nodes with a URL), checked as written.
 */
const DIFFERENCES: Record<string, { source: string; bookmarks: number; reason: string }> = {
  'linkwarden-json/karakeep-app-karakeep--linkwarden-export.json': {
    source: '6 links -> 5 bookmarks',
    bookmarks: 6,
    reason:
      'karakeep merges the two example.com links into one bookmark with two paths; a folder tree keeps both placements',
  },
  'linkding-json/bachya-aiolinkding--bookmarks_async_get_all_response.json': {
    source: 'count=123',
    bookmarks: 1,
    reason:
      'count is the server’s total; this page holds one result (next is set: we warn linkding/partial-page)',
  },
}

/** The slash-joined titles of the folders from the root down to `node` (the root's own title left out). */
function pathsOf(root: Folder): Map<Node, string[]> {
  const paths = new Map<Node, string[]>()
  const stack: Array<{ folder: Folder; path: string[] }> = [{ folder: root, path: [] }]
  while (stack.length > 0) {
    const { folder, path: at } = stack.pop()!
    for (const child of folder.children) {
      paths.set(child, at)
      if (child.type === 'folder') stack.push({ folder: child, path: [...at, child.title] })
    }
  }
  return paths
}

/** Facts the manifest's `expected` column asserts, field for field. */
const FACTS: Record<string, (collection: Collection) => void> = {
  'opml/virtualtam-opml-go--directory.opml': (collection) => {
    expect(collection.title).toBe('scriptingNewsDirectory.opml')
    expect(collection.root.added).toBe(Date.UTC(2005, 9, 13, 15, 34, 7)) // Thu, 13 Oct 2005 15:34:07 GMT
    expect(collection.root.attributes).toMatchObject({
      ownerName: 'Dave Winer',
      ownerEmail: 'dwiner@yahoo.com',
    })
    const top = collection.root.children
    expect(top).toHaveLength(8)
    expect(top.every((node) => node.type === 'bookmark' && node.href !== undefined)).toBe(true)
    expect(top[0]).toMatchObject({
      title: 'Scripting News sites',
      href: 'http://hosting.opml.org/dave/mySites.opml',
      added: Date.UTC(2005, 9, 16, 5, 56, 10),
    })
    expect(top[3]).toMatchObject({ title: 'TechCrunch reviews' })
    expect(top[3]).not.toHaveProperty('added')
    expect(top[4]).toMatchObject({ title: "Tod Maffin's directory of Public Radio podcasts" })
    // CR-only line ends: the fourth outline is on line 20.
    expect(top[3]!.place).toMatchObject({ line: 20, column: 3 })
  },
  'opml/Holllo-opml--directory.opml': (collection) => {
    expect(bookmarksOf(collection)).toHaveLength(8)
    expect(collection.warnings).toEqual([])
  },
  'linkding-json/bachya-aiolinkding--bookmarks_async_get_all_response.json': (collection) => {
    expect(collection.root.attributes).toEqual({
      count: '123',
      next: 'http://127.0.0.1:8000/api/bookmarks/?limit=100&offset=100',
    })
    expect(bookmarksOf(collection)[0]).toMatchObject({
      title: 'Example title',
      href: 'https://example.com',
      tags: ['tag1', 'tag2'],
      private: true, // shared=false
      added: Date.UTC(2020, 8, 26, 9, 46, 23, 6),
      attributes: { id: '1' },
    })
    expect(bookmarksOf(collection)[0]).not.toHaveProperty('toRead') // unread=false
    expect(bookmarksOf(collection)[0]!.attributes).not.toHaveProperty('is_archived')
    expect(collection.warnings.map((warning) => warning.rule)).toEqual(['linkding/partial-page'])
  },
  'linkding-json/bachya-aiolinkding--bookmarks_async_get_archived_response.json': (collection) => {
    expect(bookmarksOf(collection)[0]!.attributes).toMatchObject({ is_archived: 'true' })
  },
  'linkding-json/bachya-aiolinkding--bookmarks_async_get_single_response.json': (collection) => {
    expect(bookmarksOf(collection)).toMatchObject([{ href: 'https://example.com', attributes: { id: '1' } }])
    expect(collection.warnings).toEqual([])
  },
  'linkwarden-json/karakeep-app-karakeep--linkwarden-export.json': (collection) => {
    const paths = pathsOf(collection.root)
    const facts = bookmarksOf(collection).map((bookmark) => ({
      title: bookmark.title,
      href: bookmark.href,
      tags: bookmark.tags,
      added: bookmark.added,
      path: paths.get(bookmark)!.join('/'),
    }))
    expect(facts).toEqual([
      {
        title: 'Next.js',
        href: 'https://nextjs.org',
        tags: [],
        added: Date.UTC(2025, 2, 10, 8, 30),
        path: 'Tech/Frontend/Frameworks',
      },
      {
        title: 'React',
        href: 'https://react.dev',
        tags: ['js', 'ui'],
        added: Date.UTC(2025, 1, 15, 12),
        path: 'Tech/Frontend',
      },
      { title: 'GitHub', href: 'https://github.com', tags: ['dev'], added: 1735689600_000, path: 'Tech' },
      {
        title: 'Hacker News',
        href: 'https://news.ycombinator.com',
        tags: ['news'],
        added: Date.UTC(2025, 0, 20),
        path: 'News',
      },
      {
        title: 'Example',
        href: 'https://example.com',
        tags: ['work'],
        added: Date.UTC(2025, 0, 1),
        path: 'Work',
      },
      {
        title: 'Example',
        href: 'https://example.com',
        tags: ['personal'],
        added: Date.UTC(2025, 1, 1),
        path: 'Personal',
      },
    ])
    expect(collection.warnings).toEqual([])
  },
}

const available = existsSync(path.join(FORMATS_CORPUS, 'MANIFEST.tsv'))
if (!available)
  console.warn(`Skipping OPML/linkding/Linkwarden conformance: ${FORMATS_CORPUS}/MANIFEST.tsv not found`)
const rows = available ? readManifest(FORMATS_CORPUS).filter((row) => row.kind in READERS) : []

/** Read a corpus row with its kind's reader: the collection, or what was thrown. */
function readRow(row: Row): Collection {
  return READERS[row.kind]!.read(sourceInput(readFileSync(path.join(FORMATS_CORPUS, row.file)), row.file))
}

describe.skipIf(!available)('OPML, linkding and Linkwarden conformance (../shared/corpus/formats)', () => {
  it('should find rows of each kind, and facts for every valid one', () => {
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(Object.keys(READERS)))
    for (const row of rows) if (row.valid === 'yes') expect(FACTS, row.file).toHaveProperty([row.file])
  })

  for (const row of rows) {
    it(`${row.valid === 'no' ? 'should reject or warn about' : 'should read'} ${row.file}`, () => {
      const collection = readOrRefused(row, () => readRow(row))
      if (collection === undefined) return
      if (row.valid === 'no') expect(collection!.warnings.length).toBeGreaterThan(0)
      if (row.valid !== 'yes') return
      const difference = DIFFERENCES[row.file]
      if (difference !== undefined) {
        expect(row.expected).toContain(difference.source)
        expect(countNodes(collection!.root).bookmarks).toBe(difference.bookmarks)
      }
      FACTS[row.file]!(collection!)
    })
  }
})

// ---- round trip -------------------------------------------------------------------------------

/**
 * Known writer gaps: what comes back different although the writer reported no loss, per file
 * and writer, as a change to make to the original before comparing (checked: the gap must exist).
 */
const WRITER_GAPS: Record<
  string,
  { writer: 'netscape' | 'xbel'; gap: string; apply: (root: Folder) => number }
> = {}

/** Drop the attributes the Netscape writer leaves out as named like its own (`attribute-collision`). */
function dropCollisions(item: Record<string, unknown>, own: ReadonlySet<string>): void {
  const attributes = item['attributes'] as Record<string, string> | undefined
  if (attributes === undefined) return
  for (const name of Object.keys(attributes))
    if (own.has(name.toUpperCase()) && !(name === 'ALIASOF' && own === BOOKMARK_NAMES))
      delete attributes[name]
  if (Object.keys(attributes).length === 0) delete item['attributes']
}

/** Apply to a copy of `root` what the writer said it lost (`convert/lost-field … lost <field>`). */
function withReportedLosses(root: Folder, warnings: Message[]): Folder {
  const copy = withoutPlaces(root)
  const fields = warnings.flatMap((warning) => /\blost ([\w-]+)$/.exec(warning.message)?.[1] ?? [])
  const items: Array<Record<string, unknown>> = [copy as unknown as Record<string, unknown>]
  forEachNode(copy, (node) => items.push(node as unknown as Record<string, unknown>))
  for (const field of fields) {
    for (const item of items) {
      if (field === 'subsecond') {
        for (const key of ['added', 'modified', 'visited'])
          if (typeof item[key] === 'number') item[key] = Math.floor(item[key] / 1000) * 1000
      } else if (field === 'title-space') {
        if (typeof item['title'] === 'string') item['title'] = collapseTitle(item['title'])
      } else if (field === 'tag-comma' && Array.isArray(item['tags'])) {
        item['tags'] = (item['tags'] as string[]).map((tag) => tag.replaceAll(',', ' '))
      } else if (field === 'attribute-collision') {
        dropCollisions(
          item,
          item === items[0] ? ROOT_NAMES : item['type'] === 'folder' ? FOLDER_NAMES : BOOKMARK_NAMES,
        )
      } else delete item[field]
    }
  }
  return copy
}

/** Readable files: the corpus rows of our kinds, and our own fixtures. */
function readableFiles(): Array<{ label: string; bytes: Uint8Array; reader: FormatEntry }> {
  const files: Array<{ label: string; bytes: Uint8Array; reader: FormatEntry }> = []
  for (const row of rows) {
    const bytes = readFileSync(path.join(FORMATS_CORPUS, row.file))
    files.push({ label: row.file, bytes, reader: READERS[row.kind]! })
  }
  for (const [kind, reader] of Object.entries(READERS)) {
    for (const name of readdirSync(path.join(FIXTURES, kind)))
      files.push({ label: `${kind}/${name}`, bytes: readFileSync(path.join(FIXTURES, kind, name)), reader })
  }
  return files
}

describe('round trip through the XBEL and Netscape writers', () => {
  for (const { label, bytes, reader } of readableFiles()) {
    for (const [writer, write, extension] of [
      ['xbel', writeXbel, 'xbel'],
      ['netscape', writeNetscape, 'html'],
    ] as const) {
      it(`should give back ${label} through ${writer}`, () => {
        const collection = reader.read(sourceInput(bytes, label))
        const written = write(collection)
        const again = parseSource(new TextEncoder().encode(written.text), `again.${extension}`)
        const expected = withReportedLosses(collection.root, written.warnings)
        const gap = WRITER_GAPS[label]
        if (gap?.writer === writer) expect(gap.apply(expected), gap.gap).toBeGreaterThan(0)
        expect(withoutPlaces(again.root)).toEqual(expected)
        const titleSpace = written.warnings.some((warning) => warning.message.endsWith('lost title-space'))
        expect(again.title).toBe(titleSpace ? collapseTitle(collection.title) : collection.title)
        for (const warning of written.warnings)
          expect(warning.rule).toMatch(/^convert\/(lost-field|kept-in-metadata)$/)
      })
    }
  }
})
