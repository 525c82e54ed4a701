/**
 * The Safari `Bookmarks.plist` reader: the same model from XML and binary, every field, the
 * Reading List, shapes without WebBookmarkType, and hostile binary plists (cycles, shared objects)
 * refused with the byte offset.
 */
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../../src/model/errors.js'
import { safariPlist } from '../../../src/formats/safari-plist/index.js'
import type { Bookmark, Collection, Folder } from '../../../src/model/tree.js'
import { bookmarksOf, withoutPlaces } from '../../helpers.js'
import { fixtureBytes, headOf, inputOf, readFixture, rulesOf } from '../input.js'

function read(content: Uint8Array | string): Collection {
  return safariPlist.read(inputOf(content, 'Bookmarks.plist'))
}

function refusal(content: Uint8Array | string): {
  rule: string
  line?: number | undefined
  column?: number | undefined
  message: string
} {
  try {
    read(content)
  } catch (error) {
    if (!isBookgenError(error)) throw error
    return { rule: error.rule, line: error.line, column: error.column, message: error.message }
  }
  throw new Error('expected the file to be refused')
}

/** Objects of a binary plist, for the builder below: references are indexes into the list. */
type PlistObject =
  | { readonly ascii: string }
  | { readonly array: readonly number[] }
  | { readonly dict: ReadonlyArray<readonly [number, number]> }
  | { readonly raw: readonly number[] }

/** A binary plist of `objects` (the first is the top), written the way the format specifies. */
function bplist(objects: readonly PlistObject[]): Uint8Array {
  const refSize = objects.length > 0xffff ? 4 : objects.length > 0xff ? 2 : 1
  const bytes: number[] = [...new TextEncoder().encode('bplist00')]
  const offsets: number[] = []
  const marker = (type: number, count: number) =>
    count < 15 ? [(type << 4) | count] : [(type << 4) | 15, 0x11, count >> 8, count & 0xff]
  const u32 = (value: number) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]
  const ref = (index: number) => u32(index).slice(4 - refSize)
  for (const object of objects) {
    offsets.push(bytes.length)
    if ('ascii' in object)
      bytes.push(...marker(5, object.ascii.length), ...new TextEncoder().encode(object.ascii))
    else if ('array' in object) bytes.push(...marker(0xa, object.array.length), ...object.array.flatMap(ref))
    else if ('dict' in object)
      bytes.push(
        ...marker(0xd, object.dict.length),
        ...object.dict.flatMap(([key]) => ref(key)),
        ...object.dict.flatMap(([, value]) => ref(value)),
      )
    else bytes.push(...object.raw)
  }
  const table = bytes.length
  for (const offset of offsets) bytes.push(...u32(offset))
  const u64 = (value: number) => [0, 0, 0, 0, ...u32(value)]
  bytes.push(0, 0, 0, 0, 0, 0, 4, refSize, ...u64(objects.length), ...u64(0), ...u64(table))
  return new Uint8Array(bytes)
}

