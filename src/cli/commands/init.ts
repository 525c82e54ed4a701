/**
 * (I/O) `bookgen init`: make the repository publish its site from a push. It writes the job that
 * builds and publishes the site (a GitHub Actions workflow, or with `--host` a GitLab CI or a
 * Forgejo Actions one), and with `--links` the weekly link check; makes package.json and
 * package-lock.json pin a bookgen the runner can fetch (init-package.ts); completes .gitignore;
 * warns about a file the runner needs that Git would leave out; and says what to run next. It
 * never commits, pushes or touches credentials.
 */
import { existsSync } from 'node:fs'
import { mkdir, open, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expandSources } from '../../build/index.js'
import { loadConfigFile } from '../../config/load.js'
import { resolveConfig } from '../../config/options.js'
import { completeGitignore, gitState, ignoredPaths, type GitState } from './init-git.js'
import { HOSTS, type Host, type HostName } from './init-hosts.js'
import { insideRepository, pinBookgen, type NpmRunner, type PinResult } from './init-package.js'
import { privateDefaults } from '../../config/private.js'
import { workflowText, type WorkflowOptions } from './init-workflow.js'
import { BookgenError } from '../../model/errors.js'
import { LINK_HEALTH_URL } from '../../model/version.js'

/** The weekly link check (`bookgen init --links`; see docs/link-health.md). */
const LINKS_WORKFLOW_PATH = '.github/workflows/links-check.yml'
/**
 * Its text: `bookgen check`, the link store committed when it changed, then the site built with
 * it and deployed. It deploys by itself: a commit pushed with the workflow's token starts no
 * other workflow.
 */
const linksWorkflow = (options: WorkflowOptions) => workflowText('github-links', options)
/** The commit message `init` suggests. */
const COMMIT_MESSAGE = 'Publish my bookmarks'

/** Files `init` builds when it is given none and there is no config file, in this order. */
const DEFAULT_SOURCES = ['bookmarks.xbel', 'bookmarks.html']

/** What Floccus writes at the top of the files it syncs (XBEL or HTML). */
const FLOCCUS_MARK = 'for Floccus bookmark sync'

export interface InitOptions {
  /** Source files to build (relative to the repository root); none means the config's. */
  sources?: readonly string[] | undefined
  /** Replace an existing workflow. */
  force?: boolean | undefined
  /** A Floccus repository; undefined means: detect it from the sources. */
  floccus?: boolean | undefined
  /** The branch to publish from; undefined means the checked-out one (`git symbolic-ref`), else `main`. */
  branch?: string | undefined
  /** Config file, as `--config` (default: bookmarks.config.* if present). */
  configFile?: string | undefined
  /** `--private`: pass the private section's passphrase to the build from a repository secret. */
  private?: boolean | undefined
  /** Where the site is published (default: GitHub). */
  host?: HostName | undefined
  /** Also the weekly link check (GitHub only). */
  links?: boolean | undefined
  /** How npm is run (tests watch it); default: the `npm` on the PATH. */
  npm?: NpmRunner | undefined
  /** Told before a step that may take a while. */
  progress?: ((line: string) => void) | undefined
}

export interface WorkflowResult {
  /** Absolute path of the workflow written. */
  file: string
  branch: string
  floccus: boolean
  /** The sources written into the workflow (none: the config's). */
  sources: readonly string[]
  /** `--private`: the repository secret (and environment variable) holding the passphrase. */
  passphraseEnv?: string | undefined
}

/** One step of what to do next: what to do, where (on the host), then the commands that do it. */
export interface NextStep {
  say: string
  where?: string | undefined
  commands: string[]
}

export interface InitReport {
  host: Host
  /** The publishing job written (undefined when `--links` kept an existing one). */
  pages: WorkflowResult | undefined
  /** The weekly link check written (with `--links`). */
  links: WorkflowResult | undefined
  /** What `init` did about bookgen in package.json and package-lock.json. */
  bookgen: PinResult
  gitignore: { created: boolean; added: string[] }
  /** Files the runner needs that would not reach it, and other doubts. */
  warnings: string[]
  next: NextStep[]
  /** Where the site will be. */
  site: string
}

