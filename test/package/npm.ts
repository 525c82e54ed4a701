/**
 * Helpers for the tests that use bookgen as a user does: `npm pack` this checkout (its `dist/`
 * must be built), then install the tarball into a temporary project with the real npm.
 */
import { execFile } from 'node:child_process'
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

/** Run a command in `cwd` as a user's shell would; rejects with its output when it fails. */
export async function sh(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = userEnv(),
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { cwd, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`, {
      cause: error,
    })
  }
}

/** `npm pack` this checkout into `dest` (without running `prepare`: `dist/` is already built). */
export async function packBookgen(dest: string): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await sh(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', dest],
    REPO_ROOT,
  )
  const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }]
  return { tarball: path.join(dest, packed.filename), files: packed.files.map((file) => file.path) }
}
