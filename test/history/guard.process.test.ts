/**
 * The mass-removal guard judges the source's own last change: commits after it that leave the
 * bookmarks as they were (the link store's commit, a rename, a touch) do not hide a removal; a
 * rename and a cut in one commit is a removal; `bookgen check` (the weekly link workflow's first
 * step) refuses it too and keeps the link store; a commit naming the removal accepts it.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LookupFunction } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { runCli } from '../../src/cli/index.js'
import { BOOKGEN_COMMAND, INSTALL_COMMAND, workflowText } from '../../src/cli/commands/init-workflow.js'
import { BIN, BUILT } from '../cli/process.js'
import { fakeLookup } from '../links/servers.js'
import { cli, snapshot } from './helpers.js'
import { createRepo, floccusXbel, xbelBookmark, xbelFolder, type TestRepo } from './git-repo.js'

const SITE = ['--out', 'site', '--site', 'https://me.example/']

/** A Floccus file with the bookmarks numbered `from`…`to` in one folder. */
function collection(to: number, from = 1, highestId = 200): string {
  const items: string[] = []
  for (let n = from; n <= to; n++) items.push(xbelBookmark(n + 1, `Link ${n}`, `https://link.example/${n}`))
  return floccusXbel(xbelFolder(1, 'Links', items), highestId)
}

/** Counts DNS questions: the guard stops `check` before any. */
let lookups = 0
const lookup = ((...args: Parameters<LookupFunction>) => {
  lookups++
  return fakeLookup({})(...args)
}) as LookupFunction

/** A link store holding every one of `count` bookmarks' links, all checked now (none due again). */
function freshStore(count: number): string {
  const now = new Date().toISOString()
  const links: Record<string, unknown> = {}
  for (let n = 1; n <= count; n++)
    links[`https://link.example/${n}`] = { state: 'alive', status: 200, checkedAt: now, failures: 0 }
  return `${JSON.stringify({ version: 1, links }, null, 2)}\n`
}

async function check(cwd: string): Promise<{ code: number; stderr: string }> {
  let stderr = ''
  const code = await runCli(['check', 'bookmarks.xbel'], {
    cwd,
    stdout: () => undefined,
    stderr: (text) => (stderr += text),
    check: { lookup, dnsCanary: 'canary.test', timeoutMs: 200 },
  })
  return { code, stderr }
}

describe('the mass-removal guard', () => {
  let repo: TestRepo
  let removal: string
  beforeEach(async () => {
    repo = createRepo()
    repo.commit({ 'bookmarks.xbel': collection(100) }, '2024-01-01T12:00:00Z')
    repo.commit({ 'bookmarks.xbel': collection(101) }, '2024-01-02T12:00:00Z')
    const built = await cli(['build', 'bookmarks.xbel', ...SITE], repo.dir)
    expect(built.code).toBe(0)
    removal = repo.commit({ 'bookmarks.xbel': collection(5) }, '2024-01-03T12:00:00Z', 'Floccus update: oops')
  })
  afterEach(() => repo.remove())

  const refused = async (source = 'bookmarks.xbel'): Promise<void> => {
    const result = await cli(['build', source, ...SITE], repo.dir)
    expect(result.stderr).toContain('[history/mass-removal]')
    expect(result.stderr).toContain(
      `Commit ${removal.slice(0, 7)} ("Floccus update: oops") removes 96 of 101`,
    )
    expect(result.code).toBe(1)
  }

  it('refuses a removal that later commits leave as it was: the link store, a touch, a rename', async () => {
    const before = snapshot(path.join(repo.dir, 'site'))
    await refused()
    repo.commit(
      { 'bookmarks.links.json': '{\n  "version": 1,\n  "links": {}\n}\n' },
      '2024-01-04T12:00:00Z',
      'Update link health (bookgen check)',
    )
    await refused()
    // The same bookmarks in other bytes (Floccus raised its highestId).
    repo.commit({ 'bookmarks.xbel': collection(5, 1, 300) }, '2024-01-05T12:00:00Z', 'touch')
    await refused()
    repo.git('mv', 'bookmarks.xbel', 'renamed.xbel')
    repo.commit({}, '2024-01-06T12:00:00Z', 'rename')
    await refused('renamed.xbel')
    expect(snapshot(path.join(repo.dir, 'site'))).toEqual(before)
    // A commit that names the removal accepts it (what CI, with an empty output folder, needs).
    repo.git('commit', '-q', '--allow-empty', '-m', `Allow-removal: ${removal.slice(0, 7)}`)
    const accepted = await cli(['build', 'renamed.xbel', ...SITE], repo.dir)
    expect(accepted.stderr).toBe('')
    expect(accepted.code).toBe(0)
    expect(readFileSync(path.join(repo.dir, 'site', 'index.html'), 'utf8')).not.toContain('link.example/50')
  })

  it('refuses a rename and a cut in one commit', async () => {
    repo.git('reset', '-q', '--hard', 'HEAD~1')
    repo.git('mv', 'bookmarks.xbel', 'moved.xbel')
    removal = repo.commit({ 'moved.xbel': collection(5) }, '2024-01-03T12:00:00Z', 'Floccus update: oops')
    await refused('moved.xbel')
    const allowed = await cli(['build', 'moved.xbel', ...SITE, '--allow-removal'], repo.dir)
    expect(allowed.code).toBe(0)
    // The history goes on through the rename: the bookmarks kept their dates.
    const inspected = await cli(['inspect', 'moved.xbel', '--json'], repo.dir)
    expect(inspected.stdout).toContain('"added": "2024-01-01T12:00:00.000Z"')
  })

  it('stops bookgen check too, before any request, and the link store keeps every link', async () => {
    const store = freshStore(101)
    const file = path.join(repo.dir, 'bookmarks.links.json')
    writeFileSync(file, store)
    lookups = 0
    const result = await check(repo.dir)
    expect(result.stderr).toContain('[history/mass-removal]')
    expect(result.code).toBe(1)
    expect(readFileSync(file, 'utf8')).toBe(store)
    expect(lookups).toBe(0)
  })
})

