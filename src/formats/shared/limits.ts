/**
 * Bounded work for hostile or broken files: how deep folders may nest, how long values may be, how
 * many warnings one file may produce. Readers never recurse and run in linear time; these limits
 * keep what they build (and what the site renders from it, such as breadcrumbs) proportionate.
 */
import {
  normalizeTags,
  walk,
  type Bookmark,
  type Collection,
  type Folder,
  type Node,
} from '../../model/tree.js'
import type { Message } from '../../model/message.js'

/**
 * Largest source accepted, in bytes (500 MiB): a source is decoded into one string, and V8's
 * strings hold at most 2^29 - 24 characters (just under 512 MiB of one-byte text). A million
 * bookmarks take 220 MB as Netscape HTML and 380 MB as XBEL. A build also bounds its sources by the
 * machine's memory (`sourceLimit` in `build/read.ts`), which this is the ceiling of; what a
 * compressed source inflates to is bounded by it too (`inflationBudget`).
 */
export const MAX_SOURCE_BYTES = 500 * 1024 * 1024

export const LIMITS = Object.freeze({
  /** Folder nesting below the root; deeper folders are merged into their ancestor at this depth. */
  folderDepth: 256,
  /**
   * XML elements nested in an XBEL file (the root is level 1): a file with an element that holds
   * others deeper is refused (`xbel/too-deep`), since its XML parser must bound its depth. About
   * 1,000 folders: deeper than `folderDepth`, whose merging therefore applies up to this depth.
   */
  xmlDepth: 1000,
  /** Characters in a title. */
  titleLength: 4096,
  /** Characters in a description. */
  descriptionLength: 65_536,
  /** Characters in a URL (href, feed, icon URI). */
  urlLength: 65_536,
  /** Characters in any other attribute value (an ICON data URI included). */
  attributeLength: 1_048_576,
  /** Tags on one bookmark, and characters in one tag. */
  tags: 256,
  tagLength: 256,
  /** Warnings kept per rule and file; the rest are counted in one summary warning. */
  warningsPerRule: 1000,
  /**
   * Bytes a compressed source (a `.jsonlz4` backup, a zip archive) may inflate to per byte of it,
   * beyond the first `inflatedFloor`. Bookmark JSON and CSV compress about 3 to 6 to one (a
   * Firefox backup 5.5 to one); a decompression bomb 250 to one (LZ4) or 1,000 (deflate), and
   * 0.4 MB of LZ4 held a million bookmarks. Past this the site is no longer in proportion to the
   * file given: at most as large as a plain file of 32 times its size would make.
   */
  inflation: 32,
  inflatedFloor: 1024 * 1024,
})

/**
 * The most bytes a compressed source of `compressed` bytes may inflate to: `LIMITS.inflation`
 * times its size, at least `LIMITS.inflatedFloor`, never more than `MAX_SOURCE_BYTES`.
 */
export function inflationBudget(compressed: number): number {
  return Math.min(MAX_SOURCE_BYTES, Math.max(LIMITS.inflatedFloor, compressed * LIMITS.inflation))
}

/**
 * Collects a file's warnings, keeping the first `LIMITS.warningsPerRule` of each rule so that a
 * pathological file cannot produce millions of them.
 */
export class WarningCollector {
  readonly warnings: Message[] = []
  private readonly counts = new Map<string, number>()
  private readonly file: string

  constructor(file: string) {
    this.file = file
  }

  add(line: number, column: number, rule: string, message: string): void {
    const count = (this.counts.get(rule) ?? 0) + 1
    this.counts.set(rule, count)
    if (count <= LIMITS.warningsPerRule) this.warnings.push({ file: this.file, line, column, rule, message })
  }

  /** The kept warnings, plus one summary per rule that had more. */
  finish(): Message[] {
    for (const [rule, count] of this.counts) {
      if (count > LIMITS.warningsPerRule) {
        this.warnings.push({
          file: this.file,
          line: 1,
          column: 1,
          rule,
          message: `… and ${count - LIMITS.warningsPerRule} more warnings of this kind (${count} in all)`,
        })
      }
    }
    return this.warnings
  }
}

/**
 * Enforce `LIMITS` on a parsed collection, in place, with one warning per kind of repair (placed
 * at the first node repaired). Iterative: safe for any depth.
 */
