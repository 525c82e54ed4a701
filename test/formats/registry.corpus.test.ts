/**
 * Conformance over the shared corpus of real bookmark files (../shared/corpus, read-only, never
 * copied into this repo). MANIFEST.tsv says for each file whether its own project expects it to
 * load (`valid`) and what its tests assert (`expected`). Read as our model:
 * - `valid=yes`: parses (warnings allowed), with the bookmark and folder counts the manifest
 *   asserts (`links`/`bookmarks`/`… imported` = bookmark nodes with a URL; `folders` = folders
 *   below the root);
 * - `valid=no`: fails with a clear message naming the file, or parses with at least one warning;
 * - `valid=unknown`: must not crash;
 * - every file: parses (how fast is for `npm run bench`, not for tests).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readManifest, readOrRefused } from '../corpus.js'
import { countNodes, type Collection } from '../../src/model/tree.js'
import { safeHref } from '../../src/model/safe-url.js'
import { parseSource } from '../../src/formats/index.js'
import { bookmarksOf, CORPUS } from '../helpers.js'

/** Counts the manifest's `expected` text asserts, as our model counts them. */
export function expectedCounts(expected: string): { bookmarks?: number; folders?: number } {
  const counts: { bookmarks?: number; folders?: number } = {}
  const bookmarkPatterns = [
    /\blinks=(\d+)/,
    /\bbookmarks=(\d+)/,
    /'(\d+) bookmarks'/,
    /\b(\d+) bookmarks imported/,
    /\bimported=(\d+)/,
    /; (\d+) imported\b/,
    /\bitems=(\d+)/,
  ]
  for (const pattern of bookmarkPatterns) {
    const match = pattern.exec(expected)
    if (match) {
      counts.bookmarks = Number(match[1])
      break
    }
  }
  const folders = /\bfolders=(\d+)/.exec(expected)
  if (folders) counts.folders = Number(folders[1])
  return counts
}

/**
 * Where a source project's count is not ours, with the reason. Each entry is checked as written.
 */
const READ_AS_OUR_MODEL: Record<string, { bookmarks?: number; folders?: number; reason: string }> = {
  'netscape/sissbruecker-linkding--simple_valid_import_file_with_one_invalid_bookmark.html': {
    bookmarks: 3,
    reason: 'linkding drops the entry whose ADD_DATE is "invaliddate"; we keep it without a date and warn',
  },
}

/**
 * Files under a kind's folder that are in fact another format bookgen reads (the registry's
 * sniffer claims them): checked as that format, against the manifest's facts.
 */
const ANOTHER_FORMAT: Record<string, { format: string; reason: string }> = {
  'netscape/calibr-node-bookmarks-parser--pocket.html': {
    format: 'pocket-html',
    reason: "Pocket's HTML export (not Netscape): its own project reads it with a Pocket parser, as we do",
  },
}

