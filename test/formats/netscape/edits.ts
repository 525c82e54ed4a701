/**
 * Random Netscape bookmark files and random edits of them, for the tests of incremental re-reads
 * and of the model step in watch mode.
 */
import { expect } from 'vitest'
import type { Collection } from '../../../src/model/tree.js'

/** A small deterministic PRNG (mulberry32), so a failing seed reproduces. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rand = () => number
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!
const WORDS = [
  'alpha',
  'Beta',
  'café',
  'naïve',
  'x < y',
  'a &amp; b',
  '😀 emoji',
  'tab\there',
  'Ünïcode',
  'plain',
  '&lt;b&gt;',
  '',
]
const TAGS = ['web', 'read later', 'css', 'a,b', 'x y z', 'dev,tools', '']

/** Style choices for one generated file. */
interface Style {
  indent: string
  newline: string
  upper: boolean
  dt: boolean
  commas: boolean
  oneLine: number
}

function title(rand: Rand): string {
  const count = 1 + Math.floor(rand() * 3)
  return Array.from({ length: count }, () => pick(rand, WORDS)).join(' ')
}

function bookmarkLine(rand: Rand, style: Style, id: number): string {
  const a = style.upper ? 'A' : 'a'
  const attributes = [`HREF="https://example.com/${id % 7 === 0 ? 'dup' : id}?q=1&amp;r=2"`]
  if (rand() < 0.7)
    attributes.push(`ADD_DATE="${rand() < 0.05 ? 'soon' : 1_500_000_000 + Math.floor(rand() * 1e8)}"`)
  if (rand() < 0.5) {
    const tags = pick(rand, TAGS)
    attributes.push(`TAGS="${style.commas ? tags : tags.replace(/,/g, ' ')}"`)
  }
  if (rand() < 0.1) attributes.push('PRIVATE="1"')
  if (rand() < 0.1) attributes.push('ICON="data:image/png;base64,AAAA"')
  if (rand() < 0.05) attributes.push("DATA-X='odd'")
  const open = style.dt ? (style.upper ? '<DT>' : '<dt>') : ''
  let line = `${open}<${a} ${attributes.join(' ')}>${title(rand)}</${a}>`
  if (rand() < 0.3) {
    const dd = style.upper ? '<DD>' : '<dd>'
    line +=
      rand() < 0.5
        ? `${style.newline}${style.indent}${dd}${title(rand)}`
        : `${dd}${title(rand)}${style.newline}${style.indent}  continued`
  }
  return line
}

function folderLines(rand: Rand, style: Style, depth: number, counter: { id: number }, out: string[]): void {
  const pad = style.indent.repeat(depth)
  const count = Math.floor(rand() * (depth === 1 ? 24 : 8))
  let line = ''
  const flush = (): void => {
    if (line !== '') out.push(line)
    line = ''
  }
  for (let i = 0; i < count; i++) {
    const roll = rand()
    if (roll < 0.2 && depth < 4) {
      flush()
      const h3 = style.upper ? 'H3' : 'h3'
      const dt = style.dt ? (style.upper ? '<DT>' : '<dt>') : ''
      out.push(
        `${pad}${dt}<${h3} ADD_DATE="1600000000"${rand() < 0.2 ? ' FOLDED' : ''}>${title(rand)}</${h3}>`,
      )
      if (rand() < 0.2) out.push(`${pad}<DD>${title(rand)}`)
      out.push(`${pad}${style.upper ? '<DL><p>' : '<dl><p>'}`)
      folderLines(rand, style, depth + 1, counter, out)
      out.push(`${pad}${style.upper ? '</DL><p>' : '</dl><p>'}`)
    } else if (roll < 0.25) {
      flush()
      out.push(`${pad}<HR>`)
    } else {
      const item = bookmarkLine(rand, style, counter.id++)
      // Now and then several items share a line.
      if (line !== '' && rand() < style.oneLine) line += ` ${item}`
      else {
        if (line !== '') out.push(line)
        line = `${pad}${item}`
      }
    }
  }
  if (line !== '') out.push(line)
}

/** The lines every generated file starts with, up to the root list's `<DL><p>`. */
const HEAD = [
  '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
  '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
  '<TITLE>Bookmarks</TITLE>',
  '<H1>Bookmarks</H1>',
  '<DL><p>',
]

export function generateNetscape(seed: number): string {
  const rand = random(seed)
  const style: Style = {
    indent: pick(rand, ['    ', '  ', '\t', '']),
    newline: rand() < 0.15 ? '\r\n' : '\n',
    upper: rand() < 0.8,
    dt: rand() < 0.75,
    commas: rand() < 0.6,
    oneLine: rand() < 0.2 ? 0.5 : 0,
  }
  const out = [...HEAD]
  folderLines(rand, style, 1, { id: 0 }, out)
  out.push('</DL><p>')
  return out.join(style.newline) + style.newline
}

