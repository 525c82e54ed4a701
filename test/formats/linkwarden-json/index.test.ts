/**
 * The Linkwarden reader on fixtures of our own: a full account backup (nesting by parentId, a
 * missing parent, a cycle, pinned links, HTML references in names, rich tag records, the account
 * left out) and an old export without ids; errors and sniffing.
 */
import { describe, expect, it } from 'vitest'
import { linkwardenJson } from '../../../src/formats/linkwarden-json/index.js'
import type { Bookmark, Folder, Node } from '../../../src/model/tree.js'
import { bookmarksOf } from '../../helpers.js'
import { read, readError, readFixture, rules, sniffHead } from '../others-input.js'

const titles = (nodes: Node[]) => nodes.map((node) => ('title' in node ? node.title : node.type))

describe('Linkwarden backup', () => {
  const collection = readFixture(linkwardenJson, 'linkwarden-json/backup.json')
  const [unorganized, orphan, loopA, pinnedElsewhere] = collection.root.children as [
    Folder,
    Folder,
    Folder,
    Bookmark,
  ]

  it('should nest collections by parentId, sub-collections first, then the links, in file order', () => {
    expect(collection).toMatchObject({ format: 'linkwarden-json', title: 'Linkwarden' })
    expect(titles(collection.root.children)).toEqual(['Unorganized', 'Orphan', 'Loop A', 'Pinned elsewhere'])
    expect(titles(unorganized.children)).toEqual(['Child', "You're  reading & learning", '', 'Shared page'])
    expect(unorganized).toMatchObject({
      folded: true,
      added: Date.UTC(2025, 0, 2),
      modified: Date.UTC(2025, 0, 3),
      place: { line: 10, column: 5 },
      attributes: { id: '1', color: '#0ea5e9', isPublic: 'false', ownerId: '1' },
    })
    expect(unorganized.children[0]).toMatchObject({
      title: 'Child',
      description: 'Things under Unorganized',
      iconName: 'Folder',
      attributes: { id: '2' },
    })
  })

  it('should map every field of a link, decoding the HTML references Linkwarden keeps in names', () => {
    expect(unorganized.children[1]).toEqual({
      type: 'bookmark',
      title: "You're  reading & learning",
      href: 'https://example.org/reading',
      description: 'A page.',
      tags: ['reading', 'web'],
      added: Date.UTC(2025, 1, 1, 12),
      modified: Date.UTC(2025, 1, 2, 12),
      place: { file: 'linkwarden-json/backup.json', line: 22, column: 9 },
      attributes: {
        id: '10',
        name: 'You&#39;re  reading &amp; learning',
        type: 'url',
        collectionId: '1',
        textContent: 'Full text of the page',
        preview: 'archives/preview/1/10.jpeg',
        pdf: 'unavailable',
        tags: '[{"id":2,"name":"reading","ownerId":1,"createdAt":"2025-02-01T12:00:00.000Z"},{"id":3,"name":"web","ownerId":1,"createdAt":"2025-02-01T12:00:00.000Z"}]',
        pinned: 'true',
      },
    })
  })

  it('should date a link by importDate, as Linkwarden does, keeping createdAt', () => {
    expect(unorganized.children[2]).toMatchObject({
      title: '',
      added: Date.UTC(2019, 4, 1, 10),
      attributes: { id: '11', type: 'image', createdAt: '2025-02-03T00:00:00.000Z', pinnedBy: '[]' },
    })
  })

  it('should read a non-empty pinnedBy (the API’s shape) as pinned too, keeping it', () => {
    expect(unorganized.children[3]).toMatchObject({
      attributes: { id: '12', pinnedBy: '[{"id":1}]', pinned: 'true' },
    })
    expect((unorganized.children[2] as Bookmark).attributes).not.toHaveProperty('pinned')
  })

  it('should keep a link present in two collections in both', () => {
    const shared = bookmarksOf(collection).filter(
      (bookmark) => bookmark.href === 'https://example.org/shared',
    )
    expect(shared).toHaveLength(2)
    expect(shared.map((bookmark) => bookmark.place?.line)).toEqual([73, 50])
  })

  it('should put a collection with a missing parent or in a cycle at the top, keeping its parentId', () => {
    expect(orphan).toMatchObject({ title: 'Orphan', attributes: { id: '3', parentId: '99' } })
    expect(loopA).toMatchObject({ title: 'Loop A', attributes: { id: '4', parentId: '5' } })
    expect(titles(loopA.children)).toEqual(['Loop B'])
  })

  it('should read a pinned link found in no collection at the top', () => {
    expect(pinnedElsewhere).toMatchObject({
      title: 'Pinned elsewhere',
      href: 'https://pinned.example.org/',
      added: Date.UTC(2025, 2, 1),
      attributes: { id: '99', pinned: 'true' },
    })
  })

  it('should warn about each repair at its place, and name the account fields it left out', () => {
    expect(collection.warnings.map(({ rule, line, column }) => `${rule} ${line}:${column}`)).toEqual([
      'linkwarden/missing-url 67:9',
      'linkwarden/wrong-type 70:19',
      'linkwarden/invalid-date 71:24',
      'linkwarden/not-an-object 85:5',
      'linkwarden/missing-parent 82:46',
      'linkwarden/parent-cycle 83:46',
      'linkwarden/pinned-link-elsewhere 89:5',
      'linkwarden/account-left-out 2:11',
    ])
    expect(collection.warnings.at(-1)!.message).toMatch(
      /name, username, email, locale, collectionOrder, archiveAsScreenshot, createdAt, whitelistedUsers$/,
    )
    expect(JSON.stringify(collection)).not.toContain('ada@example.org')
    const noUrl = (unorganized.children[0] as Folder).children[0]!
    expect(noUrl).toMatchObject({
      title: 'No url',
      tags: ['a'],
      attributes: { tags: '[{"name":"a"},"b"]', createdAt: 'not a date' },
    })
    expect(noUrl).not.toHaveProperty('href')
  })
})

