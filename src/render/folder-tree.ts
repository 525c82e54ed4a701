/**
 * `folders/`: the whole folder tree on one page: each folder's link and what it holds ("5
 * bookmarks · 1 sub-folder"), then its sub-folders in a `<details>`, open at the top level, whose
 * summary is the disclosure arrow the stylesheet puts before the folder's name (the link stays
 * outside it, as a summary must not hold a link). Works without scripts; with them, an "Expand
 * all" button opens (and closes) every level at once.
 */
import type { Element, ElementContent } from 'hast'
import { breadcrumbsToHast } from './document.js'
import { el } from './hast.js'
import type { I18n } from './i18n.js'
import { cleanText } from './text.js'

export interface TreeNode {
  title: string
  href: string
  /** Bookmarks in the folder and below. */
  count: number
  children: TreeNode[]
}

export interface FolderTreeInput {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
  /** The root's sub-folders. */
  folders: TreeNode[]
  /** Bookmarks directly in the root, with the home page's URL. */
  topLevel: { href: string; count: number }
  /** Folders listed below the root. */
  total: number
  /** Folders left out, having no bookmark (see `showEmptyFolders`). */
  empty: number
}

/** `<main>` content of `folders/`. */
export function folderTreeToHast(input: FolderTreeInput): ElementContent[] {
  const { t, tn } = input.i18n
  const content: ElementContent[] = [
    breadcrumbsToHast(input.i18n, input.crumbs),
    el('h1', {}, t('folders')),
    el('div', { className: ['tree-head'] }, [
      el('p', { className: ['folder-stats'] }, stats(input)),
      // Shown by site.js, which makes it work; on the same line as the figures, so nothing moves.
      input.folders.some((node) => node.children.length > 0)
        ? el('button', { type: 'button', className: ['expand-all'], hidden: true }, t('client.expandAll'))
        : '',
    ]),
  ]
  if (input.topLevel.count > 0)
    content.push(
      el('p', {}, [
        el('a', { href: input.topLevel.href }, t('topLevel')),
        ' ',
        el('span', { className: ['count'] }, tn('count.bookmarks', input.topLevel.count)),
      ]),
    )
  if (input.folders.length === 0) content.push(el('p', { className: ['empty'] }, t('tree.none')))
  else
    content.push(
      el(
        'ul',
        { className: ['folder-tree'] },
        input.folders.map((node) => nodeToHast(input.i18n, node, 0)),
      ),
    )
  return content
}

/** `12 folders`, and how many empty ones are not listed. */
function stats(input: FolderTreeInput): string {
  const { tn } = input.i18n
  const listed = tn('count.folders', input.total)
  return input.empty === 0 ? listed : `${listed} · ${tn('tree.empty', input.empty)}`
}

function nodeToHast(i18n: I18n, node: TreeNode, depth: number): Element {
  const { t, tn } = i18n
  const title = cleanText(node.title) || t('untitledFolder')
  const counts = [tn('count.bookmarks', node.count)]
  if (node.children.length > 0) counts.push(tn('count.subfolders', node.children.length))
  const label: Array<Element | string> = [
    el('a', { className: ['folder-link'], href: node.href }, title),
    ' ',
    el('span', { className: ['count'] }, counts.join(' · ')),
  ]
  if (node.children.length === 0) return el('li', {}, label)
  // The link stays out of the summary (a link inside a summary is nested interaction); the
  // summary, an arrow to the eye, is named for screen readers.
  return el('li', { className: ['branch'] }, [
    ...label,
    el('details', depth === 0 ? { open: true } : {}, [
      el('summary', {}, [el('span', { className: ['visually-hidden'] }, t('tree.subfolders', { title }))]),
      el(
        'ul',
        {},
        node.children.map((child) => nodeToHast(i18n, child, depth + 1)),
      ),
    ]),
  ])
}