/** Everything `bookgen init` does, in `cwd`; nothing is written until every check passed. */
export async function runInit(cwd: string, options: InitOptions = {}): Promise<InitReport> {
  const host = HOSTS[options.host ?? 'github']
  if (options.links === true && host.name !== 'github') {
    throw new BookgenError(
      `--links writes a GitHub Actions workflow; on ${host.label}, schedule "npx bookgen check" yourself (see ${LINK_HEALTH_URL})`,
      { rule: 'cli/usage' },
    )
  }
  // `--links` on a site that already publishes: keep its Pages workflow, add the link check.
  const keepPages = options.links === true && options.force !== true && existsSync(path.join(cwd, host.file))
  const repo = await gitState(cwd)
  const planned = { ...options, branch: options.branch ?? repo.branch }
  const pagesPlan = keepPages ? undefined : await planWorkflow(cwd, host.file, host.job, planned)
  const linksPlan =
    options.links === true ? await planWorkflow(cwd, LINKS_WORKFLOW_PATH, linksWorkflow, planned) : undefined
  const plan = (pagesPlan ?? linksPlan)!
  const bookgen = await pinBookgen(cwd, { npm: options.npm, progress: options.progress })
  const pages = await pagesPlan?.write()
  const links = await linksPlan?.write()
  const gitignore = await completeGitignore(cwd, ['node_modules/', ...plan.outDir, '.bookgen/'])
  const needed = [
    ...plan.files,
    ...[pages, links].flatMap((each) => (each === undefined ? [] : [each.file])),
    path.join(cwd, 'package.json'),
    path.join(cwd, 'package-lock.json'),
    ...bookgen.files.map((file) => path.join(cwd, file)),
  ]
  const relative = needed.map((file) => path.relative(cwd, file))
  const outside = relative.filter((file) => file.startsWith('..') || path.isAbsolute(file))
  const ignored = await ignoredPaths(
    cwd,
    relative.filter((file) => !outside.includes(file)),
  )
  const warnings = [
    ...bookgen.warnings,
    ...outside.map((file) => `${file} is outside the repository: the runner will not have it; copy it in`),
    ...ignored.map(
      (each) =>
        `${each.path} is ignored by Git (${each.rule}): "git add -A" leaves it out, and the runner needs it; remove that line, or "git add -f ${each.path}"`,
    ),
  ]
  const { owner, repository } = whereTo(host, repo, cwd)
  return {
    host,
    pages,
    links,
    bookgen,
    gitignore,
    warnings,
    next: nextSteps(host, repo, plan.branch, repository, plan.passphraseEnv),
    site: host.site(owner, repository),
  }
}

interface Plan {
  branch: string
  /** The source files and the config file (absolute). */
  files: readonly string[]
  /** The build output folder as a `.gitignore` line, when it is inside the repository. */
  outDir: string[]
  /** `--private`: the repository secret (and environment variable) holding the passphrase. */
  passphraseEnv: string | undefined
  write(): Promise<WorkflowResult>
}

/** Check everything about one workflow (it may be written, its sources exist); write nothing yet. */
async function planWorkflow(
  cwd: string,
  workflowPath: string,
  make: (options: WorkflowOptions) => string,
  options: InitOptions,
): Promise<Plan> {
  const file = path.join(cwd, workflowPath)
  if (existsSync(file) && options.force !== true) {
    throw new BookgenError('already exists; use --force to replace it', {
      rule: 'cli/usage',
      file: workflowPath,
    })
  }
  const found = await findSources(cwd, options)
  const { sources, files, outDir } = found
  const branch = options.branch ?? 'main'
  checkWorkflowValue(branch, 'Branch names')
  const floccus = options.floccus ?? (await anyFloccusFile(files))
  const passphraseEnv = options.private === true ? found.passphraseEnv : undefined
  return {
    branch,
    files,
    outDir,
    passphraseEnv,
    write: async () => {
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, make({ branch, sources, floccus, passphraseEnv }))
      return { file, branch, floccus, sources, passphraseEnv }
    },
  }
}

/**
 * The sources to write into the workflow, and the files they name (which must exist, with the
 * config file): the ones given; else none (the config's, checked); else the first of
 * `DEFAULT_SOURCES` present. And the build's output folder, for .gitignore, and the variable of
 * the private section's passphrase (the config's `private.passphraseEnv`, else the default).
 */
