/**
 * The format registry: every format bookgen reads (and writes) is one entry of `FORMATS`, kept in
 * its own folder. Sniffing, reading, `convert --to`, the site's exports and their download links
 * all come from this list. Adding a format is one folder and one line here.
 *
 * The order is the sniffing order: formats with a binary signature first, then the specific text
 * formats (each sniffer claims only its own files), and last the two catch-alls, Netscape bookmark
 * HTML (after Pocket's HTML export, which looks like it) and XBEL (after OPML and Pinboard's XML,
 * since it takes any XML to name the root it did not expect).
 */
import { chromeJson } from './chrome-json/index.js'
import { deliciousJson } from './delicious-json/index.js'
import { firefoxJson } from './firefox-json/index.js'
import { firefoxJsonlz4 } from './firefox-jsonlz4/index.js'
import { goodLinksJson } from './goodlinks-json/index.js'
import { instapaperCsv } from './instapaper-csv/index.js'
import { linkdingJson } from './linkding-json/index.js'
import { linkwardenJson } from './linkwarden-json/index.js'
import { netscape } from './netscape/index.js'
import { opml } from './opml/index.js'
import { pinboardJson } from './pinboard-json/index.js'
import { pinboardXml } from './pinboard-xml/index.js'
import { pocketCsv } from './pocket-csv/index.js'
import { pocketHtml } from './pocket-html/index.js'
import { raindropCsv } from './raindrop-csv/index.js'
import { readwiseCsv } from './readwise-csv/index.js'
import { safariPlist } from './safari-plist/index.js'
import type { FormatEntry, SniffHead } from './types.js'
import { SNIFF_BYTES } from './types.js'
import { xbel } from './xbel/index.js'

/**
 * The readers of bookmarking services' exports, in the order their sniffers should be tried (each
 * is specific; `pocket-html` must come before the Netscape reader, `pinboard-xml` before XBEL's
 * catch-all for XML).
 */
export const SERVICE_FORMATS: readonly FormatEntry[] = [
  pocketHtml,
  pocketCsv,
  pinboardJson,
  pinboardXml,
  instapaperCsv,
  raindropCsv,
  deliciousJson,
  goodLinksJson,
  readwiseCsv,
]

export const FORMATS: readonly FormatEntry[] = [
  firefoxJsonlz4,
  safariPlist,
  chromeJson,
  firefoxJson,
  linkdingJson,
  linkwardenJson,
  ...SERVICE_FORMATS,
  opml,
  netscape,
  xbel,
]

/**
 * The formats that take a text whose first bytes no sniffer claims, as a last resort, in this
 * order (see `sniffFormat`): XBEL by its extension, then Netscape bookmark HTML for any text that
 * has its tags (or none at all).
 */
export const TEXT_FORMATS: readonly FormatEntry[] = [xbel, netscape]

/** The format named `name` (`Collection.format`, `convert --to`), if bookgen has it. */
export function formatNamed(name: string): FormatEntry | undefined {
  return FORMATS.find((entry) => entry.name === name)
}

/** The formats bookgen can write, for `convert --to`. */
export function writableFormats(): FormatEntry[] {
  return FORMATS.filter((entry) => entry.write !== undefined)
}

/** The formats the site offers its collection in, in the order the download links show them. */
export function siteExports(): Array<FormatEntry & { siteExport: NonNullable<FormatEntry['siteExport']> }> {
  return FORMATS.filter(
    (entry): entry is FormatEntry & { siteExport: NonNullable<FormatEntry['siteExport']> } =>
      Boolean(entry.siteExport),
  )
}

const UTF16LE_BOM = [0xff, 0xfe]
const UTF16BE_BOM = [0xfe, 0xff]

/** What sniffers see of `bytes`: the first `SNIFF_BYTES`, and as text (UTF-8, or UTF-16 after its byte-order mark). */
export function sniffHead(bytes: Uint8Array, file: string): SniffHead {
  const head = bytes.subarray(0, SNIFF_BYTES)
  const starts = (bom: number[]) => head[0] === bom[0] && head[1] === bom[1]
  const encoding = starts(UTF16LE_BOM) ? 'utf-16le' : starts(UTF16BE_BOM) ? 'utf-16be' : 'utf-8'
  return { bytes: head, text: new TextDecoder(encoding).decode(head), file }
}

/** The first format whose sniffer claims `head`. */
export function sniffEntry(head: SniffHead): FormatEntry | undefined {
  return FORMATS.find((entry) => entry.sniff(head))
}
