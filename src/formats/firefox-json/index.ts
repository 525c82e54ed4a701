/** The `firefox-json` format: Firefox's JSON bookmark backup (`bookmarks-YYYY-MM-DD.json`). */
import type { FormatEntry, SniffHead } from '../types.js'
import { readFirefoxJson } from './read.js'

const OBJECT = /^\s*\{/
/** A places node's type, as a JSON key and value. */
const PLACES_TYPE = /"type"\s*:\s*"text\/x-moz-place(?:-container|-separator)?"/

export const firefoxJson: FormatEntry = {
  name: 'firefox-json',
  label: 'Firefox JSON bookmark backup',
  where:
    'Firefox: Bookmarks → Manage Bookmarks → Import and Backup → Backup… saves bookmarks-YYYY-MM-DD.json.',
  sniff(head: SniffHead): boolean {
    return OBJECT.test(head.text) && PLACES_TYPE.test(head.text)
  },
  read: readFirefoxJson,
}
