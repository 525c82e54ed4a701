/**
 * What a reader sees of the sources, the folder tree and the dates, as a user gets there: sources
 * exported from browsers, a `bookmarks.config.ts` beside them, a build, then the pages read.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { build, loadConfigFile, resolveConfig } from '../../src/index.js'
import { page, within, type Page } from '../html.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-reader-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A Netscape export as a browser writes one: its root is called `root`. */
function netscape(root: string, body: string): string {
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE>
<H1>${root}</H1>
<DL><p>
${body}
</DL><p>
`
}

function folder(name: string, body: string): string {
  return `<DT><H3>${name}</H3>\n<DL><p>\n${body}\n</DL><p>`
}

function link(title: string, href: string, added = 1014508800): string {
  return `<DT><A HREF="${href}" ADD_DATE="${added}">${title}</A>`
}

/** Write the files, a `bookmarks.config.ts` exporting `config`, and build as `bookgen build` does. */
async function buildSite(files: Record<string, string>, config: string) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  writeFileSync(path.join(dir, 'bookmarks.config.ts'), `export default ${config}\n`)
  const loaded = await loadConfigFile(undefined, dir, { command: 'build' })
  await build(resolveConfig(loaded.config, {}, { cwd: dir, configFile: loaded.file }))
  const read = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8')
  return {
    read,
    html: (file: string): Page => page(read(file)),
    exists: (file: string) => existsSync(path.join(dir, 'dist', file)),
  }
}

const FIREFOX = netscape('Bookmarks', folder('Dev', link('Perl', 'https://perl.example/')))
const CHROMIUM = netscape('Bookmarks', folder('Code', link('Python', 'https://python.example/')))

describe('sources with names', () => {
  it('should refuse a named source that is a glob, or with an unknown field', async () => {
    await expect(
      buildSite({ 'firefox.html': FIREFOX }, `{ sources: [{ path: '*.html', title: 'All' }] }`),
    ).rejects.toThrow(/"sources" entry "\*\.html" has a title or slug, so it must name one file, not a glob/)
    await expect(
      buildSite({ 'firefox.html': FIREFOX }, `{ sources: [{ path: 'firefox.html', name: 'Fx' }] }`),
    ).rejects.toThrow(/Unknown option "name" in a "sources" entry; known: path, title, slug/)
  })

  it("should tell exports named alike apart by their files' names, in headings, URLs, breadcrumbs and facets", async () => {
    const site = await buildSite(
      { 'firefox.html': FIREFOX, 'chromium.html': CHROMIUM },
      `{ sources: ['firefox.html', 'chromium.html'] }`,
    )
    const home = site.html('index.html')
    expect(home.text('.folder-cards > li > .folder-link')).toEqual([
      'Bookmarks (firefox)',
      'Bookmarks (chromium)',
    ])
    expect(home.attr('.folder-cards > li > .folder-link', 'href')).toEqual([
      '/bookmarks-firefox/',
      '/bookmarks-chromium/',
    ])
    expect(site.html('bookmarks-firefox/dev/index.html').text('.breadcrumbs li')).toEqual([
      'Bookmarks',
      'Bookmarks (firefox)',
      'Dev',
    ])
    // What the search page's folder facet and its results' folder paths read.
    const { id } = JSON.parse(site.read('assets/search/index.json')) as { id: string }
    const facet = JSON.parse(site.read(`assets/search/${id}/folders.json`)) as { names: string[] }
    expect(facet.names).toEqual(expect.arrayContaining(['Bookmarks (firefox)', 'Bookmarks (chromium)']))
    const results = JSON.parse(site.read(`assets/search/${id}/d0.json`)) as { folders: unknown[][] }
    expect(results.folders).toEqual(
      expect.arrayContaining([
        ['Bookmarks (firefox)', 'bookmarks-firefox/', 0],
        ['Bookmarks (chromium)', 'bookmarks-chromium/', 0],
      ]),
    )
  })

  it("should take a source's title and slug from the config, and name the rest only where they collide", async () => {
    const site = await buildSite(
      {
        'firefox.html': FIREFOX,
        'chromium.html': CHROMIUM,
        'work.html': FIREFOX,
        'toolbar.html': netscape('Toolbar', link('Go', 'https://go.example/')),
      },
      `{ sources: ['firefox.html', { path: 'work.html', title: 'Work', slug: 'Office' }, 'toolbar.html', 'chromium.html'] }`,
    )
    const cards = site.html('index.html')
    expect(cards.text('.folder-cards > li > .folder-link')).toEqual([
      'Bookmarks (firefox)',
      'Work',
      'Toolbar',
      'Bookmarks (chromium)',
    ])
    expect(cards.attr('.folder-cards > li > .folder-link', 'href')).toEqual([
      '/bookmarks-firefox/',
      '/office/',
      '/toolbar/',
      '/bookmarks-chromium/',
    ])
    expect(site.html('office/dev/index.html').text('.breadcrumbs li')).toEqual(['Bookmarks', 'Work', 'Dev'])
  })

  it('should name files alike in different folders by their paths', async () => {
    const site = await buildSite(
      { 'laptop/bookmarks.html': FIREFOX, 'desktop/bookmarks.html': CHROMIUM },
      `{ sources: ['laptop/bookmarks.html', 'desktop/bookmarks.html'] }`,
    )
    expect(site.html('index.html').text('.folder-cards > li > .folder-link')).toEqual([
      'Bookmarks (laptop/bookmarks.html)',
      'Bookmarks (desktop/bookmarks.html)',
    ])
  })
})

const DEEP = netscape(
  'Bookmarks',
  [
    link('Home', 'https://home.example/'),
    folder(
      'Dev',
      [
        link('Perl', 'https://perl.example/'),
        folder(
          'Web',
          folder(
            'CSS',
            [link('MDN', 'https://mdn.example/'), link('Can I use', 'https://ciu.example/')].join('\n'),
          ),
        ),
      ].join('\n'),
    ),
    folder('Snoozed Tabs', folder('Deeper', '')),
  ].join('\n'),
)

describe('the folder tree', () => {
  it('should show every level behind a disclosure arrow, with counts that read as counts, and no empty folder', async () => {
    const site = await buildSite({ 'bookmarks.html': DEEP }, `{}`)
    const tree = site.html('folders/index.html')
    expect(tree.text('.folder-tree .folder-link')).toEqual(['Dev', 'Web', 'CSS'])
    expect(tree.text('.folder-tree .count')).toEqual([
      '3 bookmarks · 1 sub-folder',
      '2 bookmarks · 1 sub-folder',
      '2 bookmarks',
    ])
    // Each folder with sub-folders has its <details>; the top level's open, deeper ones closed.
    const branches = tree.all('.folder-tree li.branch')
    expect(branches.map((branch) => within(branch).text('.folder-link')[0])).toEqual(['Dev', 'Web'])
    for (const branch of branches) expect(within(branch).all('details > summary').length).toBeGreaterThan(0)
    expect(tree.all('.folder-tree > li > details[open]')).toHaveLength(1)
    expect(tree.all('.folder-tree ul details[open]')).toHaveLength(0)
    expect(tree.text('details > summary')).toEqual(['Sub-folders of Dev', 'Sub-folders of Web'])
    expect(tree.text('button.expand-all')).toEqual(['Expand all'])
    expect(tree.text('.folder-stats')).toEqual(['3 folders · 2 empty folders not listed'])
    expect(tree.text('main p a[href="/"] + .count')).toEqual(['1 bookmark'])
    // The home page lists no empty folder either; the empty folder's own page is still made.
    expect(site.html('index.html').text('.folder-cards .folder-link')).toEqual(['Dev'])
    expect(site.exists('snoozed-tabs/deeper/index.html')).toBe(true)
  })

  it('should list empty folders when the config asks for them', async () => {
    const site = await buildSite({ 'bookmarks.html': DEEP }, `{ showEmptyFolders: true }`)
    const tree = site.html('folders/index.html')
    expect(tree.text('.folder-tree .folder-link')).toEqual(['Dev', 'Web', 'CSS', 'Snoozed Tabs', 'Deeper'])
    expect(tree.text('.folder-tree .count').slice(3)).toEqual(['0 bookmarks · 1 sub-folder', '0 bookmarks'])
    expect(tree.text('.folder-stats')).toEqual(['5 folders'])
    expect(site.html('index.html').text('.folder-cards > li > .folder-link')).toEqual(['Dev', 'Snoozed Tabs'])
  })
})

describe('dates', () => {
  it("should show dates in the site's language, with the instant kept in datetime", async () => {
    // 24 February 2002, 10:30 UTC.
    const added = Date.UTC(2002, 1, 24, 10, 30) / 1000
    const source = netscape('Bookmarks', folder('Dev', link('Perl <5>', 'https://perl.example/', added)))
    const tagged = source.replace('ADD_DATE', 'TAGS="perl" ADD_DATE')
    for (const [lang, shown, addedWord] of [
      ['de', '24. Feb. 2002', 'hinzugefügt am'],
      ['en-GB', '24 Feb 2002', 'added'],
      ['en', 'Feb 24, 2002', 'added'],
    ]) {
      const site = await buildSite({ 'bookmarks.html': tagged }, `{ lang: '${lang}', listings: 'compact' }`)
      const full = site.html('dev/index.html')
      expect(full.text('.xfolkentry time.dt-published'), lang).toEqual([shown])
      expect(full.attr('.xfolkentry time.dt-published', 'datetime')).toEqual(['2002-02-24T10:30:00Z'])
      // A compact entry (tag and archive pages) has the day in datetime.
      for (const file of ['tags/perl/index.html', 'archive/2002/index.html']) {
        const compact = site.html(file)
        expect(compact.text('.xfolkentry time.dt-published'), file).toEqual([shown])
        expect(compact.attr('.xfolkentry time.dt-published', 'datetime')).toEqual(['2002-02-24'])
      }
      expect(site.html('index.html').text('.folder-stats')[0]).toContain(`${addedWord} ${shown}`)
      rmSync(path.join(dir, 'dist'), { recursive: true })
    }
  })

  it('should refuse a lang that is no language tag', async () => {
    await expect(buildSite({ 'bookmarks.html': DEEP }, `{ lang: 'english please' }`)).rejects.toThrow(
      /"lang" must be a language tag/,
    )
  })
})
