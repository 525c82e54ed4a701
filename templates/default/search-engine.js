// search-engine.js: loads bookgen's split search index and answers queries. Shared by the search
// page (assets/search.js) and by the tests and benchmark in Node, so what is measured is what runs.
// Plain ES module without DOM: MiniSearch and a JSON fetcher are passed in.
//
// The index is written at build time as `assets/search/index.json` and a directory beside it:
//   index.json       meta: the directory's id, document count, average and per-document field
//                    lengths, the first term of every term shard, the number of result chunks
//   <id>/t<N>.json   term shard N: a contiguous slice of the sorted term list with its postings
//   <id>/d<N>.json   result chunk N: title, link, folder and tags of documents N*chunk … N*chunk+chunk-1
// A query downloads the meta, the shards its words can be found in, and the chunks of the results it
// shows. Only a query with no hit is retried with typo tolerance, first in the shards of the same
// first letters, then, if still nothing, in every shard.
//
// Terms live in MiniSearch's SearchableMap (a radix tree with prefix and edit-distance lookup), their
// postings stay in the compact form they were downloaded in, and scoring is MiniSearch's (BM25+ per
// field, field boosts, prefix and typo weights, every word must match), computed over typed arrays:
// a word found in 20,000 bookmarks costs a few milliseconds, with no object per hit.
import { FIELDS, INDEX_VERSION, SEARCH_OPTIONS, processTerm, readResult, tokenize } from './search-terms.js'

/**
 * @typedef {{ title: string, href: string, folder: { path: string, url: string } | undefined,
 *   tags: Array<{ tag: string, url: string }> }} ResultDocument
 * @typedef {{ ids: Int32Array, scores: Float64Array, total: number, terms: string[], matched: string[], fuzzy: boolean }} SearchResult
 */

/** MiniSearch's defaults: BM25+ parameters and the weights of prefix and typo matches. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 }
const PREFIX_WEIGHT = 0.375
/**
 * Weight of a near spelling: below the lowest a completion can weigh (PREFIX_WEIGHT / 1.3), so a
 * word ranks exact > completion > near spelling (MiniSearch's own default is 0.45).
 */
const FUZZY_WEIGHT = 0.25
/**
 * Typo tolerance: edits allowed per letter (one in words of 4 to 7 letters, two from 8 on). An
 * edit is a letter added, removed, changed, or two neighbouring letters swapped (optimal string
 * alignment, a restricted Damerau–Levenshtein distance): `pyhton` is one slip from `python`.
 */
const FUZZY = 0.2
/** Results ranked and returned, at most (the count covers them all). */
export const RESULT_LIMIT = 200
/** Matched words reported for highlighting, at most. */
const MATCHED_LIMIT = 64

/**
 * @param {{ SearchableMap: any, fetchJson: (url: string) => Promise<any>, indexUrl: string }} options
 *   `SearchableMap`: the class from `minisearch/SearchableMap`; `indexUrl`: URL of `index.json`.
 */
