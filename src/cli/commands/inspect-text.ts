/**
 * The normalized tree as readable text, for `bookgen inspect` without `--json`:
 *
 * ```
 * Bookmarks (xbel, utf-8): 12 bookmarks, 3 folders, 1 separator, 0 aliases, 5 tags
 * 📁 Development
 *    🔖 MDN Web Docs  https://developer.mozilla.org/  [reference, web]
 *    🔖 Bank  https://bank.example/  (private)
 *    ──
 * ```
 */
import { plural } from '../../report/output.js'
import { collapseTitle } from '../../formats/shared/titles.js'
import { countNodes, walk, type Collection } from '../../model/tree.js'

/**
 * Render a collection as an indented tree; `clean` makes untrusted text terminal-safe. A title
 * is shown on its entry's line, its runs of white space as one space (as any page shows it).
 */
export function formatTree(collection: Collection, clean: (text: string) => string): string {
  const stats = countNodes(collection.root)
  const lines = [
    `${clean(collapseTitle(collection.title || collection.root.title || collection.file))} (${collection.format}, ${collection.encoding}): ` +
      [
        plural(stats.bookmarks, 'bookmark'),
        plural(stats.folders, 'folder'),
        plural(stats.separators, 'separator'),
        plural(stats.aliases, 'alias', 'aliases'),
        plural(stats.tags, 'tag'),
      ].join(', '),
  ]
  for (const { node, depth } of walk(collection.root)) {
    const indent = '   '.repeat(depth - 1)
    switch (node.type) {
      case 'folder':
        lines.push(`${indent}📁 ${clean(collapseTitle(node.title)) || '(untitled)'}`)
        break
      case 'bookmark': {
        const tags = node.tags.length > 0 ? `  [${clean(node.tags.join(', '))}]` : ''
        // Private bookmarks are left out of the site unless the config's `publish` says otherwise.
        const mark = node.private === true ? '  (private)' : ''
        lines.push(
          `${indent}🔖 ${clean(collapseTitle(node.title)) || '(untitled)'}  ${clean(node.href ?? '(no URL)')}${tags}${mark}`,
        )
        break
      }
      case 'separator':
        lines.push(`${indent}──`)
        break
      case 'alias':
        lines.push(`${indent}↪ alias of ${clean(node.ref)}`)
        break
    }
  }
  return `${lines.join('\n')}\n`
}
