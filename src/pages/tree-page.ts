/**
 * `folders/`: the whole folder tree on one page, with each folder's size. Folders with no bookmark
 * in them or below are left out unless the config shows them (`showEmptyFolders`). Pure.
 */
import { TREE_PATH } from './paths.js'
export { TREE_PATH } from './paths.js'
import type { Folder } from '../model/tree.js'
import type { OutputFile } from '../model/output.js'
import { folderTreeToHast, type TreeNode } from '../render/folder-tree.js'
import type { PageContext } from './context.js'

export function* treePage(context: PageContext): Generator<OutputFile> {
  const { t } = context.i18n
  // Watch mode: the same folders, paths and sizes as last build (see `KnownChanges.tree`).
  if (context.check.unchangedSince(TREE_PATH, ['folders'], context.changes.tree)) {
    yield { path: `${TREE_PATH}index.html`, contents: '', unchanged: true }
    return
  }
  const url = context.urls.path
  const routes = context.routes.folders
  const listed = listedFolder(context)
  // Nodes are made in reverse document order, so a folder's sub-folders exist before it does.
  const nodes = new Map<Folder, TreeNode>()
  for (let index = routes.length - 1; index >= 0; index--) {
    const route = routes[index]!
    const children: TreeNode[] = []
    for (const child of route.folder.children)
      if (child.type === 'folder' && listed(child)) children.push(nodes.get(child)!)
    nodes.set(route.folder, {
      title: route.folder.title,
      href: url(route.path),
      count: context.totals.get(route.folder) ?? 0,
      children,
    })
  }
  const root = nodes.get(routes[0]!.folder)!
  const listedCount = listedBelow(root)
  const direct = routes[0]!.folder.children.filter((child) => child.type === 'bookmark').length
  const file = context.page(
    { kind: 'folders', title: t('folders'), path: TREE_PATH, pageNumber: 1 },
    t('folders'),
    folderTreeToHast({
      i18n: context.i18n,
      crumbs: [
        { title: context.input.siteTitle, href: url('') },
        { title: t('folders'), href: url(TREE_PATH) },
      ],
      folders: root.children,
      topLevel: { href: url(''), count: direct },
      total: listedCount,
      empty: routes.length - 1 - listedCount,
    }),
  )
  yield file
}

/**
 * Whether the home page and `folders/` list a folder: one with a bookmark in it or below it, or
 * any with `showEmptyFolders` (an empty Firefox "Snoozed Tabs" folder says nothing to a reader).
 */
export function listedFolder(context: Pick<PageContext, 'input' | 'totals'>): (folder: Folder) => boolean {
  if (context.input.showEmptyFolders === true) return () => true
  return (folder) => (context.totals.get(folder) ?? 0) > 0
}

/** Folders listed below `node`, at any depth. */
function listedBelow(node: TreeNode): number {
  let count = 0
  const stack = [...node.children]
  while (stack.length > 0) {
    count++
    stack.push(...stack.pop()!.children)
  }
  return count
}