/** Facts from the manifest that map onto our model field for field. */
const FACTS: Record<string, (collection: Collection) => void> = {
  'netscape/calibr-node-bookmarks-parser--pocket.html': (collection) => {
    const sections = collection.root.children.filter((node) => node.type === 'folder')
    expect(sections.map((folder) => [folder.title, folder.children.length])).toEqual([
      ['Unread', 3],
      ['Read Archive', 2],
    ])
    expect(bookmarksOf(collection).at(-1)!.title).toMatch(/\p{Script=Cyrillic}/u)
  },
  'netscape/shaarli-netscape-bookmark-parser--netscape_multiline.htm': (collection) => {
    const notes = bookmarksOf(collection).map((bookmark) => bookmark.description)
    expect(notes[0]).toBe('List:\n- item1\n- item2\n- item3')
    expect(notes[1]).toBe(
      'Nested lists:\n- list1\n  - item1.1\n  - item1.2\n  - item1.3\n- list2\n  - item2.1',
    )
    expect(notes[2]).toBe('List:\n- item1\n- item2\n\nParagraph number one.\n\nParagraph\nnumber\ntwo.')
  },
  'netscape/shaarli-netscape-bookmark-parser--google_bookmarks_nested.htm': (collection) => {
    const first = bookmarksOf(collection)[0]!
    expect(first.title).toBe('WordHippo | Comprehensive Thesaurus for Synonyms and Antonyms')
    expect(first.added).toBe(1515515697_000) // the file has microseconds
  },
  'netscape/shaarli-netscape-bookmark-parser--netscape_basic.htm': (collection) => {
    const [secret, open] = bookmarksOf(collection)
    expect(secret).toMatchObject({
      title: 'Secret stuff',
      href: 'https://private.tld',
      private: true,
      added: 971175336_000,
    })
    expect(secret!.tags).toEqual(['private', 'secret'])
    expect(secret!.description).toBe("Super-secret stuff you're not supposed to know about")
    expect(open).toMatchObject({ title: 'Public stuff', href: 'http://public.tld', added: 1456433748_000 })
  },
  'netscape/shaarli-netscape-bookmark-parser--delicious.htm': (collection) => {
    const bookmarks = bookmarksOf(collection)
    expect(bookmarks[0]!.description).toBe(
      'Export your bookmarks to an HTML file, which can be used as a backup or for importing into another web browser',
    )
    expect(bookmarks[2]!.private).toBe(true)
    expect(bookmarks[4]!.tags).toEqual(['@font-face', 'os', 'typography'])
  },
  'netscape/shaarli-netscape-bookmark-parser--shaarli_with_whitespace_tags.htm': (collection) => {
    expect(bookmarksOf(collection)[0]!.tags).toEqual(['dev', 'php dev', 'php 7.x'])
  },
  'netscape/shaarli-netscape-bookmark-parser--delicious_sanitize.htm': (collection) => {
    const first = bookmarksOf(collection)[0]!
    expect(first.tags).toEqual(['spip3', 'astuces'])
    expect(first.description).toContain('<li>#CLE ---> #VALEUR</li>\n</BOUCLE_exploiter>\n</code>')
  },
  'netscape/virtualtam-netscape-go--safari_folded.htm': (collection) => {
    expect(collection.title).toBe('Signets')
  },
  'netscape/Kovah-LinkAce--import_xss_bypass.html': (collection) => {
    // LinkAce imports only the safe link; we keep both entries but only one may be a link.
    const clickable = bookmarksOf(collection).filter((bookmark) => safeHref(bookmark.href) !== undefined)
    expect(clickable.map((bookmark) => bookmark.href)).toEqual(['https://astralapp.com/'])
  },
  'netscape/FaFre-WebLibre--mozilla-bookmarks.preplaces.html': (collection) => {
    const test = bookmarksOf(collection).find((bookmark) => bookmark.title === 'test post keyword')!
    expect(test).toMatchObject({
      href: 'http://test/post',
      shortcutUrl: 'test',
      postData: 'hidden1%3Dbar&text1%3D%25s',
      lastCharset: 'ISO-8859-1',
      added: 1177375336_000,
      modified: 1177375423_000,
    })
    const feed = bookmarksOf(collection).find((bookmark) => bookmark.title === 'Latest Headlines')!
    // Firefox's test compares after URL normalization (hosts lower-cased); we keep the URL as written.
    expect(new URL(feed.feedUrl!).href).toBe('http://en-us.fxfeeds.mozilla.com/en-US/firefox/headlines.xml')
  },
  'netscape/bookmarks-tools-bookmarks-parser--chrome_bookmarks.html': (collection) => {
    expect(bookmarksOf(collection)[0]).toMatchObject({
      title: 'Лучшие публикации за сутки / Хабр',
      href: 'https://habr.com/',
    })
    expect(collection.root.children[0]).toMatchObject({
      title: 'Bookmarks bar',
      toolbar: true,
      added: 1545502153_000,
    })
  },
  'xbel/Paxle-Paxle--test.xbel': (collection) => {
    expect(collection.title).toBe("Some of David's Bookmarks")
  },
  'xbel/GNOME-glib--valid-01.xbel': (collection) => {
    expect(bookmarksOf(collection)[0]).toMatchObject({
      href: 'file:///home/zefram/Documents/milan-stuttgart.ps',
      mimeType: 'application/postscript',
    })
  },
  'xbel/GNOME-glib--valid-02.xbel': (collection) => {
    for (const bookmark of bookmarksOf(collection)) expect(bookmark.mimeType).toBeTruthy()
  },
  'xbel/GNOME-glib--valid-03.xbel': (collection) => {
    for (const bookmark of bookmarksOf(collection)) expect(bookmark.mimeType).toBeTruthy()
  },
}

const available = existsSync(path.join(CORPUS, 'MANIFEST.tsv'))
if (!available) console.warn(`Skipping corpus conformance: ${CORPUS}/MANIFEST.tsv not found`)

describe.skipIf(!available)('corpus conformance (../shared/corpus)', () => {
  const rows = available ? readManifest(CORPUS) : []

  it('should read the manifest', () => {
    expect(rows.length).toBeGreaterThan(50)
  })

  for (const row of rows) {
    it(`${row.valid === 'no' ? 'should reject or warn about' : 'should read'} ${row.file}`, () => {
      const bytes = readFileSync(path.join(CORPUS, row.file))
      const collection = readOrRefused(row, () => parseSource(bytes, row.file))
      if (collection === undefined) return
      const another = ANOTHER_FORMAT[row.file]
      if (another !== undefined) {
        expect(collection!.format, another.reason).toBe(another.format)
        expect(countNodes(collection!.root).bookmarks).toBe(expectedCounts(row.expected).bookmarks)
        FACTS[row.file]?.(collection!)
        return
      }
      if (row.valid === 'no') {
        expect(collection!.warnings.length, 'a rejected file must at least warn').toBeGreaterThan(0)
        return
      }
      if (row.valid !== 'yes') return
      const stats = countNodes(collection!.root)
      const override = READ_AS_OUR_MODEL[row.file]
      const counts = { ...expectedCounts(row.expected), ...(override ?? {}) }
      if (counts.bookmarks !== undefined) expect(stats.bookmarks).toBe(counts.bookmarks)
      if (counts.folders !== undefined) expect(stats.folders).toBe(counts.folders)
      FACTS[row.file]?.(collection!)
    })
  }
})
