/**
 * Re-reading an edited XBEL file in part must give exactly what a full read gives: random XBEL
 * files, edited at random (titles, inserted, deleted and moved lines, broken tags, edits across
 * folders, random markup), each edit re-read from the previous re-read and compared with a full
 * read, places and warnings included, fields in the same order.
 */
import { describe, expect, it } from 'vitest'
import { walk, type Folder, type Node } from '../../../src/model/tree.js'
import { parseSourceState, reparseSource } from '../../../src/formats/index.js'
import { random } from '../netscape/edits.js'
import { checkRandomEdits, expectSameCollection } from '../rereads.js'

const RUNS = Number(process.env['INCREMENTAL_RUNS'] ?? 400)
const encode = (text: string) => new TextEncoder().encode(text)
type Rand = () => number
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!

const WORDS = ['alpha', 'Beta', 'café', 'x &lt; y', 'a &amp; b', '😀 emoji', 'Ünïcode', '&#233;t&#xE9;', '']
const HEAD = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">',
  '<xbel version="1.0" xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks">',
  '  <title>Bookmarks</title>',
]

function title(rand: Rand): string {
  return Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(rand, WORDS)).join(' ')
}

function bookmark(rand: Rand, indent: string, id: number): string[] {
  const attributes = [`href="https://example.com/${id % 7 === 0 ? 'dup' : id}?q=1&amp;r=2"`]
  if (rand() < 0.8) attributes.push(`id="b${rand() < 0.01 ? 1 : id}"`)
  if (rand() < 0.6) attributes.push(`added="${rand() < 0.01 ? 'soon' : '2020-01-02T03:04:05Z'}"`)
  const lines = [`${indent}<bookmark ${attributes.join(' ')}>`, `${indent}  <title>${title(rand)}</title>`]
  if (rand() < 0.3)
    lines.push(`${indent}  <desc>${title(rand)}${rand() < 0.5 ? `\n${indent}  ${title(rand)}` : ''}</desc>`)
  if (rand() < 0.4)
    lines.push(
      `${indent}  <info><metadata owner="http://freedesktop.org"><bookmark:groups><bookmark:group>${pick(rand, ['web', 'read later', 'café'])}</bookmark:group></bookmark:groups></metadata></info>`,
    )
  lines.push(`${indent}</bookmark>`)
  return lines
}

function folder(rand: Rand, indent: string, depth: number, counter: { id: number }, out: string[]): void {
  const count = Math.floor(rand() * 6) + (depth === 0 ? 3 : 0)
  for (let i = 0; i < count; i++) {
    const roll = rand()
    if (roll < 0.2 && depth < 4) {
      out.push(`${indent}<folder id="f${counter.id++}" folded="${rand() < 0.5 ? 'yes' : 'no'}">`)
      out.push(`${indent}  <title>${title(rand)}</title>`)
      folder(rand, `${indent}  `, depth + 1, counter, out)
      out.push(`${indent}</folder>`)
    } else if (roll < 0.27) out.push(`${indent}<separator/>`)
    else if (roll < 0.29) out.push(`${indent}<alias ref="b${Math.floor(rand() * counter.id)}"/>`)
    else if (roll < 0.31) out.push(`${indent}<!-- a note -->`)
    else out.push(...bookmark(rand, indent, counter.id++))
  }
}

function generateXbel(seed: number): string {
  const rand = random(seed)
  const out = [...HEAD]
  folder(rand, '  ', 0, { id: 1 }, out)
  out.push('</xbel>', '')
  return out.join(rand() < 0.1 ? '\r\n' : '\n')
}

const SNIPPETS = [
  '<bookmark href="https://new.example/"><title>New</title></bookmark>',
  '<separator/>',
  '</folder>',
  '<folder><title>F</title>',
  '<title>T</title>',
  '<desc>d</desc>',
  '<alias ref="b2"/>',
  '&nbsp;',
  '&amp;',
  '<!--',
  '-->',
  '<![CDATA[x]]>',
  '"',
  '<',
  '\n',
  'é',
  'stray',
  ' id="b3"',
  '<bookmark href="https://separator.floccus.org/?id=1"><title>-</title></bookmark>',
]

