import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatEpochSeconds, formatW3cDate } from '../../../src/model/dates.js'
import { parseEpochDate, parseW3cDate } from '../../../src/formats/shared/dates.js'

const ok = (value: number) => expect.objectContaining({ ok: true, value })

describe('parseEpochDate', () => {
  it('should read seconds, milliseconds and microseconds as the same instant', () => {
    expect(parseEpochDate('1466271584')).toEqual({ ok: true, value: 1466271584000 })
    expect(parseEpochDate('1466271584123')).toEqual(ok(1466271584000))
    expect(parseEpochDate('1466271584123456')).toEqual(ok(1466271584000))
    expect(parseEpochDate('1466271584123').ok && parseEpochDate('1466271584123')).toMatchObject({
      note: expect.stringContaining('milliseconds'),
    })
  })

  it('should treat 0, negative, non-numeric and absurd values as absent', () => {
    for (const value of [
      '0',
      '0.000001',
      '0.9',
      '-1',
      '',
      'invaliddate',
      '99999999999999999999',
      '1e400',
      '7258118401',
    ]) {
      expect(parseEpochDate(value).ok, value).toBe(false)
    }
  })

  it('should read text dates in Apache log, RFC 2822 and ISO 8601 form, with a note', () => {
    expect(parseEpochDate('10/Oct/2000:13:55:36 +0300')).toEqual(ok(971175336000))
    expect(parseEpochDate('Sat, 06 Jun 2020 15:50:59 +0200')).toEqual(ok(Date.UTC(2020, 5, 6, 13, 50, 59)))
    expect(parseEpochDate('2020-06-06T13:50:59Z')).toEqual(ok(Date.UTC(2020, 5, 6, 13, 50, 59)))
  })
})

