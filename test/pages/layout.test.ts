import { describe, expect, it } from 'vitest'
import { planSite } from '../../src/build/plan.js'
import { resolveConfig } from '../../src/config/options.js'
import { createBookmark, createFolder, type Folder } from '../../src/model/tree.js'
import type { SiteInput } from '../../src/publish/site-input.js'
import { siteInputFor } from '../helpers.js'
import { page } from '../html.js'

/** A folder holding `children`, and a bookmark so that it is listed. */
function folder(title: string, children: Folder[] = []): Folder {
  const made = createFolder(title)
  const bookmark = createBookmark(
    `${title} link`,
    `https://${title.toLowerCase().replace(/\W/g, '')}.example/`,
  )
  bookmark.tags = ['t']
  made.children.push(...children, bookmark)
  return made
}

function pages(root: Folder, changes: Partial<SiteInput> = {}): Map<string, string> {
  const files = planSite(siteInputFor(root, changes)).files
  return new Map([...files].map((file) => [file.path, String(file.contents)]))
}

describe('the layout option', () => {
  it("should default to 'list', take 'cards', and refuse anything else", () => {
    expect(resolveConfig({}, {}, { cwd: '/' }).layout).toBe('list')
    expect(resolveConfig({ layout: 'cards' }, {}, { cwd: '/' }).layout).toBe('cards')
    expect(() => resolveConfig({ layout: 'grid' as 'cards' }, {}, { cwd: '/' })).toThrow(
      `"layout" must be 'list' or 'cards'; got "grid"`,
    )
    expect(() => resolveConfig({ layout: 1 as never }, {}, { cwd: '/' })).toThrow('"layout" must be a string')
  })

  it('should mark every page with cards, and none with the list', () => {
    const root = createFolder()
    root.children.push(folder('Web'))
    for (const [layout, expected] of [
      ['cards', ['cards']],
      ['list', []],
    ] as const) {
      const site = pages(root, { layout })
      for (const path of ['index.html', 'web/index.html', 'tags/t/index.html', 'search/index.html'])
        expect(page(site.get(path)!).attr('body', 'class'), `${layout} ${path}`).toEqual(expected)
    }
  })
})

describe('the folder sidebar', () => {
  // Fifty top-level folders; the third holds a chain three deep with fifty folders at its bottom.
  const root = createFolder()
  const bottom = folder(
    'Bottom',
    Array.from({ length: 50 }, (_, index) => folder(`Leaf ${index}`)),
  )
  const chain = folder('Level 1', [folder('Level 2', [folder('Level 3', [bottom])])])
  root.children.push(
    folder('A'),
    folder('B', [chain]),
    ...Array.from({ length: 48 }, (_, i) => folder(`T${i}`)),
  )
  const site = pages(root)
  const sidebar = (path: string) => page(site.get(path)!).text('nav.sidebar a')

  it('should list the top level on tag and archive pages, at most 40 and a link to the rest', () => {
    for (const path of ['tags/t/index.html', 'archive/index.html']) {
      const links = sidebar(path)
      expect(links.slice(0, 2), path).toEqual(['A', 'B'])
      expect(links.length, path).toBe(41)
      expect(links.at(-1), path).toBe('10 more…')
    }
  })

  it('should open the way to the current folder, mark it, and bound what it lists', () => {
    const path = 'b/level-1/level-2/level-3/bottom/index.html'
    const html = page(site.get(path)!)
    expect(html.text('nav.sidebar [aria-current="page"]')).toEqual(['Bottom'])
    const links = sidebar(path)
    // The way down, then the current folder's sub-folders (40 and a link), then the rest of the top level.
    expect(links.slice(0, 7)).toEqual(['A', 'B', 'Level 1', 'Level 2', 'Level 3', 'Bottom', 'Leaf 0'])
    expect(links).toContain('10 more…')
    expect(links.length).toBeLessThanOrEqual(2 * 41 + 5)
    // A way deeper than 8 levels leaves out its middle: a page stays small at any depth.
    const deep = createFolder()
    let at = deep
    for (let depth = 1; depth <= 30; depth++) {
      const next = folder(`D${depth}`)
      at.children.push(next)
      at = next
    }
    const deepest = page(
      pages(deep).get(`${Array.from({ length: 30 }, (_, i) => `d${i + 1}/`).join('')}index.html`)!,
    )
    expect(deepest.text('nav.sidebar a')).toEqual([
      'D1',
      ...Array.from({ length: 8 }, (_, i) => `D${i + 23}`),
    ])
    expect(deepest.text('nav.sidebar .gap')[0]).toMatch(/^… 21 folders/)
    // Not on the home page, which has its folder cards.
    expect(page(site.get('index.html')!).all('nav.sidebar')).toEqual([])
  })

  it('should link each folder from every page, relatively where that is shorter', () => {
    // Two bookmarks a page make a second page of 'Level 3', whose links start two folders deeper.
    const level3 = chain.children[0]!.type === 'folder' ? chain.children[0].children[0]! : undefined
    if (level3?.type !== 'folder') throw new Error('no Level 3')
    level3.children.push(createBookmark('Second', 'https://second.example/'))
    const paged = pages(root, { pageSize: 1 })
    const checked = new Set<string>()
    for (const [path, html] of paged) {
      const sidebar = page(html)
      const hrefs = sidebar.attr('nav.sidebar a', 'href')
      const titles = sidebar.text('nav.sidebar a')
      hrefs.forEach((href, index) => {
        const target = new URL(href, `https://site.example/${path}`).pathname.slice(1)
        const title = titles[index]!
        if (title.endsWith('more…')) return
        expect(page(paged.get(`${target}index.html`)!).text('h1'), `${path} → ${href}`).toEqual([title])
      })
      if (hrefs.length > 0) checked.add(path)
    }
    expect(checked).toContain('b/level-1/level-2/level-3/page/2/index.html')
    expect(checked).toContain('tags/t/index.html')
    // Deep down, the way's folders are a few `../` away; the pages of no folder link from the base.
    const deep = page(paged.get('b/level-1/level-2/level-3/bottom/index.html')!).attr('nav.sidebar a', 'href')
    expect(deep).toContain('../../')
    expect(page(paged.get('tags/t/index.html')!).attr('nav.sidebar a', 'href')[0]).toBe('/a/')
  })
})
