/**
 * The site's exports (`bookmarks.xbel`, `bookmarks.html`) of every file of the shared corpus (the
 * Netscape and XBEL folders, and every file `formats/MANIFEST.tsv` lists) read back with bookgen:
 * well-formed (fast-xml-parser's validator too), no unknown attribute written as raw XML (other
 * formats' go into bookgen metadata, as `convert` does), the same bookmarks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { prepareSite } from '../../src/build/index.js'
import { parseSource } from '../../src/formats/index.js'
import { siteExports } from '../../src/formats/registry.js'
import { isBookgenError } from '../../src/model/errors.js'
import type { Collection } from '../../src/model/tree.js'
import { planSite } from '../../src/build/plan.js'
import { siteFileProducers } from '../../src/site-files/index.js'
import type { OutputFile } from '../../src/model/output.js'
import { readManifest } from '../corpus.js'
import { bookmarksOf, CORPUS } from '../helpers.js'

const FOLDERS = ['netscape', 'xbel'].map((name) => path.join(CORPUS, name))
const FORMATS_MANIFEST = path.join(CORPUS, 'formats', 'MANIFEST.tsv')
const available = FOLDERS.every((folder) => existsSync(folder)) && existsSync(FORMATS_MANIFEST)
if (!available)
  console.warn(
    `Skipping the site exports of the corpus: ${[...FOLDERS, FORMATS_MANIFEST].join(' or ')} not found`,
  )

/** The site's export files built from `collections`, by path, and the published collection they hold. */
export function siteExportFiles(collections: Collection[]): {
  files: Map<string, string>
  published: Collection
} {
  const config = resolveConfig({}, { sources: ['source'], outDir: 'out' }, { cwd: '/tmp' })
  const prepared = prepareSite(config, collections)
  const producers = siteFileProducers(planSite(prepared.input).siteData, { feed: false, exports: true })
  const files = new Map<string, string>()
  for (const { siteExport } of siteExports()) {
    const made = producers.get(siteExport.path)!() as OutputFile
    files.set(
      siteExport.path,
      typeof made.contents === 'string' ? made.contents : new TextDecoder().decode(made.contents),
    )
  }
  return { files, published: prepared.input.exportCollection! }
}

/** Attributes XBEL defines itself: written from the model's own fields, whatever a source's attributes hold. */
const XBEL_ATTRIBUTES = new Set(['id', 'href', 'added', 'modified', 'visited', 'folded', 'toolbar', 'icon'])

function corpusFiles(): string[] {
  if (!available) return []
  const formats = readManifest(path.dirname(FORMATS_MANIFEST)).map((row) =>
    path.join(CORPUS, 'formats', row.file),
  )
  return [
    ...FOLDERS.flatMap((folder) => readdirSync(folder).map((name) => path.join(folder, name))),
    ...formats,
  ].sort()
}

describe.skipIf(!available)('the site exports of every corpus file', () => {
  for (const file of corpusFiles()) {
    const label = path.relative(CORPUS, file)
    it(`should read back ${label}'s bookmarks.xbel and bookmarks.html`, () => {
      let source: Collection
      try {
        source = parseSource(readFileSync(file), label)
      } catch (error) {
        if (isBookgenError(error)) return // refused files (the manifest's valid=no) have no site
        throw error
      }
      const { files: exports, published } = siteExportFiles([source])
      expect([...exports.keys()]).toEqual(expect.arrayContaining(['bookmarks.xbel', 'bookmarks.html']))
      const hrefs = (collection: Collection) =>
        bookmarksOf(collection)
          .map((bookmark) => bookmark.href)
          .filter((href) => href !== undefined)
      for (const [exportPath, text] of exports) {
        const back = parseSource(new TextEncoder().encode(text), exportPath)
        expect(back.format).toBe(exportPath.endsWith('.xbel') ? 'xbel' : 'netscape')
        expect(back.warnings.filter((warning) => /well-formed|not-xml|xml\//.test(warning.rule))).toEqual([])
        expect(hrefs(back)).toEqual(hrefs(published))
      }
      // Valid XBEL: 1.1 declared when 1.1's toolbar is used; ids are XML Names where aliases need them.
      const xbel = exports.get('bookmarks.xbel')!
      expect(XMLValidator.validate(xbel)).toBe(true)
      if (/<folder [^>]*toolbar="yes"/.test(xbel)) expect(xbel).toMatch(/<xbel version="1\.1"/)
      if (xbel.includes('<alias '))
        for (const [, id] of xbel.matchAll(/<(?:bookmark|folder|xbel)\s[^>]*\bid="([^"]*)"/g))
          expect(id).toMatch(/^[A-Za-z_:\u0080-\uFFFF][-A-Za-z0-9_.:\u0080-\uFFFF]*$/)
      // Another format's unknown attributes never become raw XML attributes.
      if (source.format !== 'xbel') {
        for (const bookmark of bookmarksOf(source))
          for (const name of Object.keys(bookmark.attributes ?? {}).filter(
            (name) => !XBEL_ATTRIBUTES.has(name),
          ))
            expect(xbel).not.toMatch(new RegExp(`<(bookmark|folder|xbel)\\s[^>]*\\s${name}="`))
      }
    })
  }
})
