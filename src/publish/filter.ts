/**
 * What a published site leaves out by default: bookmarks marked private, `file://` URLs (paths on
 * the owner's disk) and Firefox `place:` queries. Pure: returns the tree without them and counts
 * of what was held back; the source tree is never changed. Aliases to something held back are
 * held back too. User names and passwords in a bookmark's URLs (`https://alice:hunter2@…`) are
 * never published: such a bookmark is published as a copy without them, here, so every page, the
 * feed, the search index, the exports and the link checker see only the cleaned URLs.
 *
 * Nodes are shared wherever possible: a folder with nothing held back below it is published as
 * it is (the same object), and only folders that lose a child, or hold aliases, are copied. With a
 * `PublishMemo` kept between builds (watch mode), an unchanged source folder gives the same
 * published folder object every time, without its subtree being visited again; a folder holding
 * aliases gives a new one when the object an alias stands for changed (its page shows it).
 */
import type { Alias, Bookmark, Folder, Node } from '../model/tree.js'
import { withoutUserinfo } from '../model/safe-url.js'
import { copyBookmark, copyFolder, sameItems } from './copy.js'
import {
  childPath,
  insidePrivateFolders,
  isPrivateBookmark,
  isPrivateFolder,
  type PrivateRule,
} from './private.js'

export interface PublishSettings {
  private: boolean
  fileUrls: boolean
  placeUrls: boolean
  /**
   * The config's `private`: its folders and tags are held back as private too (whole folders, their
   * titles included). Without it only bookmarks marked private are.
   */
  rule?: PrivateRule | undefined
}

export interface HeldBack {
  private: number
  fileUrls: number
  placeUrls: number
}

/** What a site held back: bookmarks, by reason, and what its exports left out (see `export-safety.ts`). */
export interface SiteHeldBack extends HeldBack {
  /** Event handlers, other active attributes, script elements and script URLs, left out of `bookmarks.html` and `bookmarks.xbel`. */
  activeContent: number
  /** Bookmarks left out of the exports because their URL cannot be a link (`javascript:`, `data:`, …). */
  unsafeUrls: number
}

export interface PublishedTree {
  root: Folder
  aliasTargets: Map<Alias, Bookmark | Folder>
  heldBack: HeldBack
  /** Bookmarks published without the user name or password a URL of theirs had, and the first. */
  userinfo: Userinfo
}

/** How many published bookmarks lost a user name or password, and the first of them (as in its source). */
export interface Userinfo {
  count: number
  first: Bookmark | undefined
}

/** What publishing a source folder gave; kept per source folder. */
interface PublishedFolder {
  folder: Folder
  heldBack: HeldBack
  /** Whether the subtree holds aliases (whose targets may change without the folder changing). */
  aliases: boolean
  /** The targets of the folder's own aliases, in order, when it has any. */
  targets: Array<Bookmark | Folder | undefined> | undefined
  userinfo: Userinfo
  /** The folder's path when the rule names folders (its place decides what is private below it). */
  at: string | undefined
}

/** Published folders by source folder, kept between builds of the same settings. */
export interface PublishMemo {
  settings: string
  folders: WeakMap<Folder, PublishedFolder>
  /** Copies of bookmarks without user names and passwords, by source bookmark. */
  bookmarks: WeakMap<Bookmark, Bookmark>
}

/** An empty memo for `filterForPublishing`. */
export function createPublishMemo(): PublishMemo {
  return { settings: '', folders: new WeakMap(), bookmarks: new WeakMap() }
}

/** Why a bookmark is held back, or undefined when it is published. */
export function holdBackReason(bookmark: Bookmark, settings: PublishSettings): keyof HeldBack | undefined {
  if (!settings.private && isPrivateBookmark(bookmark, settings.rule)) return 'private'
  if (bookmark.href === undefined || bookmark.href === '') return undefined
  // `file:` and `place:` in any case, after leading blanks. Most links start with "h": a look at
  // the first character spares trimming and lowering them (0.35 s of a 100k build's CPU).
  const lead = bookmark.href.charCodeAt(0)
  const href = lead > 0x20 && lead < 0x7f ? bookmark.href : bookmark.href.trimStart()
  const first = href.charCodeAt(0) | 0x20
  if (first !== 0x66 && first !== 0x70) return undefined
  const scheme = href.slice(0, 6).toLowerCase()
  if (!settings.fileUrls && scheme.startsWith('file:')) return 'fileUrls'
  if (!settings.placeUrls && scheme === 'place:') return 'placeUrls'
  return undefined
}

/**
 * Filter a tree for publishing. Folders keep their place even when all they held was held back,
 * except the rule's private folders, which go whole.
 */
