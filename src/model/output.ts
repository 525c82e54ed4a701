/**
 * What the pure stages hand to the disk: output files (pages and site files) and theme files to
 * copy. Paths are relative to the output folder and use `/`.
 */

/** One file of the built site; `path` is relative to the output directory and uses `/`. */
export interface OutputFile {
  path: string
  contents: string | Uint8Array
  /**
   * The same bytes as `contents`, in parts (text, and UTF-8 chunks), for the writer: a page holds
   * its entries as the bytes they were encoded to once, not as one string made for each page.
   */
  segments?: ReadonlyArray<string | Uint8Array> | undefined
  /**
   * A file made in chunks while it is written (the exports, tens of megabytes for a large
   * collection): the writer calls it with a sink instead of reading `contents`, so the whole text
   * is never held. `contents` then makes it whole, only when asked for. Chunks are text, or bytes
   * (a gzipped export).
   */
  stream?: ((sink: (chunk: string | Uint8Array) => void) => void) | undefined
  /** Only with a page memo (watch mode): the page is exactly as last built (`contents` is then empty). */
  unchanged?: boolean
}

/**
 * A theme file copied as it is. `source` is a path relative to the package's `templates/` folder,
 * an absolute path (a user's own file), or `npm:<package>/<file>` for a file of an installed package.
 */
export interface AssetCopy {
  path: string
  source: string
}
