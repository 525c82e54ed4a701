/**
 * The format registry as a whole: names are unique and every entry says what it is and where users
 * find it; `parseSource` picks each format's own reader for every fixture and every real file of
 * the shared corpus (`formats/MANIFEST.tsv`, when present); and what each writer writes is read
 * back by that writer's own format, never claimed by another sniffer (a Pocket collection written
 * as XBEL keeps its "Pocket Export" title, and must still read as XBEL).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORMATS, formatNamed, parseSource, siteExports, writableFormats } from '../../src/formats/index.js'
import { CUT_SHORT } from '../../src/build/empty-source.js'
import type { Collection } from '../../src/model/tree.js'
import { CORPUS, FIXTURES } from '../helpers.js'

/** Every fixture below test/fixtures/<format>/, as [format, path]. */
function fixtures(): Array<[string, string]> {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && formatNamed(entry.name) !== undefined)
    .flatMap((entry) =>
      readdirSync(path.join(FIXTURES, entry.name)).map((name): [string, string] => [
        entry.name,
        path.join(FIXTURES, entry.name, name),
      ]),
    )
}

/** Rows of the shared corpus of other formats whose project expects them to load. */
function corpusRows(): Array<{ file: string; kind: string }> {
  const manifest = path.join(CORPUS, 'formats', 'MANIFEST.tsv')
  if (!existsSync(manifest)) {
    console.warn(`Skipping the registry's corpus checks: ${manifest} not found`)
    return []
  }
  const [header, ...lines] = readFileSync(manifest, 'utf8').trim().split('\n')
  const columns = header!.split('\t')
  return lines
    .map((line) => line.split('\t'))
    .filter((cells) => cells[columns.indexOf('valid')] === 'yes')
    .map((cells) => ({ file: cells[columns.indexOf('file')]!, kind: cells[columns.indexOf('kind')]! }))
}

/** Read `file` if it is usable (fixtures of refusals are not, on purpose). */
function tryRead(file: string, bytes: Uint8Array): Collection | undefined {
  try {
    return parseSource(bytes, file)
  } catch {
    return undefined
  }
}

describe('the format registry', () => {
  it('should name each format once, say what it is and where users find it', () => {
    const names = FORMATS.map((entry) => entry.name)
    expect(new Set(names).size).toBe(names.length)
    for (const entry of FORMATS) {
      expect(entry.name).toMatch(/^[a-z0-9-]+$/)
      expect(entry.label.length, entry.name).toBeGreaterThan(2)
      expect(entry.where.length, entry.name).toBeGreaterThan(10)
    }
    // The two catch-alls come last, after every format that looks like them.
    expect(names.slice(-2)).toEqual(['netscape', 'xbel'])
  })

  it('should offer the site as browser HTML and XBEL, and write at least those', () => {
    expect(siteExports().map((entry) => entry.siteExport.path)).toEqual(['bookmarks.html', 'bookmarks.xbel'])
    expect(writableFormats().map((entry) => entry.name)).toEqual(expect.arrayContaining(['netscape', 'xbel']))
  })

  it("should take the cut-short rule ids from the formats' readers", () => {
    expect([...CUT_SHORT]).toEqual(['source/empty', 'netscape/truncated', 'netscape/unclosed-list'])
  })

  const readable = fixtures().flatMap(([format, file]) => {
    const collection = tryRead(path.basename(file), readFileSync(file))
    return collection === undefined ? [] : [{ format, file, collection }]
  })

  it('should read every readable fixture with the reader of its folder', () => {
    expect(readable.length).toBeGreaterThan(30)
    for (const { format, file, collection } of readable) expect(collection.format, file).toBe(format)
  })

  for (const row of corpusRows()) {
    it(`should read ${row.file} as ${row.kind}`, () => {
      const collection = parseSource(
        readFileSync(path.join(CORPUS, 'formats', row.file)),
        path.basename(row.file),
      )
      expect(collection.format).toBe(row.kind)
    })
  }

  for (const writer of writableFormats()) {
    it(`should read back what the ${writer.name} writer writes, as ${writer.name}, for every fixture`, () => {
      for (const { file, collection } of readable) {
        const { text } = writer.write!(collection)
        const back = parseSource(new TextEncoder().encode(text), `written-from-${path.basename(file)}`)
        expect(back.format, `${file} written as ${writer.name}`).toBe(writer.name)
      }
    })
  }
})
