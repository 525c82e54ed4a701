import { describe, expect, it } from 'vitest'
import { relativeFolder, siteUrls } from '../../src/publish/urls.js'

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
})

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
})