export function createSearchEngine({ SearchableMap, fetchJson, indexUrl }) {
  const directory = indexUrl.slice(0, indexUrl.lastIndexOf('/') + 1)
  let base = directory
  /** @type {Promise<any> | undefined} */
  let metaPromise
  /** @type {Map<number, Promise<void>>} */
  const shards = new Map()
  /** @type {Map<number, Promise<any>>} */
  const chunks = new Map()
  /** @type {any} term → postings as downloaded */
  const terms = new SearchableMap()
  /** @type {Scorer} */
  let scorer

  const meta = () =>
    (metaPromise ??= fetchJson(indexUrl).then((data) => {
      if (data?.version !== INDEX_VERSION) throw new Error('the index was built by another bookgen version')
      base = `${directory}${data.id}/`
      scorer = new Scorer(data)
      return data
    }))
  // A failed download may be retried by the next query.
  const retry = () => {
    metaPromise = undefined
  }

  /** @param {number} index */
  const loadShard = (index) => {
    let loading = shards.get(index)
    if (loading === undefined) {
      loading = fetchJson(`${base}t${index}.json`).then((/** @type {any} */ shard) => {
        const list = shard.terms
        for (let position = 0; position < list.length; position++)
          terms.set(list[position], shard.postings[position])
      })
      shards.set(index, loading)
      loading.catch(() => shards.delete(index))
    }
    return loading
  }

  /**
   * Shards holding `term` (and, for a prefix, every term that starts with it).
   * @param {string[]} starts first terms of the shards
   * @param {string} term
   * @param {boolean} prefix
   */
  const shardsFor = (starts, term, prefix) => {
    const first = Math.max(0, upperBound(starts, term) - 1)
    let last = first
    if (prefix) while (last + 1 < starts.length && starts[last + 1].startsWith(term)) last++
    const wanted = []
    for (let index = first; index <= last; index++) wanted.push(index)
    return wanted
  }

  /**
   * Every document matching all words of `query`, best first. The last word also matches as a
   * prefix (it may still be being typed); when nothing matches, words of four letters or more
   * are matched with typo tolerance.
   * @param {string} query
   * @returns {Promise<SearchResult>}
   */
  async function search(query) {
    const data = await meta().catch((error) => {
      retry()
      throw error
    })
    const words = queryTerms(query)
    if (words.length === 0) return { ...scorer.empty(), terms: words, fuzzy: false }
    const starts = data.shards
    /** @param {number} index */
    const isPrefix = (index) => index === words.length - 1 && words[index].length >= 2
    await Promise.all(words.flatMap((word, index) => shardsFor(starts, word, isPrefix(index)).map(loadShard)))
    let result = scorer.search(terms, words, isPrefix, false)
    if (result.total > 0 || !words.some((word) => word.length >= 4))
      return { ...result, terms: words, fuzzy: false }
    // Nothing found: perhaps a typo. Look among words of the same first letter (or the second, for
    // swapped first letters), then everywhere.
    await Promise.all(
      words.flatMap((word) =>
        [word.slice(0, 1), word.slice(1, 2)]
          .flatMap((letter) => shardsFor(starts, letter, true))
          .map(loadShard),
      ),
    )
    result = scorer.search(terms, words, isPrefix, true)
    if (result.total === 0 && shards.size < starts.length) {
      await Promise.all(
        starts.map((/** @type {string} */ _start, /** @type {number} */ index) => loadShard(index)),
      )
      result = scorer.search(terms, words, isPrefix, true)
    }
    return { ...result, terms: words, fuzzy: true }
  }

  /**
   * What results show for the given document ids, loading only the chunks they are in.
   * @param {ArrayLike<number>} ids
   * @returns {Promise<ResultDocument[]>}
   */
  async function documents(ids) {
    const data = await meta()
    const size = data.chunk
    const list = Array.from(ids)
    const loaded = await Promise.all(
      list.map((id) => {
        const number = Math.floor(id / size)
        let loading = chunks.get(number)
        if (loading === undefined) {
          loading = fetchJson(`${base}d${number}.json`)
          chunks.set(number, loading)
          loading.catch(() => chunks.delete(number))
        }
        return loading
      }),
    )
    return list.map((id, index) => resultDocument(loaded[index], id % size))
  }

  return {
    search,
    documents,
    /** Download the meta ahead of the first query. */
    prepare: () => meta().then(() => undefined),
    /** Number of term shards downloaded so far (for tests and the benchmark). */
    get loadedShards() {
      return shards.size
    },
  }
}

/** @param {string} query */
export function queryTerms(query) {
  /** @type {string[]} */
  const words = []
  for (const token of tokenize(query)) {
    const term = processTerm(token)
    if (term) words.push(term)
  }
  return words
}

/** BM25+ scoring of encoded postings over typed arrays, reused from query to query. */
class Scorer {
  /** @param {any} data the meta */
  constructor(data) {
    const count = data.count
    this.count = count
    /** @type {Array<Uint8Array | undefined>} per field, each document's length (undefined: 1) */
    this.lengths = data.lengths.map((/** @type {number[] | 0} */ column) =>
      column === 0 ? undefined : Uint8Array.from(column),
    )
    /** @type {number[]} */
    this.average = data.average
    /** @type {number[]} */
    this.boosts = FIELDS.map((field) => SEARCH_OPTIONS.boost[field] ?? 1)
    this.total = new Float64Array(count)
    this.word = new Float64Array(count)
    this.matches = new Uint16Array(count)
    this.touched = new Int32Array(count)
    /** documents first seen for the current word */
    this.found = new Int32Array(count)
  }

