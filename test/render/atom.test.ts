/** The lean feed entries written as text are what xast-util-to-xml writes for the same tree. */
import { describe, expect, it } from 'vitest'
import { x } from 'xastscript'
import { toXml } from 'xast-util-to-xml'
import { leanEntryXml } from '../../src/render/atom.js'
import { createBookmark } from '../../src/model/tree.js'

const HOSTILE = 'a & b < c > d " \' ` ]]> \u0001\u000b\u001f\u007f é 😀 &amp;'

function bookmark(title: string, href: string, added: number, modified?: number) {
  const made = createBookmark(title, href)
  made.added = added
  if (modified !== undefined) made.modified = modified
  return made
}

describe('lean feed entries', () => {
  it('should escape title, link and id as the XML serializer does', () => {
    const options = { siteUrl: `https://me.example/a&b<"c"/`, allowFileLinks: true }
    for (const [title, href] of [
      [HOSTILE, `https://x.example/?q=${encodeURIComponent(HOSTILE)}&r="1"<2>`],
      ['', 'https://x.example/a&b'],
      ['\u0001\u0002', 'file:///home/me/a%20b.html?x=<y>&z="w"'],
      ['Plain', 'https://x.example/'],
    ] as const) {
      const entry = bookmark(title, href, Date.UTC(2021, 3, 1, 8), Date.UTC(2022, 0, 2))
      const text = leanEntryXml(entry, options)
      const link = /<link href="([^"]*)"/.exec(text)![1]!
      const id = /<id>([^<]*)<\/id>/.exec(text)![1]!
      expect(id).toMatch(/#bookmark-[0-9a-f]{16}$/)
      // The reference: the tree the full entries are made of, with the values read back unescaped.
      const unescape = (value: string) =>
        value.replace(/&#x([0-9A-F]+);/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
      const reference = x('entry', [
        x('title', title.replace(/[\u0000-\u001f\u007f]/g, '') || unescape(link)),
        x('link', { href: unescape(link) }),
        x('id', unescape(id)),
        x('updated', '2022-01-02T00:00:00Z'),
      ])
      expect(text, title).toBe(toXml(reference, { closeEmptyElements: true }))
      expect(leanEntryXml(entry, options)).toBe(text)
    }
  })
})
