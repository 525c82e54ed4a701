/**
 * Watch mode builds only what an edit changed: whatever the edit, every page it leaves on disk must
 * be exactly the page a fresh `bookgen build` of the same source writes. Random edits of many kinds
 * (titles, tags old and new, descriptions, moves, new and removed folders, renamed folders that
 * change slugs, repeated URLs, aliases) on a generated file, each followed by a rebuild that is
 * compared with a full build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { DevBuilder } from '../../src/dev/builder.js'
import { build } from '../../src/build/index.js'
import { readSite } from './helpers.js'

/** A small seeded generator (the same edits on every run). */
function random(seed: number): (n: number) => number {
  let state = seed
  return (n) => {
    state = (state * 48271) % 2147483647
    return state % n
  }
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'café', 'C++', 'c', 'Ünïcode', 'x&y', '<b>']

interface Item {
  kind: 'bookmark' | 'separator' | 'alias'
  title: string
  href: string
  tags: string[]
  description: string
  id?: string
  ref?: string
}
interface FolderItem {
  title: string
  children: Array<Item | FolderItem>
}
const isFolder = (node: Item | FolderItem): node is FolderItem => 'children' in node

function render(root: FolderItem): string {
  let id = 0
  const lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<TITLE>Equivalence</TITLE>', '<H1>Equivalence</H1>']
  const list = (folder: FolderItem, indent: string) => {
    lines.push(`${indent}<DL><p>`)
    for (const child of folder.children) {
      if (isFolder(child)) {
        lines.push(`${indent}    <DT><H3>${child.title}</H3>`)
        list(child, `${indent}    `)
      } else if (child.kind === 'separator') lines.push(`${indent}    <HR>`)
      else if (child.kind === 'alias')
        lines.push(`${indent}    <DT><A ALIASOF="${child.ref}">${child.title}</A>`)
      else {
        const tags = child.tags.length > 0 ? ` TAGS="${child.tags.join(',')}"` : ''
        // Every fifth bookmark has a favicon of its own (written once as a file its pages share).
        const icon =
          id % 5 === 0 ? ` ICON="data:image/png;base64,${Buffer.from(`icon ${id}`).toString('base64')}"` : ''
        lines.push(
          `${indent}    <DT><A HREF="${child.href}" ADD_DATE="${1600000000 + id++ * 3600}"${tags}${icon}${child.id ? ` ALIASID="${child.id}"` : ''}>${child.title}</A>`,
        )
        if (child.description !== '') lines.push(`${indent}    <DD>${child.description}`)
      }
    }
    lines.push(`${indent}</DL><p>`)
  }
  list(root, '')
  return `${lines.join('\n')}\n`
}

function generate(next: (n: number) => number): FolderItem {
  const word = () => WORDS[next(WORDS.length)]!
  const bookmark = (index: number): Item => ({
    kind: 'bookmark',
    title: `${word()} ${word()} ${index}`,
    href: `https://site${next(40)}.example/${next(3) === 0 ? 'same' : index}`,
    tags: Array.from({ length: next(3) }, () => `${word().toLowerCase()}-${next(4)}`),
    description: next(3) === 0 ? `${word()} notes` : '',
  })
  let count = 0
  const folder = (depth: number): FolderItem => ({
    title: `${word()} ${next(5)}`,
    children: Array.from({ length: 3 + next(6) }, () => {
      const roll = next(10)
      if (roll <= 2 && depth < 3) return folder(depth + 1)
      if (roll === 3) return { kind: 'separator', title: '', href: '', tags: [], description: '' } as Item
      return bookmark(count++)
    }),
  })
  const root: FolderItem = { title: 'root', children: Array.from({ length: 6 }, () => folder(0)) }
  // One aliased bookmark, and an alias to it elsewhere.
  const first = root.children
    .flatMap((child) => (isFolder(child) ? child.children : []))
    .find((child) => !isFolder(child) && child.kind === 'bookmark') as Item
  first.id = '42'
  ;(root.children[5] as FolderItem).children.push({
    kind: 'alias',
    title: 'alias',
    href: '',
    tags: [],
    description: '',
    ref: '42',
  })
  return root
}

