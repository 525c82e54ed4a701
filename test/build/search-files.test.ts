import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readTree } from '../helpers.js'
import { writeSearchIndexFiles } from '../../src/build/search-files.js'
import { StagingWriter } from '../../src/build/staging-writer.js'
import { createBookmark } from '../../src/model/tree.js'
import { searchIndexOutput, type SearchIndexInput } from '../../src/site-files/search/index.js'

let tmp: string
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-search-files-'))
})
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true })
})

/** An index input of `count` bookmarks, enough for several shards and chunks. */
function inputOf(count: number, word = 'bread'): SearchIndexInput {
  const documents = Array.from({ length: count }, (_, index) => {
    const bookmark = createBookmark(
      `${word} ${index} 日本 ${index % 7}`,
      `https://h${index % 13}.example/p/${index}`,
    )
    bookmark.tags = [`t${index % 5}`]
    return { bookmark, href: bookmark.href, folder: 0 }
  })
  return {
    documents,
    folders: [{ title: 'Cooking', name: 'Cooking', url: '/cooking/' }],
    tags: Array.from({ length: 5 }, (_, index) => ({ tag: `t${index}`, url: `/tags/t${index}/` })),
  }
}

/** A staging folder's writer (the folder made, as `createStaging` makes it). */
function writerAt(name: string, previous?: string): StagingWriter {
  const dir = path.join(tmp, name)
  mkdirSync(dir)
  return new StagingWriter(dir, previous)
}

/** What `searchIndexOutput` makes, as text by path. */
function expectedOf(input: SearchIndexInput): Map<string, string> {
  const decoder = new TextDecoder()
  return new Map(
    searchIndexOutput(input).map((file) => [
      file.path,
      typeof file.contents === 'string' ? file.contents : decoder.decode(file.contents),
    ]),
  )
}

describe('the search index written file by file', () => {
  it('should write the same files as the index made whole, into the folder its hash names', () => {
    const input = inputOf(3000)
    const dir = path.join(tmp, 'site')
    const writer = writerAt('site')
    expect(writeSearchIndexFiles(input, writer)).toEqual([])
    const expected = expectedOf(input)
    expect(expected.size).toBeGreaterThan(100)
    expect(readTree(dir)).toEqual(expected)
    expect(writer.written.files).toBe(expected.size)
    // Nothing is left under the name the files were written under before the hash was known.
    expect(readdirSync(path.join(dir, 'assets/search')).sort()).toEqual(
      [...new Set([...expected.keys()].map((file) => file.split('/')[2]!))].sort(),
    )
  })

  it('should link what the previous build wrote the same, whether the index changed or not', () => {
    const previous = path.join(tmp, 'previous')
    writeSearchIndexFiles(inputOf(3000), writerAt('previous'))

    const same = writerAt('same', previous)
    writeSearchIndexFiles(inputOf(3000), same)
    expect(same.written.unchanged).toBe(same.written.files)
    expect(readTree(path.join(tmp, 'same'))).toEqual(readTree(previous))

    // One more document: a new folder name, the same bytes as a fresh build, and its unchanged
    // files (the first result chunks) linked from the previous build all the same.
    const changed = writerAt('changed', previous)
    writeSearchIndexFiles(inputOf(3001), changed)
    expect(readTree(path.join(tmp, 'changed'))).toEqual(expectedOf(inputOf(3001)))
    expect(changed.written.unchanged).toBeGreaterThan(0)
    expect(changed.written.unchanged).toBeLessThan(changed.written.files)
  })

  it('should write an index of no document', () => {
    const input = inputOf(0)
    const dir = path.join(tmp, 'empty')
    writeSearchIndexFiles(input, writerAt('empty'))
    expect(readTree(dir)).toEqual(expectedOf(input))
  })
})
