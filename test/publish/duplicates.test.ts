import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, type Folder } from '../../src/model/tree.js'
import {
  createDuplicateMemo,
  findDuplicates,
  removeDuplicates,
  urlKey,
} from '../../src/publish/duplicates.js'

const parsed = (href: string): string => {
  try {
    return new URL(href).href
  } catch {
    return href.trim()
  }
}

describe('urlKey', () => {
  it('should normalize as the URL parser does, plain URLs included', () => {
    for (const href of [
      'https://example.com',
      'https://example.com?q=1',
      'https://example.com#top',
      'http://a-b.example.org/path/to?x=1&y=2#f',
      'https://example.com/a/./b/../c',
      'https://example.com/%2e%2E/x',
      'https://EXAMPLE.com/',
      'https://example.com:443/',
      'https://user@example.com/',
      'https://xn--bcher-kva.example/',
      'https://xn--invalid-.example/',
      'https://xn--a.example/',
      'http://127.0.0.1/',
      'http://0x7f.1/',
      "https://example.com/it's?q=it's",
      'https://example.com/a b',
      ' https://example.com/ ',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(urlKey(href), href).toBe(parsed(href))
    }
  })

  it('should agree with the URL parser on random http(s) URLs', () => {
    const part = fc.stringMatching(/^[a-zA-Z0-9\-._~!$&'()*+,;=:@/%?#. \\^|[\]{}`"<>\u00e9]{0,24}$/)
    const host = fc.stringMatching(/^[a-zA-Z0-9\-.]{0,16}$/)
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', 'HTTP://', 'https:/'),
        host,
        part,
        (scheme, name, rest) => {
          const href = `${scheme}${name}${rest}`
          expect(urlKey(href)).toBe(parsed(href))
        },
      ),
      { numRuns: 3000 },
    )
  })
})

describe('findDuplicates and removeDuplicates', () => {
  const tree = (): Folder => {
    const a = createFolder('a')
    a.children.push(
      createBookmark('1', 'https://x.example/'),
      Object.assign(createBookmark('2', 'https://y.example'), { tags: ['p'] }),
    )
    const b = createFolder('b')
    b.children.push(
      Object.assign(createBookmark('3', 'https://Y.example/'), { tags: ['q'] }),
      createBookmark('4', 'https://z.example/'),
    )
    const root = createFolder('root')
    root.children.push(a, b)
    return root
  }

  it('should find the same repeats with a memo, build after build', () => {
    const root = tree()
    const memo = createDuplicateMemo()
    const plain = findDuplicates(root)
    expect(plain.map(({ bookmark, first }) => [bookmark.title, first.title])).toEqual([['3', '2']])
    expect(findDuplicates(root, memo)).toEqual(plain)
    expect(findDuplicates(root, memo)).toEqual(plain)
  })

  it('should leave the tree given as it is, copy only what changes, and reuse its copies', () => {
    const root = tree()
    const before = JSON.stringify(root)
    const memo = createDuplicateMemo()
    const deduped = removeDuplicates(root, findDuplicates(root), memo)
    expect(JSON.stringify(root)).toBe(before)
    expect(
      deduped.children.map((folder) =>
        (folder as Folder).children.map((node) => ('tags' in node ? node.tags : [])),
      ),
    ).toEqual([[[], ['p', 'q']], [[]]])
    expect(removeDuplicates(root, findDuplicates(root), memo)).toBe(deduped)
  })
})
