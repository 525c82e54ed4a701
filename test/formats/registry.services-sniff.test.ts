/**
 * The service readers' sniffers are specific: each claims its own files (corpus and fixtures) and
 * no other service reader does; none claims a file of another format — Chromium, Firefox,
 * linkding and Linkwarden JSON, Safari plists, OPML, XBEL, Netscape HTML (the shared corpus and
 * our own fixtures) — whatever the file is named. The one Netscape-corpus file that is a Pocket
 * export (`calibr-node-bookmarks-parser--pocket.html`, valid=no for Netscape parsers) is claimed
 * by `pocket-html`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVICE_FORMATS } from '../../src/formats/registry.js'
import { CORPUS, FIXTURES } from '../helpers.js'
import { claimants } from './helpers.js'

const OURS = new Set(SERVICE_FORMATS.map((entry) => entry.name))
const POCKET_IN_NETSCAPE = 'calibr-node-bookmarks-parser--pocket.html'

/** The files in the kind folders below `folder` (`<folder>/<kind>/<file>`), with their kind. */
function filesOf(folder: string): Array<{ kind: string; file: string }> {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? readdirSync(path.join(folder, entry.name)).map((file) => ({
          kind: entry.name,
          file: path.join(folder, entry.name, file),
        }))
      : [],
  )
}

describe('service format sniffers', () => {
  const files = [
    ...filesOf(path.join(CORPUS, 'formats')),
    ...filesOf(FIXTURES),
    ...['netscape', 'xbel'].flatMap((kind) =>
      existsSync(path.join(CORPUS, kind))
        ? readdirSync(path.join(CORPUS, kind)).map((file) => ({ kind, file: path.join(CORPUS, kind, file) }))
        : [],
    ),
  ]

  it('should have files of every kind to look at', () => {
    for (const kind of OURS)
      expect(
        files.some((file) => file.kind === kind),
        kind,
      ).toBe(true)
    expect(files.some((file) => !OURS.has(file.kind))).toBe(true)
  })

  for (const { kind, file } of files) {
    const expected = OURS.has(kind)
      ? [kind]
      : path.basename(file) === POCKET_IN_NETSCAPE
        ? ['pocket-html']
        : []
    it(`should claim ${path.relative(path.dirname(path.dirname(file)), file)} as ${expected.join(', ') || 'none of ours'}`, () => {
      const bytes = readFileSync(file)
      expect(claimants(bytes, 'unnamed')).toEqual(expected)
      // The name never decides: the same bytes under a misleading name are claimed alike.
      expect(claimants(bytes, 'bookmarks.csv')).toEqual(expected)
    })
  }
})
