// search-engine.js: loads bookgen's split search index and answers queries in the query language
// of search-query.js. Shared by the search page (assets/search.js) and by the tests and benchmark in
// Node, so what is measured is what runs. Plain ES module without DOM: MiniSearch's SearchableMap
// and a JSON fetcher are passed in.
//
// The index is written at build time as `assets/search/index.json` and a directory beside it:
//   index.json       meta: the directory's id, document count, the first term of every term
//                    shard, the number of result chunks, the flags published
//   <id>/t<N>.json   term shard N: a contiguous slice of the sorted term list with its postings:
//                    each term's documents best first, with its score in each (see `scoreLevel`),
//                    its best HEAD_DOCS (index.ts) only; `more` lists the terms with more
//   <id>/t<N>-<P>.json the rest of the postings of term P of shard N
//   <id>/d<N>.json   result chunk N: title, link, folder and tags of documents N*chunk … N*chunk+chunk-1
//   <id>/tags.json, hosts.json (+ parts -<N>), folders.json, years.json, dates.json, flags.json:
//                    what the operators and the facets read (see src/site-files/search/filters.ts)
// A query downloads the meta, the shards its words can be found in, the filter files (and parts)
// its operators read, and the chunks of the results it shows. Only a query with no hit is retried
// with typo tolerance (a swap of neighbouring letters counts as one edit), first in the shards of
// the same first letters, then, if still nothing, in every shard.
//
// Terms live in MiniSearch's SearchableMap (a radix tree with prefix and edit-distance lookup), their
// postings stay in the compact form they were downloaded in, and scoring is MiniSearch's (BM25+ per
// field, field boosts, prefix and typo weights, every word must match): the build works out each
// term's score in each document (to within 0.14%), the browser weighs and adds them up over typed arrays:
// a word found in 20,000 bookmarks costs a few milliseconds, with no object per hit. Operators are
// masks over the documents, applied while scoring, so the best results are the best that pass.
import {
  INDEX_VERSION,
  SCORE_LEVEL_ONE,
  chunkFolder,
  chunkTag,
  decodePostings,
  levelScore,
  processTerm,
  readResult,
  splitUrl,
} from './search-terms.js'
import { foldLabel, parseQuery, queryWords } from './search-query.js'

/**
 * @typedef {{ title: string, href: string, folder: { path: string, url: string } | undefined,
 *   tags: Array<{ tag: string, url: string }>, icon?: string }} ResultDocument
 * @typedef {{ ids: Int32Array, scores: Float64Array, total: number, all: Int32Array, terms: string[],
 *   matched: string[], fuzzy: boolean, notices: Notice[], filtered: boolean, suggestion?: string,
 *   partial?: boolean, complete?: () => Promise<SearchResult> }} SearchResult
 * @typedef {{ value: string, label: string, count: number }} Facet
 * @typedef {{ tags: Facet[], folders: Facet[], hosts: Facet[], years: Facet[] }} Facets
 * @typedef {import('./search-query.js').QueryTerm} QueryTerm
 * @typedef {import('./search-query.js').Notice} Notice
 * @typedef {{
 *   clauses: string[][], prefixWord: string | undefined, negativeWords: string[],
 *   phrases: string[][], negativePhrases: string[][], filterClauses: QueryTerm[][],
 *   mixed: QueryTerm[][], excludeFilters: QueryTerm[], after: number | undefined,
 *   before: number | undefined, kinds: Set<string>, filtered: boolean,
 * }} QueryPlan
 */
/** The filter files the facets read. */
const FACET_FILES = ['tags', 'hosts', 'folders', 'years']
/** Facet values shown per kind, at most. */
export const FACET_LIMIT = 8

/** MiniSearch's defaults: the weights of prefix and typo matches. */
const PREFIX_WEIGHT = 0.375
/**
 * Weight of a near spelling: below the lowest a completion can weigh (PREFIX_WEIGHT / 1.3), so a
 * word ranks exact > completion > near spelling (MiniSearch's own default is 0.45).
 */
const FUZZY_WEIGHT = 0.25
/**
 * With typo tolerance, how a document matched each word ranks it before its score does: the sum
 * over the words of how close the closest match is (see `nearCloseness`), times this, which no sum
 * of scores reaches. So an exact word always ranks above a near spelling, whatever the fields.
 */
const CLOSENESS_SCALE = 1e6
/** How close a match of a word is: exact, a completion (a near spelling: `nearCloseness`). */
const EXACT_CLOSENESS = 3
const COMPLETION_CLOSENESS = 2
/** Weight of a filter that is one of a word clause's alternatives (`grid OR #css`). */
const FILTER_WEIGHT = 0.1
/**
 * Typo tolerance: edits allowed per letter (one in words of 4 to 7 letters, two from 8 on). An
 * edit is a letter added, removed, changed, or two neighbouring letters swapped (optimal string
 * alignment, a restricted Damerau–Levenshtein distance): `pyhton` is one slip from `python`.
 */
const FUZZY = 0.2
/** Results ranked and returned, at most (the count covers them all). */
export const RESULT_LIMIT = 200
/**
 * Completions of a prefix a search counts, at most: the commonest (a short prefix of a million
 * bookmarks' words has thousands, most in a bookmark or two).
 */
export const PREFIX_TERMS = 50

/**
 * Results a query answered from its common words' best documents must have settled (see
 * `settledRanks`): what the search page shows first.
 */
