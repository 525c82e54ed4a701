/**
 * What a published site carries besides its pages: the Atom feed, the sitemap, the exports, the
 * 404 page, CNAME, pagination, several sources (sections, merge, duplicates), privacy in every
 * file, and the theme hooks.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { h } from 'hastscript'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { countNodes } from '../../src/model/tree.js'
import { build } from '../../src/build/index.js'
import { parseSource } from '../../src/formats/index.js'
import { page } from '../html.js'
import { exportsGzipped, GZIP_EXPORTS_FROM } from '../../src/pages/downloads.js'
import { bookmarksOf, FIXTURES } from '../helpers.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-publish-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const NETSCAPE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Links</TITLE>
<DL><p>
  <DT><H3>Reading</H3>
  <DL><p>
    <DT><A HREF="https://one.example/" ADD_DATE="1600000001" TAGS="essay">One</A>
    <DD>First essay
    <DT><A HREF="https://two.example/" ADD_DATE="1600000002" TAGS="essay">Two</A>
    <DT><A HREF="https://three.example/" ADD_DATE="1600000003" TAGS="essay">Three</A>
    <DT><A HREF="https://four.example/" ADD_DATE="1600000004" TAGS="essay">Four</A>
    <DT><A HREF="https://five.example/" ADD_DATE="1600000005" TAGS="essay,later">Five</A>
  </DL><p>
  <DT><A HREF="https://secret.example/" ADD_DATE="1700000000" PRIVATE="1" TAGS="topsecret-tag">Secret</A>
  <DT><A HREF="file:///home/me/cv.pdf" ADD_DATE="1700000001">My CV</A>
  <DT><A HREF="https://ONE.example/" ADD_DATE="1600000010" TAGS="again">One again</A>
</DL><p>
`
const DESKTOP = `<?xml version="1.0"?>
<xbel version="1.0" xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks" xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info">
  <bookmark href="https://docs.example/" added="2024-01-01T00:00:00Z">
    <title>Docs</title>
    <info><metadata owner="http://freedesktop.org"><mime:mime-type type="text/html"/>
      <bookmark:applications><bookmark:application name="firefox" exec="firefox --private-window %u" modified="2024-01-01T00:00:00Z" count="1"/></bookmark:applications>
    </metadata></info>
  </bookmark>
</xbel>
`

async function buildSite(user: UserConfig, sources = ['links.html']) {
  writeFileSync(path.join(dir, 'links.html'), NETSCAPE)
  writeFileSync(path.join(dir, 'recent.xbel'), DESKTOP)
  const result = await build(resolveConfig(user, { sources, outDir: 'out' }, { cwd: dir }))
  const read = (file: string) => readFileSync(path.join(dir, 'out', file), 'utf8')
  const all = () =>
    readdirSync(path.join(dir, 'out'), { recursive: true })
      .map(String)
      .filter((file) => statSync(path.join(dir, 'out', file)).isFile())
  return { result, read, all }
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'url', 'category', 'link'].includes(name),
})

describe('the Atom feed', () => {
  it('should be valid Atom 1.0 with absolute URLs, newest first, limited, linked from every page', async () => {
    const { read } = await buildSite({ site: 'https://me.github.io/links/', feed: { limit: 3 } })
    const text = read('feed.xml')
    expect(XMLValidator.validate(text)).toBe(true)
    const feed = xml.parse(text).feed
    expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom')
    expect(feed.title).toBe('Links')
    expect(feed.id).toBe('https://me.github.io/links/')
    expect(feed.updated).toBe('2020-09-13T12:26:50Z')
    expect(feed.author.name).toBe('Links')
    expect(feed.link.map((link: { rel: string; href: string }) => [link.rel, link.href])).toEqual([
      ['self', 'https://me.github.io/links/feed.xml'],
      ['alternate', 'https://me.github.io/links/'],
    ])
    expect(feed.entry.map((entry: { title: string }) => entry.title)).toEqual(['One again', 'Five', 'Four'])
    const five = feed.entry[1]
    expect(five.link[0].href).toBe('https://five.example/')
    expect(five.id).toMatch(/^https:\/\/me\.github\.io\/links\/#bookmark-[0-9a-f]{16}$/)
    expect(five.published).toBe('2020-09-13T12:26:45Z')
    expect(five.category.map((category: { term: string }) => category.term)).toEqual(['essay', 'later'])
    expect(new Set(feed.entry.map((entry: { id: string }) => entry.id)).size).toBe(3)
    expect(page(read('index.html')).attr('link[rel=alternate][type="application/atom+xml"]', 'href')).toEqual(
      ['/links/feed.xml'],
    )
  })

  it('should be left out with feed: false', async () => {
    const { all, read } = await buildSite({ feed: false })
    expect(all()).not.toContain('feed.xml')
    expect(page(read('index.html')).all('link[rel=alternate]')).toHaveLength(0)
  })
})

describe('the OpenSearch description', () => {
  it('should point at the search page under the base, with absolute URLs, linked from every page', async () => {
    const { read, all } = await buildSite({
      site: 'https://me.github.io/links/',
      title: 'My reading links, kept',
    })
    const text = read('opensearch.xml')
    expect(XMLValidator.validate(text)).toBe(true)
    const description = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'Url',
    }).parse(text).OpenSearchDescription
    expect(description.xmlns).toBe('http://a9.com/-/spec/opensearch/1.1/')
    // At most 16 characters, as the specification says, cut at a word.
    expect(description.ShortName).toBe('My reading links')
    expect(description.InputEncoding).toBe('UTF-8')
    expect(description.Url).toEqual([
      { type: 'text/html', method: 'get', template: 'https://me.github.io/links/search/?q={searchTerms}' },
      {
        type: 'application/opensearchdescription+xml',
        rel: 'self',
        template: 'https://me.github.io/links/opensearch.xml',
      },
    ])
    const pages = all().filter((file) => file.endsWith('.html') && !file.startsWith('bookmarks'))
    expect(pages.length).toBeGreaterThan(5)
    for (const file of pages) {
      const links = page(read(file))
      expect(links.attr('link[rel=search]', 'href'), file).toEqual(['/links/opensearch.xml'])
      expect(links.attr('link[rel=search]', 'type'), file).toEqual(['application/opensearchdescription+xml'])
      expect(links.attr('link[rel=search]', 'title'), file).toEqual(['My reading links, kept'])
    }
  })

  it('should be left out, and not linked, without the site address', async () => {
    const { read, all, result } = await buildSite({})
    expect(all()).not.toContain('opensearch.xml')
    expect(page(read('index.html')).all('link[rel=search]')).toHaveLength(0)
    expect(page(read('search/index.html')).all('link[rel=search]')).toHaveLength(0)
    // Nothing is said about it: the only note is that no site address is set.
    expect(result.warnings.filter((warning) => /opensearch/i.test(warning.message))).toEqual([])
  })
})

describe('GitHub Pages files', () => {
  it('should write a sitemap of absolute page URLs under the base path', async () => {
    const { read } = await buildSite({ site: 'https://example.org', base: '/bm/', pageSize: 2 })
    const text = read('sitemap.xml')
    expect(XMLValidator.validate(text)).toBe(true)
    const locs = xml.parse(text).urlset.url.map((url: { loc: string }) => url.loc)
    expect(locs).toContain('https://example.org/bm/')
    expect(locs).toContain('https://example.org/bm/reading/page/3/')
    expect(locs).toContain('https://example.org/bm/tags/essay/page/2/')
    expect(locs.every((loc: string) => loc.startsWith('https://example.org/bm/'))).toBe(true)
  })

  it('should write .nojekyll, a 404 page with absolute links, and CNAME when asked', async () => {
    const { read, all } = await buildSite({ base: '/bm/', cname: 'links.example.org' })
    expect(all()).toContain('.nojekyll')
    expect(read('CNAME')).toBe('links.example.org\n')
    const notFound = page(read('404.html'))
    expect(notFound.text('h1')).toEqual(['Page not found'])
    expect(notFound.attr('main a', 'href')).toEqual(['/bm/', '/bm/tags/', '/bm/search/'])
  })

  it('should say when no site address is set, pointing at no made-up place', async () => {
    const { result, read } = await buildSite({})
    expect(result.warnings.find((warning) => warning.rule === 'config/no-site')).toEqual({
      file: '',
      line: 0,
      column: 0,
      rule: 'config/no-site',
      message:
        'No --site given (and no config file): the feed and sitemap use http://localhost:4173/. Pass --site with the address the site is published at',
    })
    expect(read('feed.xml')).toContain('http://localhost:4173/')
    // With a config file, the warning is about that file as a whole.
    writeFileSync(path.join(dir, 'links.html'), NETSCAPE)
    const configFile = path.join(dir, 'bookmarks.config.ts')
    const configured = await build(
      resolveConfig({}, { sources: ['links.html'], outDir: 'out' }, { cwd: dir, configFile }),
    )
    expect(configured.warnings.find((warning) => warning.rule === 'config/no-site')).toMatchObject({
      file: path.relative(process.cwd(), configFile).startsWith('..')
        ? configFile
        : path.relative(process.cwd(), configFile),
      line: 0,
      column: 0,
      message: expect.stringMatching(/^"site" is not set: /) as unknown,
    })
  })
})

describe('exports', () => {
  it('should publish the collection as Netscape HTML and XBEL, without what is held back, linked from the home page', async () => {
    const { read } = await buildSite({})
    const home = page(read('index.html'))
    expect(home.attr('.downloads a', 'href')).toEqual(['/bookmarks.html', '/bookmarks.xbel', '/feed.xml'])
    for (const file of ['bookmarks.html', 'bookmarks.xbel']) {
      const collection = parseSource(Buffer.from(read(file)), file)
      expect(countNodes(collection.root)).toMatchObject({ bookmarks: 6, folders: 1 })
      const hrefs = bookmarksOf(collection).map((bookmark) => bookmark.href)
      expect(hrefs).not.toContain('https://secret.example/')
      expect(hrefs).not.toContain('file:///home/me/cv.pdf')
    }
  })

  it('should leave event handlers, other active content and unknown attributes out of both exports, and count the active ones', async () => {
    const hostile = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>T</TITLE><H1 ONLOAD="alert(0)">T</H1>
<DL><p>
  <DT><H3 ONMOUSEOVER="alert(1)" STYLE="background:url(https://track.example/)">F</H3>
  <DL><p>
    <DT><A HREF="https://a.example/" ONCLICK="alert(2)" FORMACTION="https://evil.example/" DATA-X=" java\tscript:alert(3)" GUID="kept">A</A>
  </DL><p>
</DL><p>
`
    const xbel = `<?xml version="1.0"?>
<xbel version="1.0" onload="alert(4)"><title>X</title>
  <bookmark href="https://b.example/" onclick="alert(5)" guid="kept"><title>B</title>
    <info><metadata owner="https://other.example/"><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(6)</h:script><h:a xmlns:h="http://www.w3.org/1999/xhtml" href="javascript:alert(7)" title="kept">x</h:a></metadata></info>
  </bookmark>
</xbel>
`
    writeFileSync(path.join(dir, 'hostile.html'), hostile)
    writeFileSync(path.join(dir, 'hostile.xbel'), xbel)
    const result = await build(
      resolveConfig({}, { sources: ['hostile.html', 'hostile.xbel'], outDir: 'out' }, { cwd: dir }),
    )
    // ONLOAD, ONMOUSEOVER, STYLE, ONCLICK, FORMACTION, DATA-X; onload, onclick, <h:script>, href.
    expect(result.heldBack).toMatchObject({ activeContent: 10 })
    for (const file of ['bookmarks.html', 'bookmarks.xbel']) {
      const text = readFileSync(path.join(dir, 'out', file), 'utf8')
      expect(text, file).not.toMatch(/alert|\bon[a-z]+=|style=|formaction|track\.example|evil\.example/i)
      // Attributes no specification names are not published, active or not.
      expect(text, file).not.toMatch(/guid|bookgen:attribute/i)
    }
    // Opaque XBEL metadata, kept (without its script) where the format carries it.
    expect(readFileSync(path.join(dir, 'out', 'bookmarks.xbel'), 'utf8')).toContain('title="kept"')
    // The sources themselves are untouched: the user's own conversion keeps everything.
    const own = parseSource(Buffer.from(hostile), 'hostile.html')
    expect(bookmarksOf(own)[0]!.attributes).toMatchObject({ ONCLICK: 'alert(2)' })
  })

  it("should publish Vivaldi's separators as separators, in the pages and in both exports", async () => {
    const vivaldi = readFileSync(path.join(FIXTURES, 'netscape', 'vivaldi.html'))
    writeFileSync(path.join(dir, 'vivaldi.html'), vivaldi)
    const config = { site: 'https://me.example/' }
    const result = await build(
      resolveConfig(config, { sources: ['vivaldi.html'], outDir: 'out' }, { cwd: dir }),
    )
    expect(result.warnings).toEqual([])
    const read = (file: string) => readFileSync(path.join(dir, 'out', file), 'utf8')
    const files = readdirSync(path.join(dir, 'out'), { recursive: true }).map(String)
    for (const file of files.filter((name) => /\.(html|xbel|xml|json)$/.test(name)))
      expect(read(file), file).not.toContain('bookmark.placeholder.url')
    // The toolbar folder: Vivaldi Community, a separator, Docs, Reading; Reading: One, a separator,
    // Two, and a last separator, which a page has no need to show.
    expect(page(read('bookmarks/index.html')).all('hr.separator')).toHaveLength(1)
    expect(page(read('bookmarks/reading/index.html')).all('hr.separator')).toHaveLength(1)
    for (const file of ['bookmarks.html', 'bookmarks.xbel']) {
      const collection = parseSource(Buffer.from(read(file)), file)
      expect(countNodes(collection.root), file).toMatchObject({ bookmarks: 4, separators: 3 })
    }
    expect(read('bookmarks.html').match(/<HR>/g)).toHaveLength(3)
  })

  it('should leave Desktop Bookmark command lines out of the XBEL export unless asked', async () => {
    const without = await buildSite({}, ['recent.xbel'])
    expect(without.read('bookmarks.xbel')).toContain('<bookmark:application name="firefox"')
    expect(without.read('bookmarks.xbel')).not.toContain('exec=')
    const withExec = await buildSite({ publish: { exec: true } }, ['recent.xbel'])
    expect(withExec.read('bookmarks.xbel')).toContain('exec="firefox --private-window %u"')
  })
})

describe('exports', () => {
  it('should write the exports plain for a small collection, and gzipped when asked, linked as such', async () => {
    const plain = await buildSite({})
    expect(plain.all()).toEqual(expect.arrayContaining(['bookmarks.html', 'bookmarks.xbel']))
    expect(plain.all().filter((file) => file.endsWith('.gz'))).toEqual([])
    const html = plain.read('bookmarks.html')
    const xbel = plain.read('bookmarks.xbel')
    const zipped = await buildSite({ exports: 'gzip' })
    expect(zipped.all()).toEqual(expect.arrayContaining(['bookmarks.html.gz', 'bookmarks.xbel.gz']))
    expect(zipped.all()).not.toContain('bookmarks.html')
    expect(zipped.all()).not.toContain('bookmarks.xbel')
    // The same text, gzipped: a browser imports bookmarks.html once it is unzipped.
    const unzip = (file: string) => gunzipSync(readFileSync(path.join(dir, 'out', file))).toString('utf8')
    expect(unzip('bookmarks.html.gz')).toBe(html)
    expect(unzip('bookmarks.xbel.gz')).toBe(xbel)
    const home = page(zipped.read('index.html'))
    expect(home.attr('.downloads a[download]', 'href')).toEqual(['/bookmarks.html.gz', '/bookmarks.xbel.gz'])
    expect(home.text('.downloads')[0]).toContain('browser HTML, gzipped')
    expect(home.attr('footer a', 'href')).toContain('/bookmarks.xbel.gz')
  })

  it("should gzip the exports from 500,000 bookmarks on with 'auto', and refuse an unknown setting", () => {
    expect(exportsGzipped('auto', 499_999)).toBe(false)
    expect(exportsGzipped('auto', GZIP_EXPORTS_FROM)).toBe(true)
    expect(GZIP_EXPORTS_FROM).toBe(500_000)
    expect(exportsGzipped('plain', 1_000_000)).toBe(false)
    expect(exportsGzipped('gzip', 1)).toBe(true)
    expect(() => resolveConfig({ exports: 'zip' as 'gzip' }, {}, { cwd: dir })).toThrow(
      /"exports" must be 'auto', 'plain' or 'gzip'; got "zip"/,
    )
  })
})

describe('privacy by default', () => {
  it('should keep private and file:// bookmarks out of every page, feed, export and the search index', async () => {
    const { all, read, result } = await buildSite({ site: 'https://me.example' })
    expect(result.heldBack).toMatchObject({ private: 1, fileUrls: 1 })
    for (const file of all()) {
      const text = read(file)
      for (const secret of ['secret.example', 'Secret', 'cv.pdf', 'My CV', 'topsecret-tag'])
        expect(text, `${file}: ${secret}`).not.toContain(secret)
    }
  })
})

describe('pagination', () => {
  it('should split long folders and tags into pages at page/N/ with links between them', async () => {
    const { read, all } = await buildSite({ pageSize: 2 })
    expect(
      all()
        .filter((file) => file.startsWith('reading/'))
        .sort(),
    ).toEqual([
      'reading/feed.xml',
      'reading/index.html',
      'reading/page/2/index.html',
      'reading/page/3/index.html',
    ])
    const second = page(read('reading/page/2/index.html'))
    expect(second.text('h1')).toEqual(['Reading (page 2 of 3)'])
    expect(second.all('.xfolkentry')).toHaveLength(2)
    // Page links are relative to the page where that is shorter: /reading/, /reading/page/3/, itself.
    expect(second.attr('.pagination a[rel~=prev]', 'href')).toEqual(['../../'])
    expect(second.attr('.pagination a[rel~=next]', 'href')).toEqual(['../3/'])
    expect(second.attr('.pagination [aria-current=page]', 'href')).toEqual(['./'])
    expect(page(read('tags/essay/page/2/index.html')).all('.xfolkentry')).toHaveLength(2)
  })
})

describe('several sources', () => {
  it('should make each source a section, or merge them, and report repeated URLs', async () => {
    const sections = await buildSite({}, ['links.html', 'recent.xbel'])
    expect(page(sections.read('index.html')).text('.folder-cards > li > a')).toEqual(['Links', 'recent.xbel'])
    const merged = await buildSite({ merge: true }, ['links.html', 'recent.xbel'])
    expect(page(merged.read('index.html')).text('.folder-cards > li > a')).toEqual(['Reading'])
    expect(merged.result.duplicates).toBe(1)
    expect(merged.result.warnings.find((warning) => warning.rule === 'site/duplicate-url')?.message).toMatch(
      /^https:\/\/ONE\.example\/ is also bookmarked at .*links\.html:6:9$/,
    )
  })

  it('should publish each URL once with dedupe, keeping the tags of all', async () => {
    const { read } = await buildSite({ dedupe: true })
    const reading = page(read('reading/index.html'))
    expect(reading.text('.xfolkentry .taggedlink')).toContain('One')
    expect(page(read('index.html')).text('main > .entries .taggedlink')).not.toContain('One again')
    expect(existsSync(path.join(dir, 'out', 'tags', 'again', 'index.html'))).toBe(true)
    expect(page(read('tags/again/index.html')).text('.taggedlink')).toEqual(['One'])
  })
})

describe('theme hooks', () => {
  it('should let the config replace the stylesheet and change head, footer, entries and pages', async () => {
    writeFileSync(path.join(dir, 'mine.css'), 'body { color: rebeccapurple }')
    const { read } = await buildSite({
      listings: 'compact',
      theme: {
        stylesheet: 'mine.css',
        head: [h('meta', { name: 'author', content: 'Me' })],
        footer: (info) => [h('p.custom-footer', `Footer of ${info.kind} ${info.path || 'home'}`)],
        entry: (bookmark, renderDefault, form) => {
          const entry = renderDefault()
          entry.children.push(h('span.custom', `★ ${bookmark.title}`), h('span.form', form))
          // Changing the default entry's class list changes this entry only.
          if (bookmark.title === 'One again') (entry.properties.className as string[]).push('featured')
          return entry
        },
        page: (info, content) =>
          info.kind === 'folder' || info.kind === 'archive' || info.kind === 'folders'
            ? [h('p.banner', `Welcome to ${info.kind}`), ...content]
            : content,
      },
    })
    expect(read('assets/style.css')).toBe('body { color: rebeccapurple }')
    const home = page(read('index.html'))
    expect(home.attr('meta[name=author]', 'content')).toEqual(['Me'])
    expect(home.text('.custom-footer')).toEqual(['Footer of folder home'])
    expect(home.text('.banner')).toEqual(['Welcome to folder'])
    expect(home.text('main > .entries .xfolkentry .custom')).toEqual(['★ One again'])
    expect(home.text('main > .entries .xfolkentry.featured .custom')).toEqual(['★ One again'])
    // The new kinds of page: the archive (index and years) and the folder tree.
    const archive = page(read('archive/index.html'))
    expect(archive.text('.banner')).toEqual(['Welcome to archive'])
    expect(archive.text('.custom-footer')).toEqual(['Footer of archive archive/'])
    expect(archive.attr('meta[name=author]', 'content')).toEqual(['Me'])
    const year = page(read('archive/2020/index.html'))
    expect(year.text('.banner')).toEqual(['Welcome to archive'])
    expect(year.text('.custom-footer')).toEqual(['Footer of archive archive/2020/'])
    expect(year.text('.xfolkentry.featured .custom')).toEqual(['★ One again'])
    expect(year.all('.xfolkentry').length).toBe(year.all('.xfolkentry .custom').length)
    // With compact listings, tag and archive pages have the compact entries, and the hook is told so.
    expect(new Set(year.text('.xfolkentry .form'))).toEqual(new Set(['compact']))
    expect(new Set(page(read('tags/essay/index.html')).text('.xfolkentry .form'))).toEqual(
      new Set(['compact']),
    )
    expect(new Set(home.text('main > .entries .xfolkentry .form'))).toEqual(new Set(['full']))
    const tree = page(read('folders/index.html'))
    expect(tree.text('.banner')).toEqual(['Welcome to folders'])
    expect(tree.text('.custom-footer')).toEqual(['Footer of folders folders/'])
    expect(tree.attr('meta[name=author]', 'content')).toEqual(['Me'])
    expect(tree.attr('link[rel=stylesheet]', 'href')[0]).toMatch(/assets\/style\.css$/)
    const reading = page(read('reading/index.html'))
    expect(reading.text('.xfolkentry .custom')).toHaveLength(5)
    expect(reading.all('.xfolkentry.featured')).toHaveLength(0)
    expect(page(read('tags/index.html')).all('.banner')).toHaveLength(0)
  })
})
