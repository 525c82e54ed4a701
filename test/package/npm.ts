/**
 * Helpers for the tests that use bookgen as a user does: a clone of this checkout (its files as
 * they would be pushed, in a Git repository that stands in for bookgen's on GitHub), packed with
 * `npm pack` as the README says, then installed with the real npm.
 */
import { execFile, execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { REPO_ROOT } from '../helpers.js'

const run = promisify(execFile)

/** The environment for npm and the installed bookgen: without the `npm test` run's own npm settings. */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && name !== 'INIT_CWD') env[name] = value
  }
  return { ...env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', ...extra }
}

/** A command's output and exit code (0 when it succeeded). */
export interface Ran {
  stdout: string
  stderr: string
  code: number
}

/** Run a command in `cwd` as a user's shell would; rejects with its output when it fails. */
export async function sh(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = userEnv(),
  timeout = 300_000,
): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env, timeout, maxBuffer: 16 * 1024 * 1024 })
    return { stdout, stderr, code: 0 }
  } catch (error) {
    const { stdout, stderr, code } = error as { stdout?: string; stderr?: string; code?: unknown }
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${String(code)}) in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`,
      { cause: error },
    )
  }
}

/** A clone of this checkout: a Git repository of its files, and a work tree ready to pack. */
export interface Checkout {
  /** The bare repository (what `git clone https://github.com/bookgen/bookgen.git` would fetch). */
  bare: string
  /** Its work tree with dist/ built and this checkout's node_modules linked in (never installed into). */
  folder: string
}

const GIT_USER = ['-c', 'user.name=Test', '-c', 'user.email=test@example.org']

/**
 * Copy this checkout's files as Git would push them (tracked, and new ones not ignored) into
 * `dir/bookgen`, commit them, and make `dir/bookgen.git` of that commit. The work tree also gets
 * the built dist/ (timestamps kept, so the build there has nothing to do) and a link to this
 * checkout's node_modules, so that `npm pack` runs there as after `npm install` in a clone.
 */
export function cloneThisCheckout(dir: string): Checkout {
  const folder = path.join(dir, 'bookgen')
  const bare = path.join(dir, 'bookgen.git')
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
  mkdirSync(folder, { recursive: true })
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    // A tracked file deleted in the work tree is not pushed either.
    if (!existsSync(path.join(REPO_ROOT, file))) continue
    cpSync(path.join(REPO_ROOT, file), path.join(folder, file), { preserveTimestamps: true, force: true })
  }
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: folder })
  execFileSync('git', ['add', '-A'], { cwd: folder })
  execFileSync('git', [...GIT_USER, 'commit', '-q', '-m', 'bookgen'], { cwd: folder })
  execFileSync('git', ['clone', '-q', '--bare', folder, bare])
  cpSync(path.join(REPO_ROOT, 'dist'), path.join(folder, 'dist'), {
    recursive: true,
    preserveTimestamps: true,
  })
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(folder, 'node_modules'))
  return { bare, folder }
}

/** `npm pack` in `folder`, as the README says (its scripts build and clean the manifest), into `dest`. */
export async function packBookgen(
  folder: string,
  dest: string,
): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await sh('npm', ['pack', '--json', '--pack-destination', dest], folder)
  const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }]
  return { tarball: path.join(dest, packed.filename), files: packed.files.map((file) => file.path) }
}

/** The commands `bookgen init` prints under "Next", in order (each on a line of its own). */
export function nextCommands(output: string): string[] {
  const next = output.slice(output.indexOf('\nNext:\n'))
  return [...next.matchAll(/^ {7}(git .+)$/gm)].map((match) => match[1]!)
}