export const FIRST_RESULTS = 20
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
  /** @type {Map<number, { list: string[], counts: Int32Array }>} loaded shards' terms and document counts */
  const shardTerms = new Map()
  /** @type {string[]} first terms of the shards, once the meta is loaded */
  let shardStarts = []
  /** @type {Map<string, Array<[string, number[]]>>} `completionsOf`, until a download changes them */
  const completionCache = new Map()
  /** @type {Map<number, Promise<any>>} */
  const chunks = new Map()
  /** @type {any} term → postings as downloaded */
  const terms = new SearchableMap()
  /**
   * The terms whose postings are their best documents only: where the rest is, and how many.
   * @type {Map<string, { url: string, rest: number, loading?: Promise<void> }>}
   */
  const partial = new Map()
  /**
   * The whole postings of those, once downloaded: `terms` keeps their best documents, which a
   * query answered from them (`partialBounds`) reads whether or not the rest is here.
   * @type {Map<string, number[]>}
   */
  const whole = new Map()
  /** Postings of a term, whole when downloaded. */
  const wholeTerms = { get: (/** @type {string} */ term) => whole.get(term) ?? terms.get(term) }
  /** @type {Scorer} */
  let scorer
  /** @type {Promise<void> | undefined} */
  let scorerPromise

  const meta = () =>
    (metaPromise ??= fetchJson(indexUrl).then((data) => {
      if (data?.version !== INDEX_VERSION) throw new Error('the index was built by another bookgen version')
      base = `${directory}${data.id}/`
      shardStarts = data.shards
      return data
    }))
  /** The scorer, once the meta is downloaded. */
  const loadScorer = () => {
    if (scorerPromise === undefined) {
      scorerPromise = meta().then((data) => {
        scorer = new Scorer(data, completionsOf)
      })
      scorerPromise.catch(() => (scorerPromise = undefined))
    }
    return scorerPromise
  }
  // A failed download may be retried by the next query.
  const retry = () => {
    metaPromise = undefined
  }

  /** @param {number} index */
  const loadShard = (index) => {
    let loading = shards.get(index)
    if (loading === undefined) {
      const url = `${base}t${index}`
      loading = fetchJson(`${url}.json`).then((/** @type {any} */ shard) => {
        const list = shard.terms
        const counts = new Int32Array(list.length)
        for (let position = 0; position < list.length; position++) {
          const postings = decodePostings(shard.postings[position])
          terms.set(list[position], postings)
          counts[position] = documentCount(postings)
        }
        const more = shard.more ?? []
        for (let at = 0; at < more.length; at += 2) {
          partial.set(list[more[at]], { url: `${url}-${more[at]}.json`, rest: more[at + 1] })
          counts[more[at]] += more[at + 1]
        }
        shardTerms.set(index, { list, counts })
        completionCache.clear()
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
   * Download the rest of the postings of those of `list` that have only their best documents.
   * @param {Iterable<string>} list
   */
  const completeTerms = (list) =>
    Promise.all(
      [...new Set(list)].flatMap((term) => {
        const entry = partial.get(term)
        if (entry === undefined || whole.has(term)) return []
        if (entry.loading === undefined) {
          entry.loading = fetchJson(entry.url).then((/** @type {any} */ file) => {
            whole.set(term, joinPostings(terms.get(term), decodePostings(file.postings)))
          })
          entry.loading.catch(() => (entry.loading = undefined))
        }
        return [entry.loading]
      }),
    )

  /**
   * The completions of `word` a search counts (the terms loaded that start with it and are
   * longer): the PREFIX_TERMS in the most documents when there are more (ties in code-unit
   * order), read from the shards' sorted term lists, not the radix tree: a short prefix of a
   * million bookmarks' words has thousands.
   * @param {string} word
   * @returns {Array<[string, number[]]>}
   */
  const completionsOf = (word) => {
    const known = completionCache.get(word)
    if (known !== undefined) return known
    /** @type {string[]} */
    const found = []
    /** @type {number[]} */
    const counts = []
    for (const index of shardsFor(shardStarts, word, true)) {
      const shard = shardTerms.get(index)
      if (shard === undefined) continue
      const { list } = shard
      for (let at = lowerBound(list, word); at < list.length && list[at].startsWith(word); at++) {
        if (list[at].length === word.length) continue
        found.push(list[at])
        counts.push(shard.counts[at])
      }
    }
    let keep = found.map((_, at) => at)
    if (found.length > PREFIX_TERMS) {
      const least = Int32Array.from(counts).sort()[found.length - PREFIX_TERMS]
      const above = keep.filter((at) => counts[at] > least)
      const ties = keep.filter((at) => counts[at] === least).slice(0, PREFIX_TERMS - above.length)
      keep = [...above, ...ties].sort((a, b) => a - b)
    }
    /** @type {Array<[string, number[]]>} */
    const kept = keep.map((at) => [found[at], terms.get(found[at])])
    completionCache.set(word, kept)
    return kept
  }

  /** @type {Map<string, Promise<any>>} filter files by kind */
  const filterFiles = new Map()
  /**
   * A filter file (see filters.ts), downloaded once; `tags` and `hosts` with their names folded.
   * @param {string} kind
   */
  const loadFilter = (kind) => {
    let loading = filterFiles.get(kind)
    if (loading === undefined) {
      loading = fetchJson(`${base}${kind}.json`).then((/** @type {any} */ file) => {
        if (kind === 'tags' || kind === 'folders') file.folded = file.names.map(foldLabel)
        if (kind === 'dates') file.days = decodePostings(file.days)
        // Tags and hosts come in parts, downloaded as needed (`loadParts`).
        if (file.parts !== undefined) file.docs = new Array(file.names.length)
        return file
      })
      filterFiles.set(kind, loading)
      loading.catch(() => filterFiles.delete(kind))
    }
    return loading
  }

  /**
   * The documents of the given names of a tags or hosts file (all when `indexes` is undefined),
   * downloading the parts they are in.
   * @param {'tags' | 'hosts'} kind
   * @param {number[] | undefined} indexes
   */
  const loadParts = async (kind, indexes) => {
    const file = await loadFilter(kind)
    const parts = file.parts
    const wanted = new Set(
      indexes === undefined
        ? parts.map((/** @type {number} */ _, /** @type {number} */ part) => part)
        : indexes.map((index) => upperBoundNumber(parts, index) - 1),
    )
    await Promise.all(
      [...wanted].map((part) => {
        const key = `${kind}-${part}`
        let loading = filterFiles.get(key)
        if (loading === undefined) {
          loading = fetchJson(`${base}${key}.json`).then((/** @type {any} */ chunk) => {
            chunk.docs.forEach((/** @type {string} */ docs, /** @type {number} */ offset) => {
              file.docs[parts[part] + offset] = decodePostings(docs)
            })
          })
          filterFiles.set(key, loading)
          loading.catch(() => filterFiles.delete(key))
        }
        return loading
      }),
    )
  }

  /**
   * Every document matching `text`, a query in the query language (search-query.js), best first.
   * The last word typed also matches as a prefix; when nothing matches, words of four letters or
   * more are matched with typo tolerance. A query of operators only lists every match, in the
   * collection's order. Downloads only what the query needs: the term shards of its words, the
   * filter files of its operators.
   * A query of one clause of words and no operator is first answered from the best documents
   * of its common words (see `settledRanks`): when they settle the first results, the result is
   * `partial` (its total a lower bound) and `complete()` gives the whole one, downloading the rest
   * of their postings; `options.complete` asks for the whole one at once. In a partial result,
   * a completion of the word being typed counts in its best documents only (HEAD_DOCS, index.ts):
   * a short prefix (`gui`: `guide`, `guitar`) reads a bounded number of bytes and documents.
   * @param {string} text
   * @param {{ complete?: boolean }} [options]
   * @returns {Promise<SearchResult>}
   */
  async function search(text, options = {}) {
    const data = await meta().catch((error) => {
      retry()
      throw error
    })
    const query = parseQuery(text)
    const notices = [...query.notices]
    const plan = planQuery(query, data, notices)
    const { clauses, prefixWord } = plan
    const words = clauses.flat()
    const negativeWords = plan.negativeWords
    const starts = data.shards
    /** @param {number} index @param {string} word */
    const isPrefix = (index, word) => index === clauses.length - 1 && word === prefixWord && word.length >= 2
    const loading = [
      ...clauses.flatMap((clause, index) =>
        clause.flatMap((word) => shardsFor(starts, word, isPrefix(index, word)).map(loadShard)),
      ),
      ...negativeWords.flatMap((word) => shardsFor(starts, word, false).map(loadShard)),
      ...[...plan.kinds].map(loadFilter),
      ...(clauses.length > 0 ? [loadScorer()] : []),
    ]
    await Promise.all(loading)
    const quick =
      options.complete !== true && clauses.length === 1 && !plan.filtered && plan.mixed[0]?.length === 0
    if (!quick)
      await completeTerms([...termsUsed(terms, completionsOf, clauses, isPrefix, false), ...negativeWords])
    // A years file without years (too long a span) sends the query to the days.
    if (plan.kinds.has('years') && (await loadFilter('years')).years === null) plan.kinds.add('dates')
    const filters = plan.kinds.size === 0 ? undefined : await filterData(plan.kinds)
    // The parts of the tags and hosts the query names.
    const named = [...plan.filterClauses.flat(), ...plan.mixed.flat(), ...plan.excludeFilters]
    for (const kind of /** @type {const} */ (['tags', 'hosts'])) {
      if (filters?.[kind] === undefined) continue
      const operator = kind === 'tags' ? 'tag' : 'site'
      const indexes = named.flatMap((term) =>
        term.kind === operator ? namesMatching(term, filters[kind]) : [],
      )
      if (indexes.length > 0) await loadParts(kind, indexes)
    }
    const allow = allowed(plan, data, filters, wholeTerms)
    const mixed = plan.mixed.map((alternatives) =>
      alternatives.length === 0 ? undefined : encodeIds(filterIds(alternatives, data.count, filters)),
    )
    /** @param {SearchResult} result */
    const finish = async (result) => {
      const checked =
        plan.phrases.length + plan.negativePhrases.length > 0 ? await checkPhrases(result, plan) : result
      const rest = /** @type {SearchResult & { allScores?: unknown }} */ ({ ...checked })
      delete rest.allScores
      return { partial: false, ...rest, terms: words, notices, filtered: plan.filtered }
    }
    if (clauses.length === 0) {
      if (!plan.filtered) return finish({ ...emptyResult(), fuzzy: false })
      return finish({ ...everyDocument(allow, data.count), fuzzy: false })
    }
    scorer.whole = quick ? undefined : whole
    let result = scorer.search(terms, clauses, isPrefix, false, allow, mixed)
    scorer.whole = whole
    if (quick && result.total > 0) {
      const bounds = partialBounds(terms, partial, clauses[0])
      const common = termsUsed(terms, completionsOf, clauses, isPrefix, false).filter((term) =>
        partial.has(term),
      )
      if (common.length > 0) {
        const settled = settledRanks(result, bounds)
        // At least as many documents match as the commonest word or completion has.
        let rest = 0
        for (const term of common)
          rest = Math.max(rest, documentCount(terms.get(term)) + (partial.get(term)?.rest ?? 0))
        if (settled >= Math.min(FIRST_RESULTS, Math.max(result.total, rest))) {
          return finish({
            ...result,
            ids: result.ids.slice(0, settled),
            scores: result.scores.slice(0, settled),
            total: Math.max(result.total, rest),
            fuzzy: false,
            partial: true,
            complete: () => search(text, { complete: true }),
          })
        }
        await completeTerms(termsUsed(terms, completionsOf, clauses, isPrefix, false))
        result = scorer.search(terms, clauses, isPrefix, false, allow, mixed)
      }
    }
    if (result.total > 0 || !words.some((word) => word.length >= 4)) {
      if (result.total === 0) result.suggestion = await suggest(text, words, starts)
      return finish({ ...result, fuzzy: false })
    }
    // Nothing found: perhaps a typo. Look among words of the same first letter (or the second, for
    // swapped first letters), then everywhere.
    await Promise.all(
      words.flatMap((word) =>
        [word.slice(0, 1), word.slice(1, 2)]
          .flatMap((letter) => shardsFor(starts, letter, true))
          .map(loadShard),
      ),
    )
    await completeTerms(termsUsed(terms, completionsOf, clauses, isPrefix, true))
    result = scorer.search(terms, clauses, isPrefix, true, allow, mixed)
    if (result.total === 0 && shards.size < starts.length) {
      await Promise.all(
        starts.map((/** @type {string} */ _start, /** @type {number} */ index) => loadShard(index)),
      )
      await completeTerms(termsUsed(terms, completionsOf, clauses, isPrefix, true))
      result = scorer.search(terms, clauses, isPrefix, true, allow, mixed)
    }
    if (result.total === 0) result.suggestion = await suggest(text, words, starts)
    return finish({ ...result, fuzzy: true })
  }

  /**
   * The query with its first unknown word replaced by the nearest known one (within two edits,
   * the most frequent of the nearest), if there is such a word; for "did you mean".
   * @param {string} text
   * @param {string[]} words
   * @param {string[]} starts
   * @returns {Promise<string | undefined>}
   */
  async function suggest(text, words, starts) {
    for (const word of words) {
      // A word of one or two letters is too short to guess what was meant.
      if (word.length < 3 || terms.has(word)) continue
      await Promise.all(
        [word.slice(0, 1), word.slice(1, 2)]
          .flatMap((letter) => shardsFor(starts, letter, true))
          .map(loadShard),
      )
      let best = ''
      let bestDistance = Infinity
      let bestCount = 0
      for (const [term, [postings, distance]] of nearTerms(terms, word, word.length <= 3 ? 1 : 2)) {
        const count = documentCount(postings)
        if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
          best = term
          bestDistance = distance
          bestCount = count
        }
      }
      if (best === '') continue
      const replaced = replaceWord(text, word, best)
      if (replaced !== text) return replaced
    }
    return undefined
  }

  /** @param {Set<string>} kinds */
  async function filterData(kinds) {
    /** @type {Record<string, any>} */
    const files = {}
    for (const kind of kinds) files[kind] = await loadFilter(kind)
    return files
  }

  /**
   * Keep the results that have every phrase of the query, and none of its excluded phrases, in
   * their title, link, tags or folder (the best RESULT_LIMIT are checked).
   * @param {SearchResult} result
   * @param {QueryPlan} plan
   * @returns {Promise<SearchResult>}
   */
  async function checkPhrases(result, plan) {
    // The best RESULT_LIMIT are checked (their chunks downloaded); past them, a query of
    // operators only that excludes phrases keeps its results unchecked.
    const documentsOf = await documents(result.ids.subarray(0, RESULT_LIMIT))
    const keep = []
    for (let rank = 0; rank < documentsOf.length; rank++) {
      const { title, href, tags, folder } = documentsOf[rank]
      const words = ` ${queryWords(
        [title, href.replace(/[/?&=_.+:-]+/g, ' '), ...tags.map((tag) => tag.tag), folder?.path ?? ''].join(
          ' \u0000 ',
        ),
      ).join(' ')} `
      const has = (/** @type {string[]} */ phrase) => words.includes(` ${phrase.join(' ')} `)
      if (plan.phrases.every(has) && !plan.negativePhrases.some(has)) keep.push(rank)
    }
    if (plan.phrases.length === 0)
      for (let rank = RESULT_LIMIT; rank < result.ids.length; rank++) keep.push(rank)
    const ids = Int32Array.from(keep, (rank) => result.ids[rank])
    const scores = Float64Array.from(keep, (rank) => result.scores[rank])
    return { ...result, ids, scores, total: ids.length, all: ids }
  }

  /**
   * Result chunk `number`, downloaded once.
   * @param {number} number
   */
  function loadChunk(number) {
    let loading = chunks.get(number)
    if (loading === undefined) {
      loading = fetchJson(`${base}d${number}.json`)
      chunks.set(number, loading)
      loading.catch(() => chunks.delete(number))
    }
    return loading
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
    const loaded = await Promise.all(list.map((id) => loadChunk(Math.floor(id / size))))
    return list.map((id, index) => resultDocument(loaded[index], id % size, data.tagDir))
  }

  /**
   * The top tags, folders, hosts and years among all the results of a search, each with how many
   * results have it; a value every result has narrows nothing and is left out. Counted from the
   * hits' result chunks or from the filter files, whichever `facetCost` finds cheaper.
   * @param {SearchResult} result
   * @returns {Promise<Facets>}
   */
  async function facets(result) {
    if (result.partial && result.complete !== undefined) result = await result.complete()
    const data = await meta()
    if ((await facetCost(result)).fromHits) {
      const size = data.chunk
      const loaded = await Promise.all(Array.from(result.all, (id) => loadChunk(Math.floor(id / size))))
      return countHitFacets(
        Array.from(result.all, (id, index) => [loaded[index], id % size]),
        result.total,
      )
    }
    const kinds = new Set(FACET_FILES)
    if ((await loadFilter('years')).years === null) kinds.add('dates')
    const files = await filterData(kinds)
    await Promise.all([loadParts('tags', undefined), loadParts('hosts', undefined)])
    return countFacets(result.all, result.total, data.count, files)
  }

  /**
   * What the facets of `result` cost: the bytes they download (before compression), whether that
   * is nothing, and whether they count from the hits' result chunks (those not downloaded yet, when
   * that is less than the filter files: a search with few hits downloads nothing more) or from
   * the filter files. A page may show facets at once when they are cheap and on request when not.
   * @param {SearchResult} result
   * @returns {Promise<{ bytes: number, loaded: boolean, fromHits: boolean }>}
   */
  async function facetCost(result) {
    const data = await meta()
    const loaded = FACET_FILES.every((kind) => filterFiles.has(kind))
    let missing = 0
    if (result.partial) missing = Infinity
    else
      for (const number of new Set(Array.from(result.all, (id) => Math.floor(id / data.chunk))))
        if (!chunks.has(number)) missing++
    const bytes = missing * data.chunkBytes
    if (!loaded && bytes <= data.facetBytes) return { bytes, loaded: missing === 0, fromHits: true }
    return { bytes: data.facetBytes, loaded, fromHits: false }
  }

  return {
    search,
    documents,
    facets,
    facetCost,
    /** Download the meta ahead of the first query. */
    prepare: () => loadScorer(),
    /** Number of term shards downloaded so far (for tests and the benchmark). */
    get loadedShards() {
      return shards.size
    },
  }
}

/**
 * The indexed words of a query typed as plain words.
 * @param {string} query
 */
export function queryTerms(query) {
  return queryWords(query)
}

/**
 * What a parsed query asks of the index: its word clauses (each a list of alternatives, every
 * clause must match; a phrase's words are clauses of their own), the filters, and which filter
 * files they read.
 * @param {import('./search-query.js').ParsedQuery} query
 * @param {any} data the meta
 * @param {Notice[]} notices where to say what is ignored
 * @returns {QueryPlan}
 */
function planQuery(query, data, notices) {
  /** @type {QueryPlan} */
  const plan = {
    clauses: [],
    prefixWord: undefined,
    negativeWords: [],
    phrases: [],
    negativePhrases: [],
    filterClauses: [],
    mixed: [],
    excludeFilters: [],
    after: query.after,
    before: query.before,
    kinds: new Set(),
    filtered: false,
  }
  /** @param {QueryTerm} term */
  const published = (term) => {
    if (term.kind !== 'is' || data.flags?.includes(term.value)) return true
    notices.push({ key: 'notice.unpublished', values: { value: term.value } })
    return false
  }
  const lastClause = query.clauses[query.clauses.length - 1]
  for (const clause of query.clauses) {
    const terms = clause.filter(published)
    const filters = terms.filter((term) => term.kind !== 'word' && term.kind !== 'phrase')
    const words = terms.flatMap((term) =>
      term.kind === 'word' ? [term.term] : term.kind === 'phrase' ? term.terms : [],
    )
    if (words.length === 0) {
      if (filters.length > 0) plan.filterClauses.push(filters)
      continue
    }
    if (terms.length === 1 && terms[0].kind === 'phrase') {
      plan.phrases.push(terms[0].terms)
      for (const word of terms[0].terms) {
        plan.clauses.push([word])
        plan.mixed.push([])
      }
      continue
    }
    plan.clauses.push(words)
    plan.mixed.push(filters)
    if (clause === lastClause && query.prefix) plan.prefixWord = words[words.length - 1]
  }
  for (const term of query.exclude.filter(published)) {
    if (term.kind === 'word') plan.negativeWords.push(term.term)
    else if (term.kind === 'phrase') plan.negativePhrases.push(term.terms)
    else plan.excludeFilters.push(term)
  }
  for (const term of [...plan.filterClauses.flat(), ...plan.mixed.flat(), ...plan.excludeFilters])
    plan.kinds.add(FILTER_FILE[term.kind])
  // Whole years need only the years file, a fraction of the days'.
  if (plan.after !== undefined || plan.before !== undefined)
    plan.kinds.add(isYearStart(plan.after) && isYearStart(plan.before) ? 'years' : 'dates')
  plan.filtered =
    plan.kinds.size > 0 ||
    plan.negativeWords.length > 0 ||
    plan.negativePhrases.length > 0 ||
    plan.phrases.length > 0
  return plan
}

/**
 * Whether a day number is the first of a year (or there is none).
 * @param {number | undefined} day
 */
function isYearStart(day) {
  if (day === undefined) return true
  const date = new Date(day * 86_400_000)
  return date.getUTCMonth() === 0 && date.getUTCDate() === 1
}

/**
 * The digits of `years.json` (see filters.ts): printable ASCII but `"` and `\\`, offset 0 first.
 */
const YEAR_DIGITS = Array.from({ length: 127 - 35 }, (_, index) => String.fromCharCode(35 + index))
  .filter((digit) => digit !== '\\')
  .join('')

/**
 * Each document's year added (NaN without a date), from the years file or, when it has none
 * (years spanning more than its digits), the days file.
 * @param {Record<string, any>} files
 * @param {number} count
 * @returns {Float64Array}
 */
function yearsOf(files, count) {
  if (files.yearsOf !== undefined) return files.yearsOf
  const years = new Float64Array(count).fill(NaN)
  const text = files.years?.years
  if (typeof text === 'string') {
    const first = files.years.first
    for (let id = 0; id < count; id++) {
      const offset = YEAR_DIGITS.indexOf(text[id] ?? ' ')
      if (offset >= 0) years[id] = first + offset
    }
  } else if (files.dates !== undefined) {
    const { first, days } = files.dates
    for (let id = 0; id < count; id++)
      if (days[id] >= 0) years[id] = new Date((days[id] + first) * 86_400_000).getUTCFullYear()
  }
  files.yearsOf = years
  return years
}

/** The filter file each operator reads. */
const FILTER_FILE = /** @type {Record<string, string>} */ ({
  tag: 'tags',
  site: 'hosts',
  folder: 'folders',
  is: 'flags',
})

/**
 * Which documents the filters of a query let through (1) or not (0); undefined when all are.
 * @param {QueryPlan} plan
 * @param {any} data the meta
 * @param {Record<string, any> | undefined} files the filter files
 * @param {any} terms the terms loaded (for the excluded words)
 * @returns {Uint8Array | undefined}
 */
function allowed(plan, data, files, terms) {
  const count = data.count
  /** @type {Uint8Array | undefined} */
  let allow
  for (const clause of plan.filterClauses) {
    const set = new Uint8Array(count)
    for (const id of filterIds(clause, count, files)) set[id] = 1
    if (allow === undefined) allow = set
    else for (let id = 0; id < count; id++) allow[id] &= set[id]
  }
  const excluded = plan.excludeFilters.length > 0 ? filterIds(plan.excludeFilters, count, files) : []
  const negative = plan.negativeWords.flatMap((word) => {
    const postings = terms.get(word)
    return postings === undefined ? [] : [postings]
  })
  if (excluded.length + negative.length > 0 || plan.after !== undefined || plan.before !== undefined)
    allow ??= new Uint8Array(count).fill(1)
  if (allow === undefined) return undefined
  for (const id of excluded) allow[id] = 0
  for (const postings of negative) clearDocuments(postings, allow)
  if ((plan.after !== undefined || plan.before !== undefined) && files?.dates === undefined) {
    // Whole years: compare years.
    const years = yearsOf(files ?? {}, count)
    const after = plan.after === undefined ? -Infinity : new Date(plan.after * 86_400_000).getUTCFullYear()
    const before = plan.before === undefined ? Infinity : new Date(plan.before * 86_400_000).getUTCFullYear()
    for (let id = 0; id < count; id++) if (!(years[id] >= after && years[id] < before)) allow[id] = 0
  } else if (plan.after !== undefined || plan.before !== undefined) {
    const { first, days } = files?.dates ?? { first: 0, days: [] }
    const after = plan.after ?? -Infinity
    const before = plan.before ?? Infinity
    for (let id = 0; id < count; id++) {
      const day = days[id] < 0 || days[id] === undefined ? NaN : days[id] + first
      if (!(day >= after && day < before)) allow[id] = 0
    }
  }
  return allow
}

/**
 * Documents that match any of `terms` (filters), ascending, without repeats.
 * @param {QueryTerm[]} terms
 * @param {number} count
 * @param {Record<string, any> | undefined} files
 * @returns {number[]}
 */
function filterIds(terms, count, files) {
  const set = new Uint8Array(count)
  for (const term of terms) {
    if (term.kind === 'tag' || term.kind === 'site') {
      const file = files?.[term.kind === 'tag' ? 'tags' : 'hosts']
      if (file === undefined) continue
      for (const index of namesMatching(term, file))
        for (const id of decodeGaps(file.docs[index] ?? [])) set[id] = 1
    } else if (term.kind === 'folder') {
      const { folded, parents, runs } = files?.folders ?? { folded: [], parents: [], runs: [] }
      const inside = foldersWithin(folded, parents, (/** @type {string} */ name) => name === term.value)
      let id = 0
      for (let at = 0; at < runs.length; at += 2) {
        if (inside[runs[at]]) set.fill(1, id, id + runs[at + 1])
        id += runs[at + 1]
      }
    } else if (term.kind === 'is') {
      for (const id of decodeGaps(files?.flags?.[term.value] ?? [])) set[id] = 1
    }
  }
  const ids = []
  for (let id = 0; id < count; id++) if (set[id]) ids.push(id)
  return ids
}

/**
 * The indexes of the names in a tags or hosts file that a `#tag` or `site:` term matches: the tag
 * (case and accents aside), the host or its subdomains.
 * @param {QueryTerm} term
 * @param {any} file
 * @returns {number[]}
 */
function namesMatching(term, file) {
  const indexes = []
  if (term.kind === 'tag') {
    for (let index = 0; index < file.folded.length; index++)
      if (file.folded[index] === term.value) indexes.push(index)
  } else if (term.kind === 'site') {
    const suffix = `.${term.value}`
    for (let index = 0; index < file.names.length; index++) {
      const host = file.names[index]
      if (host === term.value || host.endsWith(suffix)) indexes.push(index)
    }
  }
  return indexes
}

/**
 * Index of the first element greater than `value` in an ascending array of numbers.
 * @param {number[]} sorted
 * @param {number} value
 */
function upperBoundNumber(sorted, value) {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle] <= value) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Per folder, whether it or a folder above it is one that `matches`.
 * @param {string[]} folded the folders' names, folded
 * @param {number[]} parents
 * @param {(name: string) => boolean} matches
 */
function foldersWithin(folded, parents, matches) {
  const inside = new Uint8Array(folded.length)
  const known = new Uint8Array(folded.length)
  /** @param {number} folder @returns {number} */
  const within = (folder) => {
    // Iterative: deep trees must not overflow the stack.
    const path = []
    let at = folder
    while (at >= 0 && !known[at]) {
      path.push(at)
      at = parents[at] ?? -1
    }
    let value = at >= 0 ? inside[at] : 0
    for (let index = path.length - 1; index >= 0; index--) {
      const current = path[index]
      value = value || (matches(folded[current]) ? 1 : 0)
      inside[current] = value
      known[current] = 1
    }
    return inside[folder]
  }
  for (let folder = 0; folder < folded.length; folder++) within(folder)
  return inside
}

/**
 * Ascending ids from gaps (the first from -1).
 * @param {number[]} gaps
 */
function decodeGaps(gaps) {
  const ids = new Array(gaps.length)
  let id = -1
  for (let index = 0; index < gaps.length; index++) ids[index] = id += gaps[index]
  return ids
}

/**
 * Ascending ids as postings of score 1, matched with a small weight: a filter that is one of the
 * alternatives of a word clause (`grid OR #css`).
 * @param {number[]} ids
 */
function encodeIds(ids) {
  const postings = [SCORE_LEVEL_ONE, ids.length]
  let previous = -1
  for (const id of ids) {
    postings.push(id - previous)
    previous = id
  }
  return postings
}

/**
 * Mark every document of a term's postings as not allowed.
 * Postings: `[level, n, gap, …, drop, n, gap, …]`, each score level's documents (see `writeRanked`
 * in postings.ts), best first.
 * @param {number[]} postings
 * @param {Uint8Array} allow
 */
function clearDocuments(postings, allow) {
  let at = 0
  while (at < postings.length) {
    at++
    const n = postings[at++]
    let id = -1
    for (let j = 0; j < n; j++) allow[(id += postings[at++])] = 0
  }
}

/**
 * How many documents of a term's postings are downloaded.
 * @param {number[]} postings
 */
function documentCount(postings) {
  let count = 0
  for (let at = 1; at < postings.length; at += postings[at] + 2) count += postings[at]
  return count
}

/**
 * The lowest score level of a term's postings (its last group's).
 * @param {number[]} postings
 */
function lastLevel(postings) {
  let level = Infinity
  for (let at = 0; at < postings.length; at += postings[at + 1] + 2)
    level = level === Infinity ? postings[at] : level - postings[at]
  return level
}

/**
 * A term's best documents followed by the rest: the rest's first level becomes a drop from the
 * best ones' last.
 * @param {number[]} head
 * @param {number[]} rest
 */
function joinPostings(head, rest) {
  if (rest.length === 0) return head
  const joined = head.concat(rest)
  joined[head.length] = lastLevel(head) - rest[0]
  return joined
}

/**
 * The terms a search of `clauses` scores: each word, the completions of a prefix, the near
 * spellings when `fuzzy` (see `Scorer.search`).
 * @param {any} terms the SearchableMap
 * @param {(word: string) => Array<[string, number[]]>} completions the completions of a prefix
 * @param {string[][]} clauses
 * @param {(index: number, word: string) => boolean} isPrefix
 * @param {boolean} fuzzy
 * @returns {string[]}
 */
function termsUsed(terms, completions, clauses, isPrefix, fuzzy) {
  const used = []
  clauses.forEach((clause, index) => {
    for (const word of clause) {
      used.push(word)
      if (isPrefix(index, word)) for (const [term] of completions(word)) used.push(term)
      if (fuzzy && word.length >= 4)
        for (const [term] of nearTerms(terms, word, Math.round(word.length * FUZZY))) used.push(term)
    }
  })
  return used
}

/**
 * `text` with the first typed word whose term is `word` replaced by `replacement`.
 * @param {string} text
 * @param {string} word
 * @param {string} replacement
 */
function replaceWord(text, word, replacement) {
  let done = false
  return text.replace(/[\p{L}\p{N}]+/gu, (typed) => {
    if (done || processTerm(typed) !== word) return typed
    done = true
    return replacement
  })
}

/**
 * Facet counts over the documents `ids` (all of a search's results).
 * @param {Int32Array} ids
 * @param {number} total
 * @param {number} count documents in the index
 * @param {Record<string, any>} files
 * @returns {Facets}
 */
export function countFacets(ids, total, count, files) {
  const hit = new Uint8Array(count)
  for (const id of ids) hit[id] = 1
  /** @param {string[]} names @param {number[][]} docs @returns {Facet[]} */
  const inverted = (names, docs) =>
    top(
      names.map((name, index) => {
        let hits = 0
        let id = -1
        for (const gap of docs[index]) hits += hit[(id += gap)]
        return { value: name, label: name, count: hits }
      }),
    )
  /** @param {Facet[]} facets */
  const top = (facets) => topFacets(facets, total)
  // A folder facet counts what `folder:name` would keep: the results in folders of that name and
  // below them (the top level, which holds everything, is left out).
  const { names, parents, runs } = files.folders
  const folded = files.folders.folded ?? names.map(foldLabel)
  /** @type {Array<string[] | undefined>} */
  const chains = []
  /** @param {number} folder @returns {string[]} the distinct folded names from the folder up */
  const chainOf = (folder) => {
    let chain = chains[folder]
    if (chain === undefined) {
      const parent = parents[folder] ?? -1
      chain = parent < 0 ? [] : [...new Set([folded[folder], ...chainOf(parent)])]
      chains[folder] = chain
    }
    return chain
  }
  /** @type {Map<string, string>} each folded name as the first folder of that name writes it */
  const labels = new Map()
  folded.forEach((/** @type {string} */ name, /** @type {number} */ index) => {
    if (!labels.has(name)) labels.set(name, names[index])
  })
  /** @type {Map<string, { label: string, count: number }>} */
  const byName = new Map()
  let id = 0
  for (let at = 0; at < runs.length; at += 2) {
    let hits = 0
    for (let end = id + runs[at + 1]; id < end; id++) hits += hit[id]
    if (hits === 0) continue
    for (const name of chainOf(runs[at])) {
      const entry = byName.get(name)
      if (entry === undefined) byName.set(name, { label: labels.get(name) || name, count: hits })
      else entry.count += hits
    }
  }
  const folders = top(
    [...byName.values()]
      .filter(({ label }) => label !== '')
      .map(({ label, count }) => ({ value: label, label, count })),
  )
  const years = new Map()
  const yearOfDocument = yearsOf(files, count)
  for (const id of ids) {
    const year = yearOfDocument[id]
    if (year === year) years.set(year, (years.get(year) ?? 0) + 1)
  }
  return {
    tags: inverted(files.tags.names, files.tags.docs),
    folders,
    hosts: inverted(files.hosts.names, files.hosts.docs),
    years: top(
      [...years].map(([year, hits]) => ({ value: String(year), label: String(year), count: hits })),
    ).sort((a, b) => Number(b.value) - Number(a.value)),
  }
}

/**
 * The values of a kind of facet that narrow a search of `total` results, at most FACET_LIMIT,
 * the commonest first.
 * @param {Facet[]} facets
 * @param {number} total
 */
function topFacets(facets, total) {
  return facets
    .filter((facet) => facet.count > 0 && facet.count < total)
    .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .slice(0, FACET_LIMIT)
}

/**
 * Facet counts over all of a search's hits, each `[its result chunk, its place in it]`: what
 * `countFacets` counts from the filter files, read from the chunks (a folder counts its hits and
 * those of the folders below it, each name once).
 * @param {Array<[any, number]>} hits
 * @param {number} total
 * @returns {Facets}
 */
export function countHitFacets(hits, total) {
  /** @type {Record<keyof Facets, Map<string, Facet>>} */
  const counts = { tags: new Map(), folders: new Map(), hosts: new Map(), years: new Map() }
  /** @param {keyof Facets} kind @param {string} key @param {string} label */
  const add = (kind, key, label) => {
    const facet = counts[kind].get(key)
    if (facet === undefined) counts[kind].set(key, { value: label, label, count: 1 })
    else facet.count++
  }
  for (const [chunk, offset] of hits) {
    const { href, folder, tags } = readResult(chunk.docs[offset])
    for (const tag of tags) {
      const name = chunkTag(chunk.tags[tag], '').tag
      add('tags', name, name)
    }
    const host = splitUrl(href).host
    if (host !== '') add('hosts', host, host)
    const folded = new Set([''])
    for (const name of chunkFolderNames(chunk.folders, folder)) {
      const key = foldLabel(name)
      if (!folded.has(key)) add('folders', key, name)
      folded.add(key)
    }
    const year = chunk.years[offset]
    if (year > 0) add('years', String(year), String(year))
  }
  /** @param {keyof Facets} kind */
  const top = (kind) => topFacets([...counts[kind].values()], total)
  return {
    tags: top('tags'),
    folders: top('folders'),
    hosts: top('hosts'),
    years: top('years').sort((a, b) => Number(b.value) - Number(a.value)),
  }
}

/**
 * The names of folder `index` of a result chunk and of the folders above it (see `chunkFolder`).
 * @param {ReadonlyArray<ReadonlyArray<string | number>>} folders
 * @param {number} index
 * @returns {string[]}
 */
function chunkFolderNames(folders, index) {
  const names = []
  let entry = folders[index]
  while (entry !== undefined && entry[2] !== undefined) {
    names.push(String(entry[0]))
    entry = folders[Number(entry[2])]
  }
  if (entry !== undefined) names.push(...String(entry[0]).split(' › '))
  return names
}

/** A result with nothing in it. */
function emptyResult() {
  return {
    ids: new Int32Array(0),
    scores: new Float64Array(0),
    total: 0,
    all: new Int32Array(0),
    /** @type {string[]} */
    matched: [],
  }
}

/**
 * Every document `allow` lets through (all when undefined), in the collection's order: what a
 * query of filters only lists.
 * @param {Uint8Array | undefined} allow
 * @param {number} count
 */
function everyDocument(allow, count) {
  const ids = []
  for (let id = 0; id < count; id++) if (allow === undefined || allow[id]) ids.push(id)
  const all = Int32Array.from(ids)
  /** @type {string[]} */
  const matched = []
  return { ids: all, scores: new Float64Array(all.length), total: all.length, all, matched }
}

/** BM25+ scoring of encoded postings over typed arrays, reused from query to query. */
class Scorer {
  /**
   * @param {any} data the meta
   * @param {(word: string) => Array<[string, number[]]>} completions the completions of a prefix
   */
  constructor(data, completions) {
    const count = data.count
    this.completions = completions
    /** @type {Map<string, number[]> | undefined} the terms' whole postings, if they count (see `search`) */
    this.whole = undefined
    this.total = new Float64Array(count)
    this.word = new Float64Array(count)
    this.matches = new Uint16Array(count)
    this.touched = new Int32Array(count)
    /** with typo tolerance: how close the current word's closest match in each document is */
    this.closest = new Float64Array(count)
    /** with typo tolerance: the sum of `closest` over the words matched so far */
    this.closeness = new Float64Array(count)
    /** @type {Uint8Array | undefined} the current search's filters (see `search`) */
    this.allow = undefined
    /** documents first seen for the current word */
    this.found = new Int32Array(count)
  }

  /**
   * Documents matching every clause (one of its words): exactly, as a prefix (for words where
   * `isPrefix` says so), or within the typo distance when `fuzzy`; only those `allow` lets through.
   * @param {any} terms
   * @param {string[][]} clauses
   * @param {(index: number, word: string) => boolean} isPrefix
   * @param {boolean} fuzzy
   * @param {Uint8Array | undefined} [allow]
   * @param {Array<number[] | undefined>} [extra] per clause, postings of documents that match it
   *   too (its filter alternatives), if any
   */
  search(terms, clauses, isPrefix, fuzzy, allow, extra) {
    this.allow = allow
    const { total, word: wordScore, matches, touched, closest, closeness } = this
    /** @type {Set<string>} */
    const matched = new Set()
    let candidates = 0
    for (let index = 0; index < clauses.length; index++) {
      let found = 0
      /** @param {number[]} postings @param {number} weight @param {number} close */
      const add = (postings, weight, close) => {
        found = this.scorePostings(postings, weight, index, found, fuzzy ? close : 0)
      }
      const alternatives = extra?.[index]
      if (alternatives !== undefined) add(alternatives, FILTER_WEIGHT, 0)
      for (const word of clauses[index]) {
        /** @type {Map<string, [number[], number]> | undefined} */
        let near
        if (fuzzy && word.length >= 4) near = nearTerms(terms, word, Math.round(word.length * FUZZY))
        const exact = this.whole?.get(word) ?? terms.get(word)
        if (exact !== undefined) {
          add(exact, 1, EXACT_CLOSENESS)
          if (matched.size < MATCHED_LIMIT) matched.add(word)
        }
        if (isPrefix(index, word)) {
          for (const [term, postings] of this.completions(word)) {
            const distance = term.length - word.length
            near?.delete(term)
            add(
              this.whole?.get(term) ?? postings,
              (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance),
              COMPLETION_CLOSENESS,
            )
            if (matched.size < MATCHED_LIMIT) matched.add(term)
          }
        }
        if (near !== undefined) {
          for (const [term, [postings, distance]] of near) {
            if (distance === 0) continue
            add(
              this.whole?.get(term) ?? postings,
              (FUZZY_WEIGHT * term.length) / (term.length + distance),
              nearCloseness(term, word, distance),
            )
            if (matched.size < MATCHED_LIMIT) matched.add(term)
          }
        }
      }
      // Every word must match: keep the documents that matched all words so far.
      if (index === 0) {
        candidates = found
        for (let k = 0; k < found; k++) {
          const id = this.found[k]
          touched[k] = id
          total[id] = wordScore[id]
          closeness[id] = closest[id]
          matches[id] = 1
          wordScore[id] = 0
          closest[id] = 0
        }
      } else {
        for (let k = 0; k < found; k++) {
          const id = this.found[k]
          if (matches[id] === index) {
            total[id] += wordScore[id]
            closeness[id] += closest[id]
            matches[id] = index + 1
          }
          wordScore[id] = 0
          closest[id] = 0
        }
      }
    }
    const need = clauses.length
    let hits = 0
    for (let k = 0; k < candidates; k++) {
      const id = touched[k]
      if (matches[id] === need && (allow === undefined || allow[id] === 1)) touched[hits++] = id
      else {
        matches[id] = 0
        total[id] = 0
        closeness[id] = 0
      }
    }
    const all = touched.slice(0, hits).sort()
    /** @param {number} id */
    const scoreOf = (id) => total[id] * need + closeness[id] * CLOSENESS_SCALE
    // Every hit's score, by `all`, for `settledRanks`.
    const allScores = new Float64Array(hits)
    for (let k = 0; k < hits; k++) allScores[k] = scoreOf(all[k])
    // The best RESULT_LIMIT by a bounded min-heap (the weakest kept on top): no sort of every hit.
    const limit = Math.min(RESULT_LIMIT, hits)
    const heap = new Int32Array(limit)
    const heapScore = new Float64Array(limit)
    let size = 0
    for (let k = 0; k < hits; k++) {
      const id = touched[k]
      // MiniSearch multiplies by the number of words matched: all of them here.
      const score = scoreOf(id)
      total[id] = 0
      closeness[id] = 0
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
    return { ids: sortedIds, scores: sortedScores, total: hits, all, allScores, matched: [...matched] }
  }

  /**
   * Add one term's weighted scores to `word` (scores of the current query word), recording in
   * `found` the documents seen for the first time for this word.
   * Postings: `[level, n, gap, …, drop, n, gap, …]` (see `clearDocuments`).
   * @param {number[]} postings
   * @param {number} weight
   * @param {number} wordIndex
   * @param {number} found how many documents `found` holds so far
   * @param {number} close how close the term is to the word (`closest`; 0 without typo tolerance)
   */
  scorePostings(postings, weight, wordIndex, found, close) {
    const { word, matches, allow, closest } = this
    const list = this.found
    let at = 0
    let level = 0
    while (at < postings.length) {
      level = at === 0 ? postings[at++] : level - postings[at++]
      const n = postings[at++]
      const score = weight * levelScore(level)
      let id = -1
      for (let j = 0; j < n; j++) {
        id += postings[at++]
        // Only documents that matched every earlier word, and that the filters let through, can
        // still be hits.
        if (matches[id] !== wordIndex || (allow !== undefined && allow[id] === 0)) continue
        if (word[id] === 0) list[found++] = id
        word[id] += score
        if (close > closest[id]) closest[id] = close
      }
    }
    return found
  }
}

/**
 * How close a near spelling `term` of the typed `word` is, `distance` edits away: fewer edits are
 * closer, and the same letters in another order (`pelr` → `perl`) closer than a letter added,
 * dropped or changed (`pelr` → `per`). Always below a completion's closeness.
 * @param {string} term
 * @param {string} word
 * @param {number} distance
 */
function nearCloseness(term, word, distance) {
  const letters = (/** @type {string} */ text) => [...text].sort().join('')
  const reordered = term.length === word.length && letters(term) === letters(word)
  return (reordered ? 1.5 : 1) / distance
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
 * @param {string} tagDir
 * @returns {ResultDocument}
 */
function resultDocument(chunk, offset, tagDir) {
  const { title, href, folder, tags, icon } = readResult(chunk.docs[offset])
  return {
    title,
    href,
    folder: chunkFolder(chunk.folders, folder),
    tags: tags.map((/** @type {number} */ tag) => chunkTag(chunk.tags[tag], tagDir)),
    ...(icon === undefined ? {} : { icon }),
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

/**
 * What the documents not downloaded of a clause's common words can add to a score: per word of
 * the clause that has only its best documents, the score of its lowest level (any other document
 * scores at most that), its best documents, the last of them, and how many documents it has in
 * all. A completion of the word being typed counts in its best documents only (see `search`).
 * @param {any} terms the SearchableMap
 * @param {Map<string, { rest: number, best?: Set<number>, last?: number, bound?: number }>} partial
 * @param {string[]} clause
 * @returns {Array<{ bound: number, best: Set<number>, last: number, count: number }>}
 */
function partialBounds(terms, partial, clause) {
  const bounds = []
  for (const word of clause) {
    const entry = partial.get(word)
    if (entry === undefined) continue
    if (entry.best === undefined) {
      const postings = terms.get(word)
      const best = new Set()
      let id = -1
      for (let at = 0; at < postings.length;) {
        const n = postings[at + 1]
        id = -1
        for (let k = 0; k < n; k++) best.add((id += postings[at + 2 + k]))
        at += n + 2
      }
      entry.best = best
      entry.last = id
      entry.bound = levelScore(lastLevel(postings))
    }
    bounds.push({
      bound: /** @type {number} */ (entry.bound),
      best: entry.best,
      last: /** @type {number} */ (entry.last),
      count: entry.best.size + entry.rest,
    })
  }
  return bounds
}

/**
 * How many of the best results of a search over some terms' best documents only are certain to
 * be the best of the whole search, in that order: result r is when no other document can reach
 * its score, counting for each document what the terms whose best it is not among could add
 * (`partialBounds`), and for a document seen nowhere all of them. A document missing from one
 * term's best at that term's lowest level comes after its last (they are in id order).
 * @param {SearchResult & { allScores: Float64Array }} result
 * @param {Array<{ bound: number, best: Set<number>, last: number }>} bounds
 */
function settledRanks(result, bounds) {
  const { all, allScores, ids } = result
  // Per hit, the most it could score.
  const most = Float64Array.from(allScores)
  for (const { bound, best } of bounds)
    for (let k = 0; k < all.length; k++) if (!best.has(all[k])) most[k] += bound
  let unseen = 0
  for (const { bound } of bounds) unseen += bound
  const rank = new Map()
  ids.forEach((id, index) => rank.set(id, index))
  // Per rank, the most any hit ranked below it (or not among the ranked) could score.
  const below = new Float64Array(ids.length + 1).fill(-Infinity)
  const belowId = new Float64Array(ids.length + 1).fill(Infinity)
  /** @param {number} at @param {number} score @param {number} id */
  const raise = (at, score, id) => {
    if (score > below[at] || (score === below[at] && id < belowId[at])) {
      below[at] = score
      belowId[at] = id
    }
  }
  for (let k = 0; k < all.length; k++) raise(rank.get(all[k]) ?? ids.length, most[k], all[k])
  for (let at = ids.length - 1; at >= 0; at--) raise(at, below[at + 1], belowId[at + 1])
  let settled = 0
  for (; settled < ids.length; settled++) {
    const score = result.scores[settled]
    const id = ids[settled]
    // Beaten by a hit below it, or possibly by a document no best list has.
    if (!worse(below[settled + 1], belowId[settled + 1], score, id)) break
    if (!(score > unseen || (score === unseen && bounds.length === 1 && id <= bounds[0].last))) break
  }
  return settled
}

/**
 * Index of the first element not less than `value` in a sorted array.
 * @param {string[]} sorted
 * @param {string} value
 */
function lowerBound(sorted, value) {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle] < value) low = middle + 1
    else high = middle
  }
  return low
}
