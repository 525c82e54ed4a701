/**
 * Format detection self-check for the OPML, linkding and Linkwarden sniffers: every file of the
 * shared corpus (all kinds under ../shared/corpus/formats, and the Netscape and XBEL files) is
 * sniffed from its head, as the registry will; none of these sniffers may claim a file of another
 * kind, so the registry can order formats freely, and each claims every file of its own kind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { linkdingJson } from '../../src/formats/linkding-json/index.js'
import { linkwardenJson } from '../../src/formats/linkwarden-json/index.js'
import { opml } from '../../src/formats/opml/index.js'
import { CORPUS } from '../helpers.js'
import { sniffHead } from './others-input.js'

const SNIFFERS = [opml, linkdingJson, linkwardenJson]

/** Every corpus file with its kind: the folder it is in. */
function corpusFiles(): Array<{ kind: string; file: string }> {
  const folders = [
    ...['netscape', 'xbel'].map((kind) => ({ kind, dir: path.join(CORPUS, kind) })),
    ...readdirSync(path.join(CORPUS, 'formats'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => ({ kind: entry.name, dir: path.join(CORPUS, 'formats', entry.name) })),
  ]
  return folders.flatMap(({ kind, dir }) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => ({ kind, file: path.join(dir, entry.name) })),
  )
}

const available = existsSync(path.join(CORPUS, 'formats'))
if (!available) console.warn(`Skipping the sniffing self-check: ${CORPUS}/formats not found`)

describe.skipIf(!available)('sniffing the whole corpus (../shared/corpus)', () => {
  const files = available ? corpusFiles() : []

  it('should see files of many kinds, ours among them', () => {
    const kinds = new Set(files.map(({ kind }) => kind))
    expect(kinds.size).toBeGreaterThan(10)
    for (const sniffer of SNIFFERS) expect(kinds).toContain(sniffer.name)
    expect(files.length).toBeGreaterThan(100)
  })

  for (const sniffer of SNIFFERS) {
    it(`should let ${sniffer.name} claim exactly the files of its kind`, () => {
      const claimed: string[] = []
      const missed: string[] = []
      for (const { kind, file } of files) {
        const claims = sniffer.sniff(sniffHead(readFileSync(file), path.basename(file)))
        const label = `${kind}/${path.basename(file)}`
        if (claims && kind !== sniffer.name) claimed.push(label)
        if (!claims && kind === sniffer.name) missed.push(label)
      }
      expect(claimed, 'files of another kind it claims').toEqual([])
      expect(missed, 'files of its own kind it does not claim').toEqual([])
    })
  }
})
