/**
 * The `safari-plist` format: Safari's `~/Library/Safari/Bookmarks.plist`, binary (`bplist00`) or
 * XML. Sniffed by the keys only Safari's bookmarks have, so other property lists are not claimed
 * (in a binary plist, keys are ASCII strings stored near the start).
 */
import type { FormatEntry, SniffHead } from '../types.js'
import { isBinaryPlist } from './binary.js'
import { readSafariPlist } from './read.js'

/** Keys and values of Safari's bookmarks, Reading List included (hand-written files have no WebBookmark keys). */
const SAFARI_KEYS = /WebBookmarkType|WebBookmarkUUID|com\.apple\.ReadingList|URIDictionary/
const XML_PLIST = /<plist[\s>]/

export const safariPlist: FormatEntry = {
  name: 'safari-plist',
  label: 'Safari Bookmarks.plist',
  where:
    'On a Mac, ~/Library/Safari/Bookmarks.plist (copy it out first: Safari keeps it in a protected folder; give the Terminal Full Disk Access to cp it).',
  sniff(head: SniffHead): boolean {
    if (isBinaryPlist(head.bytes)) return SAFARI_KEYS.test(Buffer.from(head.bytes).toString('latin1'))
    return XML_PLIST.test(head.text) && SAFARI_KEYS.test(head.text)
  },
  read: readSafariPlist,
}
