/**
 * The `.jsonlz4` reader: the mozLz4 container (made by the reference lz4 tool, see the fixtures'
 * README), its size bounds and byte-offset errors, sessions refused, and the same model as the JSON.
 */
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../../src/model/errors.js'
import { firefoxJson } from '../../../src/formats/firefox-json/index.js'
import { firefoxJsonlz4 } from '../../../src/formats/firefox-jsonlz4/index.js'
import { mozLz4Bomb, withoutPlaces } from '../../helpers.js'
import { fixtureBytes, headOf, inputOf, readFixture, rulesOf } from '../input.js'

const FILE = 'firefox-jsonlz4/bookmarks-2024-01-15.jsonlz4'

function refusal(bytes: Uint8Array): {
  rule: string
  line?: number | undefined
  column?: number | undefined
  message: string
} {
  try {
    firefoxJsonlz4.read(inputOf(bytes, 'backup.jsonlz4'))
  } catch (error) {
    if (!isBookgenError(error)) throw error
    return { rule: error.rule, line: error.line, column: error.column, message: error.message }
  }
  throw new Error('expected the file to be refused')
}

/** A container declaring `size` bytes around `block`. */
function container(size: number, block: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + block.length)
  bytes.set(new TextEncoder().encode('mozLz40\0'))
  new DataView(bytes.buffer).setUint32(8, size, true)
  bytes.set(block, 12)
  return bytes
}

describe('firefox-jsonlz4 reader', () => {
  it('should read the same model as the JSON it compresses', () => {
    const compressed = readFixture(firefoxJsonlz4, FILE)
    const json = readFixture(firefoxJson, 'firefox-json/bookmarks-2024-01-15.json')
    expect(compressed).toMatchObject({ format: 'firefox-jsonlz4', encoding: 'utf-8', file: FILE })
    expect(withoutPlaces(compressed.root)).toEqual(withoutPlaces(json.root))
    expect(rulesOf(compressed)).toEqual(rulesOf(json))
    // Places are lines and columns of the decompressed JSON.
    expect(compressed.warnings[0]).toMatchObject({
      line: json.warnings[0]!.line,
      column: json.warnings[0]!.column,
    })
  })

  it('should refuse a session, naming it and where bookmark backups are', () => {
    const session = refusal(fixtureBytes('firefox-jsonlz4/sessionstore.jsonlz4'))
    expect(session.rule).toBe('firefox/not-bookmarks')
    expect(session.message).toMatch(/^The decompressed file is a Firefox session/)
    expect(session.message).toContain('bookmarkbackups')
  })

  it('should check the declared size before allocating anything', () => {
    const block = fixtureBytes(FILE).subarray(12)
    const absurd = refusal(container(0xffffffff, block))
    expect(absurd).toMatchObject({ rule: 'firefox/bad-lz4', line: 1, column: 9 })
    expect(absurd.message).toContain('over the 500 MiB')
    expect(refusal(container(block.length * 255 + 1, block)).message).toContain(
      `more than ${block.length} compressed bytes can hold`,
    )
    expect(refusal(container(4000, block)).message).toMatch(/^The LZ4 block is corrupt or truncated/)
  })

  it('should refuse a backup that declares more than 32 times its size, before decompressing it', () => {
    // 50,000 bookmarks in 13 kB: 3.35 MB of JSON, 250 times the file.
    const bomb = refusal(mozLz4Bomb(50_000))
    expect(bomb).toMatchObject({ rule: 'firefox/bad-lz4', line: 1, column: 9 })
    expect(bomb.message).toMatch(
      /^The declared size, 3350070 bytes, is more than 32 times the file's 13359 bytes, as a decompression bomb's is; .*Import and Backup › Backup…/,
    )
    // Up to 1 MiB a small file may inflate more: the same bomb of 10,000 bookmarks is read.
    const small = firefoxJsonlz4.read(inputOf(mozLz4Bomb(10_000), 'small.jsonlz4'))
    expect(small.root.children).toHaveLength(10_000)
  })

  it('should refuse truncated and corrupt containers with the byte offset', () => {
    const bytes = fixtureBytes(FILE)
    expect(refusal(bytes.subarray(0, 10))).toMatchObject({ rule: 'firefox/bad-lz4', column: 11 })
    const truncated = refusal(bytes.subarray(0, 600))
    expect(truncated).toMatchObject({ rule: 'firefox/bad-lz4', line: 1, column: 13 })
    expect(truncated.message).toContain('(at byte 12)')
  })

  it('should place a JSON error in the decompressed text', () => {
    const text = '{"type": "text/x-moz-place-container",\n "children": [}'
    const bytes = new TextEncoder().encode(text)
    // A block of literals only: a token of 15 + extra length bytes, then the bytes themselves.
    const literals = bytes.length - 15
    const block = new Uint8Array([0xf0, ...(literals >= 255 ? [255, literals - 255] : [literals]), ...bytes])
    expect(refusal(container(bytes.length, block))).toMatchObject({
      rule: 'firefox/syntax',
      line: 2,
      column: 15,
    })
  })

  it('should read an empty file as an empty collection', () => {
    expect(rulesOf(firefoxJsonlz4.read(inputOf(new Uint8Array(0), 'empty.jsonlz4')))).toEqual([
      'source/empty',
    ])
  })

  it('should sniff the container, whatever it holds, and nothing else', () => {
    expect(firefoxJsonlz4.sniff(headOf(fixtureBytes(FILE)))).toBe(true)
    expect(firefoxJsonlz4.sniff(headOf(fixtureBytes('firefox-jsonlz4/sessionstore.jsonlz4')))).toBe(true)
    expect(firefoxJsonlz4.sniff(headOf('mozLz4'))).toBe(false)
    expect(firefoxJsonlz4.sniff(headOf(fixtureBytes('firefox-json/bookmarks-2024-01-15.json')))).toBe(false)
  })
})
