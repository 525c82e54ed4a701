/**
 * Incremental re-reads give exactly what a full read gives, places and warnings included, fields in
 * the same order: chosen edits here; random ones in `index.fuzz.slow.test.ts`.
 */
import { describe, expect, it } from 'vitest'
import { walk, type Folder, type Node } from '../../../../src/model/tree.js'
import { parseSourceState, reparseSource } from '../../../../src/formats/index.js'
import { generateLargeNetscape } from '../edits.js'
import { expectSameCollection } from '../../rereads.js'

const encode = (text: string) => new TextEncoder().encode(text)

describe('reparseSource', () => {
  it('should read again incrementally with the default limits, and keep the bookmark at the edit reachable', () => {
    let text = generateLargeNetscape(3000)
    const state = parseSourceState(encode(text), 'big.html')
    text = text.replace('>Bookmark 1500<', '>Bookmark 1500 (edited)<')
    const next = reparseSource(state, encode(text), 'big.html')
    expect(next.read).toBe('incremental')
    expectSameCollection(next.collection, parseSourceState(encode(text), 'big.html').collection)
  })

  it('should keep every node object the edit did not change, copying only the folders on its path', () => {
    let text = generateLargeNetscape(500)
    const state = parseSourceState(encode(text), 'big.html')
    text = text.replace('>Bookmark 250<', '>Bookmark 250 (edited)<')
    const next = reparseSource(state, encode(text), 'big.html')
    expect(next.read).toBe('incremental')
    const before = new Set(nodesOf(state.collection.root))
    const changed = nodesOf(next.collection.root).filter((node) => !before.has(node))
    const edited = changed.find((node) => node.type === 'bookmark')!
    expect(edited).toMatchObject({ title: 'Bookmark 250 (edited)' })
    // The edited bookmark, and its folder and that folder's ancestors (the root is not a node).
    const path = pathTo(next.collection.root, edited)
    expect(changed).toHaveLength(path.length)
    for (const node of [edited, ...path.slice(1)]) expect(changed).toContain(node) // identity
  })

  it('should move later places and warnings, keeping their nodes, when lines are added', () => {
    let text = generateLargeNetscape(300).replace('ADD_DATE="1600000290"', 'ADD_DATE="later"')
    const state = parseSourceState(encode(text), 'big.html')
    expect(state.collection.warnings).toHaveLength(1)
    text = text.replace('>Bookmark 10</A>', '>Bookmark 10</A>\n<DT><A HREF="https://new.example/">New</A>\n')
    const next = reparseSource(state, encode(text), 'big.html')
    expect(next.read).toBe('incremental')
    expectSameCollection(next.collection, parseSourceState(encode(text), 'big.html').collection)
    const last = (folder: Folder): Node => folder.children.at(-1)!
    expect(last(next.collection.root)).toBe(last(state.collection.root))
  })

  it("should read a separator written as a bookmark (Vivaldi's, Floccus's) as a full read does", () => {
    let text = generateLargeNetscape(500)
    for (const [title, separator] of [
      ['Bookmark 100', '<A HREF="http://bookmark.placeholder.url/" DESCRIPTION="separator">---</A>'],
      ['Bookmark 300', '<A HREF="https://separator.floccus.org/?id=7">⎯⎯⎯</A>'],
    ] as const) {
      const state = parseSourceState(encode(text), 'big.html')
      text = text.replace(new RegExp(`<A [^>]*>${title}</A>`), separator)
      const next = reparseSource(state, encode(text), 'big.html')
      expect(next.read).toBe('incremental')
      expectSameCollection(next.collection, parseSourceState(encode(text), 'big.html').collection)
      expect(JSON.stringify(next.collection)).not.toMatch(/placeholder|floccus/)
    }
  })

  it('should not start a run at a tag whose name changed (a description may have been open)', () => {
    const head = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://a/">A</A>\n<DD>About A\n'
    const before = `${head}<H3>F</H3>\n<DT><A HREF="https://c/">C</A>\n</DL><p>\n`
    const after = `${head}<A HREF="https://b/">F</A>\n<DT><A HREF="https://c/">C</A>\n</DL><p>\n`
    const next = reparseSource(parseSourceState(encode(before), 'a.html'), encode(after), 'a.html', {
      maxRegionBytes: Infinity,
    })
    expectSameCollection(next.collection, parseSourceState(encode(after), 'a.html').collection)
  })

  it('should see a description still open before the next bookmark, even after a <DT>', () => {
    // `<nued\n<DT>` is one (unknown) tag inside the description: the <DT> ends nothing, and the
    // next <A> becomes part of the description.
    const before =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://a/">A</A>\n<DD>note continued\n<DT><A HREF="https://b/">B</A>\n</DL><p>\n'
    const after = before.replace('continued', '<nued')
    const next = reparseSource(parseSourceState(encode(before), 'a.html'), encode(after), 'a.html', {
      maxRegionBytes: Infinity,
    })
    expectSameCollection(next.collection, parseSourceState(encode(after), 'a.html').collection)
  })

  it('should keep unchanged nodes (with their new places) when the file had to be read in full', () => {
    let text = generateLargeNetscape(300)
    const state = parseSourceState(encode(text), 'big.html')
    // A line added to the head moves every entry, and is read in full.
    text = text
      .replace('<TITLE>Bookmarks</TITLE>', '<TITLE>Mine</TITLE>\n<!-- note -->')
      .replace('>Bookmark 3<', '>Three<')
    const next = reparseSource(state, encode(text), 'big.html')
    expect(next.read).toBe('full')
    expectSameCollection(next.collection, parseSourceState(encode(text), 'big.html').collection)
    const before = new Set(nodesOf(state.collection.root))
    const fresh = nodesOf(next.collection.root).filter((node) => !before.has(node))
    expect(
      fresh.map((node) =>
        node.type === 'folder' ? node.title : node.type === 'bookmark' ? node.title : node.type,
      ),
    ).toEqual(['Folder 0', 'Three'])
  })

  it('should return the same collection when the bytes did not change', () => {
    const text = generateLargeNetscape(50)
    const state = parseSourceState(encode(text), 'same.html')
    const next = reparseSource(state, encode(text), 'same.html')
    expect(next.read).toBe('unchanged')
    expect(next.collection).toBe(state.collection)
  })

  it('should give what a full read gives when an edit adds a folder at the nesting limit', () => {
    for (const levels of [3, 254, 255, 256]) {
      const open = Array.from({ length: levels }, (_, i) => `<DT><H3>F${i}</H3>\n<DL><p>\n`).join('')
      const close = '</DL><p>\n'.repeat(levels)
      const text = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${open}<DT><A HREF="https://a/">A</A>\n<DT><A HREF="https://b/">B</A>\n${close}</DL><p>\n`
      const edited = text.replace(
        '<DT><A HREF="https://b/">',
        '<DT><H3>New</H3>\n<DL><p>\n<DT><A HREF="https://n/">N</A>\n</DL><p>\n<DT><A HREF="https://b/">',
      )
      const next = reparseSource(parseSourceState(encode(text), 'deep.html'), encode(edited), 'deep.html')
      expectSameCollection(next.collection, parseSourceState(encode(edited), 'deep.html').collection)
      if (levels === 3) expect(next.read).toBe('incremental')
    }
  })

  it('should read a renamed file, and a file of a format without a re-reader, in full, and say why', () => {
    const text = generateLargeNetscape(50)
    const reasons: string[] = []
    const onFullRead = (reason: string) => reasons.push(reason)
    const state = parseSourceState(encode(text), 'a.html')
    const renamed = reparseSource(state, encode(text), 'b.html', { onFullRead })
    expect(renamed.read).toBe('full')
    expect(renamed.collection.file).toBe('b.html')
    const opml = '<opml version="2.0"><body><outline text="A" type="link" url="https://a/"/></body></opml>'
    const opmlState = parseSourceState(encode(opml), 'a.opml')
    expect(reparseSource(opmlState, encode(opml), 'a.opml', { onFullRead }).read).toBe('unchanged')
    for (const edited of [opml.replace('"A"', '"B"'), opml.replace('"A"', '"AB"')]) {
      const next = reparseSource(opmlState, encode(edited), 'a.opml', { onFullRead })
      expect(next.read).toBe('full')
      expectSameCollection(next.collection, parseSourceState(encode(edited), 'a.opml').collection)
    }
    expect(reasons).toEqual(['renamed', 'not re-readable in part', 'not re-readable in part'])
  })

  it('should read in full when the charset, the title or an alias changes', () => {
    const text = generateLargeNetscape(200)
    const state = parseSourceState(encode(text), 'big.html')
    for (const changed of [
      text.replace('charset=UTF-8', 'charset=windows-1252'),
      text.replace('<TITLE>Bookmarks</TITLE>', '<TITLE>Mine</TITLE>'),
      text.replace('>Bookmark 100<', ' ALIASID="x">Bookmark 100<'),
      text.replace('TAGS="t100"', 'TAGS="t,100"'),
    ]) {
      const next = reparseSource(state, encode(changed), 'big.html')
      expect(next.read).toBe('full')
      expectSameCollection(next.collection, parseSourceState(encode(changed), 'big.html').collection)
    }
  })
})

function nodesOf(root: Folder): Node[] {
  return [...walk(root)].map(({ node }) => node)
}

function pathTo(root: Folder, target: Node): Node[] {
  for (const { node } of walk(root)) {
    if (node.type === 'folder' && node.children.includes(target)) return [...pathTo(root, node), node]
  }
  return [root]
}
