/**
 * Conformance of the service readers over the shared corpus of real exports
 * (../shared/corpus/formats, read-only, never copied into this repo). MANIFEST.tsv says for each
 * file whether its own project expects it to load (`valid`) and what its tests assert
 * (`expected`). For the rows of our kinds:
 * - every file is claimed by its own kind's sniffer, and by no other service reader;
 * - `valid=yes`: reads (warnings allowed) with the count of bookmarks the manifest asserts, unless
 *   `READ_AS_OUR_MODEL` says why ours differs, and with the facts in `FACTS`;
 * - `valid=no`: is refused with a clear message naming the file, or reads with a warning;
 * - `valid=unknown`: does not crash;
 * - every file reads without a crash.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readManifest, readOrRefused } from '../corpus.js'
import { countNodes, type Collection } from '../../src/model/tree.js'
import { SERVICE_FORMATS } from '../../src/formats/registry.js'
import { CORPUS } from '../helpers.js'
import { bookmarks, claimants, folderNamed, read } from './helpers.js'

const FORMATS = path.join(CORPUS, 'formats')
const KINDS = new Set(SERVICE_FORMATS.map((entry) => entry.name))

/** The number of bookmarks the manifest's `expected` text asserts, where it states one. */
export function expectedBookmarks(expected: string): number | undefined {
  const match = /\b(\d+) (?:bookmarks|posts|rows|entries imported)\b|\bimported=(\d+)/.exec(expected)
  return match === null ? undefined : Number(match[1] ?? match[2])
}

/** Where a source project's count is not ours, with the reason. Each entry is checked as written. */
const READ_AS_OUR_MODEL: Record<string, { bookmarks: number; reason: string }> = {
  'pocket-csv/Bokovsky-readeck-mirror--pocket_part.csv': {
    bookmarks: 5,
    reason:
      "Readeck drops the ftp:// row and the row whose URL differs only by its #fragment; bookgen keeps every row (the site links only safe URLs; duplicates are the site's to report)",
  },
  'pocket-csv/Bokovsky-readeck-mirror--pocket.zip': {
    bookmarks: 5,
    reason: 'the same part as pocket_part.csv, zipped: the same 5 rows',
  },
  'readwise-csv/Bokovsky-readeck-mirror--readwise.csv': {
    bookmarks: 3,
    reason: 'Readeck skips the mailto: row; bookgen keeps it (in the folder "feed"), as it keeps every row',
  },
}

/**
 * Differences in the facts, stated here and checked in `FACTS`:
 * - wallabag's tagging rules add the tag "foot" and lower-case tags ("PHP" → "php"); bookgen keeps
 *   the file's tags as written.
 * - wallabag turns an Instapaper folder that is not a status (`test_tag`) into a tag; bookgen makes
 *   it a folder, like "Unread", "Archive" and "Starred".
 * - Readeck removes the Readwise tag "favorite" and marks the item instead; bookgen has no
 *   favourite field and keeps the tag.
 * - Readeck and wallabag mark archived items read; bookgen puts them in the archive's folder and
 *   marks the others `toRead`.
 */
