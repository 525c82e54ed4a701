/**
 * A bookmark file with a private section, for the tests of `private`: 100 public bookmarks and 200
 * private ones, made private each of the three ways the config knows — 70 marked `PRIVATE="1"`
 * among the public ones, 70 in the folder `Secret Vault` (and its subfolder), 60 tagged `diary`.
 * Every private title, URL, host, note and tag of its own is unique to it and holds characters
 * that each escaping writes differently (`&`, `"`, `<`, `'`, a space, `é`), so that a leak shows
 * in whatever form it takes.
 */
import { writeFileSync } from 'node:fs'
import type { UserConfig } from '../src/config/options.js'

/** The config that makes the fixture's private bookmarks private. */
export const PRIVATE_CONFIG = {
  include: { folders: ['Secret Vault'], tags: ['diary'] },
  passphraseEnv: 'BOOKGEN_TEST_PASSPHRASE',
} satisfies UserConfig['private']

/** What the fixture's private bookmarks hold, each a string no public file may contain. */
export interface PrivateBookmark {
  title: string
  url: string
  host: string
  /** Its tags of its own (not those public bookmarks carry too). */
  tags: string[]
  note: string
  /** A word of its title no other bookmark has. */
  word: string
}

function privateBookmark(kind: 'kestrel' | 'osprey' | 'falcon', index: number): PrivateBookmark {
  const word = `${kind}${String(index).padStart(3, '0')}`
  const host = `${word}.hidden-${kind}.example`
  return {
    title: `${word} Tom & Jerry's "secret" <plan> café`,
    url: `https://${host}/path/${word}?q=a b&x=é`,
    host,
    tags: [`${word}-tag`, ...(kind === 'falcon' ? ['diary'] : [])],
    note: `Why ${word} matters: it's <private> & "mine"`,
    word,
  }
}

/** The fixture's private bookmarks, in the order the file has them. */
export function privateBookmarks(): PrivateBookmark[] {
  return [
    ...Array.from({ length: 70 }, (_, index) => privateBookmark('kestrel', index)),
    ...Array.from({ length: 70 }, (_, index) => privateBookmark('osprey', index)),
    ...Array.from({ length: 60 }, (_, index) => privateBookmark('falcon', index)),
  ]
}

/** Netscape HTML as browsers write it: `&`, `<`, `>` and `"` escaped in text and attributes. */
function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

function line(bookmark: PrivateBookmark, tags: string[], attributes = ''): string {
  return [
    `<DT><A HREF="${escape(bookmark.url)}" ADD_DATE="1600000000" TAGS="${escape(tags.join(','))}"${attributes}>`,
    `${escape(bookmark.title)}</A>\n<DD>${escape(bookmark.note)}`,
  ].join('')
}

/** Write the fixture to `file`; the private bookmarks, for the tests to look for. */
export function writePrivateFixture(file: string): PrivateBookmark[] {
  const all = privateBookmarks()
  const kestrels = all.filter((bookmark) => bookmark.word.startsWith('kestrel'))
  const ospreys = all.filter((bookmark) => bookmark.word.startsWith('osprey'))
  const falcons = all.filter((bookmark) => bookmark.word.startsWith('falcon'))
  const reading: string[] = []
  for (let index = 0; index < 100; index++) {
    reading.push(
      `<DT><A HREF="https://public-${index}.example.org/page" ADD_DATE="${1500000000 + index * 86400}" TAGS="web,news">Public page ${index}</A>`,
    )
    // Marked private, between public ones, sharing their tag `web`.
    const marked = kestrels[index]
    if (marked !== undefined) reading.push(line(marked, [...marked.tags, 'web'], ' PRIVATE="1"'))
  }
  const text = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
    '<DT><H3>Reading</H3>',
    '<DL><p>',
    ...reading,
    ...falcons.map((bookmark) => line(bookmark, [...bookmark.tags, 'news'])),
    '</DL><p>',
    '<DT><H3>Secret Vault</H3>',
    '<DL><p>',
    ...ospreys.slice(0, 35).map((bookmark) => line(bookmark, bookmark.tags)),
    '<DT><H3>Inner Sanctum</H3>',
    '<DL><p>',
    ...ospreys.slice(35).map((bookmark) => line(bookmark, bookmark.tags)),
    '</DL><p>',
    '</DL><p>',
    '</DL><p>',
    '',
  ].join('\n')
  writeFileSync(file, text)
  return all
}
