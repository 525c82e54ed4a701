/**
 * The linkding reader on fixtures of our own: a page of the REST API (new fields, fallbacks,
 * repairs) and a single bookmark object; errors and sniffing.
 */
import { describe, expect, it } from 'vitest'
import { linkdingJson } from '../../../src/formats/linkding-json/index.js'
import { bookmarksOf } from '../../helpers.js'
import { read, readError, readFixture, rules, sniffHead } from '../others-input.js'

describe('linkding page', () => {
  const collection = readFixture(linkdingJson, 'linkding-json/page.json')
  const [article, untitled, noLink] = bookmarksOf(collection)

  it('should read the results flat into the root, in file order, and keep the envelope', () => {
    expect(collection).toMatchObject({ format: 'linkding-json', title: 'linkding', encoding: 'utf-8' })
    expect(collection.root.children).toHaveLength(3)
    expect(collection.root.attributes).toEqual({
      count: '7',
      next: 'https://links.example.org/api/bookmarks/?limit=5&offset=5',
    })
  })

  it('should map every field of a bookmark', () => {
    expect(article).toEqual({
      type: 'bookmark',
      title: 'An  article', // as the JSON has it: white space inside a title is kept
      href: 'https://example.org/article',
      description: 'Short text shown in the list.',
      tags: ['reading', 'web dev'],
      toRead: true,
      private: false,
      added: Date.UTC(2024, 0, 2, 3, 4, 5, 678),
      modified: Date.UTC(2024, 0, 2, 23),
      iconUri: 'https://links.example.org/static/https_example_org.png',
      place: { file: 'linkding-json/page.json', line: 6, column: 5 },
      attributes: {
        id: '41',
        notes: '## My notes\n\n- first point\n- second point  \n',
        web_archive_snapshot_url: 'https://web.archive.org/web/20240101000000/https://example.org/article',
        preview_image_url: 'https://links.example.org/static/preview.jpg',
        is_archived: 'true',
        website_title: 'An article - Example',
        website_description: "The page's own description.",
      },
    })
  })

  it('should fall back to the website fields, read "not shared" as private, and leave out empty values', () => {
    expect(untitled).toMatchObject({
      title: 'Fallback title',
      description: 'Fallback description',
      private: true,
      tags: [],
    })
    expect(untitled).not.toHaveProperty('toRead')
    expect(untitled!.attributes).toEqual({
      id: '40',
      website_title: 'Fallback title',
      website_description: 'Fallback description',
    })
  })

  it('should keep what it cannot read as written, with a warning at the field', () => {
    expect(noLink).not.toHaveProperty('href')
    expect(noLink).not.toHaveProperty('added')
    expect(noLink).not.toHaveProperty('modified')
    expect(noLink).not.toHaveProperty('toRead')
    expect(noLink!.tags).toEqual(['ok'])
    expect(noLink!.attributes).toEqual({
      id: '39',
      tag_names: '["ok",7]',
      unread: 'yes',
      date_added: 'last week',
      date_modified: '0001-01-01T00:00:00Z',
      owner: '{"id":1,"username":"ada"}',
      ['__proto__']: 'kept',
    })
    expect(Object.getPrototypeOf(noLink!.attributes)).toBeNull()
    expect(collection.warnings.map(({ rule, line, column }) => `${rule} ${line}:${column}`)).toEqual([
      'linkding/not-an-object 39:5',
      'linkding/missing-url 42:14',
      'linkding/wrong-type 44:20',
      'linkding/wrong-type 45:17',
      'linkding/invalid-date 46:21',
      'linkding/invalid-date 47:24',
      'linkding/partial-page 3:11',
    ])
  })
})

describe('linkding single bookmark', () => {
  it('should read one bookmark object as a collection of one', () => {
    const collection = readFixture(linkdingJson, 'linkding-json/single.json')
    expect(bookmarksOf(collection)).toEqual([
      {
        type: 'bookmark',
        title: 'Example title',
        href: 'https://example.com',
        description: 'Example description',
        tags: ['tag1', 'tag2'],
        private: true,
        added: Date.UTC(2020, 8, 26, 9, 46, 23, 6),
        modified: Date.UTC(2020, 8, 26, 16, 1, 14, 275),
        place: { file: 'linkding-json/single.json', line: 1, column: 1 },
        attributes: { id: '1', website_title: 'Website title', website_description: 'Website description' },
      },
    ])
    expect(collection.warnings).toEqual([])
  })
})

describe('linkding errors', () => {
  it('should refuse text that is not JSON, at its place', () => {
    const error = readError(linkdingJson, '{\n  "url": "x",\n  oops\n}', 'bad.json')
    expect(error.rule).toBe('linkding/syntax')
    expect(error.line).toBe(3)
  })

  it('should refuse JSON that is neither a bookmark nor a page', () => {
    expect(readError(linkdingJson, '\n [1, 2]', 'list.json').format()).toMatch(
      /^list\.json:2:2: Expected a linkding bookmark object or a page .* the file holds a list \[linkding\/not-an-object\]$/,
    )
    const error = readError(linkdingJson, '{"count": 1,\n "results": {"url": "x"}}', 'page.json')
    expect(error.format()).toMatch(/^page\.json:2:13: "results" should be the list of bookmarks/)
    expect(error.rule).toBe('linkding/results-not-a-list')
  })

  it('should read an empty page without a warning', () => {
    const collection = read(linkdingJson, '{"count": 0, "next": null, "previous": null, "results": []}')
    expect(collection.root.children).toEqual([])
    expect(rules(collection)).toEqual([])
  })
})

describe('linkding sniffing', () => {
  const sniff = (text: string) => linkdingJson.sniff(sniffHead(text, 'x.json'))

  it('should claim a page or a bookmark object, even with the head cut short', () => {
    expect(
      sniff('{"count":1,"next":null,"previous":null,"results":[{"id":1,"url":"u","tag_names":[]}]}'),
    ).toBe(true)
    expect(sniff('{"id":1,"url":"u","title":"t","is_archived":false,"unread":false,"shared":false')).toBe(
      true,
    )
  })

  it('should not claim other JSON with a url', () => {
    expect(sniff('{"count":0,"next":null,"previous":null,"results":[]}')).toBe(false)
    expect(sniff('[{"href":"u","description":"t","tags":"a b","toread":"no"}]')).toBe(false)
    expect(sniff('{"url":"u","is_archived":1,"is_starred":0,"tags":[]}')).toBe(false)
    expect(sniff('{"checksum":"","roots":{"bookmark_bar":{"children":[{"url":"u"}]}}}')).toBe(false)
    expect(sniff('{"collections":[{"name":"n","links":[{"url":"u","tag_names":[]}]}]}')).toBe(false)
  })
})
