/**
 * A microformats2 parser (microformats-parser) reads every entry of every page as an h-entry, with
 * its name and bookmarked URL, date and, in full, its tags and description, whether tag and
 * archive pages list entries in full or compactly.
 */
import { mf2 } from 'microformats-parser'
import { describe, expect, it } from 'vitest'
import { planSite } from '../../src/build/plan.js'
import { createBookmark, createFolder, type Bookmark, type Folder } from '../../src/model/tree.js'
import { siteInputFor } from '../helpers.js'
import { page, within } from '../html.js'

function tree(): Folder {
  const bookmark = (title: string, href: string, extra: Partial<Bookmark>) =>
    Object.assign(createBookmark(title, href), extra)
  const reading = Object.assign(createFolder('Reading & <notes>'), {
    children: [
      bookmark('CSS tricks', 'https://css.example/a?b=1&c=2', {
        tags: ['css', 'web'],
        description: 'Layout, one line',
        added: Date.UTC(2021, 2, 3, 4, 5, 6),
      }),
      bookmark('Undated', 'https://plain.example/', { tags: ['web'] }),
      bookmark('Code', 'javascript:void(0)', { tags: ['css'], added: Date.UTC(2022, 0, 1) }),
    ],
  })
  return Object.assign(createFolder('Root'), {
    children: [
      reading,
      bookmark('Top', 'https://top.example/', { tags: ['css'], added: Date.UTC(2020, 1, 2) }),
    ],
  })
}

describe.each(['full', 'compact'] as const)('microformats2 with listings: %s', (listings) => {
  it('should read every entry of every page as an h-entry', () => {
    let entries = 0
    let listed = 0
    const plan = planSite(siteInputFor(tree(), { listings }))
    for (const file of plan.files) {
      if (!file.path.endsWith('.html')) continue
      const html = String(file.contents)
      const marked = page(html).all('.xfolkentry')
      if (marked.length === 0) continue
      const items = mf2(html, { baseUrl: 'https://me.example/' }).items.filter((item) =>
        item.type?.includes('h-entry'),
      )
      expect(items, file.path).toHaveLength(marked.length)
      const kind = /^(tags|archive)\//.test(file.path) ? listings : 'full'
      for (const [index, item] of items.entries()) {
        const entry = within(marked[index]!)
        const title = entry.text('.taggedlink')[0]
        expect(item.properties['name'], file.path).toEqual([title])
        const href = entry.attr('a.taggedlink', 'href')[0]
        if (href !== undefined) expect(item.properties['bookmark-of'], file.path).toEqual([href])
        if (title !== 'Undated') expect(item.properties['published'], file.path).toHaveLength(1)
        const tags = item.properties['category'] ?? []
        if (kind === 'compact') expect(tags, file.path).toEqual([])
        else if (title === 'CSS tricks') {
          expect(tags, file.path).toEqual(['css', 'web'])
          expect(item.properties['summary'], file.path).toEqual(['Layout, one line'])
        }
        entries++
        if (/^(tags|archive)\//.test(file.path)) listed++
      }
    }
    // Each bookmark on its archive page and each of its tags' pages (and on its folder's page and the home page).
    expect(listed).toBe(4 + 5)
    expect(entries).toBeGreaterThan(listed + 4)
  })
})