  empty() {
    return { ids: new Int32Array(0), scores: new Float64Array(0), total: 0, matched: [] }
  }

  /**
   * Documents matching every word: exactly, as a prefix (for words where `isPrefix` says so),
   * or within the typo distance when `fuzzy`.
   * @param {any} terms
   * @param {string[]} words
   * @param {(index: number) => boolean} isPrefix
   * @param {boolean} fuzzy
   */
  search(terms, words, isPrefix, fuzzy) {
    const { total, word: wordScore, matches, touched } = this
    /** @type {Set<string>} */
    const matched = new Set()
    let candidates = 0
    for (let index = 0; index < words.length; index++) {
      const word = words[index]
      let found = 0
      /** @param {number[]} postings @param {number} weight */
      const add = (postings, weight) => {
        found = this.scorePostings(postings, weight, index, found)
      }
      /** @type {Map<string, [number[], number]> | undefined} */
      let near
      if (fuzzy && word.length >= 4) near = nearTerms(terms, word, Math.round(word.length * FUZZY))
      const exact = terms.get(word)
      if (exact !== undefined) {
        add(exact, 1)
        if (matched.size < MATCHED_LIMIT) matched.add(word)
      }
      if (isPrefix(index)) {
        for (const [term, postings] of terms.atPrefix(word)) {
          const distance = term.length - word.length
          if (distance === 0) continue
          near?.delete(term)
          add(postings, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance))
          if (matched.size < MATCHED_LIMIT) matched.add(term)
        }
      }
      if (near !== undefined) {
        for (const [term, [postings, distance]] of near) {
          if (distance === 0) continue
          add(postings, (FUZZY_WEIGHT * term.length) / (term.length + distance))
          if (matched.size < MATCHED_LIMIT) matched.add(term)
        }
      }
      // Every word must match: keep the documents that matched all words so far.
      if (index === 0) {
        candidates = found
        for (let k = 0; k < found; k++) {
          const id = this.found[k]
          touched[k] = id
          total[id] = wordScore[id]
          matches[id] = 1
          wordScore[id] = 0
        }
      } else {
        for (let k = 0; k < found; k++) {
          const id = this.found[k]
          if (matches[id] === index) {
            total[id] += wordScore[id]
            matches[id] = index + 1
          }
          wordScore[id] = 0
        }
      }
    }
    const need = words.length
    let hits = 0
    for (let k = 0; k < candidates; k++) {
      const id = touched[k]
      if (matches[id] === need) touched[hits++] = id
      else matches[id] = 0
    }
    // The best RESULT_LIMIT by a bounded min-heap (the weakest kept on top): no sort of every hit.
    const limit = Math.min(RESULT_LIMIT, hits)
    const heap = new Int32Array(limit)
    const heapScore = new Float64Array(limit)
    let size = 0
    for (let k = 0; k < hits; k++) {
      const id = touched[k]
      // MiniSearch multiplies by the number of words matched: all of them here.
      const score = total[id] * need
      total[id] = 0
      matches[id] = 0
      if (size < limit) {
        let at = size++
        while (at > 0) {
          const parent = (at - 1) >> 1
          if (!worse(score, id, heapScore[parent], heap[parent])) break
          heap[at] = heap[parent]
          heapScore[at] = heapScore[parent]
          at = parent
        }
        heap[at] = id
        heapScore[at] = score
      } else if (worse(heapScore[0], heap[0], score, id)) {
        let at = 0
        for (;;) {
          const left = 2 * at + 1
          if (left >= size) break
          const right = left + 1
          const child =
            right < size && worse(heapScore[right], heap[right], heapScore[left], heap[left]) ? right : left
          if (!worse(heapScore[child], heap[child], score, id)) break
          heap[at] = heap[child]
          heapScore[at] = heapScore[child]
          at = child
        }
        heap[at] = id
        heapScore[at] = score
      }
    }
    const order = Array.from({ length: size }, (_, k) => k).sort(
      (a, b) => heapScore[b] - heapScore[a] || heap[a] - heap[b],
    )
    const sortedIds = new Int32Array(size)
    const sortedScores = new Float64Array(size)
    for (let k = 0; k < size; k++) {
      sortedIds[k] = heap[order[k]]
      sortedScores[k] = heapScore[order[k]]
    }
    return { ids: sortedIds, scores: sortedScores, total: hits, matched: [...matched] }
  }

  /**
   * Add one term's weighted BM25+ scores to `word` (scores of the current query word), recording
   * in `found` the documents seen for the first time for this word.
   * Postings: `[fieldId, n, gap, (-frequency), gap, …]` per field, ids as gaps from -1.
   * @param {number[]} postings
   * @param {number} weight
   * @param {number} wordIndex
   * @param {number} found how many documents `found` holds so far
   */
  scorePostings(postings, weight, wordIndex, found) {
    const { word, matches, count } = this
    const list = this.found
    const { k, b, d } = BM25
    let at = 0
    while (at < postings.length) {
      const field = postings[at++]
      const n = postings[at++]
      const lengths = this.lengths[field]
      const average = this.average[field]
      const factor = weight * this.boosts[field]
      const idf = Math.log(1 + (count - n + 0.5) / (n + 0.5))
      let id = -1
      for (let j = 0; j < n; j++) {
        id += postings[at++]
        let frequency = 1
        if (at < postings.length && postings[at] < 0) frequency = -postings[at++]
        // Only documents that matched every earlier word can still be hits.
        if (matches[id] !== wordIndex) continue
        const length = lengths === undefined ? 1 : lengths[id]
        const score =
          factor * idf * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)))
        if (word[id] === 0) list[found++] = id
        word[id] += score
      }
    }
    return found
  }
}

