/**
 * What the site's exports (`bookmarks.html`, `bookmarks.xbel`) leave out of what the sources kept:
 * content a browser or an importer could run. The Netscape file is HTML: opened in a browser, an
 * `ONCLICK` on an `<A>` is an event handler (its Content-Security-Policy blocks it, but a published
 * file should not carry it at all). So are attributes that submit, ping or fetch (`FORMACTION`,
 * `PING`, `SRCDOC`, `STYLE` with its `url()`), and any value that is a script URL. The XBEL file is
 * XML, in which an XHTML `<script>` in opaque `<metadata>` runs when the file is shown as XML. Pure.
 * `bookgen convert` writes the user's own file and keeps everything.
 */
import type { Metadata, XmlElement, XmlNode } from '../model/tree.js'

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
  const lower = (name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name).toLowerCase()
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
      kept ??= Object.assign(
        Object.create(null) as Record<string, string>,
        Object.fromEntries(entries.slice(0, i)),
      )
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
    return { ...block, attributes: attributes.attributes ?? nullRecord(), children: children.nodes }
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
        attributes: attributes.attributes ?? nullRecord(),
        children: children.nodes,
      } satisfies XmlElement)
    }
  }
  return { nodes: changed ? kept : nodes, removed }
}

function localName(name: string): string {
  return (name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name).toLowerCase()
}

function nullRecord(): Record<string, string> {
  return Object.create(null) as Record<string, string>
}
