// bench/save-burst.mjs: save a bookmark file many times in a row, the ways editors and sync tools
// do, from a process of its own (as an editor is): SAVES saves, alternating an editor's save (a
// temporary file renamed over the source) and an in-place write, 0–3 ms apart, each changing the
// title of one of a few bookmarks spread over the file, some also giving it a tag. The same SEED
// gives the same saves. Used by bench/dev-saves.mjs and test/dev/saves.process.test.ts.
//
//   node bench/save-burst.mjs SOURCE [SAVES=50] [SEED=1]
import { readFileSync, renameSync, writeFileSync } from 'node:fs'

const [source, savesArg = '50', seedArg = '1'] = process.argv.slice(2)
if (source === undefined) {
  console.error('usage: node bench/save-burst.mjs SOURCE [SAVES] [SEED]')
  process.exit(2)
}
let text = readFileSync(source, 'utf8')
const titles = [...text.matchAll(/<DT><A [^>]*>([^<]{3,})<\/A>/g)].map((match) => match[1])
// Bookmarks spread over the file, so that the saves change different pages.
const picked = Array.from({ length: 6 }, (_, i) => titles[Math.floor(((i + 0.5) * titles.length) / 6)])
const current = [...picked]
let state = Number(seedArg) * 7919
const next = (n) => {
  state = (state * 48271) % 2147483647
  return state % n
}
for (let i = 0; i < Number(savesArg); i++) {
  const k = next(picked.length)
  // Mostly the same length as the title before (a save that keeps the size), sometimes longer.
  const title =
    next(4) === 0 ? `${picked[k]} longer edit ${i}` : `${picked[k]} e${String(i).padStart(2, '0')}`
  const end = text.indexOf(`>${current[k]}</A>`)
  const start = text.lastIndexOf('<DT><A ', end)
  let anchor = `${text.slice(start, end)}>${title}</A>`
  if (next(5) === 0) anchor = anchor.replace('<DT><A ', `<DT><A TAGS="saved-${i % 3}" `)
  text = text.slice(0, start) + anchor + text.slice(end + `>${current[k]}</A>`.length)
  current[k] = title
  if (i % 2 === 0) {
    writeFileSync(`${source}.swp`, text)
    renameSync(`${source}.swp`, source)
  } else writeFileSync(source, text)
  const pause = next(4)
  if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause))
}
