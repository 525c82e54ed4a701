import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, type Folder } from '../../src/model/tree.js'
import { MAX_ROUTE_BYTES, planRoutes, trailOf } from '../../src/pages/routes.js'

const folder = (title: string, children: Folder['children'] = []): Folder =>
  Object.assign(createFolder(title), { children })

describe('planRoutes', () => {
  it('should give folders pretty paths mirroring the tree, in document order', () => {
    const web = folder('Web')
    const root = folder('Root', [folder('Development', [web]), folder('Reading')])
    const routes = planRoutes(root)
    expect(routes.folders.map((route) => route.path)).toEqual([
      '',
      'development/',
      'development/web/',
      'reading/',
    ])
    expect(trailOf(routes.folderRoute.get(web)!).map((item) => item.title)).toEqual([
      'Root',
      'Development',
      'Web',
    ])
  })

  it('should keep top-level folders off the site’s own paths', () => {
    const routes = planRoutes(
      folder('Root', [
        folder('Tags'),
        folder('Search'),
        folder('Assets'),
        folder('Offline'),
        folder('Private'),
      ]),
    )
    expect(routes.folders.slice(1).map((route) => route.path)).toEqual([
      'tags-2/',
      'search-2/',
      'assets-2/',
      'offline-2/',
      'private-2/',
    ])
  })

  it('should collect tags with their bookmarks, sorted, at tags/<slug>/', () => {
    const a = Object.assign(createBookmark('a', 'https://a/'), { tags: ['Zeta', 'alpha'] })
    const b = Object.assign(createBookmark('b', 'https://b/'), { tags: ['alpha'] })
    const routes = planRoutes(folder('Root', [a, folder('Sub', [b])]))
    expect(routes.tags.map((route) => [route.tag, route.path, route.bookmarks.length])).toEqual([
      ['alpha', 'tags/alpha/', 2],
      ['Zeta', 'tags/zeta/', 1],
    ])
  })

  it('should shorten a path that would pass MAX_ROUTE_BYTES: stable, unique, and fitting', () => {
    const plan = () => {
      // Long names, one inside the other, each with a sibling whose name starts the same.
      let inner = folder('leaf')
      for (let level = 99; level >= 0; level--)
        inner = folder(`${level} ${'long name '.repeat(8)}`, [
          inner,
          folder(`${level} ${'long name '.repeat(8)}b`),
        ])
      // Letters of four bytes each in UTF-8: 60 of them (the longest slug) take 240.
      const letters = '𠀀'.repeat(60)
      const tagged = Object.assign(createBookmark('a', 'https://a/'), {
        tags: [letters, `${letters}x`, 'short'],
      })
      return planRoutes(folder('Root', [inner, tagged]))
    }
    const routes = plan()
    const paths = [...routes.folders, ...routes.tags].map((route) => route.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) expect(Buffer.byteLength(path), path).toBeLessThanOrEqual(MAX_ROUTE_BYTES)
    expect(paths.filter((path) => path.includes('_')).length).toBeGreaterThan(100)
    expect(routes.tags.map((route) => route.path)).toEqual([
      'tags/short/',
      expect.stringMatching(/^tags\/𠀀{6}_[0-9a-f]{10}\/$/u) as unknown,
      expect.stringMatching(/^tags\/𠀀{6}_[0-9a-f]{10}\/$/u) as unknown,
    ])
    expect([...plan().folders, ...plan().tags].map((route) => route.path)).toEqual(paths)
  })

  it('should handle 10,000 nested folders without recursion', () => {
    let inner = folder('leaf')
    for (let i = 0; i < 10_000; i++) inner = folder('f', [inner])
    const routes = planRoutes(folder('Root', [inner]))
    expect(routes.folders).toHaveLength(10_002)
  })
})
