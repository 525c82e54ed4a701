/**
 * Round trips of the service readers' collections through the existing writers: every readable
 * corpus file of our kinds, and every fixture of ours, is read, written as XBEL and as Netscape
 * HTML, and read back with `parseSource`. The model must come back the same (places, format and
 * encoding aside), except for what the writer reports losing (`convert/lost-field`: each kind of
 * loss names the fields it may change), and for the writer gaps in `WRITER_GAPS`, each checked as
 * written: they are differences the existing writers cause without a warning.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { walk, type Folder, type Node } from '../../src/model/tree.js'
import { SERVICE_FORMATS } from '../../src/formats/registry.js'
import { parseSource } from '../../src/formats/index.js'
import { writeNetscape } from '../../src/formats/netscape/write.js'
import { writeXbel } from '../../src/formats/xbel/write.js'
import { CORPUS, FIXTURES } from '../helpers.js'
import { read } from './helpers.js'

const WRITERS = { xbel: writeXbel, netscape: writeNetscape } as const
type WriterName = keyof typeof WRITERS

/** Model fields each kind of loss a writer reports may change. */
const LOSS_FIELDS: Record<string, readonly string[]> = {
  subsecond: ['added', 'modified', 'visited'],
  'tag-comma': ['tags'],
  'attribute-name': ['attributes'],
  'attribute-collision': ['attributes'],
  'control-characters': ['title', 'description', 'attributes'],
  'title-space': ['title'],
}

/** Differences a writer causes without reporting them: `writer:file` → the fields that change. */
const WRITER_GAPS: Record<string, { fields: readonly string[]; reason: string }> = {}

interface Source {
  name: string
  kind: string
  bytes: Uint8Array
}

function sources(): Source[] {
  const list: Source[] = []
  const formats = path.join(CORPUS, 'formats')
  for (const entry of SERVICE_FORMATS) {
    for (const [base, label] of [
      [path.join(formats, entry.name), `corpus:${entry.name}`],
      [path.join(FIXTURES, entry.name), entry.name],
    ] as const) {
      if (!existsSync(base)) continue
      for (const file of readdirSync(base))
        list.push({
          name: `${label}/${file}`.replace(/^corpus:/, ''),
          kind: entry.name,
          bytes: readFileSync(path.join(base, file)),
        })
    }
  }
  return list
}

/** The fields in which two nodes differ (places aside). */
function differingFields(a: Node, b: Node | undefined): string[] {
  if (b === undefined) return ['(missing node)']
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  keys.delete('place')
  keys.delete('children')
  return [...keys].filter((key) => !isDeepStrictEqual(a[key as keyof Node], b[key as keyof Node]))
}

/** Every differing field of every node of `before` against `after`, in document order. */
function differences(before: Folder, after: Folder): string[] {
  const a = [{ node: before as Node }, ...walk(before)].map(({ node }) => node)
  const b = [{ node: after as Node }, ...walk(after)].map(({ node }) => node)
  const fields = a.flatMap((node, index) => differingFields(node, b[index]))
  if (b.length !== a.length) fields.push('(node count)')
  return [...new Set(fields)]
}

describe('service readers round trip through the XBEL and Netscape writers', () => {
  for (const source of sources()) {
    for (const writer of Object.keys(WRITERS) as WriterName[]) {
      it(`should keep ${source.name} through ${writer}`, () => {
        // Every corpus file of our kinds and every fixture is readable (conformance checks refusals).
        const collection = read(
          SERVICE_FORMATS.find((entry) => entry.name === source.kind)!,
          source.bytes,
          source.name,
        )
        const written = WRITERS[writer](collection)
        const back = parseSource(
          new TextEncoder().encode(written.text),
          `round-trip.${writer === 'xbel' ? 'xbel' : 'html'}`,
        )
        expect(back.title).toBe(collection.title)
        const reported = written.warnings
          .filter((warning) => warning.rule === 'convert/lost-field')
          .flatMap(
            (warning) => LOSS_FIELDS[/lost ([\w-]+)$/.exec(warning.message)?.[1] ?? ''] ?? ['(unknown loss)'],
          )
        const gap = WRITER_GAPS[`${writer}:${source.name}`]
        const changed = differences(collection.root, back.root)
        if (gap !== undefined) expect(changed, gap.reason).toEqual(expect.arrayContaining([...gap.fields]))
        const unexplained = changed.filter(
          (field) => !reported.includes(field) && !gap?.fields.includes(field),
        )
        expect(
          unexplained,
          `changed without a writer warning: ${written.warnings.map((w) => w.message).join('; ')}`,
        ).toEqual([])
      })
    }
  }
})
