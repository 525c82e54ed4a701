/** The Pocket CSV reader: status → folders and toRead, dates, `|` tags, parts in a zip, zip bombs. */
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { pocketCsv } from '../../../src/formats/pocket-csv/index.js'
import { LIMITS } from '../../../src/formats/shared/limits.js'
import { ZIP_LIMITS } from '../../../src/formats/shared/zip.js'
import {
  bookmarks,
  claimants,
  fixture,
  folderNamed,
  read,
  readError,
  readFixture,
  rules,
} from '../helpers.js'

const PART = 'pocket-csv/part_000000.csv'

describe('pocket-csv reader', () => {
  const collection = readFixture(pocketCsv, PART)

  it('should put unread items in "Unread" (toRead) and archived ones in "Read Archive", Unread first', () => {
    expect(collection).toMatchObject({ format: 'pocket-csv', title: 'Pocket' })
    const [unread, archive] = collection.root.children
    expect(unread).toMatchObject({ type: 'folder', title: 'Unread', folded: false })
    expect(archive).toMatchObject({ type: 'folder', title: 'Read Archive' })
    expect(bookmarks(folderNamed(collection.root, 'Unread')).every((bookmark) => bookmark.toRead)).toBe(true)
    const [two] = folderNamed(collection.root, 'Read Archive').children
    expect(two).toMatchObject({
      title: 'Two, with comma',
      href: 'https://example.com/2',
      added: 1712037544_000,
    })
    expect(two).not.toHaveProperty('toRead')
  })

  it('should read every column: title, url, seconds, | tags, and keep other columns as attributes', () => {
    const [first, lineBreak] = folderNamed(collection.root, 'Unread').children
    expect(first).toMatchObject({
      title: 'First',
      href: 'https://example.com/1',
      added: 1684913522_000,
      tags: ['tag1', 'tag2'],
      attributes: { cursor: 'abc' },
      place: { file: PART, line: 2, column: 1 },
    })
    // A quoted line break in a title is kept, as the export has it.
    expect(lineBreak).toMatchObject({ title: 'Line\nbreak', place: { line: 4 } })
    expect(lineBreak).not.toHaveProperty('added')
  })

  it('should keep an unknown status at the root with a warning, and warn about a row without URL', () => {
    const odd = collection.root.children[2]
    expect(odd).toMatchObject({ type: 'bookmark', title: 'Odd', attributes: { status: 'later' } })
    expect(rules(collection)).toEqual(['pocket/invalid-date', 'pocket/unknown-status', 'pocket/missing-url'])
    expect(collection.warnings.map((warning) => warning.line)).toEqual([4, 6, 7])
  })

  it('should read a zip of parts in name order as one collection, with places in each part', () => {
    const zip = zipSync({
      'part_000001.csv': fixture('pocket-csv/part_000001.csv'),
      'part_000000.csv': fixture(PART),
      'readme.txt': new TextEncoder().encode('not read'),
    })
    expect(claimants(zip)).toEqual(['pocket-csv'])
    const zipped = read(pocketCsv, zip, 'pocket.zip')
    expect(zipped.file).toBe('pocket.zip')
    const archive = folderNamed(zipped.root, 'Read Archive').children
    expect(archive.map((node) => node.type === 'bookmark' && node.title)).toEqual([
      'Two, with comma',
      'Second part',
    ])
    expect(archive[1]).toMatchObject({
      place: { file: 'pocket.zip!/part_000001.csv', line: 2 },
      tags: ['p2'],
    })
    expect(zipped.warnings[0]).toMatchObject({ file: 'pocket.zip!/part_000000.csv', line: 4 })
  })

  it('should refuse a zip bomb, too many members, a zip without CSV and a cut zip', () => {
    const bomb = zipSync({ 'part_000000.csv': new Uint8Array(LIMITS.inflatedFloor + 1) }, { level: 9 })
    expect(readError(pocketCsv, bomb, 'bomb.zip').format()).toMatch(
      /^bomb\.zip: The zip archive inflates to more than 1\.0 MiB, over 32 times the archive's size.*\[pocket\/zip-too-large\]$/,
    )
    const many = Object.fromEntries(
      Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => [`f${i}.txt`, new Uint8Array(0)]),
    )
    expect(readError(pocketCsv, zipSync(many), 'many.zip').format()).toMatch(
      /^many\.zip: .*more than 1000 members.*\[pocket\/zip-too-large\]$/,
    )
    expect(readError(pocketCsv, zipSync({ 'a.txt': new Uint8Array(1) })).rule).toBe('pocket/no-csv-in-zip')
    const whole = zipSync({ 'part_000000.csv': fixture(PART) })
    expect(readError(pocketCsv, whole.subarray(0, 60)).rule).toBe('pocket/bad-zip')
  })

  it('should name the line and row of broken CSV, and refuse a header without Pocket columns', () => {
    const error = readError(
      pocketCsv,
      'title,url,time_added,tags,status\na,b,1,,unread\n"open,b,1,,unread\n',
      'p.csv',
    )
    expect(error.format()).toMatch(/^p\.csv:3:1: Not valid CSV \(row 3\): .*\[pocket\/csv-syntax\]$/)
    expect(readError(pocketCsv, 'title,link\na,b\n').rule).toBe('pocket/wrong-columns')
  })

  it('should warn about ragged rows and keep extra cells', () => {
    const ragged = read(
      pocketCsv,
      'title,url,time_added,tags,status\na,https://a.example/,1,,unread,extra\nb,https://b.example/\n',
    )
    expect(rules(ragged)).toEqual(['pocket/ragged-row', 'pocket/ragged-row', 'pocket/unknown-status'])
    expect(bookmarks(ragged.root)[0]!.attributes).toEqual({ 'column 6': 'extra' })
    expect(ragged.root.children.at(-1)).toMatchObject({ title: 'b', attributes: { status: '' } })
  })

  it('should be claimed by its header row only', () => {
    expect(claimants(fixture(PART))).toEqual(['pocket-csv'])
    expect(claimants('title,url,time_added,tags,status\n')).toEqual(['pocket-csv'])
    expect(claimants('title,url,tags\n')).toEqual([])
  })
})
