import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BookgenError } from '../../src/model/errors.js'
import {
  defaultStoreFile,
  emptyStore,
  parseLinkStore,
  pruneStore,
  readLinkStore,
  serializeLinkStore,
  writeLinkStore,
  type LinkEntry,
  type LinkStore,
} from '../../src/links/store.js'

const T = Date.parse('2026-05-04T06:00:00.000Z')

const dead: LinkEntry = { state: 'dead', status: 404, checkedAt: T, failures: 2 }
const moved: LinkEntry = {
  state: 'redirected',
  status: 200,
  finalUrl: 'https://b.example/new',
  checkedAt: T,
  failures: 0,
}
const later: LinkEntry = {
  state: 'unknown',
  status: 429,
  error: 'retry-later',
  retryAfter: T + 3_600_000,
  checkedAt: T,
  failures: 1,
}

const EXPECTED = `{
  "version": 1,
  "links": {
    "https://a.example/gone": {
      "state": "dead",
      "status": 404,
      "checkedAt": "2026-05-04T06:00:00.000Z",
      "failures": 2
    },
    "https://b.example/old": {
      "state": "redirected",
      "status": 200,
      "finalUrl": "https://b.example/new",
      "checkedAt": "2026-05-04T06:00:00.000Z",
      "failures": 0
    },
    "https://c.example/busy": {
      "state": "unknown",
      "status": 429,
      "error": "retry-later",
      "retryAfter": "2026-05-04T07:00:00.000Z",
      "checkedAt": "2026-05-04T06:00:00.000Z",
      "failures": 1
    }
  }
}
`

function storeOf(entries: Array<[string, LinkEntry]>): LinkStore {
  return { version: 1, links: new Map(entries) }
}

/** The error `run` throws (fails the test when it throws none). */
async function caught(run: () => unknown): Promise<BookgenError> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(BookgenError)
    return error as BookgenError
  }
  throw new Error('expected a BookgenError')
}

describe('serializeLinkStore', () => {
  it('should write URLs sorted and fields in a fixed order, with a 2-space indent and a final newline', () => {
    const store = storeOf([
      ['https://c.example/busy', later],
      ['https://a.example/gone', dead],
      ['https://b.example/old', moved],
    ])
    expect(serializeLinkStore(store)).toBe(EXPECTED)
  })

  it('should give the same bytes whatever order the entries were added in, and whatever order their fields', () => {
    const shuffled: LinkEntry = {
      failures: 0,
      checkedAt: T,
      finalUrl: 'https://b.example/new',
      status: 200,
      state: 'redirected',
    }
    const a = storeOf([
      ['https://b.example/old', shuffled],
      ['https://a.example/gone', dead],
      ['https://c.example/busy', later],
    ])
    expect(serializeLinkStore(a)).toBe(EXPECTED)
  })

  it('should sort by code unit, not by locale', () => {
    const entry: LinkEntry = { state: 'alive', status: 200, checkedAt: T, failures: 0 }
    const text = serializeLinkStore(
      storeOf([
        ['https://x/b', entry],
        ['https://x/B', entry],
        ['https://x/a', entry],
      ]),
    )
    expect([...text.matchAll(/"(https:\/\/x\/.)"/g)].map((m) => m[1])).toEqual([
      'https://x/B',
      'https://x/a',
      'https://x/b',
    ])
  })

  it('should write an empty store with its version', () => {
    expect(serializeLinkStore(emptyStore())).toBe('{\n  "version": 1,\n  "links": {}\n}\n')
  })
})

