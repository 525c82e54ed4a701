export declare function queryWords(out: string): {
  meta: { id: string; chunks: number; count: number }
  directory: string
  words: Array<{ word: string; title: string }>
  random: () => number
}
export declare function rareTitleWord(out: string, count?: number): { word: string; title: string }
export declare function percentile(values: number[], p: number): number
