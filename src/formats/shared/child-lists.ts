/**
 * The walk the JSON and plist readers share (Chromium, Firefox, Safari): lists of children nested
 * to any depth (the fuzz tests go 100,000 levels deep) on an explicit stack, never recursion. The
 * reader says what each child is; the walk keeps the order and the nesting.
 */
import type { Folder, Node } from '../../model/tree.js'

/** A list of children being read into `folder`, with what the reader needs to know about it. */
export interface ChildList<Owner, Context, Item = unknown> {
  readonly folder: Folder
  readonly items: readonly Item[]
  /** The value that holds the list, for places and warnings. */
  readonly owner: Owner
  /** What the reader carries down the tree: a depth, "inside the Reading List", … */
  readonly context: Context
}

/** What a child of a list became: the node to add, and the list of its own children to read next. */
export interface ChildRead<Owner, Context, Item = unknown> {
  readonly node: Node
  readonly children?: ChildList<Owner, Context, Item> | undefined
}

/**
 * Reads `first` and every list below it, depth first and in order: `read` turns each item into a
 * node (undefined: skipped, the reader has warned) that is appended to its list's folder.
 */
export function walkChildLists<Owner, Context, Item = unknown>(
  first: ChildList<Owner, Context, Item> | undefined,
  read: (item: Item, list: ChildList<Owner, Context, Item>) => ChildRead<Owner, Context, Item> | undefined,
): void {
  const stack: Array<{ readonly list: ChildList<Owner, Context, Item>; index: number }> = []
  if (first !== undefined) stack.push({ list: first, index: 0 })
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.index >= top.list.items.length) {
      stack.pop()
      continue
    }
    const result = read(top.list.items[top.index++]!, top.list)
    if (result === undefined) continue
    top.list.folder.children.push(result.node)
    if (result.children !== undefined) stack.push({ list: result.children, index: 0 })
  }
}
