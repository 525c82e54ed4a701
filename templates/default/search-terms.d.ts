// Types for search-terms.js (a browser ES module the build imports too).
export declare const INDEX_VERSION: number
export declare const FIELDS: readonly string[]
export declare const LENGTH_FIELDS: readonly string[]
export declare const MAX_FIELD_LENGTH: number
export declare const SEARCH_OPTIONS: {
  boost: Record<string, number>
  combineWith: 'AND' | 'OR'
}
export declare const BM25: { k: number; b: number; d: number }
export declare const SCORE_LEVEL_STEPS: number
export declare const SCORE_LEVEL_ONE: number
export declare const MAX_SCORE_LEVEL: number
export declare function scoreLevel(score: number): number
export declare function levelScore(level: number): number
export declare function fieldScore(
  frequency: number,
  matching: number,
  count: number,
  length: number,
  average: number,
): number
export declare const STOP_WORDS: ReadonlySet<string>
export declare function processTerm(term: string, fieldName?: string): string | null
export declare function tokenize(text: string): string[]
export declare function splitUrl(href: string): { host: string; path: string }
/** A search result as the result chunks store it (see `RESULT_FIELDS`). */
export interface ResultRecord {
  title: string
  /** `''` when the bookmark may not be a link. */
  href: string
  /** Index into the chunk's folders. */
  folder: number
  /** Indexes into the chunk's tags. */
  tags: number[]
  /** Its favicon's file name in `assets/icons/`, if it has one. */
  icon?: string | undefined
}
export declare const RESULT_FIELDS: ReadonlyArray<keyof ResultRecord>
export declare function resultRecord(result: ResultRecord): Array<ResultRecord[keyof ResultRecord]>
export declare function readResult(record: ReadonlyArray<unknown>): ResultRecord
export declare const POSTING_DIGITS: string
export declare function decodePostings(text: string): number[]
export declare function chunkFolder(
  folders: ReadonlyArray<ReadonlyArray<string | number>>,
  index: number,
): { path: string; url: string } | undefined
export declare function chunkTag(
  entry: string | ReadonlyArray<string>,
  tagDir: string,
): { tag: string; url: string }