/** Apply one random edit to `text`. */
function editXbel(text: string, rand: Rand): string {
  const lines = text.split('\n')
  const line = () =>
    rand() < 0.05
      ? Math.floor(rand() * lines.length)
      : HEAD.length + Math.floor(rand() * (lines.length - HEAD.length))
  switch (Math.floor(rand() * 12)) {
    case 0:
    case 1:
    case 2:
    case 7:
    case 8:
    case 9: {
      // Edit a title (the common case in watch mode).
      const titles = [...text.matchAll(/<title>([^<>\n]*)<\/title>/g)]
      if (titles.length === 0) return text
      const match = pick(rand, titles)
      const at = match.index + 7 + Math.floor(rand() * (match[1]!.length + 1))
      return text.slice(0, at) + pick(rand, WORDS) + text.slice(at + (rand() < 0.3 ? 1 : 0))
    }
    case 3: {
      lines.splice(line(), 0, ...bookmark(rand, '    ', 1000 + Math.floor(rand() * 10)))
      return lines.join('\n')
    }
    case 4:
      lines.splice(line(), 1 + (rand() < 0.3 ? Math.floor(rand() * 6) : 0))
      return lines.join('\n')
    case 5: {
      const [moved] = lines.splice(line(), 1)
      lines.splice(line(), 0, moved!)
      return lines.join('\n')
    }
    case 6: {
      // Break a tag: drop or double one character of markup.
      const match = pick(rand, [...text.matchAll(/<[^>]*>/g)])
      const at = match.index + Math.floor(rand() * match[0].length)
      return rand() < 0.5
        ? text.slice(0, at) + text.slice(at + 1)
        : text.slice(0, at) + text[at] + text.slice(at)
    }
    default: {
      const at = Math.floor(rand() * text.length)
      return (
        text.slice(0, at) +
        pick(rand, SNIPPETS) +
        text.slice(at + (rand() < 0.5 ? Math.floor(rand() * 30) : 0))
      )
    }
  }
}

/** A plain file of `bookmarks` bookmarks in folders of 50, titled `Bookmark N`. */
function generateLargeXbel(bookmarks: number): string {
  const out = [...HEAD]
  for (let i = 0; i < bookmarks; i++) {
    if (i % 50 === 0) out.push(`  <folder id="f${i}">`, `    <title>Folder ${i / 50}</title>`)
    out.push(
      `    <bookmark href="https://example.com/${i}" id="b${i}">`,
      `      <title>Bookmark ${i}</title>`,
    )
    out.push('    </bookmark>')
    if (i % 50 === 49 || i === bookmarks - 1) out.push('  </folder>')
  }
  out.push('</xbel>', '')
  return out.join('\n')
}

function nodesOf(root: Folder): Node[] {
  return [...walk(root)].map(({ node }) => node)
}

describe('reparseSource on XBEL', () => {
  it(
    'should give exactly what a full read gives, after any sequence of random edits',
    () => {
      const { reads } = checkRandomEdits({
        file: 'edited.xbel',
        generate: generateXbel,
        edit: editXbel,
        runs: RUNS,
        seed: Number(process.env['INCREMENTAL_SEED'] ?? 20261205),
      })
      // The partial read must actually be taken, most of the time.
      expect(reads.incremental).toBeGreaterThan((reads.incremental + reads.full) * 0.4)
    },
    Math.max(90_000, RUNS * 150),
  )

  it('should keep every node the edit did not change, copying only the folders on its path', () => {
    let text = generateLargeXbel(500)
    const state = parseSourceState(encode(text), 'big.xbel')
    text = text.replace('>Bookmark 250<', '>Bookmark 250 (edited)<')
    const next = reparseSource(state, encode(text), 'big.xbel')
    expect(next.read).toBe('incremental')
    expectSameCollection(next.collection, parseSourceState(encode(text), 'big.xbel').collection)
    const before = new Set(nodesOf(state.collection.root))
    const changed = nodesOf(next.collection.root).filter((node) => !before.has(node))
    expect(changed.map((node) => ('title' in node ? node.title : node.type))).toEqual([
      'Folder 5',
      'Bookmark 250 (edited)',
    ])
  })

  it('should move later places, keeping their nodes, when lines are added', () => {
    let text = generateLargeXbel(300)
    const state = parseSourceState(encode(text), 'big.xbel')
    text = text.replace(
      '<title>Bookmark 10</title>\n    </bookmark>',
      '<title>Bookmark 10</title>\n    </bookmark>\n    <bookmark href="https://new.example/"><title>New</title></bookmark>',
    )
    const next = reparseSource(state, encode(text), 'big.xbel')
    expect(next.read).toBe('incremental')
    expectSameCollection(next.collection, parseSourceState(encode(text), 'big.xbel').collection)
    expect(next.collection.root.children.at(-1)).toBe(state.collection.root.children.at(-1))
  })

  it('should read in full when the namespaces, an id, an alias or the folder boundary changes', () => {
    const text = generateLargeXbel(200)
    const state = parseSourceState(encode(text), 'big.xbel')
    const reasons: string[] = []
    for (const changed of [
      text.replace('xmlns:bookmark=', 'xmlns:b='),
      text.replace('id="b100"', 'id="b101"'),
      text.replace('<title>Bookmark 100</title>', '<title>Bookmark 100</title><alias ref="b1"/>'),
      text.replace('<title>Bookmark 100</title>', '<title>Bookmark 100</title><!DOCTYPE x>'),
      text.replace('    </bookmark>\n  </folder>\n  <folder id="f100">', '    </bookmark>\n'),
    ]) {
      const next = reparseSource(state, encode(changed), 'big.xbel', { onFullRead: (r) => reasons.push(r) })
      expect(next.read).toBe('full')
      expectSameCollection(next.collection, parseSourceState(encode(changed), 'big.xbel').collection)
    }
    expect(reasons).toHaveLength(5)
  })
})
