// bench/floor-child.mjs: the floor bookgen is measured against, for one source file:
// a bare streaming parse (htmlparser2 callbacks, collecting title/URL/tags/folder as a real
// importer must), pages rendered as cached strings (each entry once, reused on folder and tag
// pages), a lean MiniSearch index (title + tags), and a bare write of FILES files totalling BYTES
// bytes in pretty-URL folders. Prints JSON with the time of each part.
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { Parser } from 'htmlparser2'
import MiniSearch from 'minisearch'

const [file, filesArg, bytesArg, outDir] = process.argv.slice(2)
const xml = file.endsWith('.xbel')

// ---- parse ----
let t = performance.now()
const text = readFileSync(file, 'utf8')
const folders = [{ title: '', items: [] }]
const stack = [folders[0]]
const tags = new Map()
let current = null
let capture = ''
let buffer = ''
const parser = new Parser(
  {
    onopentag(name, attributes) {
      if (name === (xml ? 'folder' : 'h3')) {
        const folder = { title: '', items: [] }
        folders.push(folder)
        if (xml) stack.push(folder)
        else current = folder
        capture = 'folder'
        buffer = ''
      } else if (!xml && name === 'dl' && current) {
        stack.push(current)
        current = null
      } else if (name === (xml ? 'bookmark' : 'a')) {
        const bookmark = {
          title: '',
          url: attributes.href ?? attributes.HREF ?? '',
          tags: (attributes.tags ?? '').split(',').filter(Boolean),
        }
        stack.at(-1).items.push(bookmark)
        current = bookmark
        capture = 'bookmark'
        buffer = ''
      } else if (xml && name === 'title') buffer = ''
      else if (xml && name === 'bookmark:group') buffer = ''
    },
    ontext(value) {
      buffer += value
    },
    onclosetag(name) {
      if (xml) {
        if (name === 'title' && current) current.title = buffer.trim()
        else if (name === 'title' && capture === 'folder') stack.at(-1).title = buffer.trim()
        else if (name === 'bookmark:group' && current) current.tags.push(buffer.trim())
        else if (name === 'folder') stack.pop()
        else if (name === 'bookmark') current = null
      } else if (name === 'a' && current) current.title = buffer.trim()
      else if (name === 'h3' && current) current.title = buffer.trim()
      else if (name === 'dl' && stack.length > 1) stack.pop()
    },
  },
  { xmlMode: xml, decodeEntities: true },
)
parser.end(text)
const bookmarks = folders.flatMap((folder) => folder.items)
for (const bookmark of bookmarks)
  for (const tag of bookmark.tags) (tags.get(tag) ?? tags.set(tag, []).get(tag)).push(bookmark)
const parseMs = performance.now() - t

// ---- render: cached strings ----
t = performance.now()
const escape = (value) =>
  /[&<>"]/.test(value)
    ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : value
const entry = (b) =>
  (b.html ??= `<li class="xfolkentry"><a class="taggedlink" href="${escape(b.url)}">${escape(b.title || b.url)}</a>${b.tags.map((tag) => `<a rel="tag" href="/tags/${encodeURIComponent(tag)}/">${escape(tag)}</a>`).join('')}</li>`)
const pageOf = (title, items) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><ul>${items.map(entry).join('')}</ul></main></body></html>`
let rendered = 0
for (const folder of folders) rendered += pageOf(folder.title, folder.items).length
for (const [tag, items] of tags) rendered += pageOf(tag, items).length
const renderMs = performance.now() - t

// ---- lean search index ----
t = performance.now()
const index = new MiniSearch({ fields: ['title', 'tags'], storeFields: [] })
index.addAll(bookmarks.map((b, id) => ({ id, title: b.title, tags: b.tags.join(' ') })))
const indexJson = JSON.stringify(index)
const searchMs = performance.now() - t

// ---- write ----
const files = Number(filesArg)
const bytes = Number(bytesArg)
rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
t = performance.now()
const size = Math.max(1, Math.floor(bytes / files))
const body = Buffer.alloc(size, 'x')
let next = 0
const worker = async () => {
  while (next < files) {
    const i = next++
    const dir = `${outDir}/${i % 100}/${i}`
    await mkdir(dir, { recursive: true })
    await writeFile(`${dir}/index.html`, body)
  }
}
await Promise.all(Array.from({ length: 32 }, worker))
const writeMs = performance.now() - t
rmSync(outDir, { recursive: true, force: true })

console.log(
  JSON.stringify({
    bookmarks: bookmarks.length,
    parseMs,
    renderMs,
    searchMs,
    writeMs,
    rendered,
    indexBytes: indexJson.length,
  }),
)
