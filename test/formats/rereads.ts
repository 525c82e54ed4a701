/**
 * The check of every format's re-reader: random files edited at random, each edit re-read from the
 * previous re-read (`reparseSource`) and compared with a full read, places and warnings included,
 * fields in the same order.
 */
import fc from 'fast-check'
import { expect } from 'vitest'
import { isBookgenError } from '../../src/model/errors.js'
import type { Collection } from '../../src/model/tree.js'
import { parseSourceState, reparseSource, type SourceState } from '../../src/formats/index.js'
import { random } from './netscape/edits.js'

const encode = (text: string) => new TextEncoder().encode(text)

/** Full read, or the error it throws. */
function fullRead(bytes: Uint8Array, file: string): { state: SourceState } | { error: unknown } {
  try {
    return { state: parseSourceState(bytes, file) }
  } catch (error) {
    if (!isBookgenError(error)) throw error
    return { error }
  }
}

export function expectSameCollection(actual: Collection, expected: Collection): void {
  expect(actual).toEqual(expected)
  // Same fields in the same order, everywhere (exports and `inspect --json` keep that order).
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected))
}

/** Check `runs` random files of `generate`, each edited up to five times by `edit`; returns how each version was read. */
export function checkRandomEdits(options: {
  file: string
  generate: (seed: number) => string
  edit: (text: string, rand: () => number) => string
  runs: number
  seed: number
}): { reads: Record<SourceState['read'] | 'errors', number>; reasons: Map<string, number> } {
  const { file } = options
  const reads = { full: 0, incremental: 0, unchanged: 0, errors: 0 }
  const reasons = new Map<string, number>()
  const onFullRead = (reason: string) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  fc.assert(
    fc.property(fc.integer(), fc.integer(), fc.integer({ min: 1, max: 5 }), (fileSeed, editSeed, edits) => {
      const rand = random(editSeed)
      let text = options.generate(fileSeed)
      const first = fullRead(encode(text), file)
      let state = 'state' in first ? first.state : undefined
      for (let i = 0; i < edits; i++) {
        text = options.edit(text, rand)
        const bytes = encode(text)
        const expected = fullRead(bytes, file)
        if ('error' in expected) {
          reads.errors++
          if (state !== undefined)
            expect(() => reparseSource(state!, bytes, file, { maxRegionBytes: Infinity })).toThrow()
          state = undefined
          continue
        }
        const next: SourceState =
          state === undefined
            ? parseSourceState(bytes, file)
            : reparseSource(state, bytes, file, { maxRegionBytes: Infinity, onFullRead })
        reads[next.read]++
        expectSameCollection(next.collection, expected.state.collection)
        state = next
      }
    }),
    { numRuns: options.runs, seed: options.seed },
  )
  if (process.env['INCREMENTAL_DEBUG']) console.log(reads, reasons)
  return { reads, reasons }
}
