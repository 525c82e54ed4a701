/** The Host header check of the preview and dev servers (DNS rebinding): parsing, and what is allowed. */
import { describe, expect, it } from 'vitest'
import { createHostCheck, hostnameOf } from '../../src/server/host-check.js'

describe('hostnameOf', () => {
  it('should read the host name of a Host header, without port or IPv6 brackets', () => {
    expect(hostnameOf('localhost:4173')).toBe('localhost')
    expect(hostnameOf('LocalHost')).toBe('localhost')
    expect(hostnameOf('[::1]:4173')).toBe('::1')
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1')
  })

  it('should find nothing in a malformed header', () => {
    for (const header of ['', ':80', 'a:b', '[::1', '[evil.example]:80', 'localhost:80:80', '[::1]x']) {
      expect(hostnameOf(header), header).toBeUndefined()
    }
  })
})

describe('createHostCheck', () => {
  const allows = createHostCheck(['my-laptop', '.example.org', '0.0.0.0', ''])

  it('should allow loopback names, IP addresses and the names given', () => {
    for (const header of [
      'localhost',
      'localhost:4173',
      'app.localhost:4173',
      '127.0.0.1:4173',
      '[::1]:4173',
      '192.168.1.20:4173',
      '[fe80::1]',
      'My-Laptop:4173',
      'example.org',
      'www.example.org:80',
    ]) {
      expect(allows(header), header).toBe(true)
    }
  })

  it('should refuse other names, look-alikes and a missing header', () => {
    for (const header of [
      undefined,
      '',
      'evil.example',
      'evil.example:4173',
      'localhost.evil.example',
      'evillocalhost',
      'my-laptop.evil.example',
      'notexample.org',
      'a@localhost',
      '127.0.0.1.nip.io',
    ]) {
      expect(allows(header), String(header)).toBe(false)
    }
  })
})
