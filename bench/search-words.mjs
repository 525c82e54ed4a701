// What both search benchmarks (bench/search-child.mjs in Node, bench/search-browser.mjs in
// Chromium) query, so that their figures are of the same words.
import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The search index of the site in `out`: its meta and its directory, and up to 120 query words,
 * title words (5 letters or more) of real documents taken from the result chunks by a seeded
 * choice. `random` goes on with the same seeded sequence, for choices made after the words.
 */
export function queryWords(out) {
  const meta = JSON.parse(readFileSync(path.join(out, 'assets/search/index.json'), 'utf8'))
  const directory = path.join(out, 'assets/search', meta.id)
  let seed = 42
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000
  const words = []
  for (let attempt = 0; attempt < 400 && words.length < 120; attempt++) {
    const chunkNumber = Math.floor(random() * meta.chunks)
    const chunk = JSON.parse(readFileSync(path.join(directory, `d${chunkNumber}.json`), 'utf8'))
    const doc = chunk.docs[Math.floor(random() * chunk.docs.length)]
    const candidates = doc[0].split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 5)
    if (candidates.length > 0)
      words.push({ word: candidates[Math.floor(random() * candidates.length)], title: doc[0] })
  }
  return { meta, directory, words, random }
}

/**
 * A word of six letters or more found in exactly `count` titles of the site in `out`, and one of
 * those titles (from the result chunks): what a first search of a rare word looks for.
 */
export function rareTitleWord(out, count = 1) {
  const meta = JSON.parse(readFileSync(path.join(out, 'assets/search/index.json'), 'utf8'))
  const directory = path.join(out, 'assets/search', meta.id)
  const seen = new Map()
  for (let number = 0; number < meta.chunks; number++) {
    const chunk = JSON.parse(readFileSync(path.join(directory, `d${number}.json`), 'utf8'))
    for (const [title] of chunk.docs) {
      for (const token of new Set(title.toLowerCase().split(/[^a-z]+/))) {
        if (token.length < 6) continue
        const titles = seen.get(token) ?? []
        titles.push(title)
        seen.set(token, titles)
      }
    }
  }
  const found = [...seen].filter(([, titles]) => titles.length === count).sort(([a], [b]) => (a < b ? -1 : 1))
  if (found.length === 0) throw new Error(`no word of the site is in exactly ${count} titles`)
  const [word, [title]] = found[Math.floor(found.length / 2)]
  return { word, title }
}

/** The `p`th percentile of `values` (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