/**
 * Terms within `maxDistance` edits of `word`, by optimal string alignment: Levenshtein's edits
 * (MiniSearch's `fuzzyGet` on its radix tree), plus a swap of two neighbouring letters counting
 * as one. A term reached with one swap is one found within `maxDistance - 1` edits of `word` with
 * that swap made, so the swapped spellings are looked up too (a word of n letters has n - 1).
 * @param {any} terms the SearchableMap
 * @param {string} word
 * @param {number} maxDistance
 * @returns {Map<string, [number[], number]>} term → [postings, distance]
 */
export function nearTerms(terms, word, maxDistance) {
  /** @type {Map<string, [number[], number]>} */
  const near = new Map()
  /** @param {string} term @param {number[]} postings @param {number} distance */
  const keep = (term, postings, distance) => {
    const known = near.get(term)
    if (known === undefined || known[1] > distance) near.set(term, [postings, distance])
  }
  for (const [term, [postings, distance]] of terms.fuzzyGet(word, maxDistance)) keep(term, postings, distance)
  for (let at = 0; at + 1 < word.length; at++) {
    if (word[at] === word[at + 1]) continue
    const swapped = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    if (maxDistance === 1) {
      const postings = terms.get(swapped)
      if (postings !== undefined) keep(swapped, postings, 1)
    } else {
      for (const [term, [postings, distance]] of terms.fuzzyGet(swapped, maxDistance - 1))
        keep(term, postings, distance + 1)
    }
  }
  return near
}

/**
 * Whether a result ranks below another: a lower score, or the same score and a later document.
 * @param {number} score
 * @param {number} id
 * @param {number} otherScore
 * @param {number} otherId
 */
function worse(score, id, otherScore, otherId) {
  return score < otherScore || (score === otherScore && id > otherId)
}

/**
 * @param {any} chunk
 * @param {number} offset
 * @returns {ResultDocument}
 */
function resultDocument(chunk, offset) {
  const { title, href, folder, tags } = readResult(chunk.docs[offset])
  const folderEntry = chunk.folders[folder]
  return {
    title,
    href,
    folder: folderEntry === undefined ? undefined : { path: folderEntry[0], url: folderEntry[1] },
    tags: tags.map((/** @type {number} */ tag) => ({ tag: chunk.tags[tag][0], url: chunk.tags[tag][1] })),
  }
}

/**
 * Index of the first element greater than `value` in a sorted array.
 * @param {string[]} sorted
 * @param {string} value
 */
function upperBound(sorted, value) {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle] <= value) low = middle + 1
    else high = middle
  }
  return low
}