describe('safari-plist reader', () => {
  const xml = readFixture(safariPlist, 'safari-plist/Bookmarks.xml')
  const binary = readFixture(safariPlist, 'safari-plist/Bookmarks.plist')

  it('should read the same model from the XML and the binary file', () => {
    expect(xml.encoding).toBe('utf-8')
    expect(binary.encoding).toBe('binary')
    expect(withoutPlaces(binary.root)).toEqual(withoutPlaces(xml.root))
    expect(rulesOf(binary)).toEqual(rulesOf(xml))
  })

  for (const [name, collection] of [
    ['XML', xml],
    ['binary', binary],
  ] as const) {
    describe(`(${name})`, () => {
      const [bar, menu, readingList] = collection.root.children as Folder[]

      it("should name Safari's own lists as Safari shows them, keeping their identifiers", () => {
        expect(collection.root).toMatchObject({
          id: '11111111-0000-4000-8000-000000000000',
          title: '',
          attributes: { Sync: '{"CloudKitMigrationState":0}', WebBookmarkFileVersion: '1' },
        })
        expect(
          [bar, menu, readingList].map((folder) => [folder!.title, folder!.attributes?.['Title']]),
        ).toEqual([
          ['Favorites', 'BookmarksBar'],
          ['Bookmarks Menu', 'BookmarksMenu'],
          ['Reading List', 'com.apple.ReadingList'],
        ])
        expect(bar).toMatchObject({
          toolbar: true,
          folded: false,
          id: '11111111-0000-4000-8000-000000000002',
        })
        expect(readingList!.attributes?.['ShouldOmitFromUI']).toBe('true')
      })

      it('should read bookmarks: the title from URIDictionary, the URL, the UUID, and keep the rest', () => {
        expect(bar!.children[0]).toMatchObject({
          type: 'bookmark',
          title: 'Tea & Biscuits',
          href: 'https://tea.example/?a=1&b=2',
          id: '11111111-0000-4000-8000-000000000003',
          attributes: {
            ReadingListNonSync: '{"neverFetchMetadata":false}',
            imageURL: 'https://tea.example/cup.png',
          },
        })
        expect((bar!.children[0] as Bookmark).toRead).toBeUndefined()
        const travel = bar!.children[1] as Folder
        expect(travel.title).toBe('Travel')
        expect(travel.children[0]).toMatchObject({
          title: 'Maps <beta>',
          attributes: { URIDictionary: '{"lang":"fr"}' },
        })
        expect(travel.children[1]).toMatchObject({ title: 'No address' })
        expect((travel.children[1] as Bookmark).href).toBeUndefined()
      })

      it('should read the Reading List: dates, preview text, and to-read until viewed', () => {
        const [unread, seen] = readingList!.children as Bookmark[]
        expect(unread).toMatchObject({
          title: 'Unread article',
          added: Date.UTC(2024, 0, 10, 8, 30),
          description: 'A long read about tea.',
          toRead: true,
          attributes: { ReadingList: '{"DateLastFetched":"2024-01-10T08:30:05.000Z"}' },
        })
        expect(unread!.visited).toBeUndefined()
        expect(seen).toMatchObject({
          added: Date.UTC(2024, 0, 11, 9),
          visited: Date.UTC(2024, 0, 12, 20, 15),
          toRead: false,
        })
        expect(JSON.parse(seen!.attributes!['ReadingListNonSync']!)).toEqual({
          siteName: 'Read Example',
          FetchResult: 1,
          Thumbnail: 'iVBORw0K',
          Score: 0.5,
        })
      })

      it('should skip the History proxy and unknown kinds, with warnings', () => {
        expect(rulesOf(collection)).toEqual(['safari/proxy', 'safari/missing-url', 'safari/unknown-type'])
        expect(collection.warnings[0]!.message).toContain('"History"')
        expect(bookmarksOf(collection)).toHaveLength(5)
      })
    })
  }

  it('should place XML nodes at their <dict> and binary nodes at their byte offset', () => {
    const bar = xml.root.children[0] as Folder
    expect(bar.place).toEqual({ file: 'safari-plist/Bookmarks.xml', line: 17, column: 3 })
    const binaryBar = binary.root.children[0] as Folder
    expect(binaryBar.place?.line).toBe(1)
    const offset = binaryBar.place!.column - 1
    expect(fixtureBytes('safari-plist/Bookmarks.plist')[offset]! >> 4).toBe(0xd) // a dictionary's marker
  })

  it('should read a hand-written file without WebBookmarkType keys by its shape', () => {
    const collection = read(`<?xml version="1.0"?><plist version="1.0"><dict><key>Children</key><array>
<dict><key>Title</key><string>com.apple.ReadingList</string><key>Children</key><array>
<dict><key>URLString</key><string>https://example.com/1</string><key>URIDictionary</key><dict><key>title</key><string>One</string></dict>
<key>ReadingList</key><dict><key>PreviewText</key><string>First</string></dict></dict>
</array></dict><dict><key>Title</key><string>Empty</string></dict></array></dict></plist>`)
    expect(rulesOf(collection)).toEqual([])
    const [list, empty] = collection.root.children as Folder[]
    expect(list!.title).toBe('Reading List')
    expect(list!.children[0]).toMatchObject({
      title: 'One',
      href: 'https://example.com/1',
      description: 'First',
      toRead: true,
    })
    expect(empty).toMatchObject({ type: 'folder', title: 'Empty', children: [] })
  })

  it('should refuse XML that is not a plist, or not Safari bookmarks, in place', () => {
    expect(refusal('<?xml version="1.0"?>\n<plist><dict><key>a</key></plist>')).toMatchObject({
      rule: 'safari/not-well-formed',
      line: 2,
    })
    expect(refusal('<plist>\n<dict><key>Children</key></dict></plist>')).toMatchObject({
      rule: 'safari/bad-plist',
      line: 2,
      column: 1,
    })
    expect(refusal('<plist><dict><key>a</key><widget/></dict></plist>').message).toBe(
      'Unknown plist element <widget>',
    )
    expect(refusal('<plist><dict><key>a</key><integer>1.5</integer></dict></plist>').message).toContain(
      'not an integer',
    )
    expect(refusal('<plist><array/></plist>')).toMatchObject({ rule: 'safari/not-bookmarks' })
    expect(
      refusal('<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>').message,
    ).toContain('neither a Children list nor a WebBookmarkType')
  })

  it('should refuse cycles and runaway sharing in a binary plist, with the byte offset, and read any depth', () => {
    expect(refusal(bplist([{ array: [0] }]))).toMatchObject({ rule: 'safari/bad-plist', line: 1, column: 9 })
    expect(refusal(bplist([{ array: [0] }])).message).toContain('a cycle')
    const shared: PlistObject[] = Array.from({ length: 40 }, (_, i) => ({ array: [i + 1, i + 1] }))
    shared.push({ ascii: 'x' })
    expect(refusal(bplist(shared)).message).toContain('expand far beyond its size')
    // Folders nested 100,000 deep are read, as from XML, and merged at the folder depth limit.
    const deep: PlistObject[] = [{ dict: [[1, 2]] }, { ascii: 'Children' }]
    for (let level = 0; level < 100_000; level++)
      deep.push({ array: [deep.length + 1] }, { dict: [[1, deep.length + 2]] })
    deep.push({ array: [] })
    expect(rulesOf(read(bplist(deep)))).toEqual(['source/too-deep'])
    expect(refusal(bplist([{ raw: [0x70] }])).message).toContain('Unknown object marker 0x70')
    expect(refusal(bplist([{ dict: [[1, 1]] }, { array: [] }])).message).toContain(
      'key in the binary plist is not a string',
    )
    const valid = bplist([{ dict: [[1, 2]] }, { ascii: 'Children' }, { array: [] }])
    expect(read(valid).root.children).toEqual([])
    expect(refusal(valid.subarray(0, valid.length - 3)).rule).toBe('safari/bad-plist')
    expect(refusal(valid.subarray(0, 20)).message).toContain('truncated')
  })

  it('should warn about __proto__ keys, which cannot be read, and not follow them', () => {
    const collection = read(
      bplist([
        {
          dict: [
            [1, 2],
            [3, 4],
          ],
        },
        { ascii: 'Children' },
        { array: [5] },
        { ascii: '__proto__' },
        { dict: [[6, 7]] },
        { dict: [[3, 8]] },
        { ascii: 'URLString' },
        { ascii: 'javascript:alert(1)' },
        { dict: [[6, 7]] },
      ]),
    )
    expect(rulesOf(collection)).toEqual(['safari/unknown-type', 'safari/unsafe-key'])
    expect(collection.root.children).toEqual([])
  })

  it('should sniff Safari property lists and nothing else', () => {
    expect(safariPlist.sniff(headOf(fixtureBytes('safari-plist/Bookmarks.xml')))).toBe(true)
    expect(safariPlist.sniff(headOf(fixtureBytes('safari-plist/Bookmarks.plist')))).toBe(true)
    expect(
      safariPlist.sniff(
        headOf('<plist><dict><key>Title</key><string>com.apple.ReadingList</string></dict></plist>'),
      ),
    ).toBe(true)
    for (const other of [
      '<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>',
      '<?xml version="1.0"?><xbel><title>WebBookmarkType</title></xbel>',
      '<?xml version="1.0"?><opml><body><outline text="URIDictionary"/></body></opml>',
    ])
      expect(safariPlist.sniff(headOf(other)), other).toBe(false)
    expect(
      safariPlist.sniff(headOf(bplist([{ dict: [[1, 2]] }, { ascii: 'CFBundleName' }, { ascii: 'App' }]))),
    ).toBe(false)
  })
})
