import { describe, expect, it } from 'vitest'
import {
  countNodes,
  createBookmark,
  createFolder,
  createRecord,
  normalizeTags,
  walk,
} from '../../src/model/tree.js'
import { BookgenError, isBookgenError } from '../../src/model/errors.js'
import { LineIndex } from '../../src/formats/shared/line-index.js'
import { cleanHref } from '../../src/model/urls.js'

describe('model helpers', () => {
  it('should walk depth-first in document order with depths', () => {
    const inner = createFolder('inner')
    inner.children.push(createBookmark('b', 'https://b/'))
    const root = createFolder('root')
    root.children.push(createBookmark('a', 'https://a/'), inner, { type: 'separator' })
    expect([...walk(root)].map(({ node, depth }) => `${node.type}@${depth}`)).toEqual([
      'bookmark@1',
      'folder@1',
      'bookmark@2',
      'separator@1',
    ])
  })

  it('should count bookmarks with a URL, folders below the root, and distinct tags', () => {
    const root = createFolder('root')
    root.children.push(
      Object.assign(createBookmark('a', 'https://a/'), { tags: ['x', 'y'] }),
      Object.assign(createBookmark('no url'), { tags: ['x'] }),
      createFolder('f'),
      { type: 'alias', ref: '1' },
    )
    expect(countNodes(root)).toEqual({ bookmarks: 1, folders: 1, separators: 0, aliases: 1, tags: 2 })
  })

  it('should normalize tags: trim, drop empties and duplicates, keep spaces inside', () => {
    expect(normalizeTags([' a', 'b ', '', 'a', 'read later', '  '])).toEqual(['a', 'b', 'read later'])
  })

  it('should make records safe for any key', () => {
    const record = createRecord()
    record['__proto__'] = 'x'
    expect(Object.keys(record)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>)['x']).toBeUndefined()
  })
})

describe('BookgenError', () => {
  it('should format as file:line:col: reason [rule]', () => {
    const error = new BookgenError('Expected <xbel>', {
      rule: 'xbel/wrong-root',
      file: 'a.xbel',
      line: 2,
      column: 1,
    })
    expect(error.format()).toBe('a.xbel:2:1: Expected <xbel> [xbel/wrong-root]')
    expect(new BookgenError('No sources', { rule: 'source/none' }).format()).toBe('No sources [source/none]')
    expect(isBookgenError(error)).toBe(true)
    expect(isBookgenError(new Error('x'))).toBe(false)
  })
})

describe('LineIndex', () => {
  it('should turn offsets into 1-based lines and columns', () => {
    const index = new LineIndex('ab\ncd\n\nef')
    expect(index.locate(0)).toEqual({ line: 1, column: 1 })
    expect(index.locate(3)).toEqual({ line: 2, column: 1 })
    expect(index.locate(4)).toEqual({ line: 2, column: 2 })
    expect(index.locate(7)).toEqual({ line: 4, column: 1 })
  })
})

describe('cleanHref', () => {
  it('should remove ASCII tabs and line breaks anywhere, and C0 controls and white space at the ends, as the URL parser does', () => {
    expect(cleanHref('https://a.example/x\n  y')).toBe('https://a.example/x  y')
    expect(cleanHref('\u0001\u001f https://a.example/\t\r\n\u0000')).toBe('https://a.example/')
    expect(cleanHref('\u00a0https://a.example/\u00a0')).toBe('https://a.example/')
    expect(cleanHref('https://a.example/\u0001x')).toBe('https://a.example/\u0001x')
    expect(cleanHref(' \n\t ')).toBe('')
    // What the parser makes of the same text: the cleaning changes nothing it would not.
    for (const raw of ['https://a.example/x\n  y', '\u0001 https://a.example/\t\r\n\u0000'])
      expect(new URL(cleanHref(raw)).href).toBe(new URL(raw).href)
  })
})
