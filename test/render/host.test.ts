import { describe, expect, it } from 'vitest'
import { displayHost, monogramOf } from '../../src/render/host.js'
import * as browser from '../../templates/default/entry-view.js'

const HREFS = [
  'https://www.Example.org/a',
  'https://xn--bcher-kva.example/x',
  'http://xn--fiqs8s.xn--fiqz9s/',
  'https://user:pw@www.github.com:8080/x?y#z',
  'ftp://ftp.example.net/pub',
  'https://[::1]/',
  'https://www./',
  'javascript:alert(1)',
  'mailto:me@example.org',
  'https://123.45.67.89/',
]

describe('displayHost and monogramOf', () => {
  it('should drop www., lower the case and show an IDN in Unicode', () => {
    expect(displayHost('https://www.Example.org/a')).toBe('example.org')
    expect(displayHost('https://xn--bcher-kva.example/x')).toBe('bücher.example')
    expect(displayHost('javascript:alert(1)')).toBeUndefined()
    expect(monogramOf('example.org')).toEqual({ letter: 'E', hue: monogramOf('example.org').hue })
  })

  it('should give the same answers in the browser (entry-view.js) as on the pages', () => {
    for (const href of HREFS) {
      const normalized = URL.canParse(href) ? new URL(href).href : href
      expect(browser.displayHost(normalized), href).toBe(displayHost(normalized))
      const host = displayHost(normalized) ?? 'x'
      expect(browser.monogramOf(host), href).toEqual(monogramOf(host))
    }
  })

  it('should show a look-alike host in punycode, as Chromium’s address bar does', () => {
    // The hrefs as the pages get them: through the URL parser, so hosts are in ASCII.
    const shown = (href: string) => displayHost(new URL(href).href)
    const punycode = (href: string) => new URL(href).hostname.replace(/^www\./, '')
    // All Cyrillic, every letter one that looks Latin, under .com: аррӏе.com.
    expect(shown('https://xn--80ak6aa92e.com/')).toBe('xn--80ak6aa92e.com')
    // A Cyrillic а among Latin letters: аpple.com.
    expect(shown('https://xn--pple-43d.com/login')).toBe('xn--pple-43d.com')
    for (const href of [
      'https://wikiρedia.org/', // a Greek ρ among Latin letters
      'https://www.pаypal.com/', // a Cyrillic а, written in Unicode
      'https://ѕсоре.com/', // all Cyrillic look-alikes
      'https://οκ.com/', // all Greek look-alikes
      'https://fuß.de/', // a deviation character (ß)
      'https://a\u0301\u0301b.example/', // the same mark twice: drawn once
      'https://ɡoogle.com/', // a Latin letter no name may use (script g)
      'https://з2.com/', // a Cyrillic letter that reads as a digit: 32
    ]) {
      expect(shown(href), href).toBe(punycode(href))
      expect(shown(href), href).toMatch(/^[\x21-\x7e]+$/)
    }
    // Only the label that fails stays in punycode.
    expect(shown('https://аррӏе.bücher.de/')).toBe('xn--80ak6aa92e.bücher.de')
  })

  it('should show an IDN of one script, or of an allowed mix, in Unicode', () => {
    const shown = (href: string) => displayHost(new URL(href).href)
    expect(shown('https://bücher.de/')).toBe('bücher.de')
    expect(shown('https://日本語.jp/')).toBe('日本語.jp')
    expect(shown('https://пример.рф/')).toBe('пример.рф')
    expect(shown('https://한국.kr/')).toBe('한국.kr')
    expect(shown('https://www.hello中国.com/')).toBe('hello中国.com')
    expect(shown('https://ελλάδα.gr/')).toBe('ελλάδα.gr')
    // Letters that look Latin, under a top-level domain of their own script: as written there.
    expect(shown('https://аррӏе.ru/')).toBe('аррӏе.ru')
    expect(shown('https://яндекс.рф/')).toBe('яндекс.рф')
  })

  it('should give each host its badge whether it was asked for before or not, past the badges kept', () => {
    const hosts = Array.from({ length: 70_000 }, (_, index) => `h${index}.example`)
    const first = hosts.map((host) => monogramOf(host))
    hosts.forEach((host, index) => {
      if (index % 997 === 0) expect(monogramOf(host), host).toEqual(browser.monogramOf(host))
    })
    expect(monogramOf(hosts[5]!)).toEqual(first[5])
    expect(monogramOf('ünïcode.example')).toEqual(browser.monogramOf('ünïcode.example'))
  })
})
