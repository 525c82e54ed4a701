/**
 * What the site's exports leave out of what the sources kept: bookmarks whose URL cannot be a link
 * (and their aliases), other URL fields that cannot be links, attributes no specification names
 * (counting those a browser could run), and scripts in opaque XBEL metadata.
 */
import { describe, expect, it } from 'vitest'
import {
  exportTree,
  isActiveAttribute,
  withoutActiveAttributes,
  withoutActiveMetadata,
} from '../../src/publish/export-safety.js'
import { createBookmark, createFolder, type Alias, type Bookmark, type Folder } from '../../src/model/tree.js'

describe('isActiveAttribute', () => {
  it('should find event handlers, attributes that fetch, submit or style, and script URLs in any attribute', () => {
    for (const [name, value] of [
      ['ONCLICK', 'alert(1)'],
      ['onmouseover', ''],
      ['FORMACTION', 'https://evil.example/'],
      ['ping', 'https://track.example/'],
      ['STYLE', 'color:red'],
      ['srcdoc', '<p>'],
      ['xlink:href', 'javascript:alert(1)'],
      ['DATA-URL', ' JaVa\tScRiPt:alert(1)'],
      ['x', 'vbscript:msgbox'],
      ['x', 'data:text/html,<script>alert(1)</script>'],
    ]) {
      expect(isActiveAttribute(name!, value!), `${name}="${value}"`).toBe(true)
    }
  })

  it('should keep what only describes a bookmark', () => {
    for (const [name, value] of [
      ['GUID', '1f3a'],
      ['SYNC_ID', 'x'],
      ['title', 'A javascript tutorial'],
      ['DATA-ICON', 'data:image/png;base64,AAAA'],
      ['xmlns:h', 'http://www.w3.org/1999/xhtml'],
    ]) {
      expect(isActiveAttribute(name!, value!), `${name}="${value}"`).toBe(false)
    }
  })
})

describe('withoutActiveAttributes and withoutActiveMetadata', () => {
  it('should return the same objects when there is nothing to leave out', () => {
    const attributes = { GUID: 'x' }
    expect(withoutActiveAttributes(attributes)).toEqual({ attributes, removed: 0 })
    expect(withoutActiveAttributes(attributes).attributes).toBe(attributes)
    const info = [
      { owner: 'o', attributes: {}, children: [{ name: 'a', attributes: { b: 'c' }, children: ['t'] }] },
    ]
    expect(withoutActiveMetadata(info).info).toBe(info)
  })

  it('should keep the order of what is left, and leave out scripts at any depth', () => {
    expect(withoutActiveAttributes({ A: '1', ONCLICK: 'x', B: '2' })).toEqual({
      attributes: { A: '1', B: '2' },
      removed: 1,
    })
    expect(withoutActiveAttributes({ ONCLICK: 'x' })).toEqual({ attributes: undefined, removed: 1 })
    const info = [
      {
        owner: 'o',
        attributes: {},
        children: [
          {
            name: 'wrap',
            attributes: { onload: 'x' },
            children: [{ name: 'svg:script', attributes: {}, children: ['alert(1)'] }, 'text'],
          },
        ],
      },
    ]
    expect(withoutActiveMetadata(info)).toEqual({
      info: [
        { owner: 'o', attributes: {}, children: [{ name: 'wrap', attributes: {}, children: ['text'] }] },
      ],
      removed: 2,
    })
  })
})

describe('exportTree', () => {
  const settings = { allowFile: false, stripExec: true }

  it('should give the published tree itself when there is nothing to leave out', () => {
    const root = createFolder('r')
    const inner = createFolder('f')
    inner.children.push(
      createBookmark('a', 'https://a.example/'),
      createBookmark('m', 'mailto:me@example.org'),
    )
    root.children.push(inner, createBookmark('none'))
    const exported = exportTree(root, new Map(), settings, new Map())
    expect(exported).toMatchObject({ folder: root, activeContent: 0, unsafeUrls: 0 })
  })

  it('should leave out a bookmark whose URL cannot be a link, with its aliases, and keep file: only when published', () => {
    const root = createFolder('r')
    const bookmarklet = createBookmark('b', 'javascript:alert(1)')
    const file = createBookmark('f', 'file:///home/me/a.pdf')
    const alias: Alias = { type: 'alias', ref: 'b' }
    root.children.push(bookmarklet, createBookmark('ok', 'https://ok.example/'), alias, file)
    const targets = new Map<Alias, Bookmark | Folder>([[alias, bookmarklet]])
    const exported = exportTree(root, targets, settings, new Map())
    expect(
      exported.folder.children.map((child) => (child.type === 'bookmark' ? child.title : child.type)),
    ).toEqual(['ok'])
    expect(exported.unsafeUrls).toBe(2)
    const withFiles = exportTree(root, targets, { ...settings, allowFile: true }, new Map())
    expect(withFiles.folder.children).toHaveLength(2)
    expect(root.children).toHaveLength(4)
  })

  it('should drop unknown attributes (counting the active ones) but the root’s namespace declarations, and URL fields that are no links', () => {
    const root = createFolder('r')
    root.attributes = { 'xmlns:k': 'https://k.example/ns', onload: 'alert(1)', guid: 'x' }
    const bookmark = createBookmark('a', 'https://a.example/')
    bookmark.attributes = { TARGET: '_blank', ONCLICK: 'alert(2)' }
    bookmark.feedUrl = 'javascript:alert(3)'
    bookmark.iconUri = 'https://a.example/favicon.ico'
    bookmark.icon = 'data:text/html,<script>alert(4)</script>'
    root.children.push(bookmark)
    const exported = exportTree(root, new Map(), settings, new Map())
    expect(exported.folder.attributes).toEqual({ 'xmlns:k': 'https://k.example/ns' })
    const copy = exported.folder.children[0] as Bookmark
    expect(Object.keys(copy)).not.toContain('attributes')
    expect(copy).not.toHaveProperty('feedUrl')
    expect(copy).not.toHaveProperty('icon')
    expect(copy.iconUri).toBe('https://a.example/favicon.ico')
    expect(exported.activeContent).toBe(4) // onload, ONCLICK, the feed URL, the icon
    expect(bookmark.attributes.TARGET).toBe('_blank')
  })
})
