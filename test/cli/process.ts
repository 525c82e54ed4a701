/**
 * Helpers for tests that run the real `bookgen` process (`bin/bookgen.js` → `dist/`): run it to
 * its end, or start it and keep a handle; every process started is killed by `killAll` (call it
 * in `afterEach`). Also: a folder's files with their bytes, and how to run as an ordinary user.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../helpers.js'

export const BIN = path.join(REPO_ROOT, 'bin', 'bookgen.js')

/**
 * Whether `dist/` is built (the process tests need it). Outside CI a missing build skips those
 * tests with a warning; in CI (`CI` set) it is an error, so that a broken build cannot pass green.
 */
export const BUILT = existsSync(path.join(REPO_ROOT, 'dist', 'cli', 'main.js'))
if (!BUILT) {
  if (process.env['CI']) throw new Error('dist/ is not built: the CLI tests cannot run (run `npm run build`)')
  console.warn('Skipping CLI process tests: run `npm run build` first (npm install does it)')
}

export interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

const running = new Set<ChildProcess>()

/** Start `command` (by default `node bin/bookgen.js`, prefixed by `wrapper`); killed by `killAll`. */
export function start(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; wrapper?: readonly string[] },
): { child: ChildProcess; done: Promise<Run> } {
  const [command, ...rest] = [...(options.wrapper ?? []), process.execPath, BIN, ...args]
  const child = spawn(command!, rest, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const done = new Promise<Run>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => {
      running.delete(child)
      resolve({ code, signal, stdout, stderr })
    })
  })
  return { child, done }
}

/** Run bookgen to its end. */
export function bookgen(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; wrapper?: readonly string[] },
): Promise<Run> {
  return start(args, options).done
}

/** Kill every process `start` started that is still running. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/** Every file below `root` (relative, with `/`) and its bytes, for byte-for-byte comparison. */
export function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`)
      else files.set(`${prefix}${name}`, readFileSync(full).toString('base64'))
    }
  }
  walk(root, '')
  return files
}

/** The names beside `outDir` that bookgen makes while it builds (`OUT.bookgen-staging-…`, `OUT.bookgen-old-…`). */
export function besides(outDir: string): string[] {
  const prefix = `${path.basename(outDir)}.bookgen-`
  return readdirSync(path.dirname(outDir)).filter((name) => name.startsWith(prefix))
}

/**
 * How to run a command as an ordinary user, for errors root never gets (root ignores folder
 * permissions): nothing when this process is not root, `setpriv` to `nobody` when it is and
 * `setpriv` exists, undefined when neither works.
 */
export function asOrdinaryUser(): string[] | undefined {
  if (process.getuid?.() !== 0) return []
  const setpriv = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']
  const probe = spawnSync(setpriv[0]!, [...setpriv.slice(1), process.execPath, '-e', ''], { stdio: 'ignore' })
  return probe.status === 0 ? setpriv : undefined
}

/** Whether this process may make mounts in a mount namespace of its own (`unshare -m`, as root). */
export function canMount(): boolean {
  if (process.getuid?.() !== 0) return false
  const probe = spawnSync('unshare', ['--mount', 'sh', '-c', 'mount -t tmpfs tmpfs /mnt'], {
    stdio: 'ignore',
  })
  return probe.status === 0
}
