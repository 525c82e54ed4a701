/**
 * What the site's exports (`bookmarks.html`, `bookmarks.xbel`) leave out of what the sources kept:
 * anything a browser or an importer could run or act on, and anything the formats do not define.
 *
 * - A bookmark whose URL cannot be a link (`javascript:`, `vbscript:`, `data:`, `place:`, … by the
 *   one check of `model/safe-url.ts`) is left out, with the aliases that stand for it. The
 *   Netscape file is HTML served from the site: such a link in it would run or render in the
 *   site's origin, with only its Content-Security-Policy between. Kept without its URL, it would
 *   import as nothing (browsers skip an `<A>` without `HREF`) and make invalid XBEL (`href` is
 *   required); the site's pages still show its code, and `bookgen convert` keeps it.
 * - Other URL fields (favicon, feed, Desktop Bookmark icon) that cannot be links are dropped.
 * - Attributes kept from a source that no specification names (`target`, `rel`, `download`,
 *   `contenteditable`, a Chrome `guid`, …) are dropped: each writer then writes only the
 *   attributes its format defines. Namespace declarations on the root stay: opaque XBEL metadata
 *   may use them. Those a browser could run (`on…`, `FORMACTION`, `STYLE`, a script URL) are
 *   counted, so the build summary can say how many there were.
 * - Opaque XBEL metadata keeps its elements but for scripts (an XHTML `<script>` runs when the
 *   file is shown as XML) and active attributes.
 *
 * Pure. `bookgen convert` writes the user's own file and keeps everything.
 */
import {
  createRecord,
  type Alias,
  type Bookmark,
  type DesktopIcon,
  type Folder,
  type Metadata,
  type XmlElement,
  type XmlNode,
} from '../model/tree.js'
import { safeHref } from '../model/safe-url.js'
import { copyBookmark, copyFolder } from './copy.js'

/** What the exports may carry besides what is always safe, from the config's `publish`. */
export interface ExportSettings {
  /** `file:` URLs are published (`publish.fileUrls`), so the exports keep them too. */
  readonly allowFile: boolean
  /** Leave out Desktop Bookmark command lines (`publish.exec` off). */
  readonly stripExec: boolean
}

/** What the exports left out. */
export interface ExportLosses {
  /** Event handlers, other active attributes, script elements and script URLs in other fields. */
  activeContent: number
  /** Bookmarks whose URL cannot be a link. */
  unsafeUrls: number
}

/** A folder of the export tree and what was left out below it (as the root or not). */
export interface ExportedFolder extends ExportLosses {
  folder: Folder
  root: boolean
}

/**
 * The tree the exports are written from: `root` (the published tree) without what is listed
 * above. Copied only where something is left out; each folder's result is kept in `done` (by
 * published folder), so an unchanged folder gives the same object next build (watch mode).
 * `aliasTargets` are the published tree's.
 */
export function exportTree(
  root: Folder,
  aliasTargets: ReadonlyMap<Alias, Bookmark | Folder>,
  settings: ExportSettings,
  done: WeakMap<Folder, ExportedFolder> | Map<Folder, ExportedFolder>,
): ExportedFolder {
  const leftOut = (bookmark: Bookmark) =>
    bookmark.href !== undefined &&
    bookmark.href !== '' &&
    safeHref(bookmark.href, { allowFile: settings.allowFile }) === undefined
  const visit = (folder: Folder, isRoot: boolean): ExportedFolder => {
    const known = done.get(folder)
    if (known !== undefined && known.root === isRoot) return known
    const losses: ExportLosses = { activeContent: 0, unsafeUrls: 0 }
    let children: Folder['children'] | undefined
    folder.children.forEach((child, i) => {
      let out: Folder['children'][number] | undefined = child
      if (child.type === 'folder') {
        const entry = visit(child, false)
        losses.activeContent += entry.activeContent
        losses.unsafeUrls += entry.unsafeUrls
        out = entry.folder
      } else if (child.type === 'bookmark') {
        if (leftOut(child)) {
          losses.unsafeUrls++
          out = undefined
        } else {
          const safe = exportedFields(child, false, settings)
          losses.activeContent += safe.active
          if (safe.changes !== undefined) out = copyBookmark(child, safe.changes)
        }
      } else if (child.type === 'alias') {
        const target = aliasTargets.get(child)
        if (target?.type === 'bookmark' && leftOut(target)) out = undefined
      }
      if (out !== child) children ??= folder.children.slice(0, i)
      if (out !== undefined) children?.push(out)
    })
    const own = exportedFields(folder, isRoot, settings)
    losses.activeContent += own.active
    const result =
      children === undefined && own.changes === undefined
        ? folder
        : copyFolder(folder, children ?? folder.children, own.changes)
    const entry = { folder: result, root: isRoot, ...losses }
    done.set(folder, entry)
    return entry
  }
  return visit(root, true)
}