const SNIPPETS = [
  '<DT>',
  '<DL><p>',
  '</DL><p>',
  '</DL>',
  '<DT><A HREF="https://new.example/">New</A>\n',
  '<DT><H3>Folder</H3>\n<DL><p>\n',
  '<A HREF="x">',
  '</A>',
  '<DD>note',
  '<HR>',
  '<!-- ',
  ' -->',
  ' TAGS="p,q"',
  ' TAGS="p q"',
  ' ADD_DATE="0"',
  ' ALIASID="7"',
  '<script>',
  '</script>',
  '<TITLE>t</TITLE>',
  '<',
  '>',
  '"',
  '\n',
  'é',
  '😀',
  '&amp;',
  '\uFFFF',
  ' charset=latin1',
]

/** Apply one random edit to `text`. */
export function editNetscape(text: string, rand: Rand): string {
  const lines = text.split('\n')
  // Mostly lines of the list; now and then the head (title, charset, doctype).
  const line = () =>
    rand() < 0.05
      ? Math.floor(rand() * lines.length)
      : HEAD.length + Math.floor(rand() * (lines.length - HEAD.length))
  switch (Math.floor(rand() * 10)) {
    case 8: {
      // Rename a tag (an entry becomes a folder heading, a separator, a description…).
      const names = [...text.matchAll(/<\/?(A|a|H3|h3|HR|DT|DD|DL|dt)(?=[\s>])/g)]
      if (names.length === 0) return text
      const match = pick(rand, names)
      const at = match.index + match[0].length - match[1]!.length
      return (
        text.slice(0, at) +
        pick(rand, ['A', 'H3', 'HR', 'DT', 'DD', 'DL', 'B']) +
        text.slice(at + match[1]!.length)
      )
    }
    case 0:
    case 1: {
      // Edit a title (the common case in watch mode).
      const titles = [...text.matchAll(/>([^<>\n]*)<\/(A|a|H3|h3)>/g)]
      if (titles.length === 0) return text + '\n'
      const match = pick(rand, titles)
      const at = match.index + 1 + Math.floor(rand() * (match[1]!.length + 1))
      const cut = rand() < 0.3 ? Math.floor(rand() * 3) : 0
      return text.slice(0, at) + (rand() < 0.8 ? pick(rand, WORDS) : '') + text.slice(at + cut)
    }
    case 2: {
      // Insert a line.
      const at = line()
      lines.splice(
        at,
        0,
        pick(rand, [
          '    <DT><A HREF="https://inserted.example/">Inserted</A>',
          '<HR>',
          '    <DD>described',
          '<DT><H3>New folder</H3>\n<DL><p>\n<DT><A HREF="https://in.example/">In</A>\n</DL><p>',
          '',
        ]),
      )
      return lines.join('\n')
    }
    case 3: {
      // Delete one line or a few (possibly across folders).
      const at = line()
      lines.splice(at, 1 + (rand() < 0.3 ? Math.floor(rand() * 6) : 0))
      return lines.join('\n')
    }
    case 4: {
      // Move a line elsewhere.
      const [moved] = lines.splice(line(), 1)
      lines.splice(line(), 0, moved!)
      return lines.join('\n')
    }
    case 5: {
      // Break a tag: drop or double one character of markup.
      const tags = [...text.matchAll(/<[^>]*>/g)]
      const match = pick(rand, tags)
      const at = match.index + Math.floor(rand() * match[0].length)
      return rand() < 0.5
        ? text.slice(0, at) + text.slice(at + 1)
        : text.slice(0, at) + text[at] + text.slice(at)
    }
    case 6: {
      // Swap two adjacent lines.
      const at = line()
      if (at + 1 >= lines.length) return text
      ;[lines[at], lines[at + 1]] = [lines[at + 1]!, lines[at]!]
      return lines.join('\n')
    }
    default: {
      // Splice random markup in anywhere (also over folder boundaries).
      const at = Math.floor(rand() * text.length)
      const cut = rand() < 0.5 ? Math.floor(rand() * 40) : 0
      return text.slice(0, at) + pick(rand, SNIPPETS) + text.slice(at + cut)
    }
  }
}

/** A plain export: `bookmarks` bookmarks in folders of 50, titled `Bookmark N`. */
export function generateLargeNetscape(bookmarks: number): string {
  const out = [...HEAD]
  for (let i = 0; i < bookmarks; i++) {
    if (i % 50 === 0) out.push(`    <DT><H3 ADD_DATE="1600000000">Folder ${i / 50}</H3>`, '    <DL><p>')
    out.push(
      `        <DT><A HREF="https://example.com/${i}" ADD_DATE="${1_600_000_000 + i}" TAGS="t${i}">Bookmark ${i}</A>`,
    )
    if (i % 50 === 49 || i === bookmarks - 1) out.push('    </DL><p>')
  }
  out.push('</DL><p>')
  return out.join('\n') + '\n'
}

/** The same collection, with the same fields in the same order everywhere (exports and
 * `inspect --json` keep that order). */
export function expectSameCollection(actual: Collection, expected: Collection): void {
  expect(actual).toEqual(expected)
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected))
}
