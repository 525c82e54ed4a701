/**
 * (I/O) What `bookgen init` does so that the runner's `npm ci` installs bookgen from a clean clone
 * with an empty npm cache, however bookgen got onto this machine: the repository's package.json
 * and package-lock.json must pin a bookgen the runner can fetch.
 *
 * - a registry version, a git URL or a tarball URL: kept (the runner fetches it as npm did here);
 * - a `file:` tarball or folder inside the repository: kept (it is committed with the rest);
 * - a `file:` tarball or folder outside the repository: copied, or packed, into
 *   `vendor/bookgen-<version>.tgz`, and installed from there, so that npm rewrites both files;
 * - no package.json, or no bookgen in it: bookgen added, from the registry when the registry
 *   has this very version, else vendored from the running bookgen. A workflow never installs a
 *   version the registry does not have.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import npa from 'npm-package-arg'
import { BookgenError } from '../../model/errors.js'
import { PACKAGE_ROOT, VERSION } from '../../model/version.js'

/** Runs npm: `args` in `cwd`, resolving to its standard output (rejecting with its output). */
export type NpmRunner = (args: readonly string[], cwd: string, timeoutMs?: number) => Promise<string>

export interface PinOptions {
  /** How npm is run (a test can watch it). Default: the `npm` on the PATH. */
  npm?: NpmRunner | undefined
  /** Told before a step that may take a while (an `npm install`). */
  progress?: ((line: string) => void) | undefined
}

export interface PinResult {
  /** What `init` did about bookgen, in one line. */
  summary: string
  /** Files beside package.json and package-lock.json the runner needs (a vendored tarball). */
  files: string[]
  /** What may still fail on the runner. */
  warnings: string[]
}

/** Where `init` puts a bookgen tarball it brings into the repository. */
export const VENDOR_DIR = 'vendor'

/** How long `npm view` may take to say whether the registry has this version. */
const REGISTRY_TIMEOUT_MS = 15_000
/** How long an `npm install` may take (bookgen's dependencies, from the network). */
const INSTALL_TIMEOUT_MS = 10 * 60_000

/** Make package.json and package-lock.json in `cwd` pin a bookgen that `npm ci` can fetch on a runner. */
export async function pinBookgen(cwd: string, options: PinOptions = {}): Promise<PinResult> {
  const npm = options.npm ?? runNpm
  const manifest = await readManifest(cwd)
  const listed = manifest === undefined ? undefined : listedBookgen(manifest)
  if (listed === undefined) return addBookgen(cwd, npm, manifest === undefined, options)
  const spec = parseSpec(listed.spec, cwd)
  const local = spec.type === 'file' || spec.type === 'directory' ? (spec.fetchSpec ?? '') : undefined
  const inside = local === undefined ? undefined : insideRepository(cwd, local)
  if (local !== undefined && inside === undefined) {
    const source = spec.type === 'file' && existsSync(local) ? { copy: local } : { pack: packFolder(local) }
    return vendor(
      cwd,
      npm,
      source,
      `package.json named ${listed.spec}, outside the repository`,
      listed,
      options,
    )
  }
  const lockfile = await ensureLockfile(cwd, npm, options)
  if (inside !== undefined) {
    return {
      summary: `bookgen from ${inside} in this repository, as package.json and package-lock.json say${lockfile}`,
      files: [inside],
      warnings: [],
    }
  }
  if (spec.type === 'git') {
    const thisMachine = /^git\+file:/i.test(spec.fetchSpec ?? '') || /^git\+file:/i.test(listed.spec)
    return {
      summary: `bookgen from ${listed.spec} (git), as package.json says; the runner's npm ci builds it from its sources${lockfile}`,
      files: [],
      warnings: thisMachine
        ? [
            `package.json installs bookgen from ${listed.spec}, a repository on this machine: a runner cannot reach it`,
          ]
        : [],
    }
  }
  const from = spec.type === 'remote' ? listed.spec : `${listed.spec} from the npm registry`
  return {
    summary: `bookgen ${from}, as package.json and package-lock.json say${lockfile}`,
    files: [],
    warnings: [],
  }
}