type ExportChanges = Pick<
  Partial<Bookmark>,
  'attributes' | 'info' | 'icon' | 'iconUri' | 'feedUrl' | 'desktopIcon' | 'applications'
>

/**
 * A folder's or bookmark's fields as the exports carry them: the changes to make (undefined when
 * none), and how much active content they lose.
 */
function exportedFields(
  item: Folder | Bookmark,
  root: boolean,
  settings: ExportSettings,
): { changes: ExportChanges | undefined; active: number } {
  let changes: ExportChanges | undefined
  let active = 0
  if (item.attributes !== undefined) {
    const kept = exportedAttributes(item.attributes, root)
    active += kept.active
    if (kept.attributes !== item.attributes) (changes ??= {}).attributes = kept.attributes
  }
  if (item.info !== undefined) {
    const safe = withoutActiveMetadata(item.info)
    active += safe.removed
    if (safe.removed > 0) (changes ??= {}).info = safe.info
  }
  if (item.icon !== undefined && !RASTER_DATA.test(item.icon) && !isLink(item.icon, settings)) {
    ;(changes ??= {}).icon = undefined
    active++
  }
  if (item.iconUri !== undefined && !isLink(item.iconUri, settings)) {
    ;(changes ??= {}).iconUri = undefined
    active++
  }
  if (item.type === 'folder') return { changes, active }
  if (item.feedUrl !== undefined && !isLink(item.feedUrl, settings)) {
    ;(changes ??= {}).feedUrl = undefined
    active++
  }
  if (item.desktopIcon?.href !== undefined && !isLink(item.desktopIcon.href, settings)) {
    ;(changes ??= {}).desktopIcon = withoutHref(item.desktopIcon)
    active++
  }
  if (settings.stripExec && item.applications?.some((application) => application.exec !== undefined)) {
    ;(changes ??= {}).applications = item.applications.map(({ exec: _exec, ...application }) => application)
  }
  return { changes, active }
}

function withoutHref({ href: _href, ...icon }: DesktopIcon): DesktopIcon {
  return icon
}

/** A favicon as a data URI of a raster image: never run, whatever opens it. */
const RASTER_DATA = /^data:image\/(?!svg)/i

function isLink(url: string, settings: ExportSettings): boolean {
  return safeHref(url, { allowFile: settings.allowFile }) !== undefined
}

/**
 * The attributes the exports keep of those a source kept (`attributes` itself when that is all of
 * them, `undefined` when none): only the root's namespace declarations, and none a browser could
 * run. `active` counts those that were active.
 */
function exportedAttributes(
  attributes: Readonly<Record<string, string>>,
  root: boolean,
): { attributes: Record<string, string> | undefined; active: number } {
  let kept: Record<string, string> | undefined
  let active = 0
  let dropped = 0
  for (const [name, value] of Object.entries(attributes)) {
    if (isActiveAttribute(name, value)) active++
    else if (root && (name === 'xmlns' || name.startsWith('xmlns:'))) (kept ??= createRecord())[name] = value
    else dropped++
  }
  if (active === 0 && dropped === 0) return { attributes: attributes as Record<string, string>, active }
  return { attributes: kept, active }
}

