/**
 * Browsing the site, on a generated 3,000-bookmark collection and on a
 * real Firefox export from the shared corpus: the home page shows bookmarks, every linked entry
 * shows its host, every year with dated bookmarks has its archive page, `folders/` links every
 * folder page, and no page loads anything from another origin. Also `urls: 'relative'`.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { build } from '../../src/build/index.js'
import { parseSource } from '../../src/formats/index.js'
import { bookmarksOf, CORPUS, REPO_ROOT } from '../helpers.js'
import { page, within } from '../html.js'

const FIREFOX = path.join(CORPUS, 'netscape', 'bookmarks-tools-bookmarks-parser--firefox_bookmarks.html')
if (!existsSync(FIREFOX))
  console.warn(`\n⚠️  SKIPPING the real-export case of browse.test.ts: no corpus file at ${FIREFOX}\n`)

const work = mkdtempSync(path.join(os.tmpdir(), 'bookgen-browse-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function generated(count: number): string {
  const file = path.join(work, `gen-${count}.html`)
  execFileSync(process.execPath, [
    path.join(REPO_ROOT, 'bench', 'gen.mjs'),
    '--bookmarks',
    String(count),
    '--out',
    file,
  ])
  return file
}

/** Every file below `dir`, as paths relative to it with `/`. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}

async function buildInto(source: string, name: string, user: UserConfig = {}): Promise<string> {
  const outDir = path.join(work, name)
  await build(resolveConfig(user, { sources: [source], outDir, base: '/sub/' }, { cwd: work }))
  return outDir
}

const CASES = [
  { name: 'a generated 3,000-bookmark collection', source: () => generated(3000), skip: false },
  { name: 'a real Firefox export', source: () => FIREFOX, skip: !existsSync(FIREFOX) },
]

for (const testCase of CASES) {
  describe.skipIf(testCase.skip)(`browsing ${testCase.name}`, () => {
    let out: string
    let source: string
    let files: string[]
    let pages: string[]
    const read = (file: string) => readFileSync(path.join(out, file), 'utf8')

    beforeAll(async () => {
      source = testCase.source()
      out = await buildInto(source, testCase.name.replace(/\W+/g, '-'))
      files = filesOf(out)
      pages = files.filter((file) => file.endsWith('.html') && file !== 'bookmarks.html')
    }, 120_000)

    it('should show bookmarks on the home page, even when its root holds only folders', () => {
      const home = page(read('index.html'))
      expect(home.all('.xfolkentry').length).toBeGreaterThan(0)
      expect(home.all('.overview .xfolkentry .taggedlink').length).toBeGreaterThan(0)
      expect(Buffer.byteLength(read('index.html'))).toBeLessThan(50_000)
    })

    it('should show the host of every linked entry in .domain, on every page', () => {
      let linked = 0
      for (const file of pages) {
        for (const entry of page(read(file)).all('.xfolkentry')) {
          const inner = within(entry)
          const href = inner.attr('a.taggedlink', 'href')[0]
          if (href === undefined || !/^(https?|ftp):/.test(href)) continue
          linked++
          const host = new URL(href).hostname.replace(/^www\./, '')
          expect(inner.text('.domain'), `${file}: ${href}`).toHaveLength(1)
          if (!host.includes('xn--')) expect(inner.text('.domain')[0], `${file}: ${href}`).toBe(host)
        }
      }
      expect(linked).toBeGreaterThan(0)
    })

    it('should list full entries everywhere at this size (listings: auto)', () => {
      let listed = 0
      let withTags = 0
      for (const file of pages.filter((file) => /^(tags|archive)\/./.test(file))) {
        for (const entry of page(read(file)).all('.xfolkentry.h-entry')) {
          const inner = within(entry)
          listed++
          expect(inner.all('.taggedlink.p-name'), file).toHaveLength(1)
          expect(inner.all('a.folder'), file).toHaveLength(0)
          if (inner.all('.tags .p-category[rel=tag]').length > 0) withTags++
        }
      }
      expect(listed).toBeGreaterThan(0)
      expect(withTags).toBeGreaterThan(0)
    })

    it('should have an archive page for every year with dated bookmarks, and list the undated apart', () => {
      const bookmarks = bookmarksOf(parseSource(readFileSync(source), source))
      const years = new Set<number>()
      for (const bookmark of bookmarks)
        if (bookmark.added !== undefined) years.add(new Date(bookmark.added).getUTCFullYear())
      expect(years.size).toBeGreaterThan(0)
      const index = page(read('archive/index.html'))
      for (const year of years) {
        expect(files, String(year)).toContain(`archive/${year}/index.html`)
        expect(index.attr('a.archive-year', 'href')).toContain(`/sub/archive/${year}/`)
      }
      let listed = 0
      for (const file of pages.filter((file) => file.startsWith('archive/')))
        listed += page(read(file)).all('.xfolkentry').length
      expect(listed).toBe(bookmarks.length)
    })

    it('should link every folder page with bookmarks from folders/, and folders/ from every page', () => {
      const tree = new Set(page(read('folders/index.html')).attr('.folder-tree a.folder-link', 'href'))
      const folderPages = pages.filter(
        (file) =>
          file.endsWith('/index.html') &&
          !/^(tags|archive|search|folders|assets|offline)\//.test(file) &&
          !/(^|\/)page\/\d+\/index\.html$/.test(file),
      )
      expect(folderPages.length).toBeGreaterThan(0)
      // A folder with no bookmark in it or below (Firefox's "Snoozed Tabs") is not listed.
      const linked = folderPages.filter((file) => page(read(file)).all('.xfolkentry a[href]').length > 0)
      let listed = 0
      for (const file of folderPages) {
        const dir = file.slice(0, -'index.html'.length)
        const holds = linked.some((other) => other.startsWith(dir))
        expect(tree.has(`/sub/${dir}`), file).toBe(holds)
        if (holds) listed++
      }
      expect(listed).toBeGreaterThan(0)
      for (const file of pages)
        expect(page(read(file)).attr('footer a', 'href'), file).toContain('/sub/folders/')
    })

    it('should load nothing from another origin', () => {
      for (const file of pages) {
        const doc = page(read(file))
        const loaded = [
          ...doc.attr('[src]', 'src'),
          ...doc.attr('link[href]', 'href'),
          ...doc.attr('[data-index]', 'data-index'),
        ]
        for (const url of loaded) expect(url, `${file}: ${url}`).toMatch(/^\/sub\/[^/]/)
      }
      for (const file of files.filter((name) => /\.(css|js)$/.test(name))) {
        const text = read(file)
        expect(text, file).not.toMatch(/url\(\s*['"]?(https?:)?\/\//)
        expect(text, file).not.toMatch(/(fetch|import)\(\s*['"`]https?:/)
      }
    })
  })
}

describe("urls: 'relative'", () => {
  it('should link every page relatively, with index.html spelled out, so it works from file://', async () => {
    const out = await buildInto(generated(300), 'relative', { urls: 'relative' })
    const pages = filesOf(out).filter((file) => file.endsWith('.html') && file !== 'bookmarks.html')
    let checked = 0
    for (const file of pages) {
      if (file === '404.html') continue
      const doc = page(readFileSync(path.join(out, file), 'utf8'))
      const internal = [
        ...doc.attr('a[href]', 'href'),
        ...doc.attr('link[href]', 'href'),
        ...doc.attr('[src]', 'src'),
        ...doc.attr('form[action]', 'action'),
      ].filter((url) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(url))
      for (const url of internal) {
        expect(url, `${file}: ${url}`).not.toMatch(/^\//)
        const target = path.posix.normalize(
          path.posix.join(path.posix.dirname(file), url.replace(/[?#].*$/, '')),
        )
        expect(existsSync(path.join(out, target)), `${file}: ${url} → ${target}`).toBe(true)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(1000)
  }, 120_000)
})

describe("listings: 'compact'", () => {
  let out: string
  let full: string
  const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8')

  beforeAll(async () => {
    const source = generated(2000)
    out = await buildInto(source, 'compact', { listings: 'compact' })
    full = await buildInto(source, 'full', { listings: 'full' })
  }, 120_000)

  it('should list compact entries on tag and archive pages, each naming the folder that shows it in full', () => {
    const pages = filesOf(out).filter((file) => file.endsWith('.html') && file !== 'bookmarks.html')
    // Each folder's title, and the bookmarks its pages show in full.
    const inFull = new Map<string, Set<string>>()
    for (const file of pages.filter((file) => !/^(tags|archive|search|folders|offline)\/|^404/.test(file))) {
      const doc = page(read(out, file))
      const title = doc.text('main h1')[0]!.replace(/ \(page \d+ of \d+\)$/, '')
      if (!inFull.has(title)) inFull.set(title, new Set())
      for (const entry of doc.all('main > .entries > .xfolkentry'))
        inFull
          .get(title)!
          .add(within(entry).attr('a.taggedlink', 'href')[0] ?? within(entry).text('.taggedlink')[0]!)
    }
    let compact = 0
    for (const file of pages.filter((file) => /^(tags|archive)\/./.test(file))) {
      for (const entry of page(read(out, file)).all('.xfolkentry.h-entry')) {
        const inner = within(entry)
        compact++
        expect(inner.all('.taggedlink.p-name'), file).toHaveLength(1)
        expect(inner.all('.tags, .p-category, .p-summary'), file).toHaveLength(0)
        expect(inner.all('time.dt-published'), file).toHaveLength(1)
        const [folder] = inner.text('.folder')
        const linked = inner.attr('a.taggedlink', 'href')[0] ?? inner.text('.taggedlink')[0]!
        expect(inFull.get(folder!)?.has(linked), `${file}: ${linked} in ${folder}`).toBe(true)
      }
    }
    expect(compact).toBeGreaterThan(2000)
  })

  it('should make the same other pages as full listings, smaller tag and archive pages, and fewer feeds', () => {
    const files = filesOf(out)
    // Only the feeds of folders below the top level are left out, and their pages' links to them.
    const nestedFeed = (file: string) => /^(?!tags\/)[^/]+\/.+\/feed\.xml$/.test(file)
    const fullFiles = filesOf(full)
    expect(fullFiles.filter(nestedFeed).length).toBeGreaterThan(10)
    expect(fullFiles.filter((file) => !nestedFeed(file)).sort()).toEqual([...files].sort())
    const withoutFeedLink = (html: string) =>
      html.replace(/<link rel="alternate"[^>]* title="[^"]* · Folder: [^"]*"[^>]*>/, '')
    let [compactBytes, fullBytes] = [0, 0]
    for (const file of files) {
      if (/^(tags|archive)\/./.test(file)) {
        compactBytes += Buffer.byteLength(read(out, file))
        fullBytes += Buffer.byteLength(read(full, file))
      } else if (nestedFeed(file.replace(/index\.html$/, 'feed.xml'))) {
        expect(read(out, file), file).toBe(withoutFeedLink(read(full, file)))
      } else if (file.endsWith('.html')) expect(read(out, file), file).toBe(read(full, file))
    }
    expect(compactBytes).toBeLessThan(fullBytes * 0.8)
  })
})
