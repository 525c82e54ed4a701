/**
 * Every command of the README runs somewhere: the shell blocks of "Use it on your bookmarks", the
 * Floccus recipe and "Use" run here, in order, as a newcomer would type them (bookgen cloned from
 * a copy of this checkout, installed and packed for real; GitHub played by local bare
 * repositories; the servers checked and stopped), and what they say to run after `bookgen init`
 * is what `bookgen init` says; those of "Quick start" and "Development" are steps of the CI
 * script (`.ci/run`).
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT } from '../cli/process.js'
import { FIXTURES, REPO_ROOT } from '../helpers.js'
import { cloneThisCheckout, nextCommands, packBookgen, sh, userEnv, type Checkout } from './npm.js'
import { runGithubJob, type Shell } from './runner.js'

interface Block {
  section: string
  lines: string[]
}

/** The README's ```sh blocks, with the `## ` section each is in; comments and blank lines dropped. */
function shellBlocks(markdown: string): Block[] {
  const blocks: Block[] = []
  let section = ''
  let block: Block | undefined
  for (const raw of markdown.split('\n')) {
    const line = raw.trim()
    if (block === undefined && raw.startsWith('## ')) section = raw.slice(3).trim()
    else if (block === undefined && line === '```sh') block = { section, lines: [] }
    else if (block !== undefined && line === '```') {
      blocks.push(block)
      block = undefined
    } else if (block !== undefined) {
      const command = line.replace(/\s+#\s.*$/, '').trim()
      if (command !== '') block.lines.push(command)
    }
  }
  return blocks
}

const README = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
const BLOCKS = shellBlocks(README)
const RUN_HERE = ['Use it on your bookmarks', 'Floccus: a site that follows your browser', 'Use']
const RUN_IN_CI = ['Quick start (this repository)', 'Development']
/** Sections whose commands need servers a test stands in for, and the test that runs each command. */
const RUN_ELSEWHERE: Record<string, string> = {
  // check, build, and check --only-dead --max-age 0, against local servers and a stub DNS.
  'Link health': 'test/browser/link-health.test.ts',
  // SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) npx bookgen build, in a Git repository.
  Configuration: 'test/cli/build.process.test.ts',
  // BOOKGEN_PASSPHRASE=… npx bookgen build: the built CLI with the passphrase in its environment.
  'Private bookmarks': 'test/build/private.process.test.ts',
}

/** Starts a server command, waits for the address it prints, fetches it, stops it. */
const SERVE_CHECK = String.raw`
serve_check() {
  log="$(mktemp)"
  "$@" >"$log" 2>&1 &
  pid=$!
  url=""
  for _ in $(seq 1 150); do
    url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/[^ ]*' "$log" | head -n 1 || true)"
    [ -n "$url" ] && break
    sleep 0.2
  done
  [ -n "$url" ] || { cat "$log"; kill "$pid"; return 1; }
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1))' "$url"
  echo "served $url"
  kill "$pid"
  wait "$pid" || true
}
`

let dir: string
let checkout: Checkout

beforeAll(() => {
  if (!BUILT) return
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-readme-'))
  checkout = cloneThisCheckout(dir)
}, 60_000)
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
}, 120_000)

/** The section's commands, as the README has them. */
function commands(section: string): string[] {
  const lines = BLOCKS.filter((block) => block.section === section).flatMap((block) => block.lines)
  expect(lines.length).toBeGreaterThan(0)
  return lines
}

/** The section's commands as one bash script, with a newcomer's stand-ins swapped for local ones. */
function script(section: string, remote: string): string {
  return [
    'set -euo pipefail',
    SERVE_CHECK,
    ...commands(section).map((line) =>
      line
        .replace(
          'git clone https://github.com/bookgen/bookgen.git',
          `git clone -q ${JSON.stringify(checkout.bare)} bookgen`,
        )
        .replace('https://github.com/YOU/my-bookmarks.git', JSON.stringify(remote))
        .replace(/^(npx bookgen (?:preview|dev)\b.*)$/, 'serve_check $1'),
    ),
  ].join('\n')
}

/** The section's commands after `npx bookgen init`, which must be those init printed under "Next". */
function checkNextSteps(section: string, output: string): void {
  const lines = commands(section)
  const init = lines.findIndex((line) => line.startsWith('npx bookgen init'))
  expect(init).toBeGreaterThan(-1)
  expect(lines.slice(init + 1)).toEqual(nextCommands(output))
  // Where to turn Pages on, in the README's words too.
  const where = /^ {7}(Settings → .+)$/m.exec(output)?.[1]
  expect(where).toBe('Settings → Pages → Build and deployment → Source: GitHub Actions')
  expect(sectionText(section).replace(/\s+/g, ' ')).toContain(`_${where}_`)
}

/** The text of `## section`, up to the next section. */
function sectionText(section: string): string {
  const start = README.indexOf(`\n## ${section}\n`)
  const end = README.indexOf('\n## ', start + 1)
  return README.slice(start, end === -1 ? undefined : end)
}

async function bash(code: string, cwd: string, home: string): Promise<string> {
  const env = userEnv({
    HOME: home,
    npm_config_cache: path.join(os.homedir(), '.npm'),
    GIT_AUTHOR_NAME: 'Newcomer',
    GIT_AUTHOR_EMAIL: 'newcomer@example.org',
    GIT_COMMITTER_NAME: 'Newcomer',
    GIT_COMMITTER_EMAIL: 'newcomer@example.org',
  })
  // A section may clone and build bookgen (npm install, tsc): minutes on a busy machine.
  return (await sh('bash', ['-c', code], cwd, env, 1_200_000)).stdout
}

