import fc from 'fast-check'
import { XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { LineIndex } from '../../../src/formats/shared/line-index.js'
import { parseXmlStrictly } from '../../../src/formats/xbel/strict.js'
import { scanXml } from '../../../src/formats/xbel/scan.js'
import type { SourceElement, SourceNode, XmlTreeHandler } from '../../../src/formats/xbel/tree.js'

/**
 * What a handler taking the root, folders and bookmarks child by child (as the XBEL reader does)
 * is handed, as comparable lines. Text handed to such an element is only ever checked for being
 * blank, so only that is kept; line ends in text and attribute values are normalized, as the
 * reader's decoding does.
 */
class Recorder implements XmlTreeHandler {
  readonly events: string[] = []
  private readonly taken: string[] = []

  open(element: SourceElement): boolean {
    const parent = this.taken[this.taken.length - 1]
    const takes =
      parent === undefined
        ? element.name === 'xbel'
        : parent !== 'bookmark' && (element.name === 'folder' || element.name === 'bookmark')
    if (!takes) return false
    this.taken.push(element.name)
    this.events.push(
      `open ${element.name} ${JSON.stringify(element.attributes.map(normalizeLineEnds))} @${element.offset}`,
    )
    return true
  }

  child(node: SourceNode): void {
    if (typeof node === 'string') {
      if (node.trim() !== '') this.events.push('text')
    } else this.events.push(JSON.stringify(canonical(node)))
  }

  close(): void {
    this.taken.pop()
    this.events.push('close')
  }
}

const normalizeLineEnds = (text: string): string => text.replace(/\r\n?/g, '\n')

function canonical(node: SourceNode): unknown {
  if (typeof node === 'string') return normalizeLineEnds(node)
  if (node.type === 'cdata') return node
  return {
    ...node,
    attributes: node.attributes.map(normalizeLineEnds),
    children: node.children.map(canonical),
  }
}

function scanned(text: string): string[] | undefined {
  const recorder = new Recorder()
  return scanXml(text, recorder) ? recorder.events : undefined
}

function parsedStrictly(text: string): string[] {
  const recorder = new Recorder()
  parseXmlStrictly(text, 'f.xbel', new LineIndex(text), recorder)
  return recorder.events
}

// Pieces of documents: mostly what the scan takes (repeats weigh it), plus what it leaves to the
// fallback, well-formed or not.
const NAMES = ['xbel', 'folder', 'folder', 'bookmark', 'bookmark', 'title', 'info', 'bookmark:group', 'a.b-c']
const ODD_NAMES = ['__proto__', 'föö']
const ATTRIBUTES = ['href', 'href', 'id', 'added', 'owner', 'xmlns:bookmark', 'toString']
const VALUES = [
  '',
  'x',
  'https://a.example/',
  'a&amp;b',
  'a&b',
  '&nbsp;',
  '&#10;',
  'a\r\nb\tc',
  '>',
  "'",
  '"',
  '/',
]
const MISC = [
  '',
  ' ',
  '\n  ',
  '\r\n',
  'text',
  '&amp;',
  '&bogus;',
  '&#65;',
  'x ]]> y',
  '\u00a0',
  'é🚀',
  '<!-- c -->',
  '<!---->',
  '<?pi x?>',
  '<![CDATA[<b>&amp;\r\n]]>',
  '<![CDATA[]]>',
]
const ODD_MISC = [
  'a & b',
  '&#X41;',
  '&#x;',
  '&a-b;',
  'a < b',
  '<!-- <!DOCTYPE x> -->',
  '<?xml version="1.0"?>',
  "<?pi q='?>' ?>",
  '<!ELEMENT x>',
  '<!DOCTYPE x>',
]
const PROLOGS = [
  '',
  '<?xml version="1.0"?>\n',
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
  ' <?xml version="1.0"?>',
  '<!DOCTYPE xbel>\n',
  '<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">',
  '<!DOCTYPE xbel [<!ENTITY a "b">]>',
  '<!DOCTYPE xbel [<!ENTITY a "<b>">]>',
  '<!DOCTYPE xbel [<!ENTITY a "x>y">]>',
  '<!-- first -->\n<!DOCTYPE xbel>',
]
const EPILOGS = ['', '\n', '\n', '<!-- end -->', '<?pi?>', 'junk', '<x/>', '<xbel/>', '&amp;']
const MUTATIONS = ['<', '>', '&', '"', '/', '</x>', '<x>', '<!--', '-->', ']]>', '=', ' ', '\r', 'é', '&amp;']

const mostly = (plain: string[], odd: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...plain), weight: 6 },
    { arbitrary: fc.constantFrom(...odd), weight: 1 },
  )

const attribute = fc
  .tuple(
    fc.constantFrom(' ', '\n', '\t', '  '),
    mostly(ATTRIBUTES, ['ñ']),
    fc.constantFrom('=', ' = '),
    fc.constantFrom('"', "'"),
    mostly(VALUES, ['<']),
  )
  .map(
    ([space, name, equals, quote, value]) =>
      `${space}${name}${equals}${quote}${value.replaceAll(quote, '')}${quote}`,
  )

const { element } = fc.letrec<{ element: string; node: string }>((tie) => ({
  element: fc
    .tuple(
      mostly(NAMES, ODD_NAMES),
      fc.array(attribute, { maxLength: 3 }),
      fc.option(fc.array(tie('node'), { maxLength: 4 }), { nil: undefined }),
      fc.constantFrom('', ' ', '\n'),
    )
    .map(([name, attributes, children, space]) =>
      children === undefined
        ? `<${name}${attributes.join('')}${space}/>`
        : `<${name}${attributes.join('')}${space}>${children.join('')}</${name}${space}>`,
    ),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: mostly(MISC, ODD_MISC), weight: 1 },
    { arbitrary: tie('element'), weight: 1 },
  ),
}))