interface Listed {
  spec: string
  /** `--save-dev` or `--save-prod`: where package.json lists it. */
  save: '--save-dev' | '--save-prod'
}

/** The package.json in `cwd` (undefined when there is none). */
async function readManifest(cwd: string): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(path.join(cwd, 'package.json'), 'utf8').catch(() => undefined)
  if (text === undefined) return undefined
  try {
    const manifest: unknown = JSON.parse(text)
    if (typeof manifest === 'object' && manifest !== null && !Array.isArray(manifest))
      return manifest as Record<string, unknown>
  } catch (error) {
    throw new BookgenError('package.json is not valid JSON', {
      rule: 'cli/usage',
      file: 'package.json',
      cause: error,
    })
  }
  throw new BookgenError('package.json is not a JSON object', { rule: 'cli/usage', file: 'package.json' })
}

/** How package.json lists bookgen, if it does. */
function listedBookgen(manifest: Record<string, unknown>): Listed | undefined {
  for (const [field, save] of [
    ['devDependencies', '--save-dev'],
    ['dependencies', '--save-prod'],
  ] as const) {
    const list = manifest[field]
    if (typeof list !== 'object' || list === null) continue
    const spec = (list as Record<string, unknown>)['bookgen']
    if (typeof spec === 'string') return { spec, save }
  }
  return undefined
}

/** The dependency as npm reads it (npm-package-arg: registry, git, remote, file, directory). */
function parseSpec(spec: string, cwd: string): npa.Result {
  try {
    return npa.resolve('bookgen', spec, cwd)
  } catch (error) {
    throw new BookgenError(`package.json lists bookgen as "${spec}", which npm cannot read`, {
      rule: 'cli/usage',
      file: 'package.json',
      cause: error,
    })
  }
}

/** `target`'s path inside the repository at `cwd` (with `/`), or undefined when it is outside. */
export function insideRepository(cwd: string, target: string): string | undefined {
  const relative = path.relative(cwd, target)
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined
  return relative.split(path.sep).join('/')
}

/** The folder to pack for a `file:` folder dependency: that folder when it is a package, else the running bookgen. */
function packFolder(target: string): string {
  return existsSync(path.join(target, 'package.json')) ? target : PACKAGE_ROOT
}

/** package.json lists no bookgen: add this version, from the registry if it has it, else vendored. */
async function addBookgen(
  cwd: string,
  npm: NpmRunner,
  createManifest: boolean,
  options: PinOptions,
): Promise<PinResult> {
  // A package.json of its own first, so that npm installs here and not into a folder above.
  if (createManifest) await writeFile(path.join(cwd, 'package.json'), '{\n  "private": true\n}\n')
  const registry = await registryHas(npm, cwd, VERSION)
  const listed: Listed = { spec: VERSION, save: '--save-dev' }
  if (registry !== 'yes') {
    const why = registry === 'no' ? 'not on the npm registry yet' : 'the npm registry did not answer'
    return vendor(cwd, npm, { pack: PACKAGE_ROOT }, why, listed, options)
  }
  options.progress?.(`npm install --save-dev bookgen@${VERSION}`)
  await npm(['install', '--save-dev', `bookgen@${VERSION}`, ...QUIET], cwd, INSTALL_TIMEOUT_MS)
  const saved = listedBookgen((await readManifest(cwd)) ?? {})?.spec ?? VERSION
  return {
    summary: `added bookgen ${saved} from the npm registry to package.json and package-lock.json`,
    files: [],
    warnings: [],
  }
}

