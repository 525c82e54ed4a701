/**
 * `folders/`: the whole folder tree on one page: each folder's link and size, then its
 * sub-folders in a `<details>` (open at the top level; the summary counts them, and the link
 * stays outside it, as a summary must not hold a link).
 */
import type { Element, ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'
import { cleanText } from './text.js'

export interface TreeNode {
  title: string
  href: string
  /** Bookmarks in the folder and below. */
  count: number
  children: TreeNode[]
}

export interface FolderTreeInput {
  crumbs: Array<{ title: string; href: string }>
  /** The root's sub-folders. */
  folders: TreeNode[]
  /** Bookmarks directly in the root, with the home page's URL. */
  topLevel: { href: string; count: number }
  /** All folders below the root. */
  total: number
}

/** `<main>` content of `folders/`. */
export function folderTreeToHast(input: FolderTreeInput): ElementContent[] {
  const content: ElementContent[] = [
    breadcrumbsToHast(input.crumbs),
    h('h1', 'Folders'),
    h('p.folder-stats', `${input.total} folder${input.total === 1 ? '' : 's'}`),
  ]
  if (input.topLevel.count > 0)
    content.push(
      h('p', [
        h('a', { href: input.topLevel.href }, 'Top level'),
        ' ',
        h('span.count', String(input.topLevel.count)),
      ]),
    )
  if (input.folders.length === 0) content.push(h('p.empty', 'This collection has no folders.'))
  else
    content.push(
      h(
        'ul.folder-tree',
        input.folders.map((node) => nodeToHast(node, 0)),
      ),
    )
  return content
}

function nodeToHast(node: TreeNode, depth: number): Element {
  const label: Array<Element | string> = [
    h('a.folder-link', { href: node.href }, cleanText(node.title) || 'Untitled folder'),
    ' ',
    h('span.count', { title: `${node.count} bookmark${node.count === 1 ? '' : 's'}` }, String(node.count)),
  ]
  if (node.children.length === 0) return h('li', label)
  // The link stays out of the summary (a link inside a summary is nested interaction).
  const sub = `${node.children.length} sub-folder${node.children.length === 1 ? '' : 's'}`
  return h('li', [
    ...label,
    ' ',
    h('details', depth === 0 ? { open: true } : {}, [
      h('summary', sub),
      h(
        'ul',
        node.children.map((child) => nodeToHast(child, depth + 1)),
      ),
    ]),
  ])
}
