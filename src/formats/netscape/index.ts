/**
 * The `netscape` format: the Netscape bookmark file every browser exports and imports
 * (`bookmarks.html`), read (`read.ts`, on htmlparser2's tokenizer), re-read in part after an edit
 * (`incremental/`) and written (`write.ts`).
 */
import type { Collection } from '../../model/tree.js'
import { readText } from '../shared/text-source.js'
import { SNIFF_CHARACTERS, type FormatEntry, type SniffHead, type SourceInput } from '../types.js'
import { netscapeReread } from './incremental/index.js'
import { parseNetscape } from './read.js'
import { streamNetscape, writeNetscape } from './write.js'

const DOCTYPE = /<!DOCTYPE\s+NETSCAPE-Bookmark-file/i
const LIST = /<(dl|dt|h3)[\s>]/i
const LINK = /<a\s[^>]*href/i

/** Whether `text` (the start of a file) is bookmark HTML: the doctype, or the lists and links it is made of. */
function looksLikeNetscape(text: string): boolean {
  return DOCTYPE.test(text) || LIST.test(text) || LINK.test(text)
}

/** Read Netscape bookmark HTML. */
function readNetscape(input: SourceInput): Collection {
  return readText(input, 'netscape', (text, file, encoding) => parseNetscape(text, file, { encoding }))
}

export const netscape: FormatEntry = {
  name: 'netscape',
  label: 'Netscape bookmark HTML',
  where:
    'Every browser exports it: Firefox (Bookmarks › Manage bookmarks › Import and Backup › Export Bookmarks to HTML), Chrome and Edge (Bookmark manager › ⋮ › Export bookmarks), Safari (File › Export › Bookmarks).',
  sniff(head: SniffHead): boolean {
    const text = head.text.slice(0, SNIFF_CHARACTERS)
    // An XBEL file that mentions bookmark HTML in a description is still XBEL.
    if (/<!DOCTYPE\s+xbel\b/i.test(text) || /<xbel[\s>/]/.test(text) || /^\s*<\?xml[\s?]/.test(text)) {
      return DOCTYPE.test(text)
    }
    return looksLikeNetscape(text)
  },
  // Any text with bookmark HTML's lists or links, or with nothing in it.
  claimsText: (text) => text.trim() === '' || looksLikeNetscape(text),
  read: readNetscape,
  reread: netscapeReread,
  write: writeNetscape,
  cutShortRules: ['netscape/truncated', 'netscape/unclosed-list'],
  siteExport: {
    path: 'bookmarks.html',
    stream: streamNetscape,
  },
}