interface Step {
  name?: string
  uses?: string
  run?: string
  env?: Record<string, string>
}

describe.skipIf(!BUILT)('the weekly link workflow (bookgen init --links)', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-links-guard-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('stops at bookgen check after a removal the build refuses: nothing committed, built or published', () => {
    const origin = path.join(dir, 'origin.git')
    const work = path.join(dir, 'work')
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=Owner', '-c', 'user.email=owner@example.org', ...args], {
        cwd: work,
        encoding: 'utf8',
      })
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', origin])
    execFileSync('git', ['clone', '-q', origin, work], { stdio: 'ignore' })
    const store = freshStore(101)
    writeFileSync(path.join(work, 'bookmarks.xbel'), collection(101))
    writeFileSync(path.join(work, 'bookmarks.links.json'), store)
    git('add', '-A')
    git('commit', '-q', '-m', 'Bookmarks')
    writeFileSync(path.join(work, 'bookmarks.xbel'), collection(5))
    git('commit', '-q', '-am', 'Floccus update: oops')
    git('push', '-q', 'origin', 'main')
    const pushed = git('rev-parse', 'HEAD').trim()

    // The check job's shell steps, in order, as a runner runs them: bookgen is this build of it,
    // and configure-pages gives a project site's address. The first step that fails ends the job.
    const text = workflowText('github-links', {
      branch: 'main',
      sources: ['bookmarks.xbel'],
      floccus: true,
    })
    const steps = (parse(text) as { jobs: { check: { steps: Step[] } } }).jobs.check.steps.filter(
      (step) => step.run !== undefined && !step.run.includes(INSTALL_COMMAND),
    )
    const outputs: Record<string, string> = { base_url: 'https://octo.github.io/links', base_path: '/links' }
    let failed: Step | undefined
    let stderr = ''
    for (const step of steps) {
      const env: Record<string, string> = {}
      for (const [name, value] of Object.entries(step.env ?? {}))
        env[name] = value.replace(
          /\$\{\{ steps\.pages\.outputs\.(\w+) \}\}/g,
          (_, key: string) => outputs[key]!,
        )
      const run = spawnSync(
        'bash',
        [
          '-e',
          '-c',
          `bookgen() { "${process.execPath}" "${BIN}" "$@"; }\n${step.run!.replaceAll(BOOKGEN_COMMAND, 'bookgen')}`,
        ],
        {
          cwd: work,
          encoding: 'utf8',
          env: { ...process.env, ...env, NO_COLOR: '1' },
        },
      )
      if (run.status !== 0) {
        failed = step
        stderr = run.stderr
        break
      }
    }
    expect(failed?.run).toBe(`${BOOKGEN_COMMAND} check bookmarks.xbel`)
    expect(stderr).toContain('[history/mass-removal]')
    expect(readFileSync(path.join(work, 'bookmarks.links.json'), 'utf8')).toBe(store)
    expect(execFileSync('git', ['rev-parse', 'main'], { cwd: origin, encoding: 'utf8' }).trim()).toBe(pushed)
    expect(existsSync(path.join(work, '_site'))).toBe(false)
  })
})
