/**
 * The `firefox-jsonlz4` format: Firefox's compressed bookmark backups (`.jsonlz4` in the profile's
 * `bookmarkbackups` folder, `.baklz4`): a mozLz4 container (`mozlz4.ts`) around the JSON the
 * `firefox-json` reader reads. Places in warnings and JSON errors are lines and columns of the
 * decompressed JSON; container errors give the byte offset. A valid container holding something
 * else (a session, search settings) is refused, saying what it holds.
 */
import { isBookgenError, BookgenError } from '../../model/errors.js'
import type { Collection } from '../../model/tree.js'
import { emptyCollection } from '../shared/text-source.js'
import { readFirefoxText } from '../firefox-json/read.js'
import { readJsonText } from '../shared/json-tree.js'
import type { FormatEntry, SniffHead, SourceInput } from '../types.js'
import { decompressMozLz4, isMozLz4 } from './mozlz4.js'

export const firefoxJsonlz4: FormatEntry = {
  name: 'firefox-jsonlz4',
  label: 'Firefox compressed bookmark backup (.jsonlz4)',
  where:
    "Firefox makes one a day in the profile's bookmarkbackups folder (bookmarks-YYYY-MM-DD_….jsonlz4); about:support → Profile Folder → Open Folder shows the profile.",
  sniff(head: SniffHead): boolean {
    return isMozLz4(head.bytes)
  },
  read: readFirefoxJsonlz4,
}

/** Read a `.jsonlz4` backup. */
export function readFirefoxJsonlz4(input: SourceInput): Collection {
  const { bytes, file } = input
  if (bytes.length === 0) return emptyCollection('firefox-jsonlz4', file, 'utf-8')
  const json = decompressMozLz4(bytes, file)
  return readJsonText(json, file, 'firefox-jsonlz4', 'firefox', (text, encoding) => {
    try {
      return readFirefoxText(text, file, {
        format: 'firefox-jsonlz4',
        encoding,
        origin: 'The decompressed file',
      })
    } catch (error) {
      if (isBookgenError(error) && error.rule === 'firefox/syntax') {
        throw new BookgenError(`The decompressed backup is ${error.message.replace(/^Not/, 'not')}`, {
          rule: error.rule,
          file,
          line: error.line,
          column: error.column,
          cause: error,
        })
      }
      throw error
    }
  })
}