const FACTS: Record<string, (collection: Collection) => void> = {
  'pocket-html/llbbl-raindrop-import-scripts--sample_pocket.html': (collection) => {
    const [one, two, three] = bookmarks(collection.root)
    expect(one).toMatchObject({
      title: 'Sample Article 1',
      href: 'http://example.com/article1',
      tags: ['sample', 'test'],
    })
    expect(two).toMatchObject({
      title: 'Sample Article 2',
      href: 'http://example.com/article2',
      tags: ['sample'],
    })
    expect(three).toMatchObject({ title: 'Sample Article 3', href: 'http://example.com/article3', tags: [] })
  },
  'pocket-csv/Bokovsky-readeck-mirror--pocket_part.csv': (collection) => pocketPartFacts(collection),
  'pocket-csv/Bokovsky-readeck-mirror--pocket.zip': (collection) => pocketPartFacts(collection),
  'pocket-csv/wallabag-wallabag--pocket.csv': (collection) => {
    const hrefs = bookmarks(collection.root).map((bookmark) => bookmark.href)
    expect(hrefs).toContain('http://youmightnotneedjquery.com/')
    expect(hrefs).toContain(
      'https://reporterre.net/Des-abeilles-pour-resoudre-les-conflits-entre-les-humains-et-les-elephants',
    )
    // Quoted line breaks in a title: kept as the export has them (a page shows them as one space).
    const bees = bookmarks(collection.root).find((bookmark) =>
      bookmark.href?.startsWith('https://reporterre.net/'),
    )
    expect(bees!.title).toBe('Des abeilles pour résoudre les « conflits » entre les humains\n\net les élépha')
  },
  'pinboard-json/bkittelmann-pinboard-checker--bookmarks.json': (collection) => {
    const [first, second] = bookmarks(collection.root)
    expect(first!.tags).toHaveLength(4)
    expect(second).toMatchObject({ private: true, toRead: true })
  },
  'pinboard-json/wallabag-wallabag--pinboard_export': (collection) => {
    const varnish = bookmarks(collection.root).find(
      (bookmark) => bookmark.href === 'https://ma.ttias.be/varnish-explained/',
    )!
    expect(new Date(varnish.added!).toISOString().slice(0, 10)).toBe('2016-10-26')
    expect(varnish.tags).toEqual(['varnish', 'PHP']) // wallabag: varnish, php + its rule's "foot"
  },
  'pinboard-xml/weppos-www-delicious--posts_all.xml': (collection) =>
    firstAndLast(
      collection,
      'New to Git? - GitHub',
      'ASP 101 - Object Oriented ASP: Using Classes in Classic ASP',
    ),
  'pinboard-xml/weppos-www-delicious--posts_get.xml': (collection) =>
    firstAndLast(collection, 'New to Git? - GitHub', '.c( whytheluckystiff )o. -- The Fully Upturned Bin'),
  'pinboard-xml/weppos-www-delicious--posts_recent.xml': (collection) =>
    firstAndLast(collection, 'New to Git? - GitHub', 'RichText | Lightview for modal dialogs on Rails'),
  'instapaper-csv/wallabag-wallabag--instapaper-export-new.csv': (collection) => {
    const tags = bookmarks(collection.root).map((bookmark) => bookmark.tags)
    expect(tags).toContainEqual(['politics', 'twitter', 'news'])
    expect(tags).toContainEqual(['social'])
    expect(tags).toContainEqual(['react', 'javascript'])
    expect(
      bookmarks(collection.root).find((bookmark) => bookmark.href?.includes('liberation.fr'))!.tags,
    ).toEqual([])
  },
  'instapaper-csv/wallabag-wallabag--instapaper-export.csv': (collection) => {
    expect(bookmarks(collection.root).some((bookmark) => bookmark.href?.includes('theguardian.com'))).toBe(
      true,
    )
    expect(folderNamed(collection.root, 'test_tag').children[0]).toMatchObject({
      title: "Dis donc Donald Trump, c'est quoi exactement «covfefe»?",
    })
    expect(bookmarks(folderNamed(collection.root, 'Archive'))[0]!.href).toContain('redditblog.com')
    expect(bookmarks(folderNamed(collection.root, 'Starred'))[0]!.href).toContain('medium.com')
    for (const list of ['Archive', 'Starred'])
      expect(bookmarks(folderNamed(collection.root, list))[0]).not.toHaveProperty('toRead')
  },
  'delicious-json/wallabag-wallabag--delicious_export.2021.02.06_21.10.json': (collection) => {
    const spoof = bookmarks(collection.root).find(
      (bookmark) => bookmark.href === 'https://feross.org/spoofmac/',
    )!
    expect(spoof.tags).toContain('osx')
    expect(new Date(spoof.added!).toISOString().slice(0, 10)).toBe('2013-01-17')
    expect(bookmarks(collection.root).map((bookmark) => bookmark.href)).toEqual(
      expect.arrayContaining(['https://stackoverflow.com/review/', 'https://addyosmani.com/basket.js/']),
    )
  },
  'goodlinks-json/Bokovsky-readeck-mirror--goodlinks.json': (collection) => {
    const [shodan, home] = bookmarks(collection.root)
    expect(shodan).toMatchObject({
      href: 'https://www.startpage.com/',
      title: 'Shodan',
      tags: ['search'],
      added: Date.parse('2020-05-04T14:12:42Z'),
    })
    expect(home).toMatchObject({
      href: 'https://www.linuxserver.io/',
      title: 'Home | LinuxServer.io',
      tags: ['linux', 'docker'],
      added: Date.parse('2020-05-16T09:30:18Z'),
    })
  },
  'readwise-csv/Bokovsky-readeck-mirror--readwise.csv': (collection) => {
    const linuxserver = bookmarks(collection.root).find(
      (bookmark) => bookmark.href === 'https://www.linuxserver.io/',
    )!
    expect(linuxserver).toMatchObject({ title: 'Some Title', added: Date.parse('2022-12-05T12:42:10Z') })
    expect(linuxserver.tags).toEqual(["don't", 'favorite', 'peanut, butter']) // Readeck: favorite → marked
    expect(folderNamed(collection.root, 'archive').children[0]).toMatchObject({
      href: 'https://www.startpage.com/',
      title: '',
      added: Date.parse('2025-01-20T22:13:02.447Z'),
    })
  },
}

