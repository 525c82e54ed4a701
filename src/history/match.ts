/**
 * Pairing the bookmarks that left a version with those that came into the next one, so that a
 * bookmark that was renamed, moved or given a new URL keeps its identity (and its dates).
 *
 * Passes, each over what the earlier ones left, pairing equal keys in document order:
 * 1. the same id (formats with stable ids: XBEL `id`, Netscape `ID`/`ALIASID`; Floccus keeps them);
 * 2. the same record (URL, title, folder path, description, id): unchanged;
 * 3. the same URL and folder path: renamed or described anew;
 * 4. the same URL: moved;
 * 5. the same (non-empty) title and folder path: the URL changed.
 * What is left is removed or added. Later passes also pair bookmarks whose ids differ, so a
 * bookmark that a sync tool gave a new id (same URL and folder) is not taken for a new one.
 */
import { pathKey, type BookmarkRecord } from './records.js'

export interface Matched<Old, New> {
  pairs: Array<[Old, New]>
  removed: Old[]
  added: New[]
}

type Key = (record: BookmarkRecord) => string | undefined

const PASSES: readonly Key[] = [
  (record) => record.id,
  (record) =>
    `${record.href}\u0000${record.title}\u0000${pathKey(record.path)}\u0000${record.description ?? '\u0001'}\u0000${record.id ?? '\u0001'}`,
  (record) => `${record.href}\u0000${pathKey(record.path)}`,
  (record) => record.href,
  (record) => (record.title === '' ? undefined : `${record.title}\u0000${pathKey(record.path)}`),
]

/**
 * Pair `before` (records of bookmarks that left) with `after` (records that came), both in
 * document order.
 */
export function matchRecords<Old, New>(
  before: readonly Old[],
  after: readonly New[],
  recordOf: { old: (item: Old) => BookmarkRecord; new: (item: New) => BookmarkRecord },
): Matched<Old, New> {
  let removed: Old[] = before.slice()
  let added: New[] = after.slice()
  const pairs: Array<[Old, New]> = []
  for (const key of PASSES) {
    if (removed.length === 0 || added.length === 0) break
    const waiting = new Map<string, Old[]>()
    for (const item of removed) {
      const value = key(recordOf.old(item))
      if (value === undefined) continue
      const queue = waiting.get(value)
      if (queue === undefined) waiting.set(value, [item])
      else queue.push(item)
    }
    if (waiting.size === 0) continue
    const paired = new Set<Old>()
    const unpaired: New[] = []
    for (const item of added) {
      const value = key(recordOf.new(item))
      const queue = value === undefined ? undefined : waiting.get(value)
      const partner = queue?.shift()
      if (partner === undefined) unpaired.push(item)
      else {
        pairs.push([partner, item])
        paired.add(partner)
      }
    }
    removed = removed.filter((item) => !paired.has(item))
    added = unpaired
  }
  return { pairs, removed, added }
}
