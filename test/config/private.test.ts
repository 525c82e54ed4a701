/** The `offline` and `private` options: their defaults, what they resolve to, and the mistakes they refuse. */
import { describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'

const cwd = '/work/project'
const resolve = (user: UserConfig) =>
  resolveConfig(user, {}, { cwd, configFile: '/work/project/bookmarks.config.ts' })

describe('the offline and private options', () => {
  it('should make sites work offline, with no private section, by default', () => {
    const config = resolveConfig({}, {}, { cwd })
    expect(config.offline).toBe(true)
    expect(config.private).toBeUndefined()
    expect(resolve({ offline: false }).offline).toBe(false)
  })

  it("should resolve private's folders as title paths and its tags in lower case", () => {
    expect(resolve({ private: {} }).private).toEqual({
      folders: [],
      tags: [],
      passphraseEnv: 'BOOKGEN_PASSPHRASE',
    })
    expect(resolve({ private: { include: 'marked', passphraseEnv: 'MY_PASS' } }).private).toEqual({
      folders: [],
      tags: [],
      passphraseEnv: 'MY_PASS',
    })
    expect(
      resolve({ private: { include: { folders: ['Private', ' Work / Clients/ '], tags: [' Secret '] } } })
        .private,
    ).toEqual({
      folders: [['Private'], ['Work', 'Clients']],
      tags: ['secret'],
      passphraseEnv: 'BOOKGEN_PASSPHRASE',
    })
  })

  it('should refuse what it cannot use, naming the option and the file', () => {
    const refused: Array<[unknown, RegExp]> = [
      ['yes', /"private" must be an object/],
      [{ include: 'all' }, /"private.include" must be 'marked' or \{ folders/],
      [{ include: { folders: 'Private' } }, /"private.include"/],
      [{ include: { folders: [''] } }, /"private.include"/],
      [{ include: { labels: ['x'] } }, /"private.include"/],
      [
        { passphraseEnv: 'my passphrase' },
        /"private.passphraseEnv" must be the name of an environment variable/,
      ],
      [{ passphrase: 'hunter2' }, /Unknown option "private.passphrase"; known: include, passphraseEnv/],
    ]
    for (const [value, message] of refused) {
      expect(() => resolve({ private: value } as UserConfig)).toThrow(message)
      try {
        resolve({ private: value } as UserConfig)
      } catch (error) {
        expect((error as { file?: string }).file).toBe('/work/project/bookmarks.config.ts')
      }
    }
    expect(() => resolve({ offline: 'yes' } as unknown as UserConfig)).toThrow(
      /"offline" must be true or false/,
    )
  })

  it('should refuse publishing private bookmarks openly and in a private section at once', () => {
    expect(() => resolve({ publish: { private: true }, private: {} })).toThrow(/choose one/)
  })
})
