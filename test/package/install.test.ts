/**
 * bookgen as a user gets it: a clone packed with `npm pack` (the release dry run lists the same
 * files) → the tarball installed into an empty project (and globally) → `npx bookgen build`, with
 * a TypeScript config that imports `defineConfig` from 'bookgen'. Needs the npm registry for
 * bookgen's dependencies.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT } from '../cli/process.js'
import { REPO_ROOT } from '../helpers.js'
import { cloneThisCheckout, packBookgen, sh, userEnv, type Checkout } from './npm.js'

const CONFIG = `import { defineConfig } from 'bookgen'

export default defineConfig({
  title: 'My links',
  sources: ['bookmarks.html'],
  base: '/links/',
})
`

let dir: string
let checkout: Checkout
let packed: { tarball: string; files: string[] }

beforeAll(async () => {
  if (!BUILT) return
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-package-'))
  checkout = cloneThisCheckout(dir)
  packed = await packBookgen(checkout.folder, dir)
}, 180_000)
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
}, 120_000)

/**
 * Whether a packed file is one a user gets: the CLI, the compiled code and its types, the templates,
 * icons, UI catalogues and init's CI jobs.
 */
function shipped(file: string): boolean {
  return (
    ['LICENSE', 'README.md', 'package.json', 'bin/bookgen.js'].includes(file) ||
    /^dist\/.+\.(js|d\.ts)$/.test(file) ||
    /^templates\/[^/]+\/[^/]+\.(css|js|d\.ts|svg)$/.test(file) ||
    /^templates\/default\/app-icons\/[\w-]+\.png$/.test(file) ||
    /^templates\/default\/i18n\/[a-z]+\.json$/.test(file) ||
    /^templates\/init\/[\w-]+\.yml$/.test(file)
  )
}

describe.skipIf(!BUILT)('the npm package', () => {
  it('should ship only what runs, as the release dry run lists it: bin, dist without maps, templates, the licence', async () => {
    const { stdout } = await sh('npm', ['publish', '--dry-run', '--json'], checkout.folder)
    // npm 11 keys the result by package name; npm 10 (Node 20's) prints it alone.
    const printed = JSON.parse(stdout) as {
      files?: { path: string }[]
      bookgen?: { files: { path: string }[] }
    }
    const release = printed.bookgen ?? (printed as { files: { path: string }[] })
    const files = release.files.map((file) => file.path).sort()
    expect(files).toEqual([...packed.files].sort())
    for (const needed of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/bookgen.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/cli/commands/init.js',
      'templates/init/github-pages.yml',
      'templates/default/style.css',
      'templates/default/search-terms.js',
      'templates/default/i18n/en.json',
      'templates/default/i18n/de.json',
    ])
      expect(files).toContain(needed)
    expect(files.filter((file) => !shipped(file))).toEqual([])
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
  }, 120_000)

  it("should pack without compiling again after the clone's npm install, and leave package.json as it was", async () => {
    const index = path.join(checkout.folder, 'dist', 'index.js')
    const manifest = readFileSync(path.join(checkout.folder, 'package.json'), 'utf8')
    const before = statSync(index).mtimeMs
    const again = await packBookgen(checkout.folder, mkdtempSync(path.join(dir, 'again-')))
    // The build had nothing to do: dist/ was not written again.
    expect(statSync(index).mtimeMs).toBe(before)
    expect(again.files.sort()).toEqual([...packed.files].sort())
    expect(readFileSync(path.join(checkout.folder, 'package.json'), 'utf8')).toBe(manifest)
    expect(existsSync(path.join(checkout.folder, 'package.json.backup'))).toBe(false)
  }, 120_000)

  it('should install into an empty project with no npm warning about its scripts, and build there with a TS config importing bookgen', async () => {
    const project = path.join(dir, 'project')
    mkdirSync(project)
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'my-links', private: true }))
    copyFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(project, 'bookmarks.html'))
    const install = await sh('npm', ['install', '--save-dev', packed.tarball], project)
    expect(install.stderr).not.toMatch(/^npm warn .*(script|bookgen)/im)
    const installed = JSON.parse(
      readFileSync(path.join(project, 'node_modules', 'bookgen', 'package.json'), 'utf8'),
    ) as Record<string, unknown>
    expect(installed['scripts']).toBeUndefined()

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
    const install = await sh(
      'npm',
      ['install', '--global', '--prefix', prefix, packed.tarball],
      dir,
      userEnv(),
    )
    expect(install.stderr).not.toMatch(/^npm warn .*(script|bookgen)/im)
    copyFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(project, 'bookmarks.html'))
    writeFileSync(path.join(project, 'bookmarks.config.ts'), CONFIG)
    await sh(path.join(prefix, 'bin', 'bookgen'), ['build', '--quiet'], project)
    expect(existsSync(path.join(project, 'node_modules'))).toBe(false)
    expect(readFileSync(path.join(project, 'dist', 'index.html'), 'utf8')).toContain('<title>My links')
  }, 180_000)
})