describe('parseLinkStore', () => {
  it('should read back what it wrote', () => {
    const store = parseLinkStore(EXPECTED, 'links.json')
    expect(store.links.get('https://a.example/gone')).toEqual(dead)
    expect(store.links.get('https://b.example/old')).toEqual(moved)
    expect(store.links.get('https://c.example/busy')).toEqual(later)
    expect(serializeLinkStore(store)).toBe(EXPECTED)
  })

  it('should keep no user name or password in the URLs it reads or writes', () => {
    const withPasswords = JSON.stringify({
      version: 1,
      links: {
        'https://alice:hunter2@a.example/x': {
          state: 'redirected',
          status: 200,
          finalUrl: 'https://bob:swordfish@b.example/y',
          checkedAt: '2026-05-04T06:00:00.000Z',
          failures: 0,
        },
      },
    })
    const read = parseLinkStore(withPasswords, 'bookmarks.links.json')
    expect([...read.links.keys()]).toEqual(['https://a.example/x'])
    expect(read.links.get('https://a.example/x')?.finalUrl).toBe('https://b.example/y')
    const written = serializeLinkStore({
      version: 1,
      links: new Map([
        ['https://alice:hunter2@a.example/x', { ...moved, finalUrl: 'https://bob:swordfish@b.example/y' }],
      ]),
    })
    expect(written).not.toMatch(/alice|hunter2|bob|swordfish/)
    expect(written).toContain('"https://a.example/x"')
  })

  it('should keep URLs such as __proto__ as plain keys', () => {
    const text =
      '{"version":1,"links":{"__proto__":{"state":"alive","status":200,"checkedAt":"2026-05-04T06:00:00Z","failures":0}}}'
    expect([...parseLinkStore(text, 'x.json').links.keys()]).toEqual(['__proto__'])
  })

  it('should report broken JSON at its line and column', async () => {
    const error = await caught(() =>
      parseLinkStore('{\n  "version": 1,\n  "links": {,}\n}\n', 'bookmarks.links.json'),
    )
    expect(error.rule).toBe('links/store-syntax')
    expect(error.format()).toMatch(/^bookmarks\.links\.json:3:13: /)
  })

  it('should refuse a version it does not know, pointing at the field', async () => {
    const error = await caught(() => parseLinkStore('{\n  "version": 2,\n  "links": {}\n}\n', 'l.json'))
    expect(error.rule).toBe('links/store-version')
    expect([error.file, error.line, error.column]).toEqual(['l.json', 2, 3])
    expect(error.message).toMatch(/version 2/)
  })

  it('should refuse something that is not a store', async () => {
    for (const text of ['[]', '{"version":1}', '{"version":1,"links":[]}']) {
      expect((await caught(() => parseLinkStore(text, 'l.json'))).rule).toBe('links/store-invalid')
    }
  })

  it('should name the entry and the field that is wrong, at the entry', async () => {
    const bad = (entry: string) => `{\n  "version": 1,\n  "links": {\n    "https://a/": ${entry}\n  }\n}\n`
    const ok = '"checkedAt": "2026-05-04T06:00:00.000Z", "failures": 0'
    const cases: Array<[string, RegExp]> = [
      [`{"state": "gone", "status": 404, ${ok}}`, /"state" "gone"/],
      [`{"state": "dead", "status": "404", ${ok}}`, /"status"/],
      [`{"state": "dead", "status": 404, "error": "oops", ${ok}}`, /unknown "error" "oops"/],
      [`{"state": "dead", "status": 404, "checkedAt": "yesterday", "failures": 0}`, /"checkedAt"/],
      [`{"state": "dead", "status": 404, "checkedAt": "2026-05-04T06:00:00Z", "failures": -1}`, /"failures"/],
      [`{"state": "dead", "status": 404, "colour": "red", ${ok}}`, /"colour"/],
      ['7', /not an object/],
    ]
    for (const [entry, reason] of cases) {
      const error = await caught(() => parseLinkStore(bad(entry), 'l.json'))
      expect(error.rule).toBe('links/store-invalid')
      expect(error.message).toMatch(reason)
      expect(error.message).toContain('https://a/')
      expect([error.line, error.column]).toEqual([4, 5])
    }
  })
})

describe('pruneStore', () => {
  it('should keep only the entries of the URLs given', () => {
    const store = storeOf([
      ['https://a.example/gone', dead],
      ['https://b.example/old', moved],
    ])
    const pruned = pruneStore(store, ['https://b.example/old', 'https://new.example/'])
    expect([...pruned.links]).toEqual([['https://b.example/old', moved]])
    expect(store.links.size).toBe(2)
  })
})

describe('readLinkStore and writeLinkStore', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bookgen-links-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('should read a missing store as an empty one', async () => {
    expect((await readLinkStore(path.join(dir, 'none.json'))).links.size).toBe(0)
  })

  it('should write, read and write the same bytes, leaving no temporary file', async () => {
    const file = path.join(dir, 'bookmarks.links.json')
    await writeLinkStore(file, parseLinkStore(EXPECTED, 'x'))
    const first = await readFile(file, 'utf8')
    expect(first).toBe(EXPECTED)
    await writeLinkStore(file, await readLinkStore(file))
    expect(await readFile(file, 'utf8')).toBe(first)
    expect(await readdir(dir)).toEqual(['bookmarks.links.json'])
  })

  it('should report a broken store with its file name', async () => {
    const file = path.join(dir, 'bookmarks.links.json')
    await writeFile(file, '{"version": 1, "links": ')
    const error = await caught(() => readLinkStore(file, 'bookmarks.links.json'))
    expect(error.format()).toMatch(/^bookmarks\.links\.json:1:25: .*\[links\/store-syntax\]$/)
  })

  it('should fail as a BookgenError, leaving nothing behind, when the folder is missing', async () => {
    const error = await caught(() => writeLinkStore(path.join(dir, 'missing', 'l.json'), emptyStore()))
    expect(error.rule).toBe('links/store-unwritable')
    expect(await readdir(dir)).toEqual([])
  })

  it('should place the store beside the first source', () => {
    expect(defaultStoreFile(['/a/b/bookmarks.html', '/c/x.xbel'])).toBe(
      path.join('/a/b', 'bookmarks.links.json'),
    )
  })
})
