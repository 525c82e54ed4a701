import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest'
import { defineConfig, normalizeBase, resolveConfig, type UserConfig } from '../../src/config/options.js'
import { loadConfigFile } from '../../src/config/load.js'
import { REPO_ROOT } from '../helpers.js'

describe('resolveConfig', () => {
  const cwd = '/work/project'

  it('should apply defaults when there is no config file and no flag', () => {
    const config = resolveConfig({}, {}, { cwd })
    expect(config).toMatchObject({
      root: cwd,
      sources: ['/work/project/bookmarks.html'],
      outDir: '/work/project/dist',
      base: '/',
      lang: 'en',
      publish: { private: false, fileUrls: false, placeUrls: false },
    })
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('should let the config file override defaults, relative to its own folder', () => {
    const config = resolveConfig(
      { sources: 'links/*.html', outDir: 'public', base: 'my-bookmarks', title: 'Mine' },
      {},
      { cwd, configFile: '/work/project/site/bookmarks.config.ts' },
    )
    expect(config).toMatchObject({
      sources: ['/work/project/site/links/*.html'],
      outDir: '/work/project/site/public',
      base: '/my-bookmarks/',
      title: 'Mine',
    })
  })

  it('should let flags override the config file, relative to the working directory', () => {
    const config = resolveConfig(
      { sources: ['a.html'], outDir: 'public', base: '/a/' },
      { sources: ['b.xbel'], outDir: 'out', base: '/b/' },
      { cwd, configFile: '/work/project/conf/bookmarks.config.ts' },
    )
    expect(config).toMatchObject({
      sources: ['/work/project/b.xbel'],
      outDir: '/work/project/out',
      base: '/b/',
    })
  })

  it('should reject unknown options and wrong types with the file named', () => {
    expect(() => resolveConfig({ output: 'x' } as UserConfig, {}, { cwd, configFile: '/c.ts' })).toThrow(
      /Unknown config option "output"/,
    )
    expect(() => resolveConfig({ sources: 3 } as unknown as UserConfig, {}, { cwd })).toThrow(
      /"sources" must be/,
    )
    expect(() =>
      resolveConfig({ publish: { fileUrls: 'yes' } } as unknown as UserConfig, {}, { cwd }),
    ).toThrow(/"publish.fileUrls" must be true or false/)
    expect(() => resolveConfig({ publish: { secrets: true } } as unknown as UserConfig, {}, { cwd })).toThrow(
      /Unknown option "publish.secrets"/,
    )
  })
})

describe('normalizeBase', () => {
  it('should normalize base paths', () => {
    expect(normalizeBase('/')).toBe('/')
    expect(normalizeBase('')).toBe('/')
    expect(normalizeBase('my-bookmarks')).toBe('/my-bookmarks/')
    expect(normalizeBase('/a/b')).toBe('/a/b/')
  })

  it("should refuse an address, which is the site's, naming the setting that takes it", () => {
    expect(() => normalizeBase('https://user.github.io/repo/')).toThrow(
      'base is the URL path the site is served under, such as "/my-bookmarks/", not an address: for "https://user.github.io/repo/", use site: \'https://user.github.io/repo/\' (its path becomes the base)',
    )
    expect(() => normalizeBase('//cdn.example/x/')).toThrow(/not an address/)
  })

  it('should reject traversal and characters that need escaping', () => {
    for (const bad of ['/../x/', '/a b/', '/x?y=1', '/<script>/', '/a/./b'])
      expect(() => normalizeBase(bad), bad).toThrow()
  })
})

describe('defineConfig', () => {
  it('should return its argument and carry the types', () => {
    const config = defineConfig({ base: '/x/' })
    expect(config).toEqual({ base: '/x/' })
    expectTypeOf(config).toEqualTypeOf<UserConfig>()
    const fn = defineConfig(({ command }) => ({ base: command === 'build' ? '/x/' : '/' }))
    expect(fn({ command: 'build' })).toEqual({ base: '/x/' })
  })
})

describe('loadConfigFile', () => {
  const made: string[] = []
  const project = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-config-'))
    made.push(dir)
    return dir
  }
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true })
  })

  it('should load a TypeScript config that imports bookgen, on Node 20', async () => {
    const dir = project()
    // Resolve 'bookgen' to this checkout, as an installed package would be.
    mkdirSync(path.join(dir, 'node_modules'), { recursive: true })
    const { symlinkSync } = await import('node:fs')
    symlinkSync(REPO_ROOT, path.join(dir, 'node_modules', 'bookgen'))
    writeFileSync(
      path.join(dir, 'bookmarks.config.ts'),
      "import { defineConfig } from 'bookgen'\nconst base: string = '/typed/'\nexport default defineConfig({ base, sources: ['x.html'] })\n",
    )
    const loaded = await loadConfigFile(undefined, dir, { command: 'build' })
    expect(loaded.file).toBe(path.join(dir, 'bookmarks.config.ts'))
    expect(loaded.config).toEqual({ base: '/typed/', sources: ['x.html'] })
  })

  it('should load a config that imports bookgen where no node_modules has it (global install, npx)', async () => {
    const dir = project()
    writeFileSync(
      path.join(dir, 'bookmarks.config.ts'),
      "import { defineConfig } from 'bookgen'\nexport default defineConfig({ title: 'Anywhere' })\n",
    )
    expect((await loadConfigFile(undefined, dir, { command: 'build' })).config).toEqual({ title: 'Anywhere' })
  })

  it('should call a config function with the command', async () => {
    const dir = project()
    writeFileSync(
      path.join(dir, 'bookmarks.config.mjs'),
      'export default ({ command }) => ({ title: command })\n',
    )
    expect((await loadConfigFile(undefined, dir, { command: 'dev' })).config).toEqual({ title: 'dev' })
  })

  it('should see edits on reload (no module cache)', async () => {
    const dir = project()
    const file = path.join(dir, 'bookmarks.config.ts')
    writeFileSync(file, "export default { title: 'one' }\n")
    expect((await loadConfigFile(undefined, dir, { command: 'dev' })).config).toEqual({ title: 'one' })
    writeFileSync(file, "export default { title: 'two' }\n")
    expect((await loadConfigFile(undefined, dir, { command: 'dev' })).config).toEqual({ title: 'two' })
  })

  it('should use defaults when there is no config file', async () => {
    expect(await loadConfigFile(undefined, project(), { command: 'build' })).toEqual({
      file: undefined,
      config: {},
    })
  })

  it('should fail when an explicit --config does not exist', async () => {
    await expect(loadConfigFile('missing.config.ts', project(), { command: 'build' })).rejects.toMatchObject({
      rule: 'config/not-found',
    })
  })

  it('should name the file when a config cannot be loaded', async () => {
    const dir = project()
    writeFileSync(path.join(dir, 'bookmarks.config.ts'), 'export default {{{\n')
    await expect(loadConfigFile(undefined, dir, { command: 'build' })).rejects.toMatchObject({
      rule: 'config/load',
      file: 'bookmarks.config.ts',
    })
  })
})