/** The runner's shell: bash as GitHub runs a `run:` step. */
const runnerShell: Shell = async (script, cwd, env) =>
  (await sh('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], cwd, env)).stdout

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' })
}

describe('the README', () => {
  it('should have its shell blocks only in sections whose commands are exercised', () => {
    const sections = new Set(BLOCKS.map((block) => block.section))
    expect([...sections].sort()).toEqual([...RUN_HERE, ...RUN_IN_CI, ...Object.keys(RUN_ELSEWHERE)].sort())
    for (const test of Object.values(RUN_ELSEWHERE))
      expect(existsSync(path.join(REPO_ROOT, test)), test).toBe(true)
  })

  it('should have the CI script run the commands of "Quick start" and "Development"', () => {
    const ci = readFileSync(path.join(REPO_ROOT, '.ci', 'run'), 'utf8')
    const steps = ci.split('\n').map((line) => line.trim())
    for (const block of BLOCKS.filter((block) => RUN_IN_CI.includes(block.section))) {
      for (const command of block.lines.flatMap((line) => line.split(/\s*&&\s*/))) {
        // CI installs from the lock file: `npm ci` is its `npm install`.
        const step = command === 'npm install' ? 'npm ci --no-audit --no-fund' : command
        expect(steps, `${block.section}: ${command}`).toContain(step)
      }
    }
  })

  describe.skipIf(!BUILT)('run as a newcomer would', () => {
    it('should take a browser export to a pushed repository with a Pages workflow, then the "Use" commands', async () => {
      const home = path.join(dir, 'home')
      const remote = path.join(dir, 'github', 'my-bookmarks.git')
      mkdirSync(path.join(home, 'my-bookmarks'), { recursive: true })
      mkdirSync(path.join(home, 'Downloads'))
      copyFileSync(
        path.join(REPO_ROOT, 'example', 'bookmarks.html'),
        path.join(home, 'my-bookmarks', 'bookmarks.html'),
      )
      copyFileSync(
        path.join(REPO_ROOT, 'example', 'bookmarks.html'),
        path.join(home, 'Downloads', 'bookmarks.html'),
      )
      git(dir, 'init', '-q', '--bare', '-b', 'main', remote)

      const output = await bash(script('Use it on your bookmarks', remote), home, home)
      checkNextSteps('Use it on your bookmarks', output)
      expect(output).toContain('bookgen: vendored bookgen 0.1.0 as vendor/bookgen-0.1.0.tgz')
      const project = path.join(home, 'my-bookmarks')
      expect(existsSync(path.join(project, 'dist', 'index.html'))).toBe(true)
      expect(output).toMatch(/served http:\/\/127\.0\.0\.1:\d+\//)
      expect(git(remote, 'ls-tree', '-r', '--name-only', 'main').split('\n')).toEqual(
        expect.arrayContaining([
          '.github/workflows/pages.yml',
          'bookmarks.html',
          'package.json',
          'package-lock.json',
          'vendor/bookgen-0.1.0.tgz',
          '.gitignore',
        ]),
      )
      expect(git(remote, 'show', 'main:.github/workflows/pages.yml')).toContain('run: npm ci')

      // What was pushed builds on a fresh runner: every `run:` step of the workflow succeeds.
      await runGithubJob(
        path.join(dir, 'runner'),
        remote,
        '.github/workflows/pages.yml',
        'build',
        runnerShell,
      )

      const use = await bash(script('Use', remote), project, home)
      expect(use).toMatch(/served http:\/\/127\.0\.0\.1:\d+\//)
      expect(readFileSync(path.join(project, 'bookmarks.xbel'), 'utf8')).toContain('<xbel')
    }, 1_500_000)

    it('should follow the Floccus recipe to a workflow for a Floccus repository', async () => {
      const home = path.join(dir, 'floccus-home')
      const remote = path.join(dir, 'github-floccus', 'my-bookmarks.git')
      const seed = path.join(dir, 'floccus-seed')
      mkdirSync(home)
      mkdirSync(seed)
      // What Floccus leaves in the repository after its first sync.
      git(seed, 'init', '-q', '-b', 'main')
      copyFileSync(path.join(FIXTURES, 'xbel', 'floccus.xbel'), path.join(seed, 'bookmarks.xbel'))
      writeFileSync(path.join(seed, 'README.md'), 'This repository is used to synchronize bookmarks.\n')
      git(seed, 'add', '-A')
      git(
        seed,
        '-c',
        'user.name=Floccus',
        '-c',
        'user.email=f@example.org',
        'commit',
        '-q',
        '-m',
        'Floccus bookmarks update',
      )
      git(dir, 'clone', '-q', '--bare', seed, remote)

      // The bookgen packed in "Use it on your bookmarks", next to the clone.
      mkdirSync(path.join(home, 'bookgen'))
      await packBookgen(checkout.folder, path.join(home, 'bookgen'))
      const output = await bash(script('Floccus: a site that follows your browser', remote), home, home)
      checkNextSteps('Floccus: a site that follows your browser', output)
      const workflow = git(remote, 'show', 'main:.github/workflows/pages.yml')
      expect(workflow).toContain('fetch-depth: 0')
      expect(workflow).toContain('npx --no-install bookgen build bookmarks.xbel')
      await runGithubJob(
        path.join(dir, 'floccus-runner'),
        remote,
        '.github/workflows/pages.yml',
        'build',
        runnerShell,
      )
    }, 1_500_000)
  })
})
