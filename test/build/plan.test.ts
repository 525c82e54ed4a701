import type { Element } from 'hast'
import { describe, expect, it } from 'vitest'
import { INDEX_VERSION } from '#search-terms'
import {
  createBookmark,
  createFolder,
  type Bookmark,
  type Collection,
  type Folder,
} from '../../src/model/tree.js'
import type { OutputFile } from '../../src/model/output.js'
import { planSite } from '../../src/build/plan.js'
import { resolveAliases } from '../../src/model/aliases.js'
import { siteInputFor } from '../helpers.js'
import { page, within } from '../html.js'

function bookmark(title: string, href: string, extra: Partial<Bookmark> = {}): Bookmark {
  return Object.assign(createBookmark(title, href), extra)
}

function folder(title: string, children: Folder['children'], extra: Partial<Folder> = {}): Folder {
  return Object.assign(createFolder(title), { children }, extra)
}

function sampleTree(): Folder {
  return folder('Root', [
    bookmark('Top <b>level</b> & co', 'https://top.example/?a=1&b=2', {
      tags: ['css', 'C++', 'c++'],
      description: 'Line one\nLine <two>',
      added: Date.UTC(2020, 4, 4, 12),
      id: 'top',
    }),
    { type: 'separator' },
    bookmark('Bookmarklet', 'javascript:alert(document.cookie)'),
    bookmark('Sneaky', ' JaVaScRiPt:alert(1)', { tags: ['css'] }),
    bookmark('Data', 'data:text/html,<script>alert(1)</script>'),
    bookmark('<script>alert("title")</script>', 'https://xss.example/"><script>alert(1)</script>'),
    folder('Development', [
      folder('Web', [bookmark('MDN', 'https://developer.mozilla.org/', { tags: ['css', 'reference'] })]),
      { type: 'alias', ref: 'top' },
    ]),
    folder('Tags', []),
    folder('Café', []),
    folder('Cafe', []),
  ])
}

function plan(root: Folder, base = '/sub/'): Map<string, OutputFile> {
  const collection: Collection = {
    format: 'netscape',
    file: 'x.html',
    encoding: 'utf-8',
    title: 'T',
    root,
    warnings: [],
  }
  const result = planSite(
    siteInputFor(root, { siteTitle: 'My <Links>', base, aliasTargets: resolveAliases([collection]) }),
  )
  return new Map([...result.files].map((file) => [file.path, file]))
}

const html = (files: Map<string, OutputFile>, path: string) => {
  const file = files.get(path)
  if (file === undefined) throw new Error(`no ${path} in ${[...files.keys()].join(', ')}`)
  return String(file.contents)
}

