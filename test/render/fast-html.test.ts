/** The fast serializer leaves to rehype-stringify what it does not handle, and escapes the rest. */
import { describe, expect, it } from 'vitest'
import { fastToHtml } from '../../src/render/fast-html.js'

describe('fast HTML serializer', () => {
  it('should leave what it does not handle to the library', () => {
    expect(
      fastToHtml({
        type: 'element',
        tagName: 'style',
        properties: {},
        children: [{ type: 'text', value: 'a>b' }],
      }),
    ).toBeUndefined()
    expect(
      fastToHtml({
        type: 'element',
        tagName: 'script',
        properties: {},
        children: [{ type: 'text', value: '1<2' }],
      }),
    ).toBeUndefined()
    expect(fastToHtml({ type: 'element', tagName: 'svg', properties: {}, children: [] })).toBeUndefined()
    expect(fastToHtml({ type: 'root', children: [{ type: 'comment', value: 'x' }] })).toBeUndefined()
    expect(
      fastToHtml({ type: 'element', tagName: 'input', properties: { accept: ['a', 'b'] }, children: [] }),
    ).toBeUndefined()
    expect(
      fastToHtml({
        type: 'element',
        tagName: 'a',
        properties: { href: 'x"&\'`\u0000', hidden: true, download: '' },
        children: [{ type: 'text', value: '<&>"' }],
      }),
    ).toBe('<a href="x&#x22;&#x26;&#x27;&#x60;&#x0;" hidden download>&#x3C;&#x26;>"</a>')
  })
})