async function findSources(
  cwd: string,
  options: InitOptions,
): Promise<{
  sources: readonly string[]
  files: readonly string[]
  outDir: string[]
  passphraseEnv: string
}> {
  const given = options.sources ?? []
  for (const source of given) {
    checkWorkflowValue(source, 'Source paths')
    if (insideRepository(cwd, path.resolve(cwd, source)) === undefined) {
      throw new BookgenError(
        `${source} is outside the repository: the workflow builds what the repository holds; copy the file in and name it from there`,
        { rule: 'cli/usage', file: source },
      )
    }
  }
  const loaded = await loadConfigFile(options.configFile, cwd, { command: 'build' })
  const config =
    loaded.file === undefined ? undefined : resolveConfig(loaded.config, {}, { cwd, configFile: loaded.file })
  const out = insideRepository(cwd, config?.outDir ?? path.join(cwd, 'dist'))
  const outDir = out === undefined ? [] : [`${out}/`]
  const configFiles = loaded.file === undefined ? [] : [loaded.file]
  const settings = { outDir, passphraseEnv: config?.private?.passphraseEnv ?? privateDefaults.passphraseEnv }
  if (given.length > 0)
    return { sources: given, files: [...(await existingSources(given, cwd)), ...configFiles], ...settings }
  if (config !== undefined) {
    return {
      sources: [],
      files: [...(await existingSources(config.sources, cwd)), ...configFiles],
      ...settings,
    }
  }
  const found = DEFAULT_SOURCES.find((name) => existsSync(path.join(cwd, name)))
  if (found === undefined) {
    throw new BookgenError(
      `No bookmark file to publish: name it, e.g. "bookgen init bookmarks.html" (none of ${DEFAULT_SOURCES.join(', ')} is here, and there is no bookmarks.config.ts)`,
      { rule: 'source/not-found' },
    )
  }
  return { sources: found === 'bookmarks.html' ? [] : [found], files: [path.join(cwd, found)], ...settings }
}

/** The files `patterns` name, each of which must exist (a workflow for a missing file would fail). */
async function existingSources(patterns: readonly string[], cwd: string): Promise<string[]> {
  const files = await expandSources(patterns, cwd)
  for (const file of files) {
    if (!existsSync(file)) {
      const shown = path.relative(cwd, file) || file
      throw new BookgenError(`Source not found: ${shown} (the workflow would fail to build it)`, {
        rule: 'source/not-found',
        file: shown,
      })
    }
  }
  return files
}

/** Values written into the YAML unquoted: a conservative set of characters. */
function checkWorkflowValue(value: string, what: string): void {
  if (!/^[\w./@+-]+$/.test(value) || value.startsWith('-')) {
    throw new BookgenError(
      `${what} in the workflow may only use letters, digits and . / _ - @ +: "${value}"`,
      {
        rule: 'cli/usage',
      },
    )
  }
}

/** Whether one of `files` starts like a file Floccus wrote. */
async function anyFloccusFile(files: readonly string[]): Promise<boolean> {
  for (const file of files) {
    const handle = await open(file, 'r').catch(() => undefined)
    if (handle === undefined) continue
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0)
      if (buffer.subarray(0, bytesRead).toString('utf8').includes(FLOCCUS_MARK)) return true
    } finally {
      await handle.close()
    }
  }
  return false
}

/** The repository's owner and name on the host: from its remote's URL there, else `YOU` and the folder's name. */
function whereTo(host: Host, state: GitState, cwd: string): { owner: string; repository: string } {
  const server = new URL(host.server).hostname.replaceAll('.', '\\.')
  const match = new RegExp(`${server}[/:]([^/]+)/([^/]+?)(?:\\.git)?/?$`).exec(state.remote?.url ?? '')
  if (match !== null) return { owner: match[1]!, repository: match[2]! }
  return { owner: 'YOU', repository: path.basename(cwd) }
}

/**
 * What makes the first push publish, in order: a repository, a commit of everything (.gitignore
 * keeps out what the runner rebuilds), the repository on the host with what to turn on there,
 * the passphrase's secret (`--private`), then the remote and the push.
 */
function nextSteps(
  host: Host,
  state: GitState,
  branch: string,
  repository: string,
  secret: string | undefined,
): NextStep[] {
  const pushed = state.branch ?? branch
  const steps: NextStep[] = []
  if (!state.repository)
    steps.push({ say: 'Make the folder a Git repository:', commands: [`git init -b ${pushed}`] })
  steps.push({ say: 'Commit everything:', commands: ['git add -A', `git commit -m "${COMMIT_MESSAGE}"`] })
  const { settings } = host
  if (state.remote === undefined) {
    const turnOn = settings === undefined ? '.' : `, and in it ${settings.what}:`
    steps.push({
      say: `On ${host.label}, create an empty public repository named ${repository}${turnOn}`,
      where: settings?.where,
      commands: [],
    })
  } else if (settings !== undefined) {
    steps.push({
      say: `On ${host.label}, in the repository, ${settings.what} (once):`,
      where: settings.where,
      commands: [],
    })
  }
  if (secret !== undefined) {
    steps.push({
      say: `On ${host.label}, in the repository, add your private section's passphrase as a secret named ${secret}:`,
      where: host.secrets,
      commands: [],
    })
  }
  const push = state.upstream ? 'git push' : `git push -u ${state.remote?.name ?? 'origin'} ${pushed}`
  const remote =
    state.remote === undefined ? [`git remote add origin ${host.server}/YOU/${repository}.git`] : []
  steps.push({ say: 'Push:', commands: [...remote, push] })
  return steps
}