/** Readeck's three bookmarks of its pocket_part.csv, among our five. */
function pocketPartFacts(collection: Collection): void {
  const all = bookmarks(collection.root)
  const read = folderNamed(collection.root, 'Read Archive').children[0]
  expect(read).toMatchObject({
    href: 'https://example.org/read',
    title: 'Read article',
    added: Date.parse('2024-04-02T05:59:04Z'),
  })
  expect(read).not.toHaveProperty('toRead')
  // Readeck strips the fragment (https://example.org/); bookgen keeps the URL as written.
  expect(all.find((bookmark) => bookmark.href === 'https://example.org/#test')).toMatchObject({
    title: 'Example.net',
    tags: ['tag1', 'tag2'],
    added: Date.parse('2023-05-24T07:29:06Z'),
    toRead: true,
  })
  expect(all.find((bookmark) => bookmark.href === 'https://example.net/')).toMatchObject({
    title: 'Example.net',
    added: Date.parse('2023-05-24T07:32:02Z'),
  })
}

function firstAndLast(collection: Collection, first: string, last: string): void {
  const titles = bookmarks(collection.root).map((bookmark) => bookmark.title)
  expect(titles[0]).toBe(first)
  expect(titles.at(-1)).toBe(last)
}

/** Read a corpus file with its kind's reader, named as in the manifest. */
export function readCorpusFile(file: string, kind: string): Collection {
  const entry = SERVICE_FORMATS.find((format) => format.name === kind)!
  return read(entry, readFileSync(path.join(FORMATS, file)), file)
}

const available = existsSync(path.join(FORMATS, 'MANIFEST.tsv'))
if (!available) console.warn(`Skipping service formats conformance: ${FORMATS}/MANIFEST.tsv not found`)

describe.skipIf(!available)('service formats conformance (../shared/corpus/formats)', () => {
  const rows = available ? readManifest(FORMATS).filter((row) => KINDS.has(row.kind)) : []

  it('should find rows of our kinds in the manifest', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15)
  })

  for (const row of rows) {
    it(`${row.valid === 'no' ? 'should refuse or warn about' : 'should read'} ${row.file}`, () => {
      const bytes = readFileSync(path.join(FORMATS, row.file))
      expect(claimants(bytes, 'unnamed')).toEqual([row.kind])
      const collection = readOrRefused(row, () => readCorpusFile(row.file, row.kind))
      if (collection === undefined) return
      if (row.valid === 'no') {
        expect(collection!.warnings.length, 'a refused file must at least warn').toBeGreaterThan(0)
        return
      }
      if (row.valid !== 'yes') return
      const count = READ_AS_OUR_MODEL[row.file]?.bookmarks ?? expectedBookmarks(row.expected)
      if (count !== undefined) expect(countNodes(collection!.root).bookmarks).toBe(count)
      FACTS[row.file]?.(collection!)
    })
  }

  it('should read the Pocket export that the Netscape corpus holds as not Netscape', () => {
    const file = path.join(CORPUS, 'netscape', 'calibr-node-bookmarks-parser--pocket.html')
    const bytes = readFileSync(file)
    expect(claimants(bytes)).toEqual(['pocket-html'])
    const collection = read(
      SERVICE_FORMATS.find((entry) => entry.name === 'pocket-html')!,
      bytes,
      'pocket.html',
    )
    expect(bookmarks(folderNamed(collection.root, 'Unread'))).toHaveLength(3)
    expect(bookmarks(folderNamed(collection.root, 'Read Archive'))).toHaveLength(2)
    expect(bookmarks(collection.root).at(-1)!.title).toBe(
      'Аналитики: новый Nexus 7 получит Android 4.3 и Snapdragon S4 Pro',
    )
  })
})
