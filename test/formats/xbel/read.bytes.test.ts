/**
 * A large XBEL file is read from its UTF-8 bytes as one-byte text (`utf8ByteText`) instead of its
 * decoded text: the same collection must come out, every place (line, column) included, and the
 * same error for a file that is not well-formed.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeSource, utf8ByteText } from '../../../src/formats/shared/decode.js'
import { parseSource } from '../../../src/formats/index.js'
import { XBEL_BYTES_AS_TEXT } from '../../../src/formats/xbel/index.js'
import { parseXbel } from '../../../src/formats/xbel/read.js'
import { collectionToJson } from '../../../src/model/tree-json.js'
import { isBookgenError } from '../../../src/model/errors.js'

/** What reading gives: the collection as JSON, or the error's rule, message and place. */
function outcome(read: () => unknown): unknown {
  try {
    return collectionToJson(read() as Parameters<typeof collectionToJson>[0])
  } catch (error) {
    if (!isBookgenError(error)) throw error
    return { error: error.format() }
  }
}

/** Both ways of reading `bytes`, which must be UTF-8 that `utf8ByteText` takes. */
function bothWays(bytes: Uint8Array): { decoded: unknown; fromBytes: unknown } {
  const text = utf8ByteText(bytes)
  expect(text, 'utf8ByteText takes it').toBeDefined()
  const decoded = decodeSource(bytes)
  return {
    decoded: outcome(() => parseXbel(decoded.text, 'bookmarks.xbel', { encoding: decoded.encoding })),
    fromBytes: outcome(() => parseXbel(text!, 'bookmarks.xbel', { encoding: 'utf-8', utf8Bytes: true })),
  }
}

const WORDS = [
  'plain',
  'café',
  'Kraków',
  '검색',
  'naïve façade',
  '😀 emoji',
  '𝔘𝔫𝔦',
  'a & b',
  '&lt;tag&gt;',
  '&#233;t&#xE9;',
]
const SPACES = ['', ' ', '\n', '\r\n', '\n\t', '\n    ']

const bookmark = fc
  .tuple(
    fc.constantFrom(...WORDS),
    fc.constantFrom(...WORDS),
    fc.option(fc.constantFrom(...WORDS), { nil: undefined }),
    fc.constantFrom(...SPACES),
    fc.boolean(),
  )
  .map(
    ([title, host, desc, space, cdata]) =>
      `<bookmark href="https://${host.replace(/[&<]/g, '')}.example/ü?q=${title.replace(/[&<"]/g, '')}" added="2020-01-02T03:04:05Z">${space}` +
      `<title>${cdata ? `<![CDATA[${title}]]>` : title}</title>${space}` +
      (desc === undefined ? '' : `<desc>${desc}<!-- née -->${space}  ${desc}</desc>${space}`) +
      `</bookmark>`,
  )

const folder = fc
  .tuple(fc.constantFrom(...WORDS), fc.array(bookmark, { maxLength: 5 }), fc.constantFrom(...SPACES))
  .map(
    ([title, bookmarks, space]) =>
      `<folder><title>${title}</title>${space}${bookmarks.join(space)}${space}</folder>`,
  )

/** XBEL documents with characters of one to four bytes in titles, values, CDATA and comments. */
const documents = fc
  .tuple(
    fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>\n', '\uFEFF<?xml version="1.0"?>\r\n'),
    fc.array(fc.oneof(folder, bookmark), { maxLength: 6 }),
    fc.constantFrom(...SPACES),
    fc.option(fc.tuple(fc.nat(), fc.constantFrom('<', '&', '</x>', '"', 'é<')), { nil: undefined }),
  )
  .map(([prolog, items, space, broken]) => {
    let text = `${prolog}<xbel version="1.0">${space}<title>Mes signets 🔖</title>${space}${items.join(space)}${space}</xbel>\n`
    // Some are broken, after non-ASCII text on the same line: the error's column must be the same.
    if (broken !== undefined) {
      const at = prolog.length + (broken[0] % (text.length - prolog.length))
      text = text.slice(0, at) + broken[1] + text.slice(at)
    }
    return text
  })

describe('XBEL read from its UTF-8 bytes', () => {
  it('should give what the decoded text gives, places and errors included', () => {
    fc.assert(
      fc.property(documents, (text) => {
        const { decoded, fromBytes } = bothWays(new TextEncoder().encode(text))
        expect(fromBytes).toEqual(decoded)
      }),
      { numRuns: 300 },
    )
  })

  it('should give what the decoded text gives for the fixtures and the corpus', () => {
    const folders = [
      path.join(import.meta.dirname, '../../fixtures/xbel'),
      path.join(import.meta.dirname, '../../../../shared/corpus/xbel'),
    ]
    let files = 0
    for (const folder of folders) {
      let names: string[]
      try {
        names = readdirSync(folder).filter((name) => name.endsWith('.xbel'))
      } catch {
        continue
      }
      for (const name of names) {
        const bytes = readFileSync(path.join(folder, name))
        if (utf8ByteText(bytes) === undefined) continue
        const { decoded, fromBytes } = bothWays(bytes)
        expect(fromBytes, name).toEqual(decoded)
        files++
      }
    }
    expect(files).toBeGreaterThanOrEqual(4)
  })

  it('should be how a large UTF-8 file is read, and not one in another charset', () => {
    const entry = (index: number) =>
      `<bookmark href="https://example.com/${index}"><title>검색 ${index} 😀</title></bookmark>\n`
    const body = Array.from({ length: Math.ceil(XBEL_BYTES_AS_TEXT / 60) }, (_, index) => entry(index)).join(
      '',
    )
    const bytes = new TextEncoder().encode(`<?xml version="1.0"?>\n<xbel version="1.0">\n${body}</xbel>\n`)
    expect(bytes.byteLength).toBeGreaterThan(XBEL_BYTES_AS_TEXT)
    const collection = parseSource(bytes, 'large.xbel')
    const last = collection.root.children.at(-1)!
    expect(last).toMatchObject({ type: 'bookmark', title: `검색 ${collection.root.children.length - 1} 😀` })
    // The titles are strings of their own decoding, not slices of two-byte text.
    expect(collectionToJson(collection)).toEqual(
      collectionToJson(parseXbel(decodeSource(bytes).text, 'large.xbel', { encoding: 'utf-8' })),
    )
    const latin1 = new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><xbel/>')
    expect(utf8ByteText(latin1)).toBeUndefined()
    expect(utf8ByteText(new Uint8Array([0x3c, 0xff, 0x3e]))).toBeUndefined()
  })
})