describe('parseW3cDate', () => {
  it('should read every W3C-DTF profile', () => {
    expect(parseW3cDate('2005')).toEqual({ ok: true, value: Date.UTC(2005, 0, 1) })
    expect(parseW3cDate('2005-09')).toEqual({ ok: true, value: Date.UTC(2005, 8, 1) })
    expect(parseW3cDate('2005-09-30')).toEqual({ ok: true, value: Date.UTC(2005, 8, 30) })
    expect(parseW3cDate('2005-09-30T23:05Z')).toEqual({ ok: true, value: Date.UTC(2005, 8, 30, 23, 5) })
    expect(parseW3cDate('2005-09-30T23:05:28Z')).toEqual({
      ok: true,
      value: Date.UTC(2005, 8, 30, 23, 5, 28),
    })
    expect(parseW3cDate('2005-09-30T23:05:28.25Z')).toEqual({
      ok: true,
      value: Date.UTC(2005, 8, 30, 23, 5, 28, 250),
    })
    expect(parseW3cDate('2005-09-30T23:05:28+02:00')).toEqual({
      ok: true,
      value: Date.UTC(2005, 8, 30, 21, 5, 28),
    })
    expect(parseW3cDate('2005-09-30T23:05:28-0530')).toEqual({
      ok: true,
      value: Date.UTC(2005, 8, 31, 4, 35, 28),
    })
  })

  it('should read the compact form GLib wrote, and a zone-less time as UTC with a note', () => {
    expect(parseW3cDate('20050930T23:05:28Z')).toEqual({ ok: true, value: Date.UTC(2005, 8, 30, 23, 5, 28) })
    expect(parseW3cDate('2005-09-30T23:05:28')).toMatchObject({
      ok: true,
      note: expect.stringContaining('UTC'),
    })
  })

  it('should read the common form (YYYY-MM-DDThh:mm:ssZ) exactly as Date.parse, and refuse days a month lacks', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0')
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        (year, month, day, hour, minute, second) => {
          const raw = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}Z`
          const parsed = Date.parse(raw)
          // A day the month lacks rolls over in Date.parse's eyes on some engines: check the round trip.
          const real =
            Number.isFinite(parsed) && new Date(parsed).toISOString().slice(0, 19) === raw.slice(0, 19)
          const result = parseW3cDate(raw)
          // Dates after 2200 are refused as implausible.
          if (real && parsed <= Date.UTC(2200, 0, 1)) expect(result, raw).toEqual({ ok: true, value: parsed })
          else expect(result.ok, raw).toBe(false)
        },
      ),
      { numRuns: 5000 },
    )
    expect(parseW3cDate('2000-02-29T00:00:00Z')).toEqual({ ok: true, value: Date.UTC(2000, 1, 29) })
    expect(parseW3cDate('1900-02-29T00:00:00Z').ok).toBe(false)
    expect(parseW3cDate('0000-01-01T00:00:00Z')).toEqual({
      ok: true,
      value: Date.parse('0000-01-01T00:00:00Z'),
    })
  })

  it('should read a date without a time (the general path) as Date.parse, and refuse days a month lacks', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0')
    const check = (year: number, month: number, day: number) => {
      const raw = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
      const parsed = Date.parse(`${raw}T00:00:00Z`)
      const real = Number.isFinite(parsed) && new Date(parsed).toISOString().slice(0, 10) === raw
      const result = parseW3cDate(raw)
      if (real && parsed <= Date.UTC(2200, 0, 1)) expect(result, raw).toEqual({ ok: true, value: parsed })
      else expect(result.ok, raw).toBe(false)
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 32 }),
        check,
      ),
      { numRuns: 5000 },
    )
    // Every month's last days in years with and without 29 February, among them years 1–99, which
    // Date.UTC reads as 1901–1999.
    for (const year of [1, 4, 100, 400, 1900, 1996, 2000, 2001, 2100]) {
      for (let month = 1; month <= 12; month++)
        for (const day of [28, 29, 30, 31, 32]) check(year, month, day)
    }
  })

  it('should reject invalid dates', () => {
    for (const value of [
      '2005-13-01',
      '2005-02-30',
      '2005-09-30T25:00Z',
      'yesterday',
      '2T0+819855292164632335',
      '2005-09-30T10:00+25:00',
    ]) {
      expect(parseW3cDate(value).ok, value).toBe(false)
    }
  })
})

describe('formatting', () => {
  it('should write W3C-DTF in UTC, with milliseconds only when there are some', () => {
    expect(formatW3cDate(Date.UTC(2005, 8, 30, 23, 5, 28))).toBe('2005-09-30T23:05:28Z')
    expect(formatW3cDate(Date.UTC(2005, 8, 30, 23, 5, 28, 250))).toBe('2005-09-30T23:05:28.250Z')
    expect(formatEpochSeconds(1466271584999)).toBe('1466271584')
  })

  // formatW3cDate's own calendar arithmetic (whole seconds, 1970–9999) against toISOString.
  const iso = (value: number): string => new Date(value).toISOString().replace(/\.000Z$/, 'Z')
  const LAST_SECOND = Date.UTC(9999, 11, 31, 23, 59, 59)

  it('should write every whole second from 1970 to 9999 as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LAST_SECOND / 1000 }), (seconds) => {
        expect(formatW3cDate(seconds * 1000)).toBe(iso(seconds * 1000))
      }),
      { numRuns: 20_000 },
    )
  })

  it('should write any instant as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (value) => {
        expect(formatW3cDate(value)).toBe(iso(value))
      }),
      { numRuns: 5000 },
    )
  })

  it('should write the edges of the calendar as toISOString does', () => {
    const days = [
      Date.UTC(1970, 0, 1),
      Date.UTC(1972, 1, 29),
      Date.UTC(2000, 1, 29),
      Date.UTC(2100, 1, 28),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(9999, 11, 31),
    ]
    for (const day of days) {
      // Each day's first and last second, and the seconds around them, in an order that both hits
      // and misses the cache of days.
      for (const value of [day, day + 86_399_000, day - 1000, day + 86_400_000, day, day + 1000, day + 999]) {
        expect(formatW3cDate(value), String(value)).toBe(iso(value))
      }
    }
    expect(formatW3cDate(LAST_SECOND)).toBe('9999-12-31T23:59:59Z')
    expect(formatW3cDate(LAST_SECOND + 1000)).toBe('+010000-01-01T00:00:00Z')
  })
})
