import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from '../../src/links/retry-after.js'

const T = Date.parse('2026-05-04T06:00:00Z')

describe('parseRetryAfter', () => {
  it('should read seconds and HTTP dates, and ignore anything else', () => {
    expect(parseRetryAfter('120', T)).toBe(120_000)
    expect(parseRetryAfter(' 0 ', T)).toBe(0)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2015-10-21T07:27:00Z'))).toBe(60_000)
    expect(parseRetryAfter('Wednesday, 21-Oct-15 07:28:00 GMT', Date.parse('2015-10-21T07:27:00Z'))).toBe(
      60_000,
    )
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2016-01-01T00:00:00Z'))).toBe(0)
    for (const value of [undefined, '', '-5', '1.5', 'soon', '2015-10-21'])
      expect(parseRetryAfter(value, T)).toBeUndefined()
  })
})
