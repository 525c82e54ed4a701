/**
 * (I/O) What `bookgen init` asks Git and writes for it: the repository's state (branch, remote,
 * upstream), a `.gitignore` that keeps out what the runner rebuilds, and which of the files the
 * runner needs that `git add -A` would leave out.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { git as runGit } from '../../history/git.js'

export interface GitState {
  /** Whether `cwd` is in a Git work tree. */
  repository: boolean
  /** The checked-out branch (undefined outside a repository, or on a detached HEAD). */
  branch: string | undefined
  /** The remote to push to (the branch's, else `origin`, else the first). */
  remote: { name: string; url: string } | undefined
  /** Whether the branch has an upstream, so that a plain `git push` pushes it. */
  upstream: boolean
}

/** Run git in `cwd`; undefined when it fails (no repository, no such ref, no git). */
async function git(cwd: string, ...args: string[]): Promise<string | undefined> {
  const stdout = await runGit(args, cwd).catch(() => undefined)
  return stdout?.toString('utf8')
}

/** The repository's branch, remote and upstream. */
export async function gitState(cwd: string): Promise<GitState> {
  const inside = (await git(cwd, 'rev-parse', '--is-inside-work-tree'))?.trim() === 'true'
  if (!inside) return { repository: false, branch: undefined, remote: undefined, upstream: false }
  const branch = (await git(cwd, 'symbolic-ref', '--quiet', '--short', 'HEAD'))?.trim() || undefined
  const upstream =
    branch !== undefined &&
    (await git(cwd, 'rev-parse', '--abbrev-ref', `${branch}@{upstream}`)) !== undefined
  const remotes = ((await git(cwd, 'remote')) ?? '').split('\n').filter(Boolean)
  const own = branch === undefined ? undefined : (await git(cwd, 'config', `branch.${branch}.remote`))?.trim()
  const name = [own, 'origin', remotes[0]].find((each) => each !== undefined && remotes.includes(each))
  const url = name === undefined ? undefined : (await git(cwd, 'remote', 'get-url', name))?.trim()
  return {
    repository: true,
    branch,
    remote: name === undefined || url === undefined ? undefined : { name, url },
    upstream,
  }
}

/**
 * Add the lines of `entries` (folders, written `name/`) that `.gitignore` in `cwd` lacks,
 * creating it if need be; a line naming the folder another way (`/name`, `name`) counts.
 * Returns what was added.
 */
export async function completeGitignore(
  cwd: string,
  entries: readonly string[],
): Promise<{ created: boolean; added: string[] }> {
  const file = path.join(cwd, '.gitignore')
  const text = await readFile(file, 'utf8').catch(() => undefined)
  const lines = new Set((text ?? '').split(/\r?\n/).map((line) => line.trim().replace(/^\/|\/$/g, '')))
  const added = entries.filter((entry) => !lines.has(entry.replace(/^\/|\/$/g, '')))
  if (added.length === 0) return { created: false, added }
  const before = text === undefined || text === '' || text.endsWith('\n') ? (text ?? '') : `${text}\n`
  await writeFile(file, `${before}${added.join('\n')}\n`)
  return { created: text === undefined, added }
}

/** A file `git add -A` would leave out, and the `.gitignore` line that does it. */
export interface Ignored {
  path: string
  /** `file:line: pattern`, as `git check-ignore -v` tells it. */
  rule: string
}

/** Which of `paths` (relative to `cwd`) Git ignores; none outside a repository. */
export async function ignoredPaths(cwd: string, paths: readonly string[]): Promise<Ignored[]> {
  if (paths.length === 0) return []
  // -z (with --stdin): paths in, and source, line, pattern and path out, each ended by NUL.
  const input = paths.map((each) => `${each}\0`).join('')
  // Exit 1: none is ignored; 128: not a repository.
  const stdout = await runGit(['check-ignore', '--verbose', '-z', '--stdin'], cwd, input).catch(() => '')
  const fields = stdout.toString('utf8').split('\0')
  const ignored: Ignored[] = []
  for (let at = 0; at + 3 < fields.length; at += 4) {
    const [source, line, pattern, file] = fields.slice(at, at + 4) as [string, string, string, string]
    // --verbose also names the negated pattern (`!x`) that keeps a path in.
    if (!pattern.startsWith('!')) ignored.push({ path: file, rule: `${source}:${line}: ${pattern}` })
  }
  return ignored
}
