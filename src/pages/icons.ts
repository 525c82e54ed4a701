/**
 * Favicons: a bookmark's `ICON` data URI is written once as a file named by its content hash and
 * shared by every page that shows it. Only raster types are stored (an SVG can script when opened
 * directly). Pure: the files are handed out, not written.
 */
import { createHash } from 'node:crypto'
import type { Bookmark } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import type { SiteUrls } from '../publish/urls.js'

/** Raster image types a favicon data URI may carry. */
const ICON_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
}

/** Largest favicon stored, in bytes. */
const MAX_ICON_BYTES = 64 * 1024

export interface Icons {
  /** The URL of a bookmark's stored favicon (its file is then pending, the first time), if it has one. */
  urlOf(bookmark: Bookmark): string | undefined
  /** The favicon files named since the last call, once each. */
  take(): Generator<OutputFile>
  /** How many favicon files were handed out. */
  readonly count: number
}

/** The favicons of one build. */
export function createIcons(urls: SiteUrls): Icons {
  const byUri = new Map<string, string | undefined>()
  const written = new Set<string>()
  const pending: OutputFile[] = []
  let count = 0
  return {
    urlOf(bookmark) {
      const uri = bookmark.icon
      if (uri === undefined || !uri.startsWith('data:')) return undefined
      if (byUri.has(uri)) return byUri.get(uri)
      const file = iconFile(uri)
      if (file !== undefined && !written.has(file.path)) {
        written.add(file.path)
        pending.push(file)
      }
      const url = file === undefined ? undefined : urls.path(file.path)
      byUri.set(uri, url)
      return url
    },
    *take() {
      while (pending.length > 0) {
        count++
        yield pending.shift()!
      }
    },
    get count() {
      return count
    },
  }
}

/** Where favicons are stored, below the base (search results name them in it). */
export const ICON_DIR = 'assets/icons/'

/** The file a favicon data URI is stored as, or none for what is not a raster image. */
function iconFile(uri: string): OutputFile | undefined {
  const icon = rasterIcon(uri)
  if (icon === undefined) return undefined
  const hash = createHash('sha256').update(icon.bytes).digest('hex').slice(0, 16)
  return { path: `${ICON_DIR}${hash}.${ICON_TYPES[icon.type]}`, contents: icon.bytes }
}

/** A namer of favicon files (`<hash>.<type>` in `ICON_DIR`) by data URI, each worked out once. */
export function iconNamer(): (uri: string | undefined) => string | undefined {
  const names = new Map<string, string | undefined>()
  return (uri) => {
    if (uri === undefined || !uri.startsWith('data:')) return undefined
    if (!names.has(uri)) names.set(uri, iconFile(uri)?.path.slice(ICON_DIR.length))
    return names.get(uri)
  }
}

/**
 * A bookmark's favicon as a data URI of its own, for a page that may not name a file of the site
 * (the private section, whose favicons would tell what it holds): the same icons as `iconFile`
 * stores, or none.
 */
export function inlineIconOf(bookmark: Bookmark): string | undefined {
  const icon = bookmark.icon === undefined ? undefined : rasterIcon(bookmark.icon)
  return icon === undefined
    ? undefined
    : `data:${icon.type};base64,${Buffer.from(icon.bytes).toString('base64')}`
}

/** A favicon data URI's type (lower case) and bytes, when it is a raster image of a size stored. */
function rasterIcon(uri: string): { type: string; bytes: Uint8Array } | undefined {
  const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(uri)
  const type = match?.[1]!.toLowerCase()
  if (match === null || type === undefined || ICON_TYPES[type] === undefined) return undefined
  const bytes = Buffer.from(match[2]!, 'base64')
  if (bytes.length === 0 || bytes.length > MAX_ICON_BYTES) return undefined
  return { type, bytes }
}