describe('Linkwarden export without ids', () => {
  it('should read every collection at the top and match pinned links by URL', () => {
    const collection = readFixture(linkwardenJson, 'linkwarden-json/redacted.json')
    expect(titles(collection.root.children)).toEqual(['Reading', 'Later'])
    expect(bookmarksOf(collection)[0]).toMatchObject({
      title: 'First',
      href: 'https://example.org/1',
      tags: ['x'],
      added: Date.UTC(2023, 3, 5, 6, 7, 8),
      attributes: { pinned: 'true' },
    })
    expect(bookmarksOf(collection)[1]!.attributes).toBeUndefined()
    expect(collection.warnings).toEqual([])
  })

  it('should nest a long parent chain without recursion', () => {
    const count = 5000
    const collections = Array.from({ length: count }, (_, i) => ({
      id: i,
      name: `c${i}`,
      parentId: i === 0 ? null : i - 1,
      links: [],
    }))
    const collection = read(linkwardenJson, JSON.stringify({ collections: collections.reverse() }))
    expect(rules(collection)).toEqual(['source/too-deep'])
  })
})

describe('Linkwarden errors', () => {
  it('should refuse a file without a list of collections', () => {
    expect(readError(linkwardenJson, '[]', 'a.json').format()).toMatch(
      /^a\.json:1:1: Expected a Linkwarden backup .*\[linkwarden\/not-an-object\]$/,
    )
    expect(readError(linkwardenJson, '{\n  "collections": {}\n}', 'b.json').format()).toBe(
      'b.json:2:18: Expected "collections", the list of collections; found an object [linkwarden/no-collections]',
    )
    expect(readError(linkwardenJson, '{"name": "x"}', 'c.json').rule).toBe('linkwarden/no-collections')
    expect(readError(linkwardenJson, '{"collections": [', 'd.json').rule).toBe('linkwarden/syntax')
  })

  it('should ignore pinnedLinks that is not a list, or entries that are not links, with a warning', () => {
    const collection = read(linkwardenJson, '{"collections": [], "pinnedLinks": 5}')
    expect(rules(collection)).toEqual(['linkwarden/wrong-type'])
    const entries = read(linkwardenJson, '{"collections": [],\n "pinnedLinks": [7]}')
    expect(entries.warnings).toMatchObject([{ rule: 'linkwarden/not-an-object', line: 2, column: 18 }])
  })
})

describe('Linkwarden sniffing', () => {
  const sniff = (text: string) => linkwardenJson.sniff(sniffHead(text, 'x.json'))

  it('should claim a backup, or collections with names and links', () => {
    expect(sniff('{"name":"a","collections":[],"pinnedLinks":[],"whitelistedUsers":[]}')).toBe(true)
    expect(
      sniff('{"collections":[{"id":1,"name":"Tech","parentId":null,"links":[{"name":"G","url":"u"'),
    ).toBe(true)
  })

  it('should not claim other JSON with collections', () => {
    expect(sniff('{"collections":[]}')).toBe(false)
    expect(sniff('{"collections":[{"title":"t","items":[]}]}')).toBe(false)
    expect(sniff('[{"collections":[{"name":"n","links":[]}]}]')).toBe(false)
    expect(sniff('{"bookmarks":[{"content":{"type":"link","url":"u"}}]}')).toBe(false)
  })
})
