import { describe, expect, it } from 'vitest'
import { waybackTimestamp, waybackUrl } from '../../src/links/wayback.js'

describe('waybackUrl', () => {
  it('should point at the capture nearest to when the bookmark was saved', () => {
    expect(waybackUrl('https://example.com/a?b=c', Date.UTC(2019, 0, 2, 3, 4, 5))).toBe(
      'https://web.archive.org/web/20190102030405/https://example.com/a?b=c',
    )
    expect(waybackTimestamp(Date.UTC(1999, 11, 31, 23, 59, 59, 999))).toBe('19991231235959')
  })

  it('should point at the latest capture without a usable date, and at nothing for other schemes', () => {
    expect(waybackUrl('http://example.com/')).toBe('https://web.archive.org/web/http://example.com/')
    expect(waybackUrl('http://example.com/', Number.NaN)).toBe(
      'https://web.archive.org/web/http://example.com/',
    )
    expect(waybackUrl('http://example.com/', Date.UTC(12000, 0))).toBe(
      'https://web.archive.org/web/http://example.com/',
    )
    expect(waybackUrl('javascript:alert(1)', 0)).toBeUndefined()
    expect(waybackUrl('file:///x')).toBeUndefined()
  })
})