/** Every folder of the tree, root included. */
function folders(root: FolderItem): FolderItem[] {
  const all = [root]
  for (let index = 0; index < all.length; index++)
    for (const child of all[index]!.children) if (isFolder(child)) all.push(child)
  return all
}

/** One random edit, in place; returns what it did (for the failure message). */
function edit(root: FolderItem, next: (n: number) => number): string {
  const all = folders(root)
  const folder = all[next(all.length)]!
  const bookmarks = folder.children.filter(
    (child): child is Item => !isFolder(child) && child.kind === 'bookmark',
  )
  const target = bookmarks[next(Math.max(1, bookmarks.length))]
  switch (next(10)) {
    case 0:
      if (target === undefined) break
      target.title = `${target.title} edited`
      return `title of ${target.href}`
    case 1:
      if (target === undefined) break
      target.tags = [...target.tags, next(2) === 0 ? 'alpha-1' : `brand-new-${next(1000)}`]
      return `tag added to ${target.href}`
    case 2:
      if (target === undefined) break
      target.tags = target.tags.slice(1)
      return `tag removed from ${target.href}`
    case 3:
      if (target === undefined) break
      target.description = target.description === '' ? 'now described' : ''
      return `description of ${target.href}`
    case 4: {
      if (target === undefined) break
      folder.children.splice(folder.children.indexOf(target), 1)
      all[next(all.length)]!.children.push(target)
      return `moved ${target.href}`
    }
    case 5:
      folder.children.push({ title: `new ${next(100)}`, children: [] })
      return 'folder added'
    case 6: {
      if (folder === root) break
      const parent = all.find((candidate) => candidate.children.includes(folder))!
      parent.children.splice(parent.children.indexOf(folder), 1)
      return `folder ${folder.title} removed`
    }
    case 7:
      // A folder with folders inside, when there is one: their breadcrumbs show its title.
      if (folder === root || !folder.children.some(isFolder)) break
      // Renamed to a sibling's title (slugs settled anew), to a new slug, or to the same slug (upper case).
      folder.title = [`alpha 1`, `${folder.title} renamed`, folder.title.toUpperCase()][next(3)]!
      return `folder renamed to ${folder.title}`
    case 8:
      if (target === undefined) break
      target.href = 'https://site1.example/same'
      return `${target.title} now repeats a URL`
    case 9:
      if (target === undefined) break
      folder.children.splice(folder.children.indexOf(target), 0, {
        kind: 'separator',
        title: '',
        href: '',
        tags: [],
        description: '',
      })
      return 'separator added'
  }
  return 'nothing'
}

describe('watch mode rebuilds', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-equivalence-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  // Watch mode never makes a site work offline (see src/dev/index.ts): compared with a build that does not either.
  for (const [name, user] of [
    ['default settings', { offline: false }],
    ['dedupe and small pages', { dedupe: true, pageSize: 7, offline: false }],
  ] as Array<[string, UserConfig]>) {
    it(`should leave exactly the pages a full build writes, after each of many random edits (${name})`, async () => {
      const dir = mkdtempSync(path.join(tmp, 'case-'))
      const source = path.join(dir, 'bookmarks.html')
      const next = random(name.length * 7919)
      const tree = generate(next)
      writeFileSync(source, render(tree))
      const config = (outDir: string) =>
        resolveConfig(user, { sources: [source], outDir, base: '/b/' }, { cwd: dir })
      const builder = new DevBuilder(config(path.join(dir, 'dev')))
      expect((await builder.rebuild()).ok).toBe(true)
      for (let step = 0; step < 40; step++) {
        const done = edit(tree, next)
        writeFileSync(source, render(tree))
        const result = await builder.rebuild(new Set([source]))
        expect(result.ok, done).toBe(true)
        const full = path.join(dir, `full-${step}`)
        await build(config(full))
        const expected = readSite(full)
        const actual = readSite(path.join(dir, 'dev'))
        expect([...actual.keys()].sort(), `step ${step}: ${done}`).toEqual([...expected.keys()].sort())
        for (const [file, html] of expected)
          expect(actual.get(file), `step ${step}: ${done}: ${file}`).toBe(html)
        rmSync(full, { recursive: true })
      }
    }, 120_000)
  }
})
