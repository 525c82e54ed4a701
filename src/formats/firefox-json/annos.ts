/**
 * Firefox's annotations (`annos`: `{name, value, flags, expires, mimeType, type}`) on a backup's
 * nodes. Those with a field in the model are read into it: `bookmarkProperties/description` →
 * description, `bookmarkProperties/POSTData` → postData (old backups), `livemark/feedURI` →
 * feedUrl and `livemark/siteURI` → the live bookmark's URL. The rest stay together, whole, in the
 * attribute `annos`.
 */
import type { Bookmark, Folder } from '../../model/tree.js'
import { cleanHref } from '../../model/urls.js'
import { isJsonObject } from '../shared/json.js'

const DESCRIPTION = 'bookmarkProperties/description'
const POST_DATA = 'bookmarkProperties/POSTData'
const FEED_URI = 'livemark/feedURI'
const SITE_URI = 'livemark/siteURI'

/** Read `annos` into `target`; what has no field is handed to `keep` as the attribute `annos`. */
export function readAnnos(
  annos: unknown,
  target: Folder | Bookmark,
  keep: (key: string, value: unknown) => void,
): void {
  if (annos === undefined || annos === null) return
  if (!Array.isArray(annos)) {
    keep('annos', annos)
    return
  }
  const rest: unknown[] = []
  for (const anno of annos) if (!readAnno(anno, target)) rest.push(anno)
  if (rest.length > 0) keep('annos', rest)
}

/** Read one anno into a field; false when it has none. */
function readAnno(anno: unknown, target: Folder | Bookmark): boolean {
  if (!isJsonObject(anno)) return false
  const value = anno['value']
  if (typeof value !== 'string') return false
  switch (anno['name']) {
    case DESCRIPTION:
      if (value !== '') target.description = value
      return true
    case POST_DATA:
      if (target.type !== 'bookmark') return false
      if (value !== '') target.postData = value
      return true
    case FEED_URI:
      if (target.type !== 'bookmark') return false
      target.feed = true
      target.feedUrl = cleanHref(value)
      return true
    case SITE_URI:
      if (target.type !== 'bookmark' || target.feed !== true || target.href !== undefined) return false
      target.href = cleanHref(value)
      return true
    default:
      return false
  }
}
