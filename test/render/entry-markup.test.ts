/**
 * `entryMarkup` writes most entries as HTML directly; it must give exactly the bytes of the entry's
 * tree (`entryParts`) serialized by rehype-stringify, on any input.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createBookmark, type Bookmark } from '../../src/model/tree.js'
import { serializeFragment, serializeHastReference, trustedNode } from '../../src/render/serialize.js'
import { entryMarkup, entryParts, type EntryContext } from '../../src/render/xfolk.js'

/** Text that reaches every escape: markup, quotes, entities, controls, astral and combining characters. */
const hostileText = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    ' ',
    '&',
    '<',
    '>',
    '"',
    "'",
    '`',
    '=',
    '\0',
    '\u0007',
    '\u0085',
    '\n',
    'é',
    'é',
    '東',
    '🚀',
    '&amp;',
    '<script>',
  ),
  maxLength: 12,
})

const hrefs = fc.oneof(
  fc.constantFrom(
    'https://example.com/',
    'https://www.Example.org/a?b=1&c=2#d',
    'http://xn--bcher-kva.example/x',
    'https://bücher.example/a b',
    'ftp://ftp.example.com/f',
    'mailto:me@example.org',
    'https://user:pw@host.example:8080/p',
    'https://[::1]/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://example.com/"onmouseover="x',
    "https://example.com/'`",
  ),
  hostileText.map((path) => `https://example.com/${path}`),
  hostileText,
)

const bookmarks: fc.Arbitrary<Bookmark> = fc
  .record({
    title: hostileText,
    href: fc.option(hrefs, { nil: undefined }),
    description: fc.option(hostileText, { nil: undefined }),
    tags: fc.uniqueArray(
      hostileText.filter((tag) => tag.trim() !== ''),
      { maxLength: 4 },
    ),
    added: fc.option(fc.integer({ min: -8.64e15, max: 8.64e15 }), { nil: undefined }),
  })
  .map(({ title, href, description, tags, added }) =>
    Object.assign(createBookmark(title, href), {
      tags,
      ...(description === undefined ? {} : { description }),
      ...(added === undefined ? {} : { added }),
    }),
  )

const contexts: EntryContext[] = [
  { tagUrl: (tag) => `/base/tags/${encodeURIComponent(tag)}/`, allowFileLinks: false },
  {
    tagUrl: (tag) => `../tags/${tag}/`,
    // Tag items serialized once and reused, as a build does.
    tagItem: (_tag, render) => trustedNode(serializeFragment(render())),
    iconUrl: (bookmark) =>
      bookmark.title.length % 2 === 0 ? `/assets/icons/${bookmark.title}".png` : undefined,
    allowFileLinks: true,
  },
]

const reference = (nodes: ReturnType<typeof entryParts>['head']) =>
  nodes.length === 0 ? '' : serializeHastReference({ type: 'root', children: nodes })

describe('entryMarkup', () => {
  it('should write the bytes of the entry tree serialized, or leave the entry to the tree', () => {
    let written = 0
    fc.assert(
      fc.property(bookmarks, fc.constantFrom(...contexts.keys()), (bookmark, which) => {
        const context = contexts[which]!
        const markup = entryMarkup(bookmark, context)
        const parts = entryParts(bookmark, context, 'full')
        if (markup === undefined) {
          // Left to the tree: only entries without a safe link.
          expect(parts.head.some((node) => node.type === 'element' && node.tagName === 'a')).toBe(false)
          return
        }
        written++
        expect(markup.head).toBe(reference(parts.head))
        expect(markup.tail).toBe(reference(parts.tail))
        expect(markup.className).toBe(parts.className)
        expect(markup.letter).toBe(parts.letter)
        expect(markup.added).toBe(parts.added)
      }),
      { numRuns: 3000 },
    )
    expect(written).toBeGreaterThan(1000)
  })

  it('should leave an entry with a link-health note to the tree', () => {
    const bookmark = createBookmark('Gone', 'https://gone.example/')
    const context: EntryContext = {
      tagUrl: () => '/tags/',
      allowFileLinks: false,
      linkOf: () => ({ state: 'dead' }) as never,
    }
    expect(entryMarkup(bookmark, context)).toBeUndefined()
    expect(entryMarkup(bookmark, { ...context, linkOf: () => undefined })).toBeDefined()
  })
})
