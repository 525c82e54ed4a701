/** An empty source file reads as an empty collection with a warning, in every format. */
import { createFolder, type Collection } from '../../model/tree.js'

/** The collection of a file that is empty or only white space. */
export function emptyCollection(format: string, file: string, encoding: string): Collection {
  return {
    format,
    file,
    encoding,
    title: '',
    root: createFolder(''),
    warnings: [
      { file, line: 1, column: 1, rule: 'source/empty', message: 'The file is empty; it holds no bookmarks' },
    ],
  }
}
