// Types for search-engine.js (a browser ES module the tests and the benchmark use too).
import type { Notice } from './search-query.js'
export interface ResultDocument {
  title: string
  href: string
  folder: { path: string; url: string } | undefined
  tags: Array<{ tag: string; url: string }>
  /** Its favicon's file name in `assets/icons/`, if it has one. */
  icon?: string
}
export interface SearchResult {
  /** The best matching document ids (at most RESULT_LIMIT), best first. */
  ids: Int32Array
  /** How many documents match. */
  total: number
  /** Their scores. */
  scores: Float64Array
  /** The query's words, as indexed. */
  terms: string[]
  /** Indexed words that matched (the query's, their completions, near spellings). */
  matched: string[]
  /** Whether typo tolerance was needed. */
  fuzzy: boolean
  /** Every matching document id, ascending (for the facets). */
  all: Int32Array
  /** What the reader should know about the query (unknown operators, flags not published). */
  notices: Notice[]
  /** Whether operators or phrases narrowed the results. */
  filtered: boolean
  /** With no results: the query with an unknown word replaced by the nearest known one. */
  suggestion?: string
  /**
   * Whether the result was answered from its common words' best documents: `ids` are the best
   * results for certain (at least the first FIRST_RESULTS), `total` and `all` what was seen.
   */
  partial?: boolean
  /** For a partial result: the whole one (downloading the rest of its words' postings). */
  complete?: () => Promise<SearchResult>
}
export interface Facet {
  /** What the operator matches (a tag, a folder's name, a host, a year). */
  value: string
  /** What to show (a folder's path). */
  label: string
  count: number
}
export interface Facets {
  tags: Facet[]
  folders: Facet[]
  hosts: Facet[]
  years: Facet[]
}
export interface SearchEngine {
  search(query: string, options?: { complete?: boolean }): Promise<SearchResult>
  documents(ids: ArrayLike<number>): Promise<ResultDocument[]>
  facets(result: SearchResult): Promise<Facets>
  facetCost(result: SearchResult): Promise<{ bytes: number; loaded: boolean; fromHits: boolean }>
  prepare(): Promise<void>
  readonly loadedShards: number
}
export declare function createSearchEngine(options: {
  SearchableMap: unknown
  fetchJson: (url: string) => Promise<unknown>
  indexUrl: string
}): SearchEngine
export declare const RESULT_LIMIT: number
export declare const FACET_LIMIT: number
export declare const FIRST_RESULTS: number
export declare const PREFIX_TERMS: number
export declare function queryTerms(query: string): string[]
/** Terms within `maxDistance` edits (optimal string alignment: a swap of neighbours is one edit). */
export declare function nearTerms(
  terms: unknown,
  word: string,
  maxDistance: number,
): Map<string, [number[], number]>
