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
