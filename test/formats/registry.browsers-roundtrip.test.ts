/**
 * Round trips of the browsers' formats, over every readable corpus file of their kinds and the
 * fixtures: read → XBEL → read and read → Netscape → read give the same model (places, format and
 * encoding aside), except what the writer reports it lost (Netscape dates are whole seconds);
 * read → Chromium `Bookmarks` → read loses nothing from a Chromium file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { chromeJson } from '../../src/formats/chrome-json/index.js'
import { writeChromeJson } from '../../src/formats/chrome-json/write.js'
import { firefoxJson } from '../../src/formats/firefox-json/index.js'
import { firefoxJsonlz4 } from '../../src/formats/firefox-jsonlz4/index.js'
import { safariPlist } from '../../src/formats/safari-plist/index.js'
import type { FormatEntry } from '../../src/formats/types.js'
import { forEachNode, type Collection, type Folder, type Node } from '../../src/model/tree.js'
import { parseSource } from '../../src/formats/index.js'
import { writeNetscape } from '../../src/formats/netscape/write.js'
import { writeXbel } from '../../src/formats/xbel/write.js'
import { CORPUS, FIXTURES, withoutPlaces } from '../helpers.js'
import { inputOf } from './input.js'

const ENTRIES: Readonly<Record<string, FormatEntry>> = {
  'chrome-json': chromeJson,
  'firefox-json': firefoxJson,
  'firefox-jsonlz4': firefoxJsonlz4,
  'safari-plist': safariPlist,
}

/** Every file of the four kinds that reads: corpus files (when the corpus is there) and fixtures. */
function readableFiles(): Array<{ name: string; collection: Collection }> {
  const files: Array<{ name: string; collection: Collection }> = []
  for (const [kind, entry] of Object.entries(ENTRIES)) {
    for (const base of [path.join(CORPUS, 'formats'), FIXTURES]) {
      const folder = path.join(base, kind)
      if (!existsSync(folder)) continue
      for (const name of readdirSync(folder)) {
        if (name.endsWith('.md')) continue
        const bytes = new Uint8Array(readFileSync(path.join(folder, name)))
        try {
          files.push({ name: `${kind}/${name}`, collection: entry.read(inputOf(bytes, name)) })
        } catch {
          // Refused files (tested elsewhere) have nothing to round-trip.
        }
      }
    }
  }
  return files
}

/** A copy of `root` without places, its dates cut to whole seconds. */
function inWholeSeconds(root: Folder): Folder {
  const copy = withoutPlaces(root)
  const cut = (item: { added?: number; modified?: number; visited?: number }) => {
    for (const field of ['added', 'modified', 'visited'] as const) {
      const value = item[field]
      if (value !== undefined) item[field] = Math.floor(value / 1000) * 1000
    }
  }
  cut(copy)
  forEachNode(copy, (node) => {
    if (node.type === 'folder' || node.type === 'bookmark') cut(node)
  })
  return copy
}

/**
 * A copy of `original` without places, where each node that had no id has the id `written` gave
 * it (Chromium needs one on every node; the writer numbers them), checked to be a fresh number.
 */
function withAssignedIds(original: Folder, written: Folder): Folder {
  const copy = withoutPlaces(original)
  const originals: Node[] = []
  const assigned: Node[] = []
  forEachNode(copy, (node) => originals.push(node))
  forEachNode(written, (node) => assigned.push(node))
  expect(assigned).toHaveLength(originals.length)
  originals.forEach((node, index) => {
    const other = assigned[index]!
    if (
      (node.type === 'folder' || node.type === 'bookmark') &&
      node.id === undefined &&
      other.type === node.type
    ) {
      expect(other.id).toMatch(/^[1-9]\d*$/)
      node.id = other.id!
    }
  })
  return copy
}

describe("browsers' formats: round trips", () => {
  const files = readableFiles()

  it('should have files of every kind to round-trip', () => {
    for (const kind of Object.keys(ENTRIES))
      expect(
        files.some((file) => file.name.startsWith(`${kind}/`)),
        kind,
      ).toBe(true)
  })

  for (const { name, collection } of files) {
    it(`should read ${name} back the same from XBEL`, () => {
      const written = writeXbel(collection)
      const back = parseSource(new TextEncoder().encode(written.text), 'back.xbel')
      expect(withoutPlaces(back.root)).toEqual(withoutPlaces(collection.root))
      expect(back.title).toBe(collection.title)
    })

    it(`should read ${name} back from Netscape with only the losses the writer reports`, () => {
      const written = writeNetscape(collection)
      const back = parseSource(new TextEncoder().encode(written.text), 'back.html')
      const subsecond = written.warnings.some((warning) => warning.message.includes('fractions of a second'))
      const lost = written.warnings.filter((warning) => !warning.message.includes('fractions of a second'))
      expect(lost).toEqual([])
      expect(withoutPlaces(back.root)).toEqual(
        subsecond ? inWholeSeconds(collection.root) : withoutPlaces(collection.root),
      )
      expect(back.title).toBe(collection.title)
    })
  }

  // Files with all three roots (the writer adds a missing one, as Chromium does).
  const chromium = files.filter(
    ({ name, collection }) =>
      name.startsWith('chrome-json/') &&
      collection.root.children.length > 0 &&
      !collection.warnings.some((warning) => warning.rule === 'chrome/missing-root'),
  )
  for (const { name, collection } of chromium) {
    it(`should write ${name} as a Chromium file and read it back unchanged`, () => {
      const written = writeChromeJson(collection)
      expect(written.warnings).toEqual([])
      const back = chromeJson.read(inputOf(written.text, 'Bookmarks'))
      expect(withoutPlaces(back.root)).toEqual({
        ...withAssignedIds(collection.root, back.root),
        // The checksum is computed again: the file's own may have been stale.
        attributes: {
          ...collection.root.attributes,
          checksum: back.root.attributes!['checksum']!,
          version: '1',
        },
      })
      expect(back.warnings.filter((warning) => warning.rule === 'chrome/checksum-mismatch')).toEqual([])
    })
  }
})