describe('planSite', () => {
  const files = plan(sampleTree())

  it('should write one page per folder at pretty URLs mirroring the tree, and one per tag', () => {
    const pages = [...files.keys()].filter((path) => path.endsWith('index.html')).sort()
    expect(pages.filter((path) => !path.startsWith('archive/'))).toEqual([
      'cafe-2/index.html',
      'cafe/index.html',
      'development/index.html',
      'development/web/index.html',
      'folders/index.html',
      'index.html',
      'offline/index.html',
      'search/index.html',
      'stats/index.html',
      'tags-2/index.html',
      'tags/c-plus-plus-2/index.html',
      'tags/c-plus-plus/index.html',
      'tags/css/index.html',
      'tags/index.html',
      'tags/reference/index.html',
    ])
  })

  it('should mark every bookmark as an xFolk entry with exactly one taggedlink', () => {
    const home = page(html(files, 'index.html'))
    // The root's own bookmarks, after the overview's sections.
    expect(home.all('main > .entries > .xfolkentry')).toHaveLength(5)
    for (const [path, file] of files) {
      if (!path.endsWith('.html')) continue
      for (const entry of page(String(file.contents)).all('.xfolkentry')) {
        expect(within(entry).all('.taggedlink'), path).toHaveLength(1)
        expect(entry.attribs['class'], path).toContain('h-entry')
      }
    }
  })

  it('should emit xFolk and microformats2 markup for a full entry', () => {
    const home = page(html(files, 'index.html'))
    const inner = within(home.all('main > .entries > .xfolkentry')[0]!)
    expect(inner.attr('a.taggedlink.u-bookmark-of.p-name', 'href')).toEqual(['https://top.example/?a=1&b=2'])
    expect(inner.text('a.taggedlink')).toEqual(['Top <b>level</b> & co'])
    expect(inner.text('.description.p-summary')).toEqual(['Line one\nLine <two>'])
    expect(inner.attr('time.dt-published', 'datetime')).toEqual(['2020-05-04T12:00:00Z'])
    expect(inner.attr('a[rel~=tag].p-category', 'href')).toEqual([
      '/sub/tags/css/',
      '/sub/tags/c-plus-plus/',
      '/sub/tags/c-plus-plus-2/',
    ])
  })

  it('should never make javascript:, data: or other unsafe URLs clickable', () => {
    for (const [path, file] of files) {
      if (!path.endsWith('.html')) continue
      const doc = page(String(file.contents))
      for (const href of [...doc.attr('[href]', 'href'), ...doc.attr('[src]', 'src')]) {
        // A relative link (breadcrumbs, sub-folders, page links: a path, no scheme) stays under the base.
        const relative = /^[^:/?#]+(\/|$)/.test(href)
        if (!relative) expect(href, `${path}: ${href}`).toMatch(/^(\/sub\/|https?:|mailto:|ftp:|#)/)
        else {
          const resolved = new URL(href, `https://me.example/sub/${path.replace(/index\.html$/, '')}`)
          expect(resolved.pathname, `${path}: ${href}`).toMatch(/^\/sub\//)
        }
      }
    }
    const home = page(html(files, 'index.html'))
    expect(home.text('main > .entries .bookmarklet code')).toEqual([
      'javascript:alert(document.cookie)',
      ' JaVaScRiPt:alert(1)',
    ])
    expect(home.text('main > .entries code.url')).toEqual(['data:text/html,<script>alert(1)</script>'])
  })

  it('should escape hostile titles and URLs', () => {
    const source = html(files, 'index.html')
    expect(source).not.toContain('<script>alert')
    expect(source).toContain('&#x3C;script>alert("title")&#x3C;/script>')
    const doc = page(source)
    expect(doc.attr('a.taggedlink', 'href')).toContain(
      'https://xss.example/%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    )
  })

  it('should keep separators between entries', () => {
    expect(page(html(files, 'index.html')).all('hr.separator')).toHaveLength(1)
  })

  it('should show sub-folders with their sizes and breadcrumbs on nested pages', () => {
    const home = page(html(files, 'index.html'))
    // Tags, Café and Cafe hold no bookmark: not listed (see `showEmptyFolders`).
    expect(home.text('.folder-cards > li > a')).toEqual(['Development'])
    expect(home.text('.folder-cards > li > .count')).toEqual(['1'])
    const tree = page(html(files, 'folders/index.html'))
    expect(tree.text('.folder-tree .folder-link')).toEqual(['Development', 'Web'])
    const web = page(html(files, 'development/web/index.html'))
    expect(web.text('.breadcrumbs a')).toEqual(['My <Links>', 'Development', 'Web'])
    // Each link is the shorter of its absolute path and its path relative to the page.
    expect(web.attr('.breadcrumbs a', 'href')).toEqual(['/sub/', '../', './'])
    expect(web.attr('.breadcrumbs [aria-current=page]', 'href')).toEqual(['./'])
    const development = page(html(files, 'development/index.html'))
    expect(development.attr('.subfolders a.folder-link', 'href')).toEqual(['web/'])
  })

  it('should render an alias as a distinct link to its target', () => {
    const dev = page(html(files, 'development/index.html'))
    expect(dev.attr('li.alias a.alias-link', 'href')).toEqual(['https://top.example/?a=1&b=2'])
    expect(dev.all('li.alias.xfolkentry')).toHaveLength(0)
  })

  it('should put every URL under the base path', () => {
    const tag = page(html(files, 'tags/css/index.html'))
    expect(tag.text('h1')).toEqual(['Tag: css'])
    expect(tag.all('.xfolkentry')).toHaveLength(3)
    expect(tag.attr('link[rel=stylesheet]', 'href')).toEqual(['/sub/assets/style.css'])
    expect(tag.attr('form[role=search]', 'action')).toEqual(['/sub/search/'])
    const search = page(html(files, 'search/index.html'))
    expect(search.attr('script', 'src')).toEqual([
      '/sub/assets/theme.js',
      '/sub/assets/site.js',
      '/sub/assets/search.js',
    ])
    expect(search.attr('#search-results', 'data-index')).toEqual(['/sub/assets/search/index.json'])
  })

  it('should write a tag index linking every tag with rel=tag', () => {
    const index = page(html(files, 'tags/index.html'))
    // Most used first; equal counts in name order.
    expect(index.text('.tag-index a[rel~=tag]')).toEqual(['css', 'C++', 'c++', 'reference'])
  })

  it('should write a search index whose JSON cannot break out of a script element', () => {
    const meta = JSON.parse(html(files, 'assets/search/index.json')) as {
      id: string
      version: number
      count: number
    }
    expect(meta.version).toBe(INDEX_VERSION)
    expect(meta.count).toBe(6)
    const parts = [...files.keys()].filter((name) => name.startsWith(`assets/search/${meta.id}/`))
    expect(parts).toContain(`assets/search/${meta.id}/t0.json`)
    expect(parts).toContain(`assets/search/${meta.id}/d0.json`)
    expect(parts).toContain(`assets/search/${meta.id}/tags.json`)
    for (const name of parts) expect(html(files, name)).not.toContain('<')
  })

  it('should be deterministic', () => {
    const again = plan(sampleTree())
    expect([...again.entries()].map(([path, file]) => [path, String(file.contents)])).toEqual(
      [...files.entries()].map(([path, file]) => [path, String(file.contents)]),
    )
  })

  it('should work at the root base path too', () => {
    const root = plan(sampleTree(), '/')
    expect(page(html(root, 'index.html')).attr('link[rel=stylesheet]', 'href')).toEqual(['/assets/style.css'])
  })
})

describe('planSite with reuseEntryMemory', () => {
  // Many folders of a few bookmarks each, dated and tagged, on pages of 5: every kind of page
  // lists entries, and many pages are written.
  function largerTree(): Folder {
    return folder(
      'Root',
      Array.from({ length: 60 }, (_, f) =>
        folder(
          `Folder ${f}`,
          Array.from({ length: 12 }, (_, b) =>
            bookmark(`Bookmark ${f}.${b} ${'é'.repeat(b)}`, `https://host${b % 5}.example/${f}/${b}`, {
              tags: [`tag${(f + b) % 7}`, `tag${b % 3}`],
              description: `About ${f}.${b}`,
              added: Date.UTC(2010 + (b % 6), f % 12, 1 + b),
            }),
          ),
        ),
      ),
    )
  }

  /** Each file's bytes as the writer sees them: read before the next file is asked for. */
  function written(files: Iterable<OutputFile>): {
    pages: Map<string, string>
    memories: Set<ArrayBufferLike>
  } {
    const pages = new Map<string, string>()
    const memories = new Set<ArrayBufferLike>()
    for (const file of files) {
      const parts = file.segments ?? [file.contents]
      pages.set(file.path, Buffer.concat(parts.map((part) => Buffer.from(part))).toString('utf8'))
      if (!file.path.startsWith('tags/') && !file.path.startsWith('archive/'))
        for (const part of parts) if (typeof part !== 'string') memories.add(part.buffer)
    }
    return { pages, memories }
  }

  it.each([
    ['the default entries', {}],
    ["a theme's entries", { entry: (_bookmark: Bookmark, render: () => Element) => render() }],
  ])(
    'should write the same pages as a plain build, with %s, the full entries in memory used again',
    (_, theme) => {
      // Compact listings: a plain build then keeps only the heads of the full entries.
      const input = () => siteInputFor(largerTree(), { pageSize: 5, theme, listings: 'compact' })
      const plain = written(planSite(input()).files)
      const reused = written(planSite(input(), { reuseEntryMemory: true }).files)
      expect([...reused.pages.keys()]).toEqual([...plain.pages.keys()])
      for (const [path, text] of plain.pages) expect(reused.pages.get(path), path).toBe(text)
      expect(reused.pages.size).toBeGreaterThan(100)
      // The folder pages' entries came from one block (and the pieces' own), not a block per few pages.
      expect(reused.memories.size).toBeLessThan(plain.memories.size)
    },
  )
})
