/**
 * The private section built from real bookmarks: 200 read from the shared corpus's Netscape files
 * with bookgen's own reader (70 marked private, 70 in a private folder, 60 with a private tag)
 * among 100 public ones from the same files, written with bookgen's own Netscape writer. Nothing
 * of a private title, URL, host of its own or tag of its own in any output file (in any escaping,
 * `.gz` files opened), and the public files the same with the passphrase as without.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptPrivate, PRIVATE_DATA_PATH } from '../../src/build/private.js'
import { formatNamed, parseSource } from '../../src/formats/index.js'
import type { Bookmark, Collection, Folder } from '../../src/model/tree.js'
import { bookmarksOf, CORPUS } from '../helpers.js'
import { PRIVATE_CONFIG } from '../private-fixture.js'
import {
  buildPrivateSite,
  expectSamePublicFiles,
  forms,
  leaks,
  PASSPHRASE,
  PRIVATE_FOLDER_NAMES,
  siteFiles,
} from '../private-output.js'

const NETSCAPE = path.join(CORPUS, 'netscape')
const available = existsSync(NETSCAPE)
if (!available) console.warn(`Skipping the private section of corpus bookmarks: ${NETSCAPE} not found`)

const [PRIVATE_FOLDER] = PRIVATE_CONFIG.include.folders
const [PRIVATE_TAG] = PRIVATE_CONFIG.include.tags

/** A corpus bookmark as the test writes it: its title, URL, note, tags, date and icon. */
function copied(bookmark: Bookmark, changes: Partial<Bookmark> = {}): Bookmark {
  const { title, href, description, tags, added, icon } = bookmark
  return { type: 'bookmark', title, href, description, tags, added, icon, ...changes }
}

/**
 * The corpus's web bookmarks whose title (8 characters or more) and URL no other one has, file by
 * file in name order, read through the format registry; files it refuses are left out.
 */
function corpusBookmarks(): Bookmark[] {
  const found: Bookmark[] = []
  for (const name of readdirSync(NETSCAPE).sort()) {
    const file = path.join(NETSCAPE, name)
    try {
      found.push(...bookmarksOf(parseSource(readFileSync(file), file)))
    } catch {
      // A file bookgen refuses (the conformance tests check how) gives no bookmark.
    }
  }
  const web = found.filter(
    (bookmark) => /^https?:\/\/[^/]*\./i.test(bookmark.href ?? '') && bookmark.title.trim().length >= 8,
  )
  const count = (values: string[]) => {
    const counts = new Map<string, number>()
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
    return counts
  }
  const titles = count(web.map((bookmark) => bookmark.title.toLowerCase()))
  const urls = count(web.map((bookmark) => bookmark.href!.toLowerCase()))
  return web.filter(
    (bookmark) =>
      titles.get(bookmark.title.toLowerCase()) === 1 && urls.get(bookmark.href!.toLowerCase()) === 1,
  )
}

function hostOf(bookmark: Bookmark): string {
  return new URL(bookmark.href!).hostname.toLowerCase()
}

/** Everything a public bookmark shows, lower case: what no private needle may be part of. */
function publicText(publicOnes: Bookmark[]): string {
  return publicOnes
    .flatMap((bookmark) => [bookmark.title, bookmark.href!, bookmark.description ?? '', ...bookmark.tags])
    .join('\n')
    .toLowerCase()
}

interface Chosen {
  publicOnes: Bookmark[]
  marked: Bookmark[]
  inFolder: Bookmark[]
  tagged: Bookmark[]
}

/** 100 public bookmarks (every third) and 200 private ones whose title and URL no public one shows. */
function choose(): Chosen {
  const all = corpusBookmarks()
  const publicOnes = all.filter((_, index) => index % 3 === 2).slice(0, 100)
  const shown = publicText(publicOnes)
  const privateOnes = all
    .filter((_, index) => index % 3 !== 2)
    .filter(
      (bookmark) =>
        !shown.includes(bookmark.title.toLowerCase()) && !shown.includes(bookmark.href!.toLowerCase()),
    )
    .slice(0, 200)
  return {
    publicOnes,
    marked: privateOnes.slice(0, 70),
    inFolder: privateOnes.slice(70, 140),
    tagged: privateOnes.slice(140, 200),
  }
}

/** The Netscape file of `chosen`: a public folder with the marked and tagged ones, then the private folder. */
function netscapeFile({ publicOnes, marked, inFolder, tagged }: Chosen): string {
  const reading: Bookmark[] = []
  for (const [index, bookmark] of publicOnes.entries()) {
    reading.push(copied(bookmark))
    const next = marked[index]
    if (next !== undefined) reading.push(copied(next, { private: true }))
  }
  reading.push(...tagged.map((bookmark) => copied(bookmark, { tags: [...bookmark.tags, PRIVATE_TAG!] })))
  const folder = (title: string, children: Folder['children']): Folder => ({
    type: 'folder',
    title,
    children,
  })
  const vault = folder(PRIVATE_FOLDER!, [
    ...inFolder.slice(0, 35).map((bookmark) => copied(bookmark)),
    folder(
      'Inner Sanctum',
      inFolder.slice(35).map((bookmark) => copied(bookmark)),
    ),
  ])
  const collection: Collection = {
    format: 'netscape',
    file: 'bookmarks.html',
    encoding: 'utf-8',
    title: 'Bookmarks',
    root: folder('Bookmarks', [folder('Reading', reading), vault]),
    warnings: [],
  }
  return formatNamed('netscape')!.write!(collection).text
}

