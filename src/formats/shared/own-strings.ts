/**
 * A parsed collection's strings, copied off the source text. A reader takes titles, URLs and tags
 * out of the decoded source with `slice`, and V8 makes a slice of 13 characters or more a view
 * into the whole text: one title kept anywhere keeps all of it. For a million bookmarks that is
 * 220 million characters, in two bytes each when the file has one character past Latin-1 (CJK or
 * Cyrillic text in a single title is enough). Copied, each string takes its own length only, in one
 * byte per character when it fits (most titles, every URL). Pure; the copies are equal strings, so
 * nothing built from the collection changes.
 */
import type { Collection } from '../../model/tree.js'

/** Characters below which V8 copies a slice rather than pointing into its parent. */
const MIN_SLICE = 13
const LATIN1 = /^[\u0000-\u00ff]*$/

/** `text`, in a string of its own (one byte per character when it is Latin-1). */
export function ownString(text: string): string {
  if (text.length < MIN_SLICE) return text
  // A new Latin-1 string from bytes is stored one byte per character; a concatenation, flattened
  // by the slice, is a copy that keeps the width of its parts.
  return LATIN1.test(text) ? Buffer.from(text, 'latin1').toString('latin1') : `\u0000${text}`.slice(1)
}

/**
 * Replace every string of `collection` (nodes, their fields at any depth, warnings) with
 * `ownString`'s copy, in place. Iterative: trees and metadata nest without bound.
 */
export function ownStrings(collection: Collection): Collection {
  const stack: object[] = [collection]
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (ArrayBuffer.isView(value) || value instanceof Map || value instanceof Set) continue
    const record = value as Record<string, unknown>
    const writable = !Object.isFrozen(record)
    if (Array.isArray(record)) {
      for (let index = 0; index < record.length; index++) visit(record, index, stack, writable)
    } else {
      for (const key in record) visit(record, key, stack, writable)
    }
  }
  // The last match's subject is kept by V8 for `RegExp.lastMatch`: make it a short string.
  LATIN1.test('')
  return collection
}

function visit(
  record: Record<string | number, unknown>,
  key: string | number,
  stack: object[],
  writable: boolean,
) {
  const item = record[key]
  if (typeof item === 'string') {
    if (writable && item.length >= MIN_SLICE) record[key] = ownString(item)
  } else if (typeof item === 'object' && item !== null) stack.push(item)
}
