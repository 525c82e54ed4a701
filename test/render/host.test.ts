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
