/**
 * Model → Netscape bookmark HTML, in the shape Firefox and Chrome write and import: DOCTYPE, a
 * UTF-8 META, `<DL><p>` lists, one `<DT>` per line, `<DD>` descriptions. Every field the format
 * can carry is written (unknown attributes read from a Netscape file included); fields it cannot
 * carry (XBEL metadata, Desktop Bookmark applications, …) are reported as warnings, grouped per
 * field.
 */
import { resolveAliases } from '../../model/aliases.js'
import { formatEpochSeconds } from '../../model/dates.js'
import type { Alias, Bookmark, Collection, Folder, Node, Place } from '../../model/tree.js'
import { collapseTitle } from '../shared/titles.js'
import { Utf8Chunks, wholeText } from '../shared/utf8-chunks.js'
import type { Message } from '../../model/message.js'
import type { WrittenText } from '../types.js'
import { reference } from '../shared/references.js'
import { Losses } from '../shared/losses.js'

const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
/** What escapeText changes, and control characters: text without any is written as it is. */
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
/** What escapeAttribute changes, and control characters. */
const ATTRIBUTE_SPECIAL = /[&<>"\u0000-\u001F\u007F]/

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

/**
 * One level of indentation more, up to 32 spaces (8 levels): a tree hundreds of folders deep would
 * otherwise be mostly spaces.
 */
function deeper(indent: string): string {
  return indent.length >= 32 ? indent : `${indent}    `
}

/** Serialize a collection as a Netscape bookmark file. */
export function writeNetscape(collection: Collection): WrittenText {
  return wholeText((sink) => new NetscapeWriter(collection, sink).write())
}

/**
 * The same file as UTF-8, handed to `sink` in chunks of about 128 KiB as it is made (the site's
 * export is written that way, never held whole). Returns the warnings.
 */
export function streamNetscape(collection: Collection, sink: (chunk: Uint8Array) => void): Message[] {
  return new NetscapeWriter(collection, sink).write()
}

class NetscapeWriter {
  private readonly out: Utf8Chunks
  private readonly lost = new Losses()
  private readonly collection: Collection
  /** Resolved at the first alias: most files have none. */
  private aliasTargets: Map<Alias, Bookmark | Folder> | undefined
  /**
   * Whether an escaped value had a control character. Every string from the model goes through
   * `text` or `attribute`, so when none had one, the output has none either.
   */
  private controls = false

  /** Control characters removed so far (they never reach the output). */
  private removed = 0

  constructor(collection: Collection, sink: (chunk: Uint8Array) => void) {
    this.collection = collection
    this.out = new Utf8Chunks(sink)
  }

  /**
   * Add `piece` to the output. Control characters (other than tab and line breaks) never reach an
   * output file; pieces before the first escaped value that had one cannot hold one.
   */
  private push(piece: string): void {
    if (this.controls) {
      const found = piece.match(CONTROLS)
      if (found !== null) {
        this.removed += found.length
        piece = piece.replace(CONTROLS, '')
      }
    }
    this.out.push(piece)
  }

  write(): Message[] {
    const { collection } = this
    const root = collection.root
    this.push(HEADER)
    this.push(`<TITLE>${this.title(collection.title || root.title, root.place)}</TITLE>\n`)
    let rootAttributes = ''
    if (root.added !== undefined) rootAttributes += ` ADD_DATE="${this.seconds(root.added, root.place)}"`
    if (root.modified !== undefined)
      rootAttributes += ` LAST_MODIFIED="${this.seconds(root.modified, root.place)}"`
    if (root.id !== undefined) rootAttributes += this.attribute('ALIASID', root.id)
    rootAttributes += this.unknownAttributes(root, ROOT_NAMES)
    this.push(`<H1${rootAttributes}>${this.title(root.title, root.place)}</H1>\n`)
    if (root.description !== undefined && root.description !== '')
      this.push(`<DD>${this.text(root.description)}\n`)
    this.noteFolderLosses(root)
    this.writeList(root, '')
    this.out.end()
    if (this.removed > 0) {
      this.lost.add('control-characters', undefined, 'control characters (removed)', this.removed)
    }
    return this.lost.warnings(collection.file, 'The Netscape format has no place for', true)
  }

  /** `<DL><p>` … `</DL><p>` with the folder's children, iteratively (no recursion limit). */
  private writeList(folder: Folder, indent: string): void {
    const stack: Array<{ folder: Folder; index: number; indent: string; inner: string }> = [
      { folder, index: 0, indent, inner: deeper(indent) },
    ]
    this.push(`${indent}<DL><p>\n`)
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.index >= top.folder.children.length) {
        stack.pop()
        this.push(`${top.indent}</DL><p>\n`)
        continue
      }
      const node = top.folder.children[top.index++]!
      const inner = top.inner
      if (node.type === 'folder') {
        this.writeFolderHeading(node, inner)
        this.push(`${inner}<DL><p>\n`)
        stack.push({ folder: node, index: 0, indent: inner, inner: deeper(inner) })
      } else {
        this.writeLeaf(node, inner)
      }
    }
  }

  private writeFolderHeading(folder: Folder, indent: string): void {
    let attributes = ''
    if (folder.added !== undefined) attributes += ` ADD_DATE="${this.seconds(folder.added, folder.place)}"`
    if (folder.modified !== undefined)
      attributes += ` LAST_MODIFIED="${this.seconds(folder.modified, folder.place)}"`
    if (folder.toolbar === true) attributes += ' PERSONAL_TOOLBAR_FOLDER="true"'
    if (folder.unfiled === true) attributes += ' UNFILED_BOOKMARKS_FOLDER="true"'
    if (folder.id !== undefined) attributes += this.attribute('ALIASID', folder.id)
    if (folder.icon !== undefined) attributes += this.attribute('ICON', folder.icon)
    if (folder.iconUri !== undefined) attributes += this.attribute('ICON_URI', folder.iconUri)
    attributes += this.unknownAttributes(folder, FOLDER_NAMES)
    const folded = folder.folded === true ? ' FOLDED' : ''
    this.push(`${indent}<DT><H3${folded}${attributes}>${this.title(folder.title, folder.place)}</H3>\n`)
    if (folder.description !== undefined && folder.description !== '') {
      this.push(`${indent}<DD>${this.text(folder.description)}\n`)
    }
    this.noteFolderLosses(folder)
  }

  private writeLeaf(node: Exclude<Node, Folder>, indent: string): void {
    switch (node.type) {
      case 'separator':
        this.push(`${indent}<HR>\n`)
        return
      case 'alias': {
        this.aliasTargets ??= resolveAliases([this.collection])
        const target = this.aliasTargets.get(node)
        if (target === undefined) {
          this.lost.add('dangling-alias', node.place, 'aliases whose target is missing')
          return
        }
        if (target.type === 'folder') {
          // Netscape only ever aliased bookmarks; an <A> without HREF keeps a folder alias for
          // readers that resolve ALIASOF (bookgen does), and browsers skip it.
          const title = this.title(target.title, node.place)
          this.push(`${indent}<DT><A${this.attribute('ALIASOF', node.ref)}>${title}</A>\n`)
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
    const place = bookmark.place
    let a = ''
    if (bookmark.href !== undefined) a += this.attribute('HREF', bookmark.href)
    if (bookmark.added !== undefined) a += ` ADD_DATE="${this.seconds(bookmark.added, place)}"`
    if (bookmark.visited !== undefined) a += ` LAST_VISIT="${this.seconds(bookmark.visited, place)}"`
    if (bookmark.modified !== undefined) a += ` LAST_MODIFIED="${this.seconds(bookmark.modified, place)}"`
    if (bookmark.iconUri !== undefined) a += this.attribute('ICON_URI', bookmark.iconUri)
    if (bookmark.icon !== undefined) a += this.attribute('ICON', bookmark.icon)
    if (bookmark.shortcutUrl !== undefined) a += this.attribute('SHORTCUTURL', bookmark.shortcutUrl)
    if (bookmark.postData !== undefined) a += this.attribute('POST_DATA', bookmark.postData)
    if (bookmark.lastCharset !== undefined) a += this.attribute('LAST_CHARSET', bookmark.lastCharset)
    if (bookmark.feed !== undefined) a += this.attribute('FEED', String(bookmark.feed))
    if (bookmark.feedUrl !== undefined) a += this.attribute('FEEDURL', bookmark.feedUrl)
    if (bookmark.webSlice !== undefined) a += this.attribute('WEBSLICE', String(bookmark.webSlice))
    if (bookmark.isLivePreview !== undefined)
      a += this.attribute('ISLIVEPREVIEW', String(bookmark.isLivePreview))
    if (bookmark.previewSize !== undefined) a += this.attribute('PREVIEWSIZE', bookmark.previewSize)
    const tags = bookmark.tags
    if (tags.length > 0) {
      let list = ''
      let commas = false
      for (let i = 0; i < tags.length; i++) {
        let tag = tags[i]!
        if (tag.includes(',')) {
          commas = true
          tag = tag.replace(/,/g, ' ')
        }
        list = i === 0 ? tag : `${list},${tag}`
      }
      if (commas) {
        this.lost.add('tag-comma', place, 'commas inside tags (written as spaces; TAGS is a comma list)')
      }
      // A trailing comma keeps a lone tag with a space ("read later") from being read as two tags.
      a += this.attribute('TAGS', tags.length === 1 && /\s/.test(list) ? `${list},` : list)
    }
    if (bookmark.private !== undefined) a += bookmark.private ? ' PRIVATE="1"' : ' PRIVATE="0"'
    if (bookmark.toRead !== undefined) a += bookmark.toRead ? ' TOREAD="1"' : ' TOREAD="0"'
    if (aliasOf !== undefined) a += this.attribute('ALIASOF', aliasOf)
    else if (bookmark.id !== undefined) a += this.attribute('ALIASID', bookmark.id)
    if (bookmark.attributes !== undefined) a += this.unknownAttributes(bookmark, BOOKMARK_NAMES)
    this.push(`${indent}<DT><A${a}>${this.title(bookmark.title, place)}</A>\n`)
    if (aliasOf !== undefined) return
    if (bookmark.description !== undefined && bookmark.description !== '') {
      this.push(`${indent}<DD>${this.text(bookmark.description)}\n`)
    }
    if (bookmark.mimeType !== undefined)
      this.lost.add('mimeType', place, 'MIME types (Desktop Bookmark metadata)')
    if (bookmark.applications !== undefined && bookmark.applications.length > 0) {
      this.lost.add('applications', place, 'application registrations (Desktop Bookmark metadata)')
    }
    if (bookmark.desktopIcon !== undefined) this.lost.add('desktopIcon', place, 'Desktop Bookmark icons')
    if (bookmark.iconName !== undefined) this.lost.add('iconName', place, 'XBEL icon names')
    if (bookmark.info !== undefined && bookmark.info.length > 0)
      this.lost.add('info', place, 'XBEL metadata blocks')
  }

  private noteFolderLosses(folder: Folder): void {
    if (folder.iconName !== undefined) this.lost.add('iconName', folder.place, 'XBEL icon names')
    if (folder.info !== undefined && folder.info.length > 0)
      this.lost.add('info', folder.place, 'XBEL metadata blocks')
  }

  /**
   * Unknown attributes as ` NAME="value"` pairs. One named like an attribute of Netscape's own
   * for the element (`tags`, `Private`, `description`: HTML names have no case) would be read back
   * as that attribute, or as a duplicate HTML ignores, so it is left out, with a warning.
   */
  private unknownAttributes(item: Folder | Bookmark, own: ReadonlySet<string>): string {
    if (item.attributes === undefined) return ''
    let out = ''
    for (const [name, value] of Object.entries(item.attributes)) {
      if (!/^[A-Za-z_:][-A-Za-z0-9_:.]*$/.test(name)) {
        this.lost.add('attribute-name', item.place, 'attributes whose names HTML cannot carry')
        continue
      }
      // The reader keeps an ALIASOF naming no ALIASID as this very attribute.
      if (own.has(name.toUpperCase()) && !(name === 'ALIASOF' && own === BOOKMARK_NAMES)) {
        this.lost.add(
          'attribute-collision',
          item.place,
          'attributes named like one of its own in another case (tags, private, …: they would be read back as those; left out)',
        )
        continue
      }
      out += this.attribute(name, value)
    }
    return out
  }

  /** ` NAME="value"`; `name` is a constant or a checked attribute name. */
  private attribute(name: string, value: string): string {
    if (!ATTRIBUTE_SPECIAL.test(value)) return ` ${name}="${value}"`
    if (CONTROL.test(value)) this.controls = true
    return ` ${name}="${value.replace(ATTRIBUTE_ESCAPES, reference)}"`
  }

  /**
   * A title, escaped, with runs of white space as one space: bookmark HTML reads them so (they are
   * the layout of HTML text), and browsers import an entry only when it is on one line.
   */
  private title(title: string, place: Place | undefined): string {
    const collapsed = collapseTitle(title)
    if (collapsed !== title)
      this.lost.add(
        'title-space',
        place,
        'runs of white space or line breaks inside titles (HTML reads them as one space; written so)',
      )
    return this.text(collapsed)
  }

  /** Escaped text content. */
  private text(text: string): string {
    if (!TEXT_SPECIAL.test(text)) return text
    if (CONTROL.test(text)) this.controls = true
    return text.replace(TEXT_ESCAPES, reference)
  }

  /** Netscape dates are whole seconds; a finer instant loses its milliseconds. */
  private seconds(value: number, place: Place | undefined): string {
    if (value % 1000 !== 0)
      this.lost.add('subsecond', place, 'fractions of a second in dates (written as whole seconds)')
    return formatEpochSeconds(value)
  }
}

/** Attributes the reader takes for its own, per element (upper case). */
export const ROOT_NAMES: ReadonlySet<string> = new Set(['ADD_DATE', 'LAST_MODIFIED', 'ALIASID'])
export const FOLDER_NAMES: ReadonlySet<string> = new Set([
  'ADD_DATE',
  'LAST_MODIFIED',
  'FOLDED',
  'PERSONAL_TOOLBAR_FOLDER',
  'UNFILED_BOOKMARKS_FOLDER',
  'ALIASID',
  'ICON',
  'ICON_URI',
])
export const BOOKMARK_NAMES: ReadonlySet<string> = new Set([
  'HREF',
  'ADD_DATE',
  'LAST_VISIT',
  'LAST_MODIFIED',
  'ICON',
  'ICON_URI',
  'SHORTCUTURL',
  'POST_DATA',
  'LAST_CHARSET',
  'FEED',
  'FEEDURL',
  'WEBSLICE',
  'ISLIVEPREVIEW',
  'PREVIEWSIZE',
  'TAGS',
  'PRIVATE',
  'TOREAD',
  'ALIASID',
  'ALIASOF',
  'DESCRIPTION',
])

/** Escaped in text (line breaks stay: descriptions keep their lines) and in attribute values. */
const TEXT_ESCAPES = /[&<>]/g
const ATTRIBUTE_ESCAPES = /[&<>"\n\r\t]/g
