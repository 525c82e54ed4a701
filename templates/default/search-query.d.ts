// Types for search-query.js (a browser ES module the tests use too).
export type QueryTerm =
  | { kind: 'word'; term: string }
  | { kind: 'phrase'; terms: string[]; text: string }
  | { kind: 'tag'; value: string; text: string }
  | { kind: 'site'; value: string }
  | { kind: 'folder'; value: string; text: string }
  | { kind: 'is'; value: string }
/** A notice: the key of its message in the search page's words (`notice.*`) and its values. */
export interface Notice {
  key: string
  values: Record<string, string>
}
export interface ParsedQuery {
  /** Every clause must match; a clause matches when one of its terms does (OR). */
  clauses: QueryTerm[][]
  /** No result matches any of these. */
  exclude: QueryTerm[]
  /** First day (days since 1970-01-01, UTC) a result may be added on. */
  after: number | undefined
  /** Results are added before this day. */
  before: number | undefined
  /** Whether the last clause's word may be the start of a longer one. */
  prefix: boolean
  /** What the reader should know about the query (unknown operators, bad dates). */
  notices: Notice[]
}
export declare const FLAGS: readonly string[]
export declare const OPERATORS: readonly string[]
export declare function parseQuery(text: string): ParsedQuery
export declare function dateRange(text: string): [number, number] | undefined
export declare function queryWords(text: string): string[]
export declare function foldLabel(text: string): string
export declare function operatorFor(kind: 'tag' | 'site' | 'folder' | 'year', value: string): string
export declare function addOperator(query: string, operator: string): string
