// Types for search-terms.js (a browser ES module the build imports too).
export declare const INDEX_VERSION: number
export declare const FIELDS: readonly string[]
export declare const LENGTH_FIELDS: readonly string[]
export declare const MAX_FIELD_LENGTH: number
export declare const SEARCH_OPTIONS: {
  boost: Record<string, number>
  combineWith: 'AND' | 'OR'
}
export declare const STOP_WORDS: ReadonlySet<string>
export declare function processTerm(term: string, fieldName?: string): string | null
export declare function tokenize(text: string): string[]
export declare function splitUrl(href: string): { host: string; path: string }
