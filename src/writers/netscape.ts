/**
 * Model → Netscape bookmark HTML, in the shape Firefox and Chrome write and import: DOCTYPE, a
 * UTF-8 META, `<DL><p>` lists, one `<DT>` per line, `<DD>` descriptions. Every field the format
 * can carry is written (unknown attributes read from a Netscape file included); fields it cannot
 * carry (XBEL metadata, Desktop Bookmark applications, …) are reported as warnings, grouped per
 * field.
 */
import { resolveAliases } from '../site/aliases.js'
import { formatEpochSeconds } from '../sources/dates.js'
import type { Alias, Bookmark, Collection, Folder, Node, Place, Warning } from '../model.js'

export interface WriteResult {
  text: string
  warnings: Warning[]
}

const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

// The Content-Security-Policy line is Firefox's: opened in a browser (it is HTML), the file can
// run no script, so its bookmarklets stay inert even when it is served from a web site.
const HEADER = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
`

/** Netscape dates are whole seconds; a finer instant loses its milliseconds. */
function seconds(
  value: number,
  writer: { lose(field: string, place: Place | undefined, message: string): void },
  place: Place | undefined,
): string {
  if (value % 1000 !== 0)
    writer.lose('subsecond', place, 'fractions of a second in dates (written as whole seconds)')
  return formatEpochSeconds(value)
}

/** Serialize a collection as a Netscape bookmark file. */
export function writeNetscape(collection: Collection): WriteResult {
  return new NetscapeWriter(collection).write()
}

class NetscapeWriter {
  private readonly out: string[] = []
  private readonly losses = new Map<string, { count: number; place: Place | undefined; message: string }>()
  private readonly collection: Collection
  private readonly aliasTargets: Map<Alias, Bookmark | Folder>

  constructor(collection: Collection) {
    this.collection = collection
    this.aliasTargets = resolveAliases([collection])
  }

  write(): WriteResult {
    const { collection } = this
    const root = collection.root
    this.out.push(HEADER)
    this.out.push(`<TITLE>${escapeText(collection.title || root.title)}</TITLE>\n`)
    const rootAttributes: string[] = []
    if (root.added !== undefined)
      rootAttributes.push(attribute('ADD_DATE', seconds(root.added, this, root.place)))
    if (root.modified !== undefined)
      rootAttributes.push(attribute('LAST_MODIFIED', seconds(root.modified, this, root.place)))
    if (root.id !== undefined) rootAttributes.push(attribute('ALIASID', root.id))
    this.unknownAttributes(root, rootAttributes)
    this.out.push(`<H1${rootAttributes.join('')}>${escapeText(root.title)}</H1>\n`)
    if (root.description !== undefined && root.description !== '')
      this.out.push(`<DD>${escapeText(root.description)}\n`)
    this.noteFolderLosses(root)
    this.writeList(root, '')
    let text = this.out.join('')
    // Control characters (other than tab and line breaks) never reach an output file.
    const controls = text.match(CONTROLS)
    if (controls !== null) {
      text = text.replace(CONTROLS, '')
      this.losses.set('control-characters', {
        count: controls.length,
        place: undefined,
        message: 'control characters (removed)',
      })
    }
    return { text, warnings: this.warnings() }
  }

  /** `<DL><p>` … `</DL><p>` with the folder's children, iteratively (no recursion limit). */
  private writeList(folder: Folder, indent: string): void {
    const stack: Array<{ folder: Folder; index: number; indent: string }> = [{ folder, index: 0, indent }]
    this.out.push(`${indent}<DL><p>\n`)
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.index >= top.folder.children.length) {
        stack.pop()
        this.out.push(`${top.indent}</DL><p>\n`)
        continue
      }
      const node = top.folder.children[top.index++]!
      const inner = `${top.indent}    `
      if (node.type === 'folder') {
        this.writeFolderHeading(node, inner)
        this.out.push(`${inner}<DL><p>\n`)
        stack.push({ folder: node, index: 0, indent: inner })
      } else {
        this.writeLeaf(node, inner)
      }
    }
  }

  private writeFolderHeading(folder: Folder, indent: string): void {
    const attributes: string[] = []
    if (folder.added !== undefined)
      attributes.push(attribute('ADD_DATE', seconds(folder.added, this, folder.place)))
    if (folder.modified !== undefined)
      attributes.push(attribute('LAST_MODIFIED', seconds(folder.modified, this, folder.place)))
    if (folder.toolbar === true) attributes.push(attribute('PERSONAL_TOOLBAR_FOLDER', 'true'))
    if (folder.unfiled === true) attributes.push(attribute('UNFILED_BOOKMARKS_FOLDER', 'true'))
    if (folder.id !== undefined) attributes.push(attribute('ALIASID', folder.id))
    if (folder.icon !== undefined) attributes.push(attribute('ICON', folder.icon))
    if (folder.iconUri !== undefined) attributes.push(attribute('ICON_URI', folder.iconUri))
    this.unknownAttributes(folder, attributes)
    const folded = folder.folded === true ? ' FOLDED' : ''
    this.out.push(`${indent}<DT><H3${folded}${attributes.join('')}>${escapeText(folder.title)}</H3>\n`)
    if (folder.description !== undefined && folder.description !== '') {
      this.out.push(`${indent}<DD>${escapeText(folder.description)}\n`)
    }
    this.noteFolderLosses(folder)
  }

  private writeLeaf(node: Exclude<Node, Folder>, indent: string): void {
    switch (node.type) {
      case 'separator':
        this.out.push(`${indent}<HR>\n`)
        return
      case 'alias': {
        const target = this.aliasTargets.get(node)
        if (target === undefined) {
          this.lose('dangling-alias', node.place, 'aliases whose target is missing')
          return
        }
        if (target.type === 'folder') {
          // Netscape only ever aliased bookmarks; an <A> without HREF keeps a folder alias for
          // readers that resolve ALIASOF (bookgen does), and browsers skip it.
          this.out.push(`${indent}<DT><A${attribute('ALIASOF', node.ref)}>${escapeText(target.title)}</A>\n`)
          return
        }
        this.writeBookmark(target, indent, node.ref)
        return
      }
      case 'bookmark':
        this.writeBookmark(node, indent, undefined)
        return
    }
  }

  private writeBookmark(bookmark: Bookmark, indent: string, aliasOf: string | undefined): void {
    const a: string[] = []
    if (bookmark.href !== undefined) a.push(attribute('HREF', bookmark.href))
    if (bookmark.added !== undefined)
      a.push(attribute('ADD_DATE', seconds(bookmark.added, this, bookmark.place)))
    if (bookmark.visited !== undefined)
      a.push(attribute('LAST_VISIT', seconds(bookmark.visited, this, bookmark.place)))
    if (bookmark.modified !== undefined)
      a.push(attribute('LAST_MODIFIED', seconds(bookmark.modified, this, bookmark.place)))
    if (bookmark.iconUri !== undefined) a.push(attribute('ICON_URI', bookmark.iconUri))
    if (bookmark.icon !== undefined) a.push(attribute('ICON', bookmark.icon))
    if (bookmark.shortcutUrl !== undefined) a.push(attribute('SHORTCUTURL', bookmark.shortcutUrl))
    if (bookmark.postData !== undefined) a.push(attribute('POST_DATA', bookmark.postData))
    if (bookmark.lastCharset !== undefined) a.push(attribute('LAST_CHARSET', bookmark.lastCharset))
    if (bookmark.feed !== undefined) a.push(attribute('FEED', String(bookmark.feed)))
    if (bookmark.feedUrl !== undefined) a.push(attribute('FEEDURL', bookmark.feedUrl))
    if (bookmark.webSlice !== undefined) a.push(attribute('WEBSLICE', String(bookmark.webSlice)))
    if (bookmark.isLivePreview !== undefined)
      a.push(attribute('ISLIVEPREVIEW', String(bookmark.isLivePreview)))
    if (bookmark.previewSize !== undefined) a.push(attribute('PREVIEWSIZE', bookmark.previewSize))
    if (bookmark.tags.length > 0) {
      if (bookmark.tags.some((tag) => tag.includes(','))) {
        this.lose('tag-comma', bookmark.place, 'commas inside tags (written as spaces; TAGS is a comma list)')
      }
      // A trailing comma keeps a lone tag with a space ("read later") from being read as two tags.
      const tags = bookmark.tags.map((tag) => tag.replace(/,/g, ' ')).join(',')
      a.push(attribute('TAGS', bookmark.tags.length === 1 && /\s/.test(tags) ? `${tags},` : tags))
    }
    if (bookmark.private !== undefined) a.push(attribute('PRIVATE', bookmark.private ? '1' : '0'))
    if (bookmark.toRead !== undefined) a.push(attribute('TOREAD', bookmark.toRead ? '1' : '0'))
    if (aliasOf !== undefined) a.push(attribute('ALIASOF', aliasOf))
    else if (bookmark.id !== undefined) a.push(attribute('ALIASID', bookmark.id))
    this.unknownAttributes(bookmark, a)
    this.out.push(`${indent}<DT><A${a.join('')}>${escapeText(bookmark.title)}</A>\n`)
    if (aliasOf !== undefined) return
    if (bookmark.description !== undefined && bookmark.description !== '') {
      this.out.push(`${indent}<DD>${escapeText(bookmark.description)}\n`)
    }
    if (bookmark.mimeType !== undefined)
      this.lose('mimeType', bookmark.place, 'MIME types (Desktop Bookmark metadata)')
    if (bookmark.applications !== undefined && bookmark.applications.length > 0) {
      this.lose('applications', bookmark.place, 'application registrations (Desktop Bookmark metadata)')
    }
    if (bookmark.desktopIcon !== undefined) this.lose('desktopIcon', bookmark.place, 'Desktop Bookmark icons')
    if (bookmark.iconName !== undefined) this.lose('iconName', bookmark.place, 'XBEL icon names')
    if (bookmark.info !== undefined && bookmark.info.length > 0)
      this.lose('info', bookmark.place, 'XBEL metadata blocks')
  }

  private noteFolderLosses(folder: Folder): void {
    if (folder.iconName !== undefined) this.lose('iconName', folder.place, 'XBEL icon names')
    if (folder.info !== undefined && folder.info.length > 0)
      this.lose('info', folder.place, 'XBEL metadata blocks')
  }

  private unknownAttributes(item: Folder | Bookmark, into: string[]): void {
    if (item.attributes === undefined) return
    for (const [name, value] of Object.entries(item.attributes)) {
      if (!/^[A-Za-z_:][-A-Za-z0-9_:.]*$/.test(name)) {
        this.lose('attribute-name', item.place, 'attributes whose names HTML cannot carry')
        continue
      }
      into.push(attribute(name, value))
    }
  }

  lose(field: string, place: Place | undefined, message: string): void {
    const loss = this.losses.get(field)
    if (loss === undefined) this.losses.set(field, { count: 1, place, message })
    else loss.count++
  }

  private warnings(): Warning[] {
    const file = this.collection.file
    return [...this.losses.entries()].map(([field, loss]) => ({
      file,
      line: loss.place?.line ?? 1,
      column: loss.place?.column ?? 1,
      rule: 'convert/lost-field',
      message: `The Netscape format has no place for ${loss.message}: ${loss.count} item${loss.count === 1 ? '' : 's'} lost ${field}`,
    }))
  }
}

function attribute(name: string, value: string): string {
  return ` ${name}="${escapeAttribute(value)}"`
}

/** Escape text content: `&`, `<`, `>`. Line breaks stay (descriptions keep their lines). */
export function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text
}

/** Escape an attribute value for double quotes; line breaks become character references. */
export function escapeAttribute(value: string): string {
  return /[&<>"\n\r\t]/.test(value)
    ? value
        .replace(/&/g, '&amp;')
        .replace(/"/g, '&quot;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/\n/g, '&#10;')
        .replace(/\r/g, '&#13;')
        .replace(/\t/g, '&#9;')
    : value
}
