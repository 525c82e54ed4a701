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
    allowFileLinks: false,
    aliasTargets: resolveAliases([collection]),
    pageSize: 200,
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
