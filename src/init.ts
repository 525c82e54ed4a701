/**
 * (I/O) `bookgen init`: write the GitHub Actions workflow that builds the site and publishes it
 * on GitHub Pages, and with `--links` the weekly link check (`bookgen check`, then commit the link
 * store and republish). It reads the repository (its branch, its `package.json`, its bookmark
 * files), never pushes and never touches credentials: it writes files and says what to do next.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, open, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { expandSources } from './build/index.js'
import { loadConfigFile } from './config/load.js'
import { resolveConfig } from './config/options.js'
import { privateDefaults } from './config/private.js'
import { linksWorkflow, pagesWorkflow, type InstallMode, type WorkflowOptions } from './init-workflow.js'
import { BookgenError } from './model/errors.js'
import { VERSION } from './version.js'

export const WORKFLOW_PATH = '.github/workflows/pages.yml'
/** The weekly link check (`bookgen init --links`; see docs/link-health.md). */
export const LINKS_WORKFLOW_PATH = '.github/workflows/links-check.yml'

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
}

export interface InitResult {
  /** Absolute path of the workflow written. */
  file: string
  branch: string
  install: InstallMode
  floccus: boolean
  /** The sources written into the workflow (none: the config's). */
  sources: readonly string[]
  /** `--private`: the repository secret (and environment variable) holding the passphrase. */
  passphraseEnv?: string | undefined
}

/** Write `.github/workflows/pages.yml` in `cwd`. */
export async function initPagesWorkflow(cwd: string, options: InitOptions = {}): Promise<InitResult> {
  return writeWorkflow(cwd, WORKFLOW_PATH, pagesWorkflow, options)
}

/**
 * Write `.github/workflows/links-check.yml` in `cwd`: every week, `bookgen check`, commit the link
 * store when it changed, build and deploy (see docs/link-health.md).
 */
export async function initLinksWorkflow(cwd: string, options: InitOptions = {}): Promise<InitResult> {
  return writeWorkflow(cwd, LINKS_WORKFLOW_PATH, linksWorkflow, options)
}

async function writeWorkflow(
  cwd: string,
  workflowPath: string,
  make: (options: WorkflowOptions) => string,
  options: InitOptions,
): Promise<InitResult> {
  const file = path.join(cwd, workflowPath)
  if (existsSync(file) && options.force !== true) {
    throw new BookgenError(`${workflowPath} already exists; use --force to replace it`, {
      ruleId: 'cli/usage',
      file: workflowPath,
    })
  }
  const { sources, files } = await findSources(cwd, options)
  const branch = options.branch ?? (await currentBranch(cwd)) ?? 'main'
  checkWorkflowValue(branch, 'Branch names')
  const floccus = options.floccus ?? (await anyFloccusFile(files))
  const install = await installMode(cwd)
  const passphraseEnv = options.private === true ? await passphraseEnvOf(cwd, options.configFile) : undefined
  const workflow = make({ branch, sources, install, floccus, workflowPath, passphraseEnv })
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, workflow)
  return { file, branch, install, floccus, sources, passphraseEnv }
}

/** The environment variable of the private section's passphrase: the config's, else the default. */
async function passphraseEnvOf(cwd: string, configFile: string | undefined): Promise<string> {
  const loaded = await loadConfigFile(configFile, cwd, { command: 'init' })
  const config = resolveConfig(loaded.config, {}, { cwd, configFile: loaded.file })
  return config.private?.passphraseEnv ?? privateDefaults.passphraseEnv
}

/**
 * The sources to write into the workflow, and the files they name (which must exist): the ones
 * given; else none (the config's, checked); else the first of `DEFAULT_SOURCES` present.
 */
async function findSources(
  cwd: string,
  options: InitOptions,
): Promise<{ sources: readonly string[]; files: readonly string[] }> {
  const given = options.sources ?? []
  for (const source of given) {
    checkWorkflowValue(source, 'Source paths')
    const inside = path.relative(cwd, path.resolve(cwd, source))
    if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
      throw new BookgenError(
        `${source} is outside the repository: the workflow builds what the repository holds; copy the file in and name it from there`,
        { ruleId: 'cli/usage', file: source },
      )
    }
  }
  if (given.length > 0) return { sources: given, files: await existingSources(given, cwd) }
  const loaded = await loadConfigFile(options.configFile, cwd, { command: 'build' })
  if (loaded.file !== undefined) {
    const config = resolveConfig(loaded.config, {}, { cwd, configFile: loaded.file })
    return { sources: [], files: await existingSources(config.sources, cwd) }
  }
  const found = DEFAULT_SOURCES.find((name) => existsSync(path.join(cwd, name)))
  if (found === undefined) {
    throw new BookgenError(
      `No bookmark file to publish: name it, e.g. "bookgen init bookmarks.html" (none of ${DEFAULT_SOURCES.join(', ')} is here, and there is no bookmarks.config.ts)`,
      { ruleId: 'source/not-found' },
    )
  }
  return { sources: found === 'bookmarks.html' ? [] : [found], files: [path.join(cwd, found)] }
}

/** The files `patterns` name, each of which must exist (a workflow for a missing file would fail). */
async function existingSources(patterns: readonly string[], cwd: string): Promise<string[]> {
  const files = await expandSources(patterns, cwd)
  for (const file of files) {
    if (!existsSync(file)) {
      const shown = path.relative(cwd, file) || file
      throw new BookgenError(`Source not found: ${shown} (the workflow would fail to build it)`, {
        ruleId: 'source/not-found',
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
        ruleId: 'cli/usage',
      },
    )
  }
}

/** The checked-out branch, or undefined outside a Git repository (or on a detached HEAD). */
async function currentBranch(cwd: string): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)('git', ['symbolic-ref', '--quiet', '--short', 'HEAD'], {
      cwd,
      timeout: 10_000,
    })
    return stdout.trim() || undefined
  } catch {
    return undefined
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

/** `package` when the repository's package.json lists bookgen, else a global install of this version. */
async function installMode(cwd: string): Promise<InstallMode> {
  const text = await readFile(path.join(cwd, 'package.json'), 'utf8').catch(() => undefined)
  if (text !== undefined) {
    let manifest: Record<string, unknown>
    try {
      manifest = JSON.parse(text) as Record<string, unknown>
    } catch (error) {
      throw new BookgenError('package.json is not valid JSON', {
        ruleId: 'cli/usage',
        file: 'package.json',
        cause: error,
      })
    }
    const lists = [manifest['dependencies'], manifest['devDependencies']]
    if (lists.some((list) => typeof list === 'object' && list !== null && 'bookgen' in list)) {
      return { kind: 'package', lockfile: existsSync(path.join(cwd, 'package-lock.json')) }
    }
  }
  return { kind: 'pinned', version: VERSION }
}
