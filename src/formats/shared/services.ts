/**
 * The readers of bookmarking services' exports, for the format registry: listed in the order
 * their sniffers should be tried (each is specific; `pocket-html` must come before the Netscape
 * reader, `pinboard-xml` before XBEL's catch-all for XML).
 */
import { deliciousJson } from '../delicious-json/index.js'
import { goodLinksJson } from '../goodlinks-json/index.js'
import { instapaperCsv } from '../instapaper-csv/index.js'
import { pinboardJson } from '../pinboard-json/index.js'
import { pinboardXml } from '../pinboard-xml/index.js'
import { pocketCsv } from '../pocket-csv/index.js'
import { pocketHtml } from '../pocket-html/index.js'
import { raindropCsv } from '../raindrop-csv/index.js'
import { readwiseCsv } from '../readwise-csv/index.js'
import type { FormatEntry } from '../types.js'

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
