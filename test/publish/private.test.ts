/**
 * The private rule (`private` in the config): which bookmarks it takes — marked, in a private
 * folder, or tagged — as the published tree, the private section and the changes pages see them.
 */
import { describe, expect, it } from 'vitest'
import type { HistoryView } from '../../src/history/build-step.js'
import { createBookmark, createFolder, type Alias, type Bookmark, type Folder } from '../../src/model/tree.js'
import { createPublishMemo, filterForPublishing } from '../../src/publish/filter.js'
import { privateEntries, privateRule, withoutPrivateChanges } from '../../src/publish/private.js'

const rule = privateRule({
  folders: [['Private'], ['Work', 'Clients']],
  tags: ['secret'],
  passphraseEnv: 'X',
})!
const settings = { private: false, fileUrls: false, placeUrls: false, rule }

function bookmark(title: string, fields: Partial<Bookmark> = {}): Bookmark {
  return Object.assign(createBookmark(title, `https://${title}.example/`), fields)
}

function folder(title: string, ...children: Folder['children']): Folder {
  const made = createFolder(title)
  made.children.push(...children)
  return made
}

/** Titles of every bookmark and folder in a tree, in document order. */
function titles(root: Folder): string[] {
  return root.children.flatMap((child) =>
    child.type === 'folder'
      ? [child.title, ...titles(child)]
      : child.type === 'bookmark'
        ? [child.title]
        : [],
  )
}

const tree = () =>
  folder(
    'root',
    bookmark('open'),
    bookmark('marked', { private: true }),
    bookmark('tagged', { tags: ['web', 'SECRET'] }),
    folder(' private ', bookmark('inside'), folder('deeper', bookmark('deep'))),
    folder(
      'Work',
      bookmark('work'),
      folder('Clients', bookmark('client')),
      folder('Private', bookmark('other')),
    ),
  )

describe('the private rule', () => {
  it('should hold back marked and tagged bookmarks, and private folders whole (titles included)', () => {
    const result = filterForPublishing(tree(), new Map(), settings)
    expect(titles(result.root)).toEqual(['open', 'Work', 'work', 'Private', 'other'])
    expect(result.heldBack.private).toBe(5)
  })

  it('should give the private section every private bookmark with its folders, in document order', () => {
    const entries = privateEntries(tree(), rule)
    expect(entries.map((entry) => [entry.bookmark.title, entry.folders])).toEqual([
      ['marked', []],
      ['tagged', []],
      ['inside', [' private ']],
      ['deep', [' private ', 'deeper']],
      ['client', ['Work', 'Clients']],
    ])
  })

  it('should hold back aliases to what a private folder holds, or to the folder itself', () => {
    const inside = bookmark('inside', { id: 'i' })
    const secretFolder = folder('Private', inside)
    const toBookmark: Alias = { type: 'alias', ref: 'i' }
    const toFolder: Alias = { type: 'alias', ref: 'f' }
    const open = folder('Open', toBookmark, toFolder, bookmark('open'))
    const root = folder('root', secretFolder, open)
    const targets = new Map<Alias, Bookmark | Folder>([
      [toBookmark, inside],
      [toFolder, secretFolder],
    ])
    const result = filterForPublishing(root, targets, settings)
    expect(titles(result.root)).toEqual(['Open', 'open'])
    expect(result.aliasTargets.size).toBe(0)
  })

  it('should follow a renamed folder in watch mode: a folder kept from the last build is judged by its new path', () => {
    const memo = createPublishMemo()
    const clients = folder('Clients', bookmark('client'))
    const first = filterForPublishing(folder('root', folder('Work', clients)), new Map(), settings, memo)
    expect(titles(first.root)).toEqual(['Work'])
    // The same `Clients` object under a renamed parent is no longer private, and the other way round.
    const renamed = filterForPublishing(folder('root', folder('Jobs', clients)), new Map(), settings, memo)
    expect(titles(renamed.root)).toEqual(['Jobs', 'Clients', 'client'])
    const back = filterForPublishing(folder('root', folder('Work', clients)), new Map(), settings, memo)
    expect(titles(back.root)).toEqual(['Work'])
  })

  it('should leave the changes pages no change to a private bookmark', () => {
    const source = tree()
    const published = filterForPublishing(source, new Map(), settings).root
    const change = (title: string, path: string[], extra = {}) => ({
      kind: 'added' as const,
      title,
      href: `https://${title}.example/`,
      path,
      ...extra,
    })
    const view: HistoryView = {
      commits: [
        {
          hash: 'a',
          time: 0,
          subject: 'Add',
          before: 0,
          after: 9,
          file: 'bookmarks.html',
          changes: [
            change('open', []),
            change('marked', [], { private: true }),
            change('inside', ['Private']),
            change('moved', ['Elsewhere'], { kind: 'moved', from: ['Private', 'Deeper'] }),
            change('client', ['Work', 'Clients']),
            change('tagged', []),
            // Removed since, and tagged who knows how: the history does not record tags.
            change('gone', [], { kind: 'removed' }),
          ],
        },
      ],
    }
    const shown = withoutPrivateChanges(view, rule, { source, published })
    expect(shown.commits[0]!.changes.map((each) => each.title)).toEqual(['open'])
    // Without tags in the rule, a change to a bookmark no longer there is shown.
    const byFolders = privateRule({ folders: [['Private']], tags: [], passphraseEnv: 'X' })!
    const shownByFolders = withoutPrivateChanges(view, byFolders, { source, published })
    expect(shownByFolders.commits[0]!.changes.map((each) => each.title)).toEqual([
      'open',
      'client',
      'tagged',
      'gone',
    ])
  })
})
