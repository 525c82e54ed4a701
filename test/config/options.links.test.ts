import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'

describe('the links option', () => {
  it('should resolve links.store against the config file, and leave it unset by default', () => {
    const configFile = path.resolve('/site/bookmarks.config.ts')
    const config = resolveConfig(
      { links: { store: 'data/links.json' } },
      {},
      { cwd: '/elsewhere', configFile },
    )
    expect(config.linkStore).toBe(path.resolve('/site/data/links.json'))
    expect(resolveConfig({}, {}, { cwd: '/site' }).linkStore).toBeUndefined()
  })

  it('should refuse a store that is not a string, and unknown fields', () => {
    expect(() => resolveConfig({ links: { store: 5 } } as never, {}, { cwd: '/' })).toThrow(
      '"links.store" must be a string',
    )
    expect(() => resolveConfig({ links: { check: true } } as never, {}, { cwd: '/' })).toThrow(
      'Unknown option "links.check"',
    )
  })
})

describe("bookgen check's limits (links.maxTime, maxLinkTime, rate, perHost)", () => {
  it('should default to an hour a run, 30 s a link, 1 request a second and 2 at once per host', () => {
    expect(resolveConfig({}, {}, { cwd: '/site' }).linkCheck).toEqual({
      maxTime: 3_600_000,
      maxLinkTime: 30_000,
      rate: 1,
      perHost: 2,
    })
  })

  it('should read durations from the config, and let the flags win', () => {
    const links = { maxTime: '30m', maxLinkTime: '45s', rate: 0.5, perHost: 1 }
    expect(resolveConfig({ links }, {}, { cwd: '/site' }).linkCheck).toEqual({
      maxTime: 1_800_000,
      maxLinkTime: 45_000,
      rate: 0.5,
      perHost: 1,
    })
    const flags = { linkCheck: { maxTime: 0, rate: 4 } }
    expect(resolveConfig({ links }, flags, { cwd: '/site' }).linkCheck).toMatchObject({
      maxTime: 0,
      maxLinkTime: 45_000,
      rate: 4,
    })
  })

  it('should refuse a time that is not a duration, a rate of 0 and a fraction of a request at once', () => {
    const refused = (links: Record<string, unknown>) => () =>
      resolveConfig({ links } as never, {}, { cwd: '/' })
    expect(refused({ maxTime: '1 hour' })).toThrow('"links.maxTime" must be a duration')
    expect(refused({ maxLinkTime: 30 })).toThrow('"links.maxLinkTime" must be a duration')
    expect(refused({ rate: 0 })).toThrow('"links.rate" must be a number of requests per second above 0')
    expect(refused({ perHost: 1.5 })).toThrow('"links.perHost" must be a whole number, 1 or more')
  })
})
