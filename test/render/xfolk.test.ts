import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, type Bookmark } from '../../src/model/tree.js'
import { fastToHtml } from '../../src/render/fast-html.js'
import {
  serializeFragment,
  serializeHast,
  serializeHastReference,
  trustedNode,
} from '../../src/render/serialize.js'
import { cleanText } from '../../src/render/text.js'
import { i18nOf } from '../../src/render/i18n.js'
import { aliasToHast, bookmarkToHast, type EntryContext } from '../../src/render/xfolk.js'

const context: EntryContext = {
  i18n: i18nOf('en'),
  tagUrl: (tag) => `/tags/${encodeURIComponent(tag)}/`,
  allowFileLinks: false,
}

describe('bookmarkToHast', () => {
  it('should render the exact xFolk + h-entry markup', () => {
    const bookmark = Object.assign(createBookmark('MDN', 'https://developer.mozilla.org/'), {
      description: 'Docs',
      tags: ['web'],
      added: Date.UTC(2021, 2, 4, 10),
    })
    expect(serializeHast(bookmarkToHast(bookmark, context))).toBe(
      '<li class="xfolkentry h-entry m7" data-m="D">' +
        '<a class="taggedlink u-bookmark-of p-name" href="https://developer.mozilla.org/">MDN</a> <span class="domain">developer.mozilla.org</span>' +
        ' <time class="dt-published" datetime="2021-03-04T10:00:00Z">2021-03-04</time><p class="description p-summary">Docs</p>' +
        '<ul class="tags" title="Tags"><li><a class="p-category" rel="tag" href="/tags/web/">web</a></li></ul></li>',
    )
  })

  it('should leave the description and tags out of the compact entry and put its date after the host', () => {
    const bookmark = Object.assign(createBookmark('MDN', 'https://developer.mozilla.org/'), {
      description: 'Docs',
      tags: ['web'],
      added: Date.UTC(2021, 2, 4, 10),
    })
    expect(serializeHast(bookmarkToHast(bookmark, context, 'compact'))).toBe(
      '<li class="xfolkentry h-entry m7">' +
        '<a class="taggedlink u-bookmark-of p-name" href="https://developer.mozilla.org/">MDN</a> <span class="domain">developer.mozilla.org</span>' +
        ' <time class="dt-published" datetime="2021-03-04">2021-03-04</time></li>',
    )
  })

  it('should show a bookmarklet as code folded in a details element, not as a link', () => {
    const html = serializeHast(bookmarkToHast(createBookmark('Tool', 'javascript:alert(1)'), context))
    expect(html).toBe(
      '<li class="xfolkentry h-entry"><span class="taggedlink p-name">Tool</span> <details class="bookmarklet"><summary>Bookmarklet</summary><code>javascript:alert(1)</code></details></li>',
    )
  })

  it('should show the host without www., an IDN in Unicode, and the same badge for the same host', () => {
    const of = (href: string) => serializeHast(bookmarkToHast(createBookmark('T', href), context))
    expect(of('https://www.Example.org/a')).toContain('<span class="domain">example.org</span>')
    expect(of('https://xn--bcher-kva.example/x')).toContain('<span class="domain">bücher.example</span>')
    expect(of('https://bücher.example/')).toContain('<span class="domain">bücher.example</span>')
    const badge = (html: string) => /^<li class="xfolkentry h-entry m\d+" data-m=".">/.exec(html)?.[0]
    expect(badge(of('https://example.org/a'))).toBe(badge(of('http://www.example.org/b')))
    expect(of('mailto:me@example.org')).not.toContain('class="domain"')
  })

  it('should fall back to the URL, then to "Untitled", for a missing title', () => {
    expect(serializeHast(bookmarkToHast(createBookmark('', 'https://a.example/'), context))).toContain(
      '>https://a.example/</a>',
    )
    expect(serializeHast(bookmarkToHast(createBookmark(''), context))).toContain('>Untitled</span>')
  })

  it('should add a stored favicon when there is one', () => {
    const html = serializeHast(
      bookmarkToHast(createBookmark('a', 'https://a.example/'), {
        ...context,
        iconUrl: () => '/assets/icons/x.png',
      }),
    )
    expect(html).toContain(
      '<img class="favicon" src="/assets/icons/x.png" alt="" width="16" height="16" loading="lazy">',
    )
  })
})

describe('aliasToHast', () => {
  it('should link an alias visibly to its bookmark or folder', () => {
    const target = createBookmark('Target', 'https://t.example/')
    expect(serializeHast(aliasToHast({ type: 'alias', ref: 'x' }, target, undefined, context))).toBe(
      '<li class="alias"><span class="alias-mark" aria-hidden="true">↪ </span><span class="visually-hidden">Alias of: </span><a class="alias-link" href="https://t.example/">Target</a></li>',
    )
    expect(
      serializeHast(aliasToHast({ type: 'alias', ref: 'x' }, createFolder('Dir'), '/dir/', context)),
    ).toContain('Alias of folder: </span><a class="alias-link" href="/dir/">Dir</a>')
    expect(
      serializeHast(aliasToHast({ type: 'alias', ref: 'gone' }, undefined, undefined, context)),
    ).toContain('missing entry (gone)')
  })
})

describe('cleanText', () => {
  it('should drop control characters but keep tabs and line breaks', () => {
    expect(cleanText('a\u0000b\u0007c\u001bd\u009be\tf\ng')).toBe('abcde\tf\ng')
  })
})

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

const hostileContexts: EntryContext[] = [
  { i18n: i18nOf('en'), tagUrl: (tag) => `/base/tags/${encodeURIComponent(tag)}/`, allowFileLinks: false },
  {
    i18n: i18nOf('en'),
    tagUrl: (tag) => `../tags/${tag}/`,
    // Tag items serialized once and reused, as a build does.
    tagItem: (_tag, render) => trustedNode(serializeFragment(render())),
    iconUrl: (bookmark) =>
      bookmark.title.length % 2 === 0 ? `/assets/icons/${bookmark.title}".png` : undefined,
    allowFileLinks: true,
  },
]

describe('entries on hostile input', () => {
  it('should be serialized by the fast path exactly as rehype-stringify serializes them, in both forms', () => {
    fc.assert(
      fc.property(
        bookmarks,
        fc.constantFrom(...hostileContexts),
        fc.constantFrom('full' as const, 'compact' as const),
        (bookmark, entryContext, form) => {
          const entry = bookmarkToHast(bookmark, entryContext, form)
          expect(fastToHtml(entry)).toBe(serializeHastReference(entry))
        },
      ),
      { numRuns: 3000 },
    )
  })
})
