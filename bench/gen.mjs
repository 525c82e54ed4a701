// bench/gen.mjs: bookgen's own seeded generator of large bookmark collections, for benchmarks.
//
//   node bench/gen.mjs --format netscape|xbel --bookmarks N [--seed S] [--shape tree|flat|deep] --out FILE
//
// The same (format, bookmarks, seed, shape) always gives byte-identical output; for the same
// seed, bookmarks and shape, the Netscape and XBEL files describe the same collection. Shapes:
// - tree (default): folders about 6 levels deep, about 20 bookmarks per folder with skewed
//   sizes (some large, many small, some empty), a toolbar folder;
// - flat: every bookmark in one folder;
// - deep: a chain of about 200 nested folders with the bookmarks spread along it.
// Content: mixed-language titles (accents, CJK, emoji, & < > " '; a quarter of the words rare
// pseudo-words, the long tail that dominates a real index), http(s) URLs with paths and
// queries (about 2% repeated), about 1% bookmarklets, dates 2008–2025, tags on about 40% from a
// vocabulary of about 200, descriptions on about 30% (some two lines), separators, favicons on
// about 1% (Netscape ICON). Prints a one-line JSON summary. No dependencies.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values: opt } = parseArgs({
  options: {
    format: { type: 'string', default: 'netscape' },
    bookmarks: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    shape: { type: 'string', default: 'tree' },
    out: { type: 'string' },
  },
})
const total = Number(opt.bookmarks)
if (
  !['netscape', 'xbel'].includes(opt.format) ||
  !['tree', 'flat', 'deep'].includes(opt.shape) ||
  !Number.isInteger(total) ||
  total < 0 ||
  !opt.out
) {
  console.error(
    'usage: node bench/gen.mjs --format netscape|xbel --bookmarks N [--seed S] [--shape tree|flat|deep] --out FILE',
  )
  process.exit(2)
}

// ---- deterministic randomness: sfc32, seeded by hashing the seed string ----
let [a, b, c, d] = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x01234567]
for (const char of `${opt.seed}:${opt.shape}`) {
  const code = char.charCodeAt(0)
  a = Math.imul(a ^ code, 0x85ebca6b) >>> 0
  b = Math.imul(b ^ code, 0xc2b2ae35) >>> 0
  c = Math.imul(c ^ code, 0x27d4eb2f) >>> 0
  d = Math.imul(d ^ code, 0x165667b1) >>> 0
}
function random() {
  a >>>= 0
  b >>>= 0
  c >>>= 0
  d >>>= 0
  const t = (((a + b) >>> 0) + d) >>> 0
  d = (d + 1) >>> 0
  a = b ^ (b >>> 9)
  b = (c + (c << 3)) >>> 0
  c = ((c << 21) | (c >>> 11)) >>> 0
  c = (c + t) >>> 0
  return t / 4294967296
}
for (let i = 0; i < 16; i++) random() // mix the seed in

const between = (low, high) => low + Math.floor(random() * (high - low + 1))
const oneOf = (list) => list[Math.floor(random() * list.length)]
/** Lower indexes more often (Zipf-like), so some words and tags dominate as in real data. */
const popular = (list) => list[Math.floor(list.length * random() ** 2.5)]

// ---- vocabulary ----
const words = (
  'guide notes how why intro deep dive reference manual tutorial handbook cheatsheet overview ' +
  'typescript javascript python rust go kotlin swift haskell elixir sql postgres sqlite redis ' +
  'css grid flexbox layout html accessibility performance caching search index compiler parser ' +
  'linux kernel network security privacy crypto design typography color photography travel ' +
  'recipe bread coffee pasta garden hiking climbing cycling music jazz piano guitar podcast ' +
  'science physics biology history philosophy economics maps weather chess books reading review'
).split(' ')
const syllables =
  'ka lo mi nu ber tor sen vi da qua rex lin zo pha mon tel gri sul fen ox ar be ci do eu fa gu hi'.split(' ')
