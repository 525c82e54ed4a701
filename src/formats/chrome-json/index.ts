/**
 * The `chrome-json` format: Chromium's profile `Bookmarks` file (Chrome, Edge, Brave, Vivaldi,
 * Opera), read (`read.ts`) and written (`write.ts`).
 */
import type { FormatEntry, SniffHead } from '../types.js'
import { readChromeJson } from './read.js'
import { writeChromeJson } from './write.js'

/** A JSON object (Chromium writes its keys in order: `checksum`, `roots` with `bookmark_bar` first, …). */
const OBJECT = /^\s*\{/
const ROOTS = /"roots"\s*:\s*\{/
const BOOKMARK_BAR = /"bookmark_bar"\s*:\s*\{/

export const chromeJson: FormatEntry = {
  name: 'chrome-json',
  label: 'Chromium Bookmarks JSON',
  where:
    'The file named Bookmarks in the browser profile folder (Chrome, Edge, Brave, Vivaldi, Opera), e.g. ~/.config/google-chrome/Default/Bookmarks; chrome://version shows the profile path.',
  sniff(head: SniffHead): boolean {
    return OBJECT.test(head.text) && ROOTS.test(head.text) && BOOKMARK_BAR.test(head.text)
  },
  read: readChromeJson,
  write: writeChromeJson,
}
