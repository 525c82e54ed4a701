import { describe, expect, it } from 'vitest'
import { BookgenError } from '../../src/model/errors.js'
import { formatDuration, parseDuration } from '../../src/config/duration.js'

describe('formatDuration', () => {
  it('should write durations in the largest units that fit', () => {
    expect([850, 12_000, 73_000, 120_000, 7_500_000, 86_400_000, 7 * 86_400_000].map(formatDuration)).toEqual(
      ['850 ms', '12 s', '1 min 13 s', '2 min', '2 h 5 min', '1 day', '7 days'],
    )
  })
})

describe('parseDuration', () => {
  it('should read a number with a unit, or 0', () => {
    expect(['0', '500ms', '30s', '90m', '12h', '7d', '2w', '1.5d', ' 7 d '].map(parseDuration)).toEqual([
      0, 500, 30_000, 5_400_000, 43_200_000, 604_800_000, 1_209_600_000, 129_600_000, 604_800_000,
    ])
  })

  it('should refuse anything else as a BookgenError', () => {
    for (const text of ['', '7', '-1d', 'd', '7 days', '1e3s', '7y']) {
      expect(() => parseDuration(text)).toThrow(BookgenError)
    }
    expect(() => parseDuration('7')).toThrow(/12h, 7d or 2w/)
  })
})