/** A pseudo-word: names, jargon and the other rare words that make up most of a real index. */
function rareWord() {
  let word = ''
  const count = between(2, 4)
  for (let i = 0; i < count; i++) word += oneOf(syllables)
  return word
}
/** Common words most of the time, a rare one about a quarter of the time. */
const word = () => (random() < 0.25 ? rareWord() : popular(words))
const names = ['Ada', 'Grace', 'Linus', 'Barbara', 'Donald', 'Margaret', 'Edsger', 'Frances', 'Ken', 'Radia']
const international = [
  'café',
  'Zürich',
  'naïve',
  'smörgåsbord',
  'São Paulo',
  'Dvořák',
  'Kraków',
  'jalapeño',
  '東京',
  'データベース',
  '北京',
  '검색',
  'Αθήνα',
  'Москва',
  'مرحبا',
]
const emoji = ['🚀', '📚', '☕', '🎵', '🧪', '🌍', '👩‍💻', '🇯🇵']
const tricky = ['Q&A', 'a < b', 'x > y', '"quoted"', "it's", 'R&D <beta>', '&amp; literally', 'Tom & Jerry']
const hosts = [
  'github.com',
  'en.wikipedia.org',
  'developer.mozilla.org',
  'stackoverflow.com',
  'www.youtube.com',
  'news.ycombinator.com',
  'arxiv.org',
  'docs.python.org',
  'www.reddit.com',
  'blog.example.org',
  'example.com',
  'xn--bcher-kva.example',
  'medium.com',
  'www.nytimes.com',
  'lwn.net',
  'go.dev',
  'doc.rust-lang.org',
  'www.bbc.co.uk',
  'archive.org',
  'localhost:8080',
]
const tagVocabulary = []
for (const base of [
  'programming',
  'web',
  'css',
  'js',
  'python',
  'rust',
  'design',
  'reading',
  'to-read',
  'music',
  'recipes',
  'travel',
  'science',
  'linux',
  'security',
  'video',
  'tools',
  'reference',
  'history',
  'c++',
  'node.js',
  'café',
  '日本語',
  'ml/ai',
  'read later',
  'work',
  'family',
  'fun',
  'howto',
  'data',
]) {
  tagVocabulary.push(base)
  for (const suffix of ['2020', 'old', 'todo', 'ref', 'best', 'misc']) tagVocabulary.push(`${base}-${suffix}`)
}

function title() {
  const count = between(2, 7)
  const parts = []
  for (let i = 0; i < count; i++) parts.push(word())
  const roll = random()
  if (roll < 0.08) parts.push(oneOf(international))
  else if (roll < 0.11) parts.push(oneOf(emoji))
  else if (roll < 0.14) parts.push(oneOf(tricky))
  else if (roll < 0.2) parts.unshift(oneOf(names))
  if (random() < 0.005) return ''
  const text = parts.join(' ')
  return text[0].toUpperCase() + text.slice(1)
}

const seenUrls = []
function url() {
  if (seenUrls.length > 50 && random() < 0.02) return oneOf(seenUrls)
  if (random() < 0.01) return `javascript:(function(){alert(${between(1, 99)})})()`
  const host = popular(hosts)
  const depth = between(0, 4)
  let path = ''
  for (let i = 0; i < depth; i++) path += `/${word()}${random() < 0.3 ? `-${between(1, 9999)}` : ''}`
  let href = `${random() < 0.9 ? 'https' : 'http'}://${host}${path || '/'}`
  if (random() < 0.2) href += `?q=${popular(words)}&page=${between(1, 20)}`
  if (random() < 0.05) href += `#${popular(words)}`
  seenUrls.push(href)
  if (seenUrls.length > 5000) seenUrls.shift()
  return href
}

function description() {
  const count = between(4, 24)
  const parts = []
  for (let i = 0; i < count; i++) parts.push(random() < 0.9 ? word() : oneOf(names))
  if (random() < 0.2) parts.splice(Math.floor(parts.length / 2), 0, '\n')
  return parts.join(' ').replace(/ \n /g, '\n')
}

const epoch2008 = Date.UTC(2008, 0, 1) / 1000
const span = Date.UTC(2025, 11, 31) / 1000 - epoch2008
const icon =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAFklEQVR42mNkYPhfz0AEYBxVSF+FAP5FDvcfRYWgAAAAAElFTkSuQmCC'

function bookmark() {
  const added = epoch2008 + Math.floor(random() * span)
  const item = {
    type: 'bookmark',
    title: title(),
    href: url(),
    added,
    tags: [],
    description: undefined,
    icon: undefined,
  }
  if (random() < 0.5) item.modified = Math.min(added + between(0, 86400 * 400), epoch2008 + span)
  if (random() < 0.4) {
    const count = between(1, 4)
    const tags = new Set()
    for (let i = 0; i < count; i++) tags.add(popular(tagVocabulary))
    item.tags = [...tags]
  }
  if (random() < 0.3) item.description = description()
  if (random() < 0.01) item.icon = icon
  return item
}

function folder(name) {
  return { type: 'folder', title: name, added: epoch2008 + Math.floor(random() * span), children: [] }
}

// ---- the tree ----
const root = folder('Bookmarks Menu')
let made = 0
let folders
let separators = 0
let maxDepth = 0
const addBookmark = (target) => {
  target.children.push(bookmark())
  made++
  if (random() < 0.015) {
    target.children.push({ type: 'separator' })
    separators++
  }
}
if (opt.shape === 'flat') {
  const all = folder('All bookmarks')
  root.children.push(all)
  folders = 1
  maxDepth = 1
  while (made < total) addBookmark(all)
} else if (opt.shape === 'deep') {
  let at = root
  const chain = []
  for (let depth = 1; depth <= 200; depth++) {
    const next = folder(`Level ${depth} ${popular(words)}`)
    at.children.push(next)
    chain.push(next)
    at = next
  }
  folders = chain.length
  maxDepth = chain.length
  while (made < total) addBookmark(chain[Math.floor(random() * chain.length)])
} else {
  const toolbar = folder('Bookmarks Toolbar')
  toolbar.toolbar = true
  root.children.push(toolbar)
  const all = [
    { node: root, depth: 0 },
    { node: toolbar, depth: 1 },
  ]
  folders = 1
  const folderTarget = Math.max(1, Math.round(total / 20))
  while (folders < folderTarget) {
    const parent = all[Math.floor(random() * all.length)]
    if (parent.depth >= 6) continue
    const child = folder(title() || 'Untitled')
    parent.node.children.push(child)
    all.push({ node: child, depth: parent.depth + 1 })
    maxDepth = Math.max(maxDepth, parent.depth + 1)
    folders++
  }
  // Skewed sizes: each bookmark goes to a folder picked with a popularity bias.
  const order = all.map((entry) => entry.node)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  while (made < total) addBookmark(popular(order))
}

