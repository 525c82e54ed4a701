/**
 * XBEL `<info><metadata owner="…">` blocks bookgen understands, shared by the XBEL reader and writer:
 *
 * - `http://freedesktop.org`, the Desktop Bookmark spec (GNOME's `recently-used.xbel`): MIME type,
 *   groups (shown as tags), applications, icon, private. Children are matched by local name, with
 *   or without the `bookmark:`/`mime:` prefixes (GLib has written both).
 * - bookgen's own owner, where the XBEL writer keeps what only Netscape files carry (keyword,
 *   POST data, favicon data, live-bookmark feed, unknown attributes, …), so a Netscape → XBEL →
 *   Netscape conversion loses nothing. Other XBEL readers ignore it, as the spec asks.
 */
import { createRecord, type XmlElement, type XmlNode } from '../../model/tree.js'

export const FREEDESKTOP_OWNER = 'http://freedesktop.org'
export const BOOKMARK_NAMESPACE = 'http://www.freedesktop.org/standards/desktop-bookmarks'
export const MIME_NAMESPACE = 'http://www.freedesktop.org/standards/shared-mime-info'
export const BOOKGEN_OWNER = 'https://bookgen.dev/xbel/1'
export const BOOKGEN_NAMESPACE = BOOKGEN_OWNER

/**
 * Elements of the bookgen block: element name → model field, for simple text fields.
 * Booleans are written `true`/`false`; dates (`modified` on folders) as W3C-DTF.
 */
export const BOOKGEN_TEXT_FIELDS = {
  icon: 'icon',
  'icon-uri': 'iconUri',
  'shortcut-url': 'shortcutUrl',
  'post-data': 'postData',
  'last-charset': 'lastCharset',
  'feed-url': 'feedUrl',
  'preview-size': 'previewSize',
} as const

export const BOOKGEN_FLAG_FIELDS = {
  feed: 'feed',
  'web-slice': 'webSlice',
  'is-live-preview': 'isLivePreview',
  'to-read': 'toRead',
  private: 'private',
  unfiled: 'unfiled',
} as const

/** Local part of a possibly prefixed name: `bookmark:group` → `group`. */
export function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}

/** A node with text: an opaque `XmlNode`, or the reader's decoded form of one. */
type TextNode = string | { readonly children: readonly TextNode[] }

/** All text inside an opaque node, concatenated. */
export function textOf(node: TextNode): string {
  if (typeof node === 'string') return node
  // Most elements hold one run of text.
  if (node.children.length === 1 && typeof node.children[0] === 'string') return node.children[0]
  let text = ''
  const stack: TextNode[] = [node]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (typeof next === 'string') text += next
    else for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!)
  }
  return text
}

/** Build an element for writing. */
export function element(
  name: string,
  attributes: Record<string, string> = {},
  children: XmlNode[] = [],
): XmlElement {
  const record = createRecord()
  for (const [key, value] of Object.entries(attributes)) record[key] = value
  return { name, attributes: record, children }
}