/** Of `strings`, those no form of which `site` holds, in lower case. */
function unprinted(strings: string[], site: Map<string, Buffer>): string[] {
  const lower = [...new Set(strings.map((text) => text.toLowerCase()))]
  const printed = new Set([...leaks(site, lower.flatMap(forms)).values()].flat())
  return lower.filter((text) => !forms(text).some((form) => printed.has(form)))
}

/** The private strings the test looks for, before their forms. */
interface Wanted {
  titles: string[]
  urls: string[]
  /** Private hosts no public bookmark has. */
  hosts: string[]
  /** Private tags no public bookmark carries. */
  tags: string[]
}

/**
 * What no public file may hold: each private title and URL, each host and tag of the private
 * bookmarks alone. A host or tag that the site of the public bookmarks alone (`publicSite`) prints
 * anyway (`css`, `security`, `gist.github.com`: words of its own pages and scripts) is no sign of
 * a leak and is left out.
 */
function wantedOf({ publicOnes, marked, inFolder, tagged }: Chosen, publicSite: Map<string, Buffer>): Wanted {
  const privateOnes = [...marked, ...inFolder, ...tagged]
  const shown = publicText(publicOnes)
  const ownHosts = privateOnes.map(hostOf).filter((host) => !shown.includes(host))
  const ownTags = [...privateOnes.flatMap((bookmark) => bookmark.tags), PRIVATE_TAG!].filter(
    (tag) => !shown.includes(tag.toLowerCase()),
  )
  return {
    titles: privateOnes.map((bookmark) => bookmark.title),
    urls: privateOnes.map((bookmark) => bookmark.href!),
    hosts: unprinted(ownHosts, publicSite),
    tags: unprinted(ownTags, publicSite),
  }
}

/** Every form of the wanted strings and of the private folders' titles and slugs, lower case. */
function needlesOf({ titles, urls, hosts, tags }: Wanted): string[] {
  const strings = [...titles, ...urls, ...hosts, ...tags, ...PRIVATE_FOLDER_NAMES]
  return [...new Set(strings.flatMap(forms).map((needle) => needle.toLowerCase()))]
}

describe.skipIf(!available)('a private section of 200 bookmarks from the corpus', () => {
  let dir: string
  let chosen: Chosen

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-private-corpus-'))
    chosen = choose()
    writeFileSync(path.join(dir, 'bookmarks.html'), netscapeFile(chosen))
    const publicOnly = { publicOnes: chosen.publicOnes, marked: [], inFolder: [], tagged: [] }
    writeFileSync(path.join(dir, 'public.html'), netscapeFile(publicOnly))
    await buildPrivateSite(dir, 'public.html', 'public', undefined, 'gzip')
    await buildPrivateSite(dir, 'bookmarks.html', 'without', undefined, 'gzip')
    await buildPrivateSite(dir, 'bookmarks.html', 'with', PASSPHRASE, 'gzip')
  }, 120_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('should hold nothing of a private bookmark in any file but its encrypted one, .gz files opened', () => {
    const privateCount = chosen.marked.length + chosen.inFolder.length + chosen.tagged.length
    expect([chosen.publicOnes.length, privateCount]).toEqual([100, 200])
    const wanted = wantedOf(chosen, siteFiles(path.join(dir, 'public')))
    const needles = needlesOf(wanted)
    expect(wanted.hosts.length).toBeGreaterThan(100)
    expect(wanted.tags).toContain(PRIVATE_TAG)
    for (const out of ['without', 'with']) {
      const site = siteFiles(path.join(dir, out))
      expect(
        [...site.keys()].some((file) => file.endsWith('.gz')),
        out,
      ).toBe(true)
      expect(leaks(site, needles), out).toEqual(new Map())
    }
  })

  it('should show the public bookmarks and lock all 200 private ones: a search that can fail', async () => {
    const site = siteFiles(path.join(dir, 'without'))
    const published = chosen.publicOnes.map((bookmark) => forms(bookmark.title.toLowerCase()))
    const shown = leaks(site, published.flat())
    const found = new Set([...shown.values()].flat())
    for (const titleForms of published) expect(titleForms.some((form) => found.has(form))).toBe(true)
    const data = new Uint8Array(readFileSync(path.join(dir, 'with', PRIVATE_DATA_PATH)))
    const payload = await decryptPrivate(data, PASSPHRASE)
    expect(payload.count).toBe(200)
    const entries = payload.folders
      .flatMap((folder) => folder.entries)
      .join('\n')
      .toLowerCase()
    for (const bookmark of [...chosen.marked, ...chosen.inFolder, ...chosen.tagged]) {
      expect(entries).toContain(hostOf(bookmark))
    }
  })

  it('should write the same public files with the passphrase as without, besides the section', () => {
    const compared = expectSamePublicFiles(
      siteFiles(path.join(dir, 'without')),
      siteFiles(path.join(dir, 'with')),
    )
    expect(compared).toBeGreaterThan(100)
  })
})
