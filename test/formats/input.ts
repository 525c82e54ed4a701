/** Test helpers for the format readers: a `SourceInput` from bytes or a fixture, as the registry will give it. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FormatEntry, SniffHead, SourceInput } from '../../src/formats/types.js'
import { sniffHead } from '../../src/formats/registry.js'
import type { Collection } from '../../src/model/tree.js'
import { decodeSource } from '../../src/formats/shared/decode.js'
import { FIXTURES } from '../helpers.js'

/** A source input for `bytes` (or text, encoded as UTF-8) named `file`. */
export function inputOf(content: Uint8Array | string, file: string): SourceInput {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  return { bytes, file, text: () => decodeSource(bytes) }
}

/** The bytes of a fixture (path below test/fixtures). */
export function fixtureBytes(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, relative)))
}

/** Read a fixture with `entry`, named by its path below test/fixtures. */
export function readFixture(entry: FormatEntry, relative: string): Collection {
  return entry.read(inputOf(fixtureBytes(relative), relative))
}

/** What a sniffer sees of `content`. */
export function headOf(content: Uint8Array | string, file = 'input'): SniffHead {
  return sniffHead(typeof content === 'string' ? new TextEncoder().encode(content) : content, file)
}

/** The rules of a collection's warnings, in order. */
export function rulesOf(collection: Collection): string[] {
  return collection.warnings.map((warning) => warning.rule)
}
