/** The Pinboard / Delicious XML reader: every attribute, entities, the trailing comment, errors. */
import { describe, expect, it } from 'vitest'
import { pinboardXml } from '../../../src/formats/pinboard-xml/index.js'
import { claimants, fixture, read, readError, readFixture, rules } from '../helpers.js'

const FIXTURE = 'pinboard-xml/posts.xml'

describe('pinboard-xml reader', () => {
  const collection = readFixture(pinboardXml, FIXTURE)
  const [git, hidden, bad] = collection.root.children

  it('should read <posts> and its attributes, and each <post>', () => {
    expect(collection).toMatchObject({ format: 'pinboard-xml', title: 'Bookmarks of someone' })
    expect(collection.root.attributes).toEqual({
      user: 'someone',
      update: '2008-08-02T11:55:35Z',
      tag: '',
      total: '3',
    })
    expect(git).toEqual({
      type: 'bookmark',
      title: 'Git & more – a guide',
      href: 'http://example.com/git?a=1&b=2',
      description: 'Some notes.',
      added: Date.UTC(2008, 6, 31, 15, 44, 54),
      tags: ['scm', 'git'],
      attributes: { hash: 'eca1f8a028417349f71077adf64faee8', others: '-1' },
      place: { file: FIXTURE, line: 3, column: 3 },
    })
    expect(hidden).toMatchObject({
      title: 'Private',
      private: true,
      toRead: true,
      tags: [],
      attributes: { meta: 'abc' },
    })
  })

  it('should keep odd attributes (even __proto__) and warn about bad values and other elements', () => {
    expect(Object.entries(bad!.type === 'bookmark' ? bad!.attributes! : {})).toEqual([
      ['__proto__', 'x'],
      ['shared', 'perhaps'],
    ])
    expect(bad).not.toHaveProperty('added')
    expect(collection.root.children).toHaveLength(3)
    expect(rules(collection)).toEqual([
      'pinboard/invalid-date',
      'pinboard/unknown-value',
      'pinboard/unknown-element',
    ])
    expect(collection.warnings[2]).toMatchObject({ line: 6, column: 3 })
  })

  it('should refuse XML that is not well-formed, or whose root is not <posts>, with the place', () => {
    expect(readError(pinboardXml, '<posts>\n  <post href="x">\n</posts>', 'p.xml').format()).toMatch(
      /^p\.xml:\d+:\d+: Not well-formed XML: .*\[pinboard\/not-well-formed\]$/,
    )
    expect(readError(pinboardXml, '<?xml version="1.0"?>\n<feed/>', 'p.xml').format()).toBe(
      'p.xml:2:1: Expected <posts> as the root element, found <feed> [pinboard/wrong-root]',
    )
  })

  it('should warn about elements inside a post', () => {
    const nested = read(pinboardXml, '<posts>\n<post href="https://a.example/"><x/></post></posts>')
    expect(nested.root.children).toHaveLength(1)
    expect(nested.warnings).toMatchObject([{ rule: 'pinboard/unknown-element', line: 2, column: 1 }])
  })

  it('should never expand entities a DOCTYPE declares', () => {
    const text =
      '<!DOCTYPE posts [<!ENTITY a "AAAAAAAAAA"><!ENTITY b "&a;&a;&a;&a;">]>\n<posts><post href="https://x.example/" description="&b;"/></posts>'
    const collection = read(pinboardXml, text)
    expect(collection.root.children[0]).toMatchObject({ title: '&b;' })
    expect(rules(collection)).toEqual(['pinboard/unknown-entity'])
  })

  it('should be claimed by its root element only', () => {
    expect(claimants(fixture(FIXTURE))).toEqual(['pinboard-xml'])
    expect(claimants('<!-- x --><posts user="u">')).toEqual(['pinboard-xml'])
    expect(claimants('<?xml version="1.0"?><xbel><posts/></xbel>')).toEqual([])
    expect(claimants('<?xml version="1.0"?><opml version="2.0">')).toEqual([])
  })
})
