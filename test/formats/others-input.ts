/**
 * Test helpers for the OPML, linkding and Linkwarden readers: a `SourceInput` or `SniffHead` from
 * bytes or text, as the format registry will make them, and reading a fixture of ours.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { isBookgenError, type BookgenError } from '../../src/model/errors.js'
import type { Collection } from '../../src/model/tree.js'
import { decodeSource, type DecodedText } from '../../src/formats/shared/decode.js'
import { sniffHead as registryHead } from '../../src/formats/registry.js'
import type { FormatEntry, SniffHead, SourceInput } from '../../src/formats/types.js'
import { FIXTURES } from '../helpers.js'

/** A source input over `data` (text is encoded as UTF-8). */
export function sourceInput(data: Uint8Array | string, file: string): SourceInput {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  let decoded: DecodedText | undefined
  return { bytes, file, text: () => (decoded ??= decodeSource(bytes)) }
}

/** The head of `data` as a sniffer sees it. */
export function sniffHead(data: Uint8Array | string, file: string): SniffHead {
  return registryHead(typeof data === 'string' ? new TextEncoder().encode(data) : data, file)
}

/** Read `data` with `format`. */
export function read(format: FormatEntry, data: Uint8Array | string, file = 'input'): Collection {
  return format.read(sourceInput(data, file))
}

/** Read the fixture `test/fixtures/<relative>` with `format`. */
export function readFixture(format: FormatEntry, relative: string): Collection {
  return format.read(sourceInput(readFileSync(path.join(FIXTURES, relative)), relative))
}

/** The BookgenError reading `data` with `format` throws (fails the test if it reads or throws another error). */
export function readError(format: FormatEntry, data: Uint8Array | string, file = 'input'): BookgenError {
  try {
    format.read(sourceInput(data, file))
  } catch (error) {
    if (isBookgenError(error)) return error
    throw error
  }
  expect.fail(`${file} was read, expected an error`)
}

/** The rule ids of a collection's warnings, in order. */
export function rules(collection: Collection): string[] {
  return collection.warnings.map((warning) => warning.rule)
}