export function enforceLimits(collection: Collection): void {
  const repairs = new Map<string, { count: number; node: Node; message: string }>()
  const note = (rule: string, node: Node, message: string) => {
    const repair = repairs.get(rule)
    if (repair === undefined) repairs.set(rule, { count: 1, node, message })
    else repair.count++
  }
  const stack: Array<{ folder: Folder; depth: number }> = [{ folder: collection.root, depth: 0 }]
  while (stack.length > 0) {
    const { folder, depth } = stack.pop()!
    limitItem(folder, note)
    if (depth >= LIMITS.folderDepth && folder.children.some((child) => child.type === 'folder')) {
      folder.children = flatten(folder)
      note(
        'source/too-deep',
        folder,
        `Folders nested more than ${LIMITS.folderDepth} deep were merged into the folder at that depth`,
      )
    }
    for (const child of folder.children) {
      if (child.type === 'folder') stack.push({ folder: child, depth: depth + 1 })
      else if (child.type === 'bookmark') limitItem(child, note)
    }
  }
  for (const [rule, { count, node, message }] of repairs) {
    collection.warnings.push({
      file: collection.file,
      line: node.place?.line ?? 1,
      column: node.place?.column ?? 1,
      rule,
      message: count === 1 ? message : `${message} (${count} times)`,
    })
  }
}

/** Everything below `folder`, sub-folders replaced by their contents, in document order. */
function flatten(folder: Folder): Node[] {
  const result: Node[] = []
  for (const { node } of walk(folder)) if (node.type !== 'folder') result.push(node)
  return result
}

type Note = (rule: string, node: Node, message: string) => void

function limitItem(item: Folder | Bookmark, note: Note): void {
  if (item.title.length > LIMITS.titleLength) {
    item.title = truncate(item.title, LIMITS.titleLength)
    note('source/value-too-long', item, `Titles longer than ${LIMITS.titleLength} characters were shortened`)
  }
  if (item.description !== undefined && item.description.length > LIMITS.descriptionLength) {
    item.description = truncate(item.description, LIMITS.descriptionLength)
    note(
      'source/value-too-long',
      item,
      `Descriptions longer than ${LIMITS.descriptionLength} characters were shortened`,
    )
  }
  dropLong(item, ['icon', 'iconUri', 'iconName'], LIMITS.attributeLength, note)
  if (item.attributes !== undefined) {
    for (const [name, value] of Object.entries(item.attributes)) {
      if (value.length > LIMITS.attributeLength) {
        delete item.attributes[name]
        note('source/value-too-long', item, tooLong(LIMITS.attributeLength, 'Values'))
      }
    }
  }
  if (item.type !== 'bookmark') return
  dropLong(item, ['href', 'feedUrl'], LIMITS.urlLength, note, 'URLs')
  dropLong(
    item,
    ['shortcutUrl', 'postData', 'lastCharset', 'previewSize', 'mimeType'],
    LIMITS.attributeLength,
    note,
  )
  if (item.tags.length > LIMITS.tags || item.tags.some((tag) => tag.length > LIMITS.tagLength)) {
    item.tags = normalizeTags(item.tags.slice(0, LIMITS.tags).map((tag) => truncate(tag, LIMITS.tagLength)))
    note(
      'source/too-many-tags',
      item,
      `Tag lists were cut to ${LIMITS.tags} tags of at most ${LIMITS.tagLength} characters`,
    )
  }
}

/** Leave out the fields of `item` named by `keys` whose value is longer than `limit`, with a note. */
function dropLong<T extends Folder | Bookmark>(
  item: T,
  keys: ReadonlyArray<{ [K in keyof T]: T[K] extends string | undefined ? K : never }[keyof T]>,
  limit: number,
  note: Note,
  what = 'Values',
): void {
  for (const key of keys) {
    const value = item[key] as string | undefined
    if (value !== undefined && value.length > limit) {
      delete item[key]
      note('source/value-too-long', item, tooLong(limit, what))
    }
  }
}

function tooLong(limit: number, what: string): string {
  return `${what} longer than ${limit} characters were left out`
}

/** Cut to `length` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, length: number): string {
  const cut = text.slice(0, length)
  const last = cut.charCodeAt(cut.length - 1)
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut
}
