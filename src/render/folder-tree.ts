/**
 * `folders/`: the whole folder tree on one page: each folder's link and size, then its
 * sub-folders in a `<details>` (open at the top level; the summary counts them, and the link
 * stays outside it, as a summary must not hold a link).
 */
import type { Element, ElementContent } from 'hast'
import { breadcrumbsToHast } from './document.js'
import { el } from './hast.js'
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
    el('h1', {}, 'Folders'),
    el('p', { className: ['folder-stats'] }, `${input.total} folder${input.total === 1 ? '' : 's'}`),
  ]
  if (input.topLevel.count > 0)
    content.push(
      el('p', {}, [
        el('a', { href: input.topLevel.href }, 'Top level'),
        ' ',
        el('span', { className: ['count'] }, String(input.topLevel.count)),
      ]),
    )
  if (input.folders.length === 0)
    content.push(el('p', { className: ['empty'] }, 'This collection has no folders.'))
  else
    content.push(
      el(
        'ul',
        { className: ['folder-tree'] },
        input.folders.map((node) => nodeToHast(node, 0)),
      ),
    )
  return content
}

function nodeToHast(node: TreeNode, depth: number): Element {
  const label: Array<Element | string> = [
    el('a', { className: ['folder-link'], href: node.href }, cleanText(node.title) || 'Untitled folder'),
    ' ',
    el(
      'span',
      { className: ['count'], title: `${node.count} bookmark${node.count === 1 ? '' : 's'}` },
      String(node.count),
    ),
  ]
  if (node.children.length === 0) return el('li', {}, label)
  // The link stays out of the summary (a link inside a summary is nested interaction).
  const sub = `${node.children.length} sub-folder${node.children.length === 1 ? '' : 's'}`
  return el('li', {}, [
    ...label,
    ' ',
    el('details', depth === 0 ? { open: true } : {}, [
      el('summary', {}, sub),
      el(
        'ul',
        {},
        node.children.map((child) => nodeToHast(child, depth + 1)),
      ),
    ]),
  ])
}