/** Whether the registry npm is set up with has bookgen `version`: `unknown` when it did not answer. */
async function registryHas(npm: NpmRunner, cwd: string, version: string): Promise<'yes' | 'no' | 'unknown'> {
  try {
    const answer = await npm(['view', `bookgen@${version}`, 'version', '--json'], cwd, REGISTRY_TIMEOUT_MS)
    return answer.trim() === JSON.stringify(version) ? 'yes' : 'no'
  } catch (error) {
    return /\bE404\b|404 Not Found/.test(String((error as Error).message)) ? 'no' : 'unknown'
  }
}

/**
 * Bring a bookgen tarball into `vendor/` (copied, or packed from a folder) and install it from
 * there, so that npm itself points package.json and package-lock.json at it; older vendored
 * bookgen tarballs go.
 */
async function vendor(
  cwd: string,
  npm: NpmRunner,
  source: { copy: string } | { pack: string },
  why: string,
  listed: Listed,
  options: PinOptions,
): Promise<PinResult> {
  const dir = path.join(cwd, VENDOR_DIR)
  await mkdir(dir, { recursive: true })
  let name: string
  if ('copy' in source) {
    name = path.basename(source.copy)
    await copyFile(source.copy, path.join(dir, name))
  } else {
    // An installed bookgen has no scripts; a checkout's (it has src/) build it and clean its manifest.
    const scripts = existsSync(path.join(source.pack, 'src')) ? [] : ['--ignore-scripts']
    const args = ['pack', ...scripts, '--json', '--pack-destination', dir, ...QUIET]
    options.progress?.(`npm pack (${source.pack})`)
    name = (JSON.parse(await npm(args, source.pack)) as Array<{ filename: string }>)[0]!.filename
  }
  const file = `${VENDOR_DIR}/${name}`
  options.progress?.(`npm install ${listed.save} ./${file}`)
  await npm(['install', listed.save, `./${file}`, ...QUIET], cwd, INSTALL_TIMEOUT_MS)
  for (const old of await readdir(dir)) {
    if (old !== name && /^bookgen-.*\.tgz$/.test(old)) await rm(path.join(dir, old), { force: true })
  }
  const version = await installedVersion(cwd)
  return {
    summary: `vendored bookgen ${version} as ${file} (${why}); package.json and package-lock.json point at it`,
    files: [file],
    warnings: [],
  }
}

/** The version of the bookgen installed in `cwd`. */
async function installedVersion(cwd: string): Promise<string> {
  const text = await readFile(path.join(cwd, 'node_modules', 'bookgen', 'package.json'), 'utf8').catch(
    () => '{}',
  )
  const { version } = JSON.parse(text) as { version?: unknown }
  return typeof version === 'string' ? version : VERSION
}

/** Write package-lock.json when there is none (`npm ci` needs it); says so, else ''. */
async function ensureLockfile(cwd: string, npm: NpmRunner, options: PinOptions): Promise<string> {
  if (existsSync(path.join(cwd, 'package-lock.json'))) return ''
  options.progress?.('npm install --package-lock-only')
  await npm(['install', '--package-lock-only', ...QUIET], cwd, INSTALL_TIMEOUT_MS)
  return ' (wrote package-lock.json: npm ci needs it)'
}

/** Flags for every npm command `init` runs: no audit or funding notices in its output. */
const QUIET = ['--no-audit', '--no-fund']

/** The `npm` on the PATH, in `cwd` as its own project (not one a calling `npx` was started in). */
const runNpm: NpmRunner = async (args, cwd, timeoutMs = INSTALL_TIMEOUT_MS) => {
  const env = { ...process.env }
  delete env['npm_config_local_prefix']
  const windows = process.platform === 'win32'
  try {
    const { stdout } = await promisify(execFile)(windows ? 'npm.cmd' : 'npm', [...args], {
      cwd,
      env,
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
      shell: windows,
    })
    return stdout
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    const output = `${stderr ?? ''}\n${stdout ?? ''}`.trim().split('\n').slice(-12).join('\n')
    throw new BookgenError(`npm ${args.join(' ')} failed:\n${output}`, {
      rule: 'init/npm-failed',
      cause: error,
    })
  }
}
