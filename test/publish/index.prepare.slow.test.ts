/**
 * The model step in watch mode: `prepareSite` with a cache gives what it gives without one, after
 * any edit, and keeps the published objects of everything the edit did not change.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { isBookgenError } from '../../src/model/errors.js'
import { walk, type Bookmark, type Collection, type Folder, type Node } from '../../src/model/tree.js'
import { createModelCache, prepareSite, type PreparedSite } from '../../src/build/index.js'
import { parseSourceState, reparseSource, type SourceState } from '../../src/formats/index.js'
import { editNetscape, generateLargeNetscape, generateNetscape, random } from '../formats/netscape/edits.js'

const encode = (text: string) => new TextEncoder().encode(text)
const configFor = (user: UserConfig) =>
  resolveConfig(user, { sources: ['a.html'], outDir: 'out' }, { cwd: '/tmp' })

/** Everything a build takes from the prepared site, as plain data (aliases by their place). */
function snapshot(prepared: PreparedSite): unknown {
  const { input } = prepared
  return JSON.parse(
    JSON.stringify({
      root: input.root,
      siteTitle: input.siteTitle,
      heldBack: prepared.heldBack,
      duplicates: prepared.duplicates,
      notes: prepared.notes,
      aliasTargets: [...input.aliasTargets].map(([alias, target]) => [alias, target]),
      exportCollection: input.exportCollection,
    }),
  ) as unknown
}

function read(state: SourceState | undefined, text: string, file: string): SourceState | undefined {
  try {
    return state === undefined
      ? parseSourceState(encode(text), file)
      : reparseSource(state, encode(text), file)
  } catch (error) {
    if (isBookgenError(error)) return undefined
    throw error
  }
}

describe('prepareSite with a cache', () => {
  it('should give what it gives without one, after any sequence of edits, for any settings', () => {
    const configs = [
      configFor({}),
      configFor({ dedupe: true }),
      configFor({ publish: { private: true, fileUrls: true }, dedupe: true, title: 'T' }),
      // A private section's folders and tags (edits rename folders: what is private below them moves).
      configFor({
        private: { include: { folders: ['alpha', 'Bookmarks/alpha', 'Bookmarks/Beta'], tags: ['css'] } },
      }),
    ]
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer(),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (fileSeed, editSeed, edits, which) => {
          const config = configs[which]!
          const cache = createModelCache()
          const rand = random(editSeed)
          // Two sources, so the merged root and its sections are exercised too; the first is edited.
          let text = generateNetscape(fileSeed)
          const other = parseSourceState(encode(generateNetscape(fileSeed + 1)), 'b.html')
          let state = read(undefined, text, 'a.html')
          for (let i = 0; i <= edits; i++) {
            if (state !== undefined) {
              const collections: Collection[] = [state.collection, other.collection]
              const cached = prepareSite(config, collections, cache)
              expect(snapshot(cached)).toEqual(snapshot(prepareSite(config, collections)))
            }
            text = editNetscape(text, rand)
            state = read(state, text, 'a.html')
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('should keep every published object the edit did not change', () => {
    const config = configFor({ dedupe: true })
    const cache = createModelCache()
    // Bookmark 7 is private (held back: its folder is a copy); 400 repeats the URL of 3.
    let text = generateLargeNetscape(500)
      .replace('>Bookmark 7<', ' PRIVATE="1">Bookmark 7<')
      .replace('https://example.com/400"', 'https://example.com/3"')
    const before = parseSourceState(encode(text), 'a.html')
    const first = prepareSite(config, [before.collection], cache)
    text = text.replace('>Bookmark 250<', '>Bookmark 250 (edited)<')
    const after = reparseSource(before, encode(text), 'a.html')
    expect(after.read).toBe('incremental')
    const second = prepareSite(config, [after.collection], cache)

    const previous = new Set(nodesOf(first.root))
    const fresh = nodesOf(second.root).filter((node) => !previous.has(node))
    // The edited bookmark and the folder holding it (the root is not among the nodes).
    expect(
      fresh.map((node) =>
        node.type === 'folder' ? `folder ${node.title}` : `bookmark ${(node as Bookmark).title}`,
      ),
    ).toEqual(['folder Folder 5', 'bookmark Bookmark 250 (edited)'])
    expect(second.root).not.toBe(first.root)
    // The copies (a folder without its private bookmark, the first of a repeated URL with the
    // tags of both) and the notes are the same objects as before.
    expect(second.root.children[0]).toBe(first.root.children[0])
    expect(second.notes[0]).toBe(first.notes[0])
    // A save with no change gives back the very same objects.
    const same = reparseSource(after, encode(text), 'a.html')
    const third = prepareSite(config, [same.collection], cache)
    expect(third.root).toBe(second.root)
    expect(third.input.exportCollection).toBe(second.input.exportCollection)
  })

  it("should show a source node's new place through the copies it keeps, when lines move", () => {
    const config = configFor({})
    const cache = createModelCache()
    let text = generateLargeNetscape(200).replace('>Bookmark 120<', ' PRIVATE="1">Bookmark 120<')
    const before = parseSourceState(encode(text), 'a.html')
    const first = prepareSite(config, [before.collection], cache)
    const copy = first.root.children[2] as Folder
    expect(copy).not.toBe(before.collection.root.children[2])
    const line = copy.place!.line
    text = text.replace('>Bookmark 1</A>', '>Bookmark 1</A>\n<DT><A HREF="https://new.example/">New</A>')
    const after = reparseSource(before, encode(text), 'a.html')
    expect(after.read).toBe('incremental')
    const second = prepareSite(config, [after.collection], cache)
    expect(second.root.children[2]).toBe(copy)
    expect(copy.place).toEqual({ file: 'a.html', line: line + 1, column: 9 })
    expect(copy.place).toEqual((after.collection.root.children[2] as Folder).place)
    expect(snapshot(second)).toEqual(snapshot(prepareSite(config, [after.collection])))
  })
})

function nodesOf(root: Folder): Node[] {
  return [...walk(root)].map(({ node }) => node)
}
