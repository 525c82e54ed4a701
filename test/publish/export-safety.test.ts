/**
 * Which attributes kept from a source the site's exports leave out: those a browser or an importer
 * could run. Everything else a source carried is kept.
 */
import { describe, expect, it } from 'vitest'
import {
  isActiveAttribute,
  withoutActiveAttributes,
  withoutActiveMetadata,
} from '../../src/publish/export-safety.js'

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
