import { describe, expect, it } from 'vitest'
import { relativeFolder, siteUrls, type SiteUrls } from '../../src/publish/urls.js'
import { random } from '../formats/netscape/edits.js'

describe('relativeFolder', () => {
  it('should go up past what two folders share, then down', () => {
    expect(relativeFolder('a/', 'a/b/c/')).toBe('../../')
    expect(relativeFolder('a/b/c/', 'a/b/c/')).toBe('./')
    expect(relativeFolder('a/b/d/', 'a/b/')).toBe('d/')
    expect(relativeFolder('a/x/', 'a/b/page/2/')).toBe('../../../x/')
    expect(relativeFolder('', 'tags/css/')).toBe('../../')
    expect(relativeFolder('tags/', '')).toBe('tags/')
    expect(relativeFolder('', '')).toBe('./')
  })

  it('should never start with a segment that reads as a scheme', () => {
    expect(relativeFolder('a/b:c/', 'a/')).toBe('./b:c/')
    expect(relativeFolder('x:y/', 'a/')).toBe('../x:y/')
  })

  it('should resolve to the absolute path from the page', () => {
    const cases: Array<[string, string]> = [
      ['a/', 'a/b/c/'],
      ['a/b/d/', 'a/b/'],
      ['', 'archive/2020/page/3/'],
      ['archive/2020/page/2/', 'archive/2020/page/3/'],
      ['a/b:c/', 'a/'],
    ]
    for (const [to, from] of cases)
      expect(new URL(relativeFolder(to, from), `https://me.example/base/${from}`).pathname).toBe(
        new URL(`https://me.example/base/${to}`).pathname,
      )
  })

  it('should resolve to the absolute path for random folders that share prefixes of names', () => {
    const rand = random(7)
    const names = ['a', 'ab', 'b', 'a:b', 'a:c', 'x:', 'page', '2', '%C3%A9']
    const folder = (): string =>
      Array.from(
        { length: Math.floor(rand() * 5) },
        () => `${names[Math.floor(rand() * names.length)]!}/`,
      ).join('')
    for (let index = 0; index < 2000; index++) {
      const to = folder()
      const from = rand() < 0.3 ? to + folder() : folder()
      const url = relativeFolder(to, from)
      expect(url.split('/')[0], `${to} from ${from}`).not.toContain(':')
      expect(new URL(url, `https://me.example/base/${from}`).pathname, `${to} from ${from}`).toBe(
        new URL(`https://me.example/base/${to}`).pathname,
      )
    }
  })
})

/** `test` with a site's URLs for three bases, in both URL modes. */
function forEachSite(test: (urls: SiteUrls) => void): void {
  for (const base of ['/', '/base/', '/a-much-longer-base-path-for-pages/'])
    for (const mode of ['absolute', 'relative'] as const) test(siteUrls(base, 'https://me.example', mode))
}

describe('SiteUrls.link', () => {
  it('should give the shorter of the absolute and the relative URL', () => {
    const urls = siteUrls('/base/', 'https://me.example')
    expect(urls.link('a/', 'a/b/')).toBe('../')
    expect(urls.link('', 'a/b/c/')).toBe('/base/')
    expect(urls.link('a/b/', 'a/b/')).toBe('./')
  })

  it('should leave links absolute in relative mode, which makes every link relative itself', () => {
    const urls = siteUrls('/base/', 'https://me.example', 'relative')
    expect(urls.link('a/', 'a/b/')).toBe('/base/a/')
    expect(urls.localize(`<a href="${urls.link('a/', 'a/b/')}">`, 'a/b/')).toBe(
      '<a href="../../a/index.html">',
    )
  })

  it("should give a tag page's link to another tag page as its link to tags/ and the other's slug", () => {
    // What the tag pages' related tags rely on (pages/tag-pages.ts).
    const rand = random(7)
    const slugs = ['a', 'css', 'x:y', 'a-much-longer-tag-slug-than-most', '%C3%A9', 'page']
    forEachSite((urls) => {
      for (let index = 0; index < 300; index++) {
        const own = slugs[Math.floor(rand() * slugs.length)]!
        const from = rand() < 0.4 ? `tags/${own}/page/${2 + Math.floor(rand() * 200)}/` : `tags/${own}/`
        // Another tag: a tag is never related to itself.
        const other = slugs.filter((slug) => slug !== own)[Math.floor(rand() * (slugs.length - 1))]!
        expect(`${urls.link('tags/', from)}${other}/`, `${other} from ${from}`).toBe(
          urls.link(`tags/${other}/`, from),
        )
      }
    })
  })

  it('should give what link gives for a folder above, from the count of folders between (up)', () => {
    const rand = random(11)
    const names = ['a', 'ab', 'level-12-guide', 'x:y', '%C3%A9', 'page']
    forEachSite((urls) => {
      for (let index = 0; index < 500; index++) {
        const segments = Array.from(
          { length: Math.floor(rand() * 40) },
          () => names[Math.floor(rand() * names.length)]!,
        )
        const folder = segments.map((segment) => `${segment}/`).join('')
        const page = rand() < 0.3 ? `${folder}page/${2 + Math.floor(rand() * 30)}/` : folder
        const levels = Math.floor(rand() * (segments.length + 1))
        const to = segments
          .slice(0, segments.length - levels)
          .map((segment) => `${segment}/`)
          .join('')
        const up = levels + (page === folder ? 0 : 2)
        expect(urls.up(to, up), `${to} from ${page}`).toBe(urls.link(to, page))
      }
    })
  })
})