/** Attributes a browser acts on whatever their value (lower case). */
const ACTIVE_NAMES = new Set([
  'action',
  'formaction',
  'ping',
  'src',
  'srcdoc',
  'srcset',
  'style',
  'background',
  'lowsrc',
  'dynsrc',
  'codebase',
  'http-equiv',
])

/** A value that runs script or renders a document when followed: `javascript:`, `vbscript:`, `data:text/html`, … */
const SCRIPT_VALUE = /(?:java|vb|live)script:|data:(?:text\/html|application\/xhtml|image\/svg)/i

/** Blanks and control characters that browsers skip inside a URL scheme (`java\tscript:`). */
const SKIPPED = /[\u0000-\u0020\u007f-\u009f]+/g

/**
 * Whether an attribute (kept from a source: names no specification gives) is one a browser or an
 * importer could run: an event handler (`on…`), one of `ACTIVE_NAMES`, or any attribute whose value
 * holds a script URL.
 */
export function isActiveAttribute(name: string, value: string): boolean {
  const lower = localName(name)
  if (lower.startsWith('on') || ACTIVE_NAMES.has(lower)) return true
  return SCRIPT_VALUE.test(value.replace(SKIPPED, ''))
}

/** `attributes` without active ones (`undefined` when none is left), and how many were left out. */
export function withoutActiveAttributes(attributes: Readonly<Record<string, string>>): {
  attributes: Record<string, string> | undefined
  removed: number
} {
  let kept: Record<string, string> | undefined
  let removed = 0
  const entries = Object.entries(attributes)
  for (let i = 0; i < entries.length; i++) {
    const [name, value] = entries[i]!
    if (isActiveAttribute(name, value)) {
      // The first one left out: copy what came before it (a null-prototype record, as read).
      kept ??= Object.assign(createRecord(), Object.fromEntries(entries.slice(0, i)))
      removed++
    } else if (kept !== undefined) kept[name] = value
  }
  if (removed === 0) return { attributes: attributes as Record<string, string>, removed }
  return { attributes: Object.keys(kept!).length === 0 ? undefined : kept, removed }
}

/**
 * Metadata blocks without script elements (any namespace) and without active attributes on their
 * elements; the same array when nothing was left out.
 */
export function withoutActiveMetadata(info: readonly Metadata[]): { info: Metadata[]; removed: number } {
  let removed = 0
  const blocks = info.map((block) => {
    const attributes = withoutActiveAttributes(block.attributes)
    const children = cleanNodes(block.children)
    removed += attributes.removed + children.removed
    if (attributes.removed === 0 && children.nodes === block.children) return block
    return { ...block, attributes: attributes.attributes ?? createRecord(), children: children.nodes }
  })
  return { info: removed === 0 ? (info as Metadata[]) : blocks, removed }
}

/** Opaque XML is small and shallow (the reader bounds its depth): recursion is safe here. */
function cleanNodes(nodes: readonly XmlNode[]): { nodes: readonly XmlNode[]; removed: number } {
  let removed = 0
  let changed = false
  const kept: XmlNode[] = []
  for (const node of nodes) {
    if (typeof node === 'string') {
      kept.push(node)
      continue
    }
    if (localName(node.name) === 'script') {
      removed++
      changed = true
      continue
    }
    const attributes = withoutActiveAttributes(node.attributes)
    const children = cleanNodes(node.children)
    removed += attributes.removed + children.removed
    if (attributes.removed === 0 && children.nodes === node.children) kept.push(node)
    else {
      changed = true
      kept.push({
        name: node.name,
        attributes: attributes.attributes ?? createRecord(),
        children: children.nodes,
      } satisfies XmlElement)
    }
  }
  return { nodes: changed ? kept : nodes, removed }
}

/** An attribute's or element's name without its prefix, in lower case. */
function localName(name: string): string {
  return (name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name).toLowerCase()
}
