/**
 * The `xbel` format: the XML Bookmark Exchange Language (Floccus, Konqueror, GNOME, …), read
 * (`read.ts`: a fast scan, and a careful path that says what is wrong) and written (`write.ts`).
 */
import { readText } from '../shared/text-source.js'
import type { Collection } from '../../model/tree.js'
import { utf8ByteText } from '../shared/decode.js'
import { SNIFF_CHARACTERS, type FormatEntry, type SniffHead, type SourceInput } from '../types.js'
import { parseXbel } from './read.js'
import { streamXbel, writeXbel } from './write.js'
import { xbelReread, type XbelReadStats } from './reread.js'

/**
 * From this many bytes an XBEL file that is UTF-8 is read from its bytes as one-byte text
 * (`utf8ByteText`): half the memory where its decoded text would take two bytes a character
 * (about 35 MB at 100,000 bookmarks, 358 MB at a million).
 */
export const XBEL_BYTES_AS_TEXT = 1 << 20

/** Read `input`; `stats` is told whether it was read as UTF-8 bytes, and by the careful path. */
function readXbel(input: SourceInput, stats?: XbelReadStats): Collection {
  const text = input.bytes.byteLength >= XBEL_BYTES_AS_TEXT ? utf8ByteText(input.bytes) : undefined
  // (A text without any tag is read decoded: it is empty, or not XBEL, and says so the usual way.)
  if (text === undefined || !text.includes('<'))
    return readText(input, 'xbel', (decoded, file, encoding) => parseXbel(decoded, file, { encoding, stats }))
  if (stats) stats.fromBytes = true
  return readText(
    input,
    'xbel',
    (bytes, file) => parseXbel(bytes, file, { encoding: 'utf-8', utf8Bytes: true, stats }),
    { text, encoding: 'utf-8', warnings: [] },
  )
}

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
  claimsText: (_text, file) => /\.(?:xbel|xml)$/i.test(file),
  read: readXbel,
  write: writeXbel,
  siteExport: { path: 'bookmarks.xbel', stream: streamXbel },
  reread: xbelReread(readXbel),
}
