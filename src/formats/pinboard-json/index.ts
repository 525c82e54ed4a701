/**
 * Pinboard's JSON export (`pinboard_export.json`, Settings → Backup) and its API's
 * `posts/all?format=json`: a list of posts `{href, description, extended, meta, hash, time, shared,
 * toread, tags}`, read as flat bookmarks at the root (see `pinboard-post.ts` for the fields).
 */
import { jsonListEntry } from '../shared/service.js'
import { pinboardPost } from '../shared/pinboard-post.js'

/** Keys only a Pinboard post has, beside `href` (other lists use `url`). */
const PINBOARD_KEYS = ['hash', 'meta', 'toread', 'shared', 'extended']

export const pinboardJson = jsonListEntry(
  {
    name: 'pinboard-json',
    label: 'Pinboard JSON export',
    where:
      'Pinboard: Settings → Backup → JSON (pinboard_export.json), or the API call posts/all?format=json.',
  },
  {
    area: 'pinboard',
    title: 'Pinboard',
    claims: (keys) => keys.has('href') && PINBOARD_KEYS.some((key) => keys.has(key)),
    bookmark: pinboardPost,
  },
)