// ---- serialization ----
const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const iso = (seconds) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')
const chunks = []
let tags = new Set()

function writeNetscape() {
  chunks.push(
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<!-- This is an automatically generated file.\n     It will be read and overwritten.\n     DO NOT EDIT! -->\n',
  )
  chunks.push(
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n',
  )
  chunks.push(`<H1>${escape(root.title)}</H1>\n\n<DL><p>\n`)
  const stack = [{ node: root, index: 0, indent: '    ' }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]
    if (top.index >= top.node.children.length) {
      stack.pop()
      chunks.push(`${stack.length > 0 ? stack[stack.length - 1].indent : ''}</DL><p>\n`)
      continue
    }
    const item = top.node.children[top.index++]
    const indent = top.indent
    if (item.type === 'separator') chunks.push(`${indent}<HR>\n`)
    else if (item.type === 'folder') {
      chunks.push(
        `${indent}<DT><H3 ADD_DATE="${item.added}" LAST_MODIFIED="${item.added}"${item.toolbar ? ' PERSONAL_TOOLBAR_FOLDER="true"' : ''}>${escape(item.title)}</H3>\n${indent}<DL><p>\n`,
      )
      stack.push({ node: item, index: 0, indent: indent.length < 32 ? `${indent}    ` : indent })
    } else {
      let attributes = `HREF="${escape(item.href)}" ADD_DATE="${item.added}"`
      if (item.modified !== undefined) attributes += ` LAST_MODIFIED="${item.modified}"`
      if (item.icon) attributes += ` ICON="${item.icon}"`
      if (item.tags.length > 0) attributes += ` TAGS="${escape(item.tags.join(','))}"`
      for (const tag of item.tags) tags.add(tag)
      chunks.push(`${indent}<DT><A ${attributes}>${escape(item.title)}</A>\n`)
      if (item.description !== undefined) chunks.push(`${indent}<DD>${escape(item.description)}\n`)
    }
  }
}

function writeXbel() {
  chunks.push('<?xml version="1.0" encoding="UTF-8"?>\n')
  chunks.push(
    '<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">\n',
  )
  chunks.push(
    `<xbel version="1.0" xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks">\n  <title>${escape(root.title)}</title>\n`,
  )
  const stack = [{ node: root, index: 0, indent: '  ' }]
  let ids = 0
  while (stack.length > 0) {
    const top = stack[stack.length - 1]
    if (top.index >= top.node.children.length) {
      stack.pop()
      if (stack.length > 0) chunks.push(`${stack[stack.length - 1].indent}</folder>\n`)
      continue
    }
    const item = top.node.children[top.index++]
    const indent = top.indent
    if (item.type === 'separator') chunks.push(`${indent}<separator/>\n`)
    else if (item.type === 'folder') {
      chunks.push(
        `${indent}<folder id="f${++ids}" added="${iso(item.added)}"${item.toolbar ? ' toolbar="yes"' : ''} folded="no">\n${indent}  <title>${escape(item.title)}</title>\n`,
      )
      stack.push({ node: item, index: 0, indent: indent.length < 32 ? `${indent}  ` : indent })
    } else {
      let attributes = `href="${escape(item.href)}" id="b${++ids}" added="${iso(item.added)}"`
      if (item.modified !== undefined) attributes += ` modified="${iso(item.modified)}"`
      chunks.push(`${indent}<bookmark ${attributes}>\n${indent}  <title>${escape(item.title)}</title>\n`)
      if (item.tags.length > 0) {
        for (const tag of item.tags) tags.add(tag)
        const groups = item.tags.map((tag) => `<bookmark:group>${escape(tag)}</bookmark:group>`).join('')
        chunks.push(
          `${indent}  <info><metadata owner="http://freedesktop.org"><bookmark:groups>${groups}</bookmark:groups></metadata></info>\n`,
        )
      }
      if (item.description !== undefined) chunks.push(`${indent}  <desc>${escape(item.description)}</desc>\n`)
      chunks.push(`${indent}</bookmark>\n`)
    }
  }
  chunks.push('</xbel>\n')
}

if (opt.format === 'xbel') writeXbel()
else writeNetscape()
const text = chunks.join('')
writeFileSync(opt.out, text)
console.log(
  JSON.stringify({
    format: opt.format,
    shape: opt.shape,
    bookmarks: made,
    folders,
    separators,
    tags: tags.size,
    maxDepth,
    bytes: Buffer.byteLength(text),
    out: opt.out,
  }),
)