const mutation = fc.tuple(fc.nat(), fc.constantFrom(...MUTATIONS), fc.constantFrom('insert', 'delete', 'cut'))

/** Documents, mostly XBEL-shaped, some broken by an inserted, deleted or cut-off span. */
const documents = fc
  .tuple(
    fc.constantFrom(...PROLOGS),
    element.map((root) => root.replace(/^<[^\s/>]+/, '<xbel').replace(/<\/[^\s>]+(\s*)>$/, '</xbel$1>')),
    mostly(EPILOGS.slice(0, 5), EPILOGS.slice(5)),
    fc.oneof(
      { arbitrary: fc.constant([]), weight: 2 },
      { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }), weight: 1 },
    ),
  )
  .map(([prolog, root, epilog, mutations]) => {
    let text = prolog + root + epilog
    for (const [position, snippet, kind] of mutations) {
      const at = position % (text.length + 1)
      if (kind === 'insert') text = text.slice(0, at) + snippet + text.slice(at)
      else if (kind === 'delete') text = text.slice(0, at) + text.slice(at + 1 + (position % 4))
      else text = text.slice(0, at)
    }
    return text
  })

describe('scanXml', () => {
  it('should accept only what the validator accepts, and hand over what the fallback does', () => {
    let taken = 0
    fc.assert(
      fc.property(documents, (text) => {
        const events = scanned(text)
        if (events === undefined) return
        taken++
        expect(XMLValidator.validate(text, { allowBooleanAttributes: false })).toBe(true)
        expect(events).toEqual(parsedStrictly(text))
      }),
      { numRuns: 3000 },
    )
    // The documents must exercise the scan, not only its refusals.
    expect(taken).toBeGreaterThan(300)
  })

  it('should take plain XBEL, with comments, CDATA, processing instructions and a DOCTYPE', () => {
    const text = [
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE xbel [<!ENTITY lol "lol"> <!-- ] --> ]>',
      '<!-- exported -->',
      '<xbel version="1.0" xmlns:bookmark="urn:b">',
      '  <folder id=\'f1\' folded = "no"><title>A &amp; B &#233;&#x1F680;</title>',
      '    <bookmark href="https://a.example/?x=1&amp;y=&quot;2&quot;" added="2020-01-02T03:04:05Z">',
      '      <title>Line\r\none<!-- split -->two<?pi here?><![CDATA[<raw>]]></title>',
      '      <info><metadata owner="http://freedesktop.org"><bookmark:groups><bookmark:group>g</bookmark:group></bookmark:groups></metadata></info>',
      '    </bookmark><separator/><alias ref="f1" />',
      '  </folder >',
      '</xbel>',
      '<?after ?>',
    ].join('\n')
    expect(scanned(text)).toEqual(parsedStrictly(text))
  })

  it('should join text around a comment as the fallback does, a CR before it and an LF after it included', () => {
    const text = '<xbel><bookmark><title>a\r<!-- c -->\nb</title></bookmark></xbel>'
    expect(scanned(text)).toEqual(parsedStrictly(text))
    expect(scanned(text)!.join()).toContain('"a\\n\\nb"')
  })

  it.each([
    ['a mismatched end tag', '<xbel><folder></bookmark></xbel>'],
    ['an end tag that only starts like the open element', '<xbel><title>x</titles></xbel>'],
    ['an unclosed element', '<xbel><folder>'],
    ['a stray end tag', '<xbel/></xbel>'],
    ['an attribute given twice', '<xbel><bookmark href="a" href="b"/></xbel>'],
    ['an attribute without quotes', '<xbel><bookmark href=a/></xbel>'],
    ['an attribute without value', '<xbel><bookmark href/></xbel>'],
    ['attributes without space between them', '<xbel><bookmark href="a"id="b"/></xbel>'],
    ['a < in an attribute value', '<xbel><bookmark href="a<b"/></xbel>'],
    ['a & that starts no reference', '<xbel><title>a & b</title></xbel>'],
    ['an uppercase hexadecimal reference', '<xbel><title>&#X41;</title></xbel>'],
    ['a reference name the validator refuses', '<xbel><title>&a-b;</title></xbel>'],
    ['a < in text', '<xbel><title>a < b</title></xbel>'],
    ['text after the root', '<xbel/>junk'],
    ['text before the root', 'junk<xbel/>'],
    ['a second root', '<xbel/><xbel/>'],
    ['a non-ASCII element name', '<xbel><föö/></xbel>'],
    ['a non-ASCII attribute name', '<xbel ñ="1"/>'],
    ['an XML declaration not at the start', ' <?xml version="1.0"?><xbel/>'],
    ['a quote hiding the end of a processing instruction', "<xbel><?pi a='?>'?></xbel>"],
    ['a DOCTYPE the validator ends elsewhere', '<!DOCTYPE xbel [<!ENTITY a "x>y">]><xbel/>'],
    ['a DOCTYPE after a comment naming one', '<!-- <!DOCTYPE x> --><!DOCTYPE xbel><xbel/>'],
    [
      'a DOCTYPE text in CDATA with no DOCTYPE before',
      '<xbel><title><![CDATA[<!DOCTYPE x>]]></title></xbel>',
    ],
    ['a declaration inside an element', '<xbel><!ELEMENT x></xbel>'],
    ['an unclosed comment', '<xbel><!-- </xbel>'],
    ['nesting at the limit', `<xbel>${'<folder>'.repeat(1000)}${'</folder>'.repeat(1000)}</xbel>`],
    ['no element at all', '<?xml version="1.0"?>'],
  ])('should leave %s to the fallback', (_, text) => {
    expect(scanned(text)).toBeUndefined()
  })
})
