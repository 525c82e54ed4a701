/**
 * Watch mode's parser reads a large source into the memory of its last version but one: every
 * version read must still give what a full read of it gives, and what it keeps must be the bytes
 * on disk, however the file grew or shrank.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSources } from '../../src/build/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { IncrementalParser } from '../../src/dev/incremental-parser.js'
import { parseSource } from '../../src/formats/index.js'
import { collectionToJson } from '../../src/model/tree-json.js'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-incremental-parser-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function source(titles: string[]): string {
  const entries = titles.map(
    (title, index) =>
      `<DT><A HREF="https://example.com/${index}" ADD_DATE="${1600000000 + index}">${title}</A>`,
  )
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n<DT><H3>Folder</H3>\n<DL><p>\n${entries.join('\n')}\n</DL><p>\n</DL><p>\n`
}

describe('IncrementalParser', () => {
  it('should read each version into reused memory and give what a full read gives', async () => {
    const file = path.join(tmp, 'bookmarks.html')
    const config = resolveConfig({}, { sources: [file] }, { cwd: tmp })
    const parser = new IncrementalParser({ reuseBytes: 0 })
    const titles = Array.from({ length: 200 }, (_, index) => `bookmark ${index}`)
    const versions = [
      source(titles),
      source(titles.map((title, index) => (index === 3 ? `${title} edited` : title))),
      source(titles.map((title, index) => (index === 3 ? `${title} edited` : title))),
      source(titles.map((title, index) => (index === 3 ? 'short' : title))),
      source([...titles, ...titles.map((title) => `${title} and many more`)]),
      source(titles.slice(0, 20)),
    ]
    const memories = new Set<ArrayBufferLike>()
    for (const [index, text] of versions.entries()) {
      writeFileSync(file, text)
      const loaded = await loadSources(config, { parser, changed: new Set([file]) })
      const expected = collectionToJson(parseSource(new TextEncoder().encode(text), 'bookmarks.html'))
      expect(collectionToJson(loaded.collections[0]!), `version ${index}`).toEqual(expected)
      const kept = parser.bytesOf(file)!
      expect(Buffer.from(kept).toString('utf8'), `version ${index}`).toBe(text)
      memories.add(kept.buffer)
      expect(await parser.differs(file, kept)).toBe(false)
    }
    // Memory was reused (new memory only when the file outgrew what there was).
    expect(memories.size).toBeLessThan(versions.length - 1)
    writeFileSync(file, versions[0]!)
    expect(await parser.differs(file, parser.bytesOf(file)!)).toBe(true)
    // The stale check is shown what the file holds now (to hash it there), also at another size.
    for (const text of [versions[0]!, `${versions[0]!}<!-- longer -->`]) {
      writeFileSync(file, text)
      let seen: string | undefined
      const differs = await parser.differs(file, parser.bytesOf(file)!, (bytes) => {
        seen = Buffer.from(bytes).toString('utf8')
      })
      expect(differs).toBe(true)
      expect(seen).toBe(text)
    }
    writeFileSync(file, parser.bytesOf(file)!)
    expect(await parser.differs(file, parser.bytesOf(file)!, () => expect.unreachable())).toBe(false)
  })

  it('should need no new memory when a stale check and a rebuild read a save at once', async () => {
    // New memory outside V8's heap makes it collect the whole heap (a second at a million
    // bookmarks): with its spares made, a session reads every save into memory it has.
    const file = path.join(tmp, 'concurrent.html')
    const config = resolveConfig({}, { sources: [file] }, { cwd: tmp })
    const parser = new IncrementalParser({ reuseBytes: 0 })
    const titles = Array.from({ length: 200 }, (_, index) => `bookmark ${index}`)
    const version = (edit: number) =>
      source(titles.map((title, index) => (index === 3 ? `${title} edit ${edit % 10}` : title)))
    writeFileSync(file, version(0))
    await loadSources(config, { parser, changed: new Set([file]) })
    await parser.prepareSpares(new AbortController().signal)
    const memories = new Set<ArrayBufferLike>([parser.bytesOf(file)!.buffer])
    for (let edit = 1; edit <= 6; edit++) {
      writeFileSync(file, version(edit))
      const [differs, loaded] = await Promise.all([
        parser.differs(file, parser.bytesOf(file)!, (bytes) => memories.add(bytes.buffer)),
        loadSources(config, { parser, changed: new Set([file]) }),
      ])
      expect(differs).toBe(true)
      expect(collectionToJson(loaded.collections[0]!).root).toEqual(
        collectionToJson(parseSource(new TextEncoder().encode(version(edit)), 'concurrent.html')).root,
      )
      memories.add(parser.bytesOf(file)!.buffer)
    }
    // The version read and its two spares.
    expect(memories.size).toBe(3)
  })
})
