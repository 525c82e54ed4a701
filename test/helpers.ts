/** Shared test helpers: fixture paths, parsing fixtures, and trees without source places. */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Collection, Folder, Node } from '../src/model/tree.js'
import { PREVIEW_ORIGIN } from '../src/config/options.js'
import type { SiteInput } from '../src/publish/site-input.js'
import { resolveAliases } from '../src/model/aliases.js'
import { parseSource } from '../src/formats/index.js'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures')
/** The shared corpus of real files, when this checkout sits next to it. */
export const CORPUS = path.resolve(REPO_ROOT, '..', 'shared', 'corpus')

/** Parse a fixture (path below test/fixtures). */
export function parseFixture(relative: string): Collection {
  return parseSource(readFileSync(path.join(FIXTURES, relative)), relative)
}

/** Parse a string as a source file named `file`. */
export function parseText(text: string, file = 'input.html'): Collection {
  return parseSource(new TextEncoder().encode(text), file)
}

/** A deep copy of a tree without `place` fields, for comparing trees read from different files. */
export function withoutPlaces<T extends Node | Collection['root']>(node: T): T {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'place' ? undefined : value))) as T
}

/** All bookmarks of a collection in document order. */
export function bookmarksOf(collection: Collection): Array<Extract<Node, { type: 'bookmark' }>> {
  const result: Array<Extract<Node, { type: 'bookmark' }>> = []
  const stack: Node[] = [...collection.root.children].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'bookmark') result.push(node)
    if (node.type === 'folder') stack.push(...[...node.children].reverse())
  }
  return result
}

/**
 * The pages' input for a tree, with a plain build's settings (those `resolveConfig` gives by
 * default) unless `changes` say otherwise.
 */
export function siteInputFor(root: Folder, changes: Partial<SiteInput> = {}): SiteInput {
  const collection: Collection = {
    format: 'netscape',
    file: 'input.html',
    encoding: 'utf-8',
    title: '',
    root,
    warnings: [],
  }
  return {
    root,
    siteTitle: 'Bookmarks',
    description: undefined,
    lang: 'en',
    base: '/',
    urls: 'absolute',
    buildDay: Date.UTC(2026, 0, 1),
    siteOrigin: PREVIEW_ORIGIN,
    openSearch: false,
    allowFileLinks: false,
    aliasTargets: resolveAliases([collection]),
    pageSize: 200,
    listings: 'auto',
    feedLimit: 50,
    cname: undefined,
    exports: 'auto',
    exportCollection: undefined,
    theme: {},
    links: undefined,
    offline: true,
    ...changes,
  }
}

/** Every file below `root`, by its path relative to it with `/`, as text (`latin1`: bytes as they are). */
export function readTree(root: string, encoding: 'utf8' | 'latin1' = 'utf8'): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    files.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, encoding))
  }
  return files
}

/**
 * A Firefox `.jsonlz4` backup of `count` bookmarks, written by hand as LZ4 (not by the library
 * bookgen reads it with): the first bookmark as literals, then one match that copies it over and
 * over (each byte of the block gives up to 255), then the last bookmark. A decompression bomb:
 * 50,000 bookmarks take 13 kB.
 */
export function mozLz4Bomb(count: number): Uint8Array {
  const text = (value: string) => [...new TextEncoder().encode(value)]
  const length = (extra: number): number[] => [
    ...Array<number>(Math.floor(extra / 255)).fill(255),
    extra % 255,
  ]
  const head = '{"type":"text/x-moz-place-container","root":"placesRoot","children":['
  const item = '{"type":"text/x-moz-place","title":"b","uri":"https://e.example/"},'
  const tail = '{"type":"text/x-moz-place","title":"b","uri":"https://e.example/"}]}'
  const literals = head + item
  const match = (count - 2) * item.length
  const block = [
    // A token (15: lengths follow), the literals' length, the literals, the match's offset and length.
    0xff,
    ...length(literals.length - 15),
    ...text(literals),
    item.length & 0xff,
    item.length >> 8,
    ...length(match - 4 - 15),
    // The last sequence: literals only.
    0xf0,
    ...length(tail.length - 15),
    ...text(tail),
  ]
  const size = literals.length + match + tail.length
  const bytes = new Uint8Array(12 + block.length)
  bytes.set(text('mozLz40\0'))
  new DataView(bytes.buffer).setUint32(8, size, true)
  bytes.set(block, 12)
  return bytes
}
