/** Test helpers for the format readers: source inputs and sniff heads from text or bytes, and fixtures. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { isBookgenError, type BookgenError } from '../../src/model/errors.js'
import type { Bookmark, Collection, Folder, Node } from '../../src/model/tree.js'
import { SERVICE_FORMATS } from '../../src/formats/registry.js'
import { SNIFF_BYTES, type FormatEntry, type SniffHead, type SourceInput } from '../../src/formats/types.js'
import { decodeSource } from '../../src/formats/shared/decode.js'
import { FIXTURES } from '../helpers.js'

/** Bytes of a string (UTF-8) or the bytes themselves. */
export function bytesOf(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content
}

/** A reader's input for `content` named `file`, decoded once on demand as the registry will. */
export function sourceInput(content: string | Uint8Array, file: string): SourceInput {
  const bytes = bytesOf(content)
  let decoded: ReturnType<typeof decodeSource> | undefined
  return { bytes, file, text: () => (decoded ??= decodeSource(bytes)) }
}

/** The head a sniffer sees. */
export function sniffHead(content: string | Uint8Array, file = 'input'): SniffHead {
  const bytes = bytesOf(content).subarray(0, SNIFF_BYTES)
  return { bytes, text: new TextDecoder().decode(bytes), file }
}

/** Names of the service formats whose sniffer claims `content`. */
export function claimants(content: string | Uint8Array, file = 'input'): string[] {
  const head = sniffHead(content, file)
  return SERVICE_FORMATS.filter((entry) => entry.sniff(head)).map((entry) => entry.name)
}

/** A fixture's bytes (path below test/fixtures). */
export function fixture(relative: string): Uint8Array {
  return readFileSync(path.join(FIXTURES, relative))
}

/** Read `content` with `entry`. */
export function read(entry: FormatEntry, content: string | Uint8Array, file = 'input'): Collection {
  return entry.read(sourceInput(content, file))
}

/** Read a fixture with `entry`, named as its path below test/fixtures. */
export function readFixture(entry: FormatEntry, relative: string): Collection {
  return read(entry, fixture(relative), relative)
}

/** The BookgenError reading `content` throws (the test fails when it throws none or another error). */
export function readError(entry: FormatEntry, content: string | Uint8Array, file = 'input'): BookgenError {
  try {
    read(entry, content, file)
  } catch (error) {
    if (isBookgenError(error)) return error
    throw error
  }
  expect.fail('expected a BookgenError')
}

/** All bookmarks under `folder`, in document order. */
export function bookmarks(folder: Folder): Bookmark[] {
  const result: Bookmark[] = []
  const stack: Node[] = [...folder.children].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'bookmark') result.push(node)
    if (node.type === 'folder') stack.push(...[...node.children].reverse())
  }
  return result
}

/** The child folder of `folder` titled `title` (the test fails when there is none). */
export function folderNamed(folder: Folder, title: string): Folder {
  const found = folder.children.find((node): node is Folder => node.type === 'folder' && node.title === title)
  expect(found, `folder "${title}"`).toBeDefined()
  return found!
}

/** `rule` of each warning, in order. */
export function rules(collection: Collection): string[] {
  return collection.warnings.map((warning) => warning.rule)
}
