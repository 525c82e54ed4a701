import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isBookmarklet, safeHref } from '../../src/model/safe-url.js'

describe('safeHref', () => {
  it('should allow http, https, mailto and ftp, normalized', () => {
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/a%20b')
    expect(safeHref('HTTP://EXAMPLE.com')).toBe('http://example.com/')
    expect(safeHref('mailto:someone@example.com')).toBe('mailto:someone@example.com')
    expect(safeHref('ftp://ftp.example.com/x')).toBe('ftp://ftp.example.com/x')
  })

  it('should refuse javascript: in every disguise, and other schemes', () => {
    const hostile = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript://x/%0Aalert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'place:sort=8',
      'chrome://settings',
      'about:blank',
      'blob:https://example.com/x',
      '?relative',
      '/absolute/path',
      '',
    ]
    for (const url of hostile) expect(safeHref(url), JSON.stringify(url)).toBeUndefined()
    expect(safeHref(undefined)).toBeUndefined()
  })

  it('should give what the URL parser gives, plain URLs (not parsed) included', () => {
    const parsed = (href: string): string | undefined => {
      try {
        const url = new URL(href)
        return ['http:', 'https:', 'mailto:', 'ftp:'].includes(url.protocol) ? url.href : undefined
      } catch {
        return undefined
      }
    }
    const part = fc.stringMatching(/^[a-zA-Z0-9\-._~!$&'()*+,;=:@/%?#. \\^|[\]{}`"<>\u00e9]{0,24}$/)
    const host = fc.stringMatching(/^[a-zA-Z0-9\-.]{0,16}$/)
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', 'HTTP://', 'https:/', 'ftp://', 'javascript://'),
        host,
        part,
        (scheme, name, rest) => {
          const href = `${scheme}${name}${rest}`
          expect(safeHref(href), href).toBe(parsed(href))
        },
      ),
      { numRuns: 3000 },
    )
    expect(safeHref('https://example.com')).toBe('https://example.com/')
  })

  it('should allow file: only when asked', () => {
    expect(safeHref('file:///home/me/a.pdf', { allowFile: true })).toBe('file:///home/me/a.pdf')
  })
})

describe('isBookmarklet', () => {
  it('should recognise bookmarklets as browsers do', () => {
    expect(isBookmarklet('javascript:void(0)')).toBe(true)
    expect(isBookmarklet(' \tJAVA\nSCRIPT:x')).toBe(true)
    expect(isBookmarklet('https://javascript.info/')).toBe(false)
  })
})