export function filterForPublishing(
  root: Folder,
  aliasTargets: ReadonlyMap<Alias, Bookmark | Folder>,
  settings: PublishSettings,
  memo?: PublishMemo,
): PublishedTree {
  const rule = settings.private ? undefined : settings.rule
  const key = `${settings.private}${settings.fileUrls}${settings.placeUrls}${JSON.stringify(rule?.folders ?? [])}${JSON.stringify([...(rule?.tags ?? [])])}`
  if (memo !== undefined && memo.settings !== key) {
    memo.settings = key
    memo.folders = new WeakMap()
  }
  const published = memo?.folders ?? new Map<Folder, PublishedFolder>()
  const copies = memo?.bookmarks ?? new Map<Bookmark, Bookmark>()
  // Aliases may stand for what a private folder holds: those are held back with it.
  const hidden = insidePrivateFolders(root, rule)
  const byFolders = rule !== undefined && rule.folders.length > 0
  const isHidden = (target: Bookmark | Folder | undefined): boolean =>
    target !== undefined &&
    (hidden.has(target) || (target.type === 'bookmark' && holdBackReason(target, settings) !== undefined))
  const publish = (folder: Folder, path: readonly string[]): PublishedFolder => {
    const at = byFolders ? path.join('\u001f') : undefined
    const cached = published.get(folder)
    if (cached !== undefined && !cached.aliases && cached.at === at) return cached
    const heldBack: HeldBack = { private: 0, fileUrls: 0, placeUrls: 0 }
    const userinfo: Userinfo = { count: 0, first: undefined }
    let aliases = false
    let targets: Array<Bookmark | Folder | undefined> | undefined
    let children: Node[] | undefined
    const source = folder.children
    for (let i = 0; i < source.length; i++) {
      const child = source[i]!
      let out: Node | undefined = child
      if (child.type === 'bookmark') {
        const reason = holdBackReason(child, settings)
        if (reason !== undefined) {
          heldBack[reason]++
          out = undefined
        } else {
          out = withoutCredentials(child, copies)
          if (out !== child) {
            userinfo.count++
            userinfo.first ??= child
          }
        }
      } else if (child.type === 'folder') {
        const below = byFolders ? childPath(path, child) : path
        if (byFolders && isPrivateFolder(below, rule!)) {
          heldBack.private += bookmarksIn(child)
          out = undefined
        } else {
          const entry = publish(child, below)
          heldBack.private += entry.heldBack.private
          heldBack.fileUrls += entry.heldBack.fileUrls
          heldBack.placeUrls += entry.heldBack.placeUrls
          userinfo.count += entry.userinfo.count
          userinfo.first ??= entry.userinfo.first
          aliases ||= entry.aliases
          out = entry.folder
        }
      } else if (child.type === 'alias') {
        aliases = true
        const target = aliasTargets.get(child)
        ;(targets ??= []).push(target)
        if (isHidden(target)) out = undefined
      }
      if (out !== child && children === undefined) children = source.slice(0, i)
      if (children !== undefined && out !== undefined) children.push(out)
    }
    const result = publishedCopy(folder, children, targets, cached)
    const entry: PublishedFolder = { folder: result, heldBack, aliases, targets, userinfo, at }
    published.set(folder, entry)
    return entry
  }
  const top = publish(root, [])
  const targets = new Map<Alias, Bookmark | Folder>()
  if (top.aliases) {
    for (const [alias, target] of aliasTargets) {
      if (isHidden(target)) continue
      if (target.type === 'bookmark') targets.set(alias, withoutCredentials(target, copies))
      else targets.set(alias, published.get(target)?.folder ?? target)
    }
  }
  return {
    root: top.folder,
    aliasTargets: targets,
    heldBack: { ...top.heldBack },
    userinfo: { ...top.userinfo },
  }
}

/**
 * What `folder` is published as: itself when nothing in it was held back or copied; otherwise a copy
 * with `children`. A folder with aliases shows their targets: it is a copy, new when a target changed.
 */
function publishedCopy(
  folder: Folder,
  children: Node[] | undefined,
  targets: Array<Bookmark | Folder | undefined> | undefined,
  cached: PublishedFolder | undefined,
): Folder {
  if (children === undefined && targets === undefined) return folder
  const list = children ?? folder.children.slice()
  // The copy made last time, while it still has the same children (and targets).
  const previous = cached?.folder
  return previous !== undefined &&
    previous !== folder &&
    sameItems(previous.children, list) &&
    sameTargets(cached?.targets, targets)
    ? previous
    : copyFolder(folder, list)
}

/** The bookmarks in `folder` and below. */
function bookmarksIn(folder: Folder): number {
  let count = 0
  for (const child of folder.children) {
    if (child.type === 'bookmark') count++
    else if (child.type === 'folder') count += bookmarksIn(child)
  }
  return count
}

/**
 * `bookmark` as published: itself, or a copy without the user names and passwords its URLs held
 * (the private section shows its bookmarks as the site would).
 */
export function publishedBookmark(bookmark: Bookmark): Bookmark {
  return withoutCredentials(bookmark, new Map())
}

/**
 * `bookmark` as published: itself, or, when a URL of it holds a user name or password, a copy
 * without them (the same copy each build while the bookmark is the same, kept in `copies`).
 */
function withoutCredentials(
  bookmark: Bookmark,
  copies: WeakMap<Bookmark, Bookmark> | Map<Bookmark, Bookmark>,
): Bookmark {
  let changes: Parameters<typeof copyBookmark>[1] | undefined
  for (const field of URL_FIELDS) {
    const url = bookmark[field]
    // Nearly every URL has no `@` at all: nothing to parse.
    if (url === undefined || !url.includes('@') || (field === 'icon' && url.startsWith('data:'))) continue
    const clean = withoutUserinfo(url)
    if (clean !== url) (changes ??= {})[field] = clean
  }
  const icon = bookmark.desktopIcon
  if (icon?.href !== undefined && withoutUserinfo(icon.href) !== icon.href)
    (changes ??= {}).desktopIcon = { ...icon, href: withoutUserinfo(icon.href) }
  if (changes === undefined) return bookmark
  let copy = copies.get(bookmark)
  if (copy === undefined) {
    copy = copyBookmark(bookmark, changes)
    copies.set(bookmark, copy)
  }
  return copy
}

/** A bookmark's URLs that the site publishes (its link; the favicon's and the feed's in the exports). */
const URL_FIELDS = ['href', 'feedUrl', 'iconUri', 'icon'] as const

function sameTargets(
  a: ReadonlyArray<Bookmark | Folder | undefined> | undefined,
  b: ReadonlyArray<Bookmark | Folder | undefined> | undefined,
): boolean {
  return a === undefined || b === undefined ? a === b : sameItems(a, b)
}
