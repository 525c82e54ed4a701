/**
 * The `xbel` format: the XML Bookmark Exchange Language (Floccus, Konqueror, GNOME, …), read
 * (`read.ts`: a fast scan, and a careful path that says what is wrong) and written (`write.ts`).
 */
import { readText } from '../text-source.js'
import type { FormatEntry, SniffHead } from '../types.js'
import { SNIFF_CHARACTERS } from '../netscape/index.js'
import { parseXbel } from './read.js'
import { streamXbel, writeXbel } from './write.js'

export const xbel: FormatEntry = {
  name: 'xbel',
  label: 'XBEL',
  where:
    'Floccus (a bookmarks.xbel file in your sync folder or Git repository), Konqueror, GNOME and other XBEL tools.',
  sniff(head: SniffHead): boolean {
    const text = head.text.slice(0, SNIFF_CHARACTERS)
    if (/<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(text)) return false
    // Any other XML document too: the reader then names the root it found.
    return /<!DOCTYPE\s+xbel\b/i.test(text) || /<xbel[\s>/]/.test(text) || /^\s*<\?xml[\s?]/.test(text)
  },
  read: (input) => readText(input, 'xbel', (text, file, encoding) => parseXbel(text, file, { encoding })),
  write: writeXbel,
  siteExport: { path: 'bookmarks.xbel', label: 'XBEL', stream: streamXbel },
}
