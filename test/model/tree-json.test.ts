import { describe, expect, it } from 'vitest'
import { collectionToJson } from '../../src/model/tree-json.js'
import { formatTree } from '../../src/cli/commands/inspect-text.js'
import { parseFixture } from '../helpers.js'

describe('collectionToJson', () => {
  it('should give the documented shape with ISO dates, document order and no absent fields', () => {
    const json = collectionToJson(parseFixture('netscape/firefox.html'))
    expect(Object.keys(json)).toEqual(['format', 'encoding', 'title', 'root', 'stats', 'warnings'])
    expect(json).toMatchObject({ format: 'netscape', encoding: 'utf-8', title: 'Bookmarks', warnings: [] })
    expect(json.stats).toEqual({ bookmarks: 4, folders: 2, separators: 1, aliases: 0, tags: 2 })
    const children = json.root['children'] as Array<Record<string, unknown>>
    expect(children.map((child) => child['type'])).toEqual(['bookmark', 'separator', 'folder', 'folder'])
    const toolbar = children[2]!
    expect(Object.keys(toolbar).slice(0, 3)).toEqual(['type', 'title', 'description'])
    expect(toolbar).toMatchObject({
      added: '2020-09-13T12:26:40.000Z',
      toolbar: true,
      folded: false,
      place: { line: 13, column: 17 },
    })
    const mdn = (toolbar['children'] as Array<Record<string, unknown>>)[0]!
    expect(Object.keys(mdn).slice(0, 4)).toEqual(['type', 'title', 'href', 'tags'])
    expect(mdn).not.toHaveProperty('description')
    expect(JSON.parse(JSON.stringify(json))).toEqual(json)
  })

  it('should show aliases by ref and keep unknown attributes', () => {
    const json = collectionToJson(parseFixture('netscape/aliases.html'))
    const perl = (json.root['children'] as Array<Record<string, unknown>>)[1]!
    const [alias, perlCom] = perl['children'] as Array<Record<string, unknown>>
    expect(alias).toEqual({ type: 'alias', ref: '0', place: { line: 10, column: 13 } })
    expect(perlCom!['attributes']).toEqual({ ID: 'rdf:#$abc', SCHEDULE: 'weekly' })
  })
})

describe('formatTree', () => {
  it('should print an indented tree with counts', () => {
    const text = formatTree(parseFixture('netscape/chrome.html'), (value) => value)
    expect(text.split('\n').slice(0, 4)).toEqual([
      'Bookmarks (netscape, utf-8): 2 bookmarks, 4 folders, 0 separators, 0 aliases, 0 tags',
      '📁 Bookmarks bar',
      '   🔖 Лучшие публикации за сутки / Хабр  https://habr.com/',
      '   📁 Level 1',
    ])
  })
})
