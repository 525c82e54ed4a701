/**
 * bookgen as a user gets it: `npm pack` → install the tarball into an empty project (and
 * globally) → `npx bookgen build`, with a TypeScript config that imports `defineConfig` from
 * 'bookgen'. Needs the npm registry for bookgen's dependencies.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT } from '../cli-process.js'
import { REPO_ROOT } from '../helpers.js'
import { packBookgen, sh } from './npm.js'

const CONFIG = `import { defineConfig } from 'bookgen'

export default defineConfig({
  title: 'My links',
  sources: ['bookmarks.html'],
  base: '/links/',
})
`

let dir: string
let packed: { tarball: string; files: string[] }

beforeAll(async () => {
  if (!BUILT) return
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-package-'))
  packed = await packBookgen(dir)
}, 60_000)
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(!BUILT)('the npm package', () => {
  it('should ship only what runs: bin, dist without source maps, templates, the licence', () => {
    const files = packed.files
    for (const needed of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/bookgen.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'templates/default/style.css',
      'templates/default/search-terms.js',
    ])
      expect(files).toContain(needed)
    expect(files.filter((file) => /\.map$|^(src|test|bench|example|docs)\//.test(file))).toEqual([])
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: 'git+https://github.com/bookgen/bookgen.git' },
      homepage: 'https://github.com/bookgen/bookgen#readme',
      bugs: { url: 'https://github.com/bookgen/bookgen/issues' },
      engines: { node: '>=20.19' },
    })
    expect(readFileSync(path.join(REPO_ROOT, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} bookgen contributors/,
    )
  })

  it('should install into an empty project and build there, with a TS config importing bookgen', async () => {
    const project = path.join(dir, 'project')
    mkdirSync(project)
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'my-links', private: true }))
    copyFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(project, 'bookmarks.html'))
    await sh('npm', ['install', '--save-dev', packed.tarball], project)

    // The README's "Use it on your bookmarks": a file, no config.
    const plain = await sh('npx', ['bookgen', 'build', 'bookmarks.html'], project)
    expect(plain.stdout).toMatch(/^ {2}dist\/: \d+ files, /m)
    expect(readFileSync(path.join(project, 'dist', 'index.html'), 'utf8')).toContain('<title>Bookmarks')

    writeFileSync(path.join(project, 'bookmarks.config.ts'), CONFIG)
    rmSync(path.join(project, 'dist'), { recursive: true })
    await sh('npx', ['bookgen', 'build'], project)
    const home = readFileSync(path.join(project, 'dist', 'index.html'), 'utf8')
    expect(home).toContain('<title>My links')
    expect(home).toContain('href="/links/assets/')
  }, 180_000)

  it('should run from a global install, the config still importing bookgen', async () => {
    const prefix = path.join(dir, 'global')
    const project = path.join(dir, 'bare')
    mkdirSync(project)
    await sh('npm', ['install', '--global', '--prefix', prefix, packed.tarball], dir)
    copyFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(project, 'bookmarks.html'))
    writeFileSync(path.join(project, 'bookmarks.config.ts'), CONFIG)
    await sh(path.join(prefix, 'bin', 'bookgen'), ['build', '--quiet'], project)
    expect(existsSync(path.join(project, 'node_modules'))).toBe(false)
    expect(readFileSync(path.join(project, 'dist', 'index.html'), 'utf8')).toContain('<title>My links')
  }, 180_000)
})
