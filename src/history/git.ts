/**
 * (I/O) The `git` command line, as the history reader uses it: where the repository is, the
 * commits that touched a file (rename-aware, `git log --follow`), and the file's blobs streamed
 * through one `git cat-file --batch` process. No library: git is on every CI runner.
 */
import { spawn } from 'node:child_process'
import { realpathSync } from 'node:fs'
import path from 'node:path'
import { cleanText } from '../model/text.js'

/** One commit that changed the file, oldest first in `fileCommits`' result. */
export interface FileCommit {
  /** Full commit hash. */
  hash: string
  /** Author time (kept by rebases), in ms since the epoch. */
  time: number
  /** First line of the message, without control characters (it is published, see `cleanText`). */
  subject: string
  /** The file's blob in this commit; undefined when the commit deleted it. */
  blob: string | undefined
  /** The file's path in this commit, relative to the repository's top. */
  path: string
}

export interface RepositoryInfo {
  /** Absolute path of the working tree's top. */
  top: string
  /** The commit checked out (undefined in a repository without commits). */
  head: string | undefined
  /** Whether the clone is shallow (the history is cut off). */
  shallow: boolean
}

/** The repository holding a source (`sourceRepositoryOf`), and whether `HEAD` has the source. */
export interface SourceRepository extends RepositoryInfo {
  /**
   * False where the commit checked out has no file at the source's path (an export beside a
   * repository's files, ignored or not yet added): such a source has no history to read. True
   * where it has one, and where Git could not say (then its commits tell).
   */
  inHead: boolean
  /** The source's path in the repository (from its real path): relative to `top`, with `/`. */
  path: string
}

const ZERO_BLOB = /^0+$/

/**
 * Git could not give what the history asked for (a corrupt repository, an object missing, a partial
 * clone whose remote cannot be reached): the history is left out, with a warning.
 */
export class GitError extends Error {
  override name = 'GitError'
}

/**
 * The environment of git processes: never a prompt (for a password, say), and no object fetched
 * on demand from a partial clone's remote, one request per version while the build waits (Git 2.45
 * and later; a missing object is reported instead).
 */
function gitEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_NO_LAZY_FETCH: '1' }
}

/** What git said on its standard error, for a message: its first lines, bounded. */
function gitSaid(stderr: Buffer): string {
  const lines = stderr.toString('utf8').trim().split('\n').slice(0, 3).join(' ')
  return lines.length > 300 ? `${lines.slice(0, 300)}…` : lines
}

/** Run git in `cwd`; its standard output, or a rejection (`GitError`) carrying its standard error. */
export function git(args: readonly string[], cwd: string, input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env: gitEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error) => reject(new GitError(`git could not be started (${error.message})`)))
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new GitError(`git ${args[0]} failed (${code}): ${gitSaid(Buffer.concat(err))}`))
    })
    child.stdin.on('error', () => {}) // git may stop before it has read its input
    child.stdin.end(input)
  })
}

/**
 * Run git in `cwd`; its exit code and standard output, whatever the code (what it printed before
 * it stopped tells something too), or undefined when it cannot be started.
 */
function gitAnswer(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | null; out: string } | undefined> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd, env: gitEnvironment(), stdio: ['ignore', 'pipe', 'ignore'] })
    const out: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.on('error', () => resolve(undefined))
    child.on('close', (code) => resolve({ code, out: Buffer.concat(out).toString('utf8') }))
  })
}

/** `file`'s real path (symbolic links followed), or `file` resolved where it has none. */
function realPath(file: string): string {
  try {
    return realpathSync.native(file)
  } catch {
    return path.resolve(file)
  }
}

/** `file` (a real path) as Git names it in the repository at `top`: relative, with `/`. */
export function repositoryPath(top: string, file: string): string {
  return path.relative(top, file).split(path.sep).join('/')
}

/** The repository holding `file`, or undefined when it is in none (or git is not installed). */
export async function repositoryOf(file: string): Promise<RepositoryInfo | undefined> {
  try {
    const out = await git(['rev-parse', '--show-toplevel', '--is-shallow-repository'], path.dirname(file))
    const [top, shallow] = out.toString('utf8').trim().split('\n')
    if (top === undefined || top === '') return undefined
    // Asked apart: a repository with no commit yet has no HEAD.
    const head = await git(['rev-parse', '--verify', '-q', 'HEAD'], top).then(
      (hash) => hash.toString('utf8').trim(),
      () => undefined,
    )
    return { top: path.resolve(top), head, shallow: shallow === 'true' }
  } catch {
    return undefined
  }
}

/**
 * The repository holding the source `file`, and whether the commit checked out has it, or
 * undefined when it is in no repository. A source that `HEAD` does not have has no history: no
 * `git log` is started for it.
 */
export async function sourceRepositoryOf(file: string): Promise<SourceRepository | undefined> {
  const real = realPath(file)
  const repository = await repositoryOf(real)
  if (repository === undefined) return undefined
  // In a repository with no commit yet, its commits tell (there are none).
  const inHead =
    repository.head === undefined ||
    (await gitAnswer(['cat-file', '-e', `HEAD:./${path.basename(real)}`], path.dirname(real)))?.code === 0
  return { ...repository, inHead, path: repositoryPath(repository.top, real) }
}

/**
 * The commits of the current branch that changed `file` (relative to `top`), oldest first: all of
 * them, or the newest `limit + 1` (one more than the limit tells the caller that there are more).
 * Renames are followed, also one that changed so much of the file that Git does not take it for
 * one (`renamedFrom`). Merge commits are left out (their changes came in with the merged commits).
 * None in a repository with no commit yet; a `GitError` when Git fails.
 */
export async function fileCommits(top: string, file: string, limit = Infinity): Promise<FileCommit[]> {
  const newestFirst: FileCommit[] = []
  let name = file
  let from = 'HEAD'
  for (;;) {
    const found = await logOf(top, name, from, limit + 1 - newestFirst.length)
    newestFirst.push(...found.commits)
    const oldest = found.commits[found.commits.length - 1]
    if (oldest === undefined || !found.oldestAdded || newestFirst.length > limit) break
    // Each step goes to an older commit, so this ends (at the first commit at the latest).
    const before = await renamedFrom(top, oldest.hash, oldest.path)
    if (before === undefined) break
    name = before
    from = `${oldest.hash}^`
  }
  return newestFirst.reverse()
}

/**
 * The commits from `from` back that changed `file` (following renames Git sees), newest first, at
 * most `count`; and whether the oldest of them added the file.
 */
async function logOf(
  top: string,
  file: string,
  from: string,
  count: number,
): Promise<{ commits: FileCommit[]; oldestAdded: boolean }> {
  const limit = Number.isFinite(count) ? [`--max-count=${count}`] : []
  let out: Buffer
  try {
    out = await git(
      [
        'log',
        '--follow',
        '--no-merges',
        ...limit,
        '--no-abbrev',
        '--raw',
        '--no-color',
        '--format=%x1e%H%x1f%at%x1f%s',
        from,
        '--',
        file,
      ],
      top,
    )
  } catch (error) {
    if (from === 'HEAD' && !(await hasCommit(top))) return { commits: [], oldestAdded: false }
    throw error
  }
  const commits: FileCommit[] = []
  let oldestAdded = false
  for (const block of out.toString('utf8').split('\x1e')) {
    if (block === '') continue
    const newline = block.indexOf('\n')
    const header = newline === -1 ? block : block.slice(0, newline)
    const [hash, seconds, subject = ''] = header.split('\x1f')
    const raw = block
      .slice(newline + 1)
      .split('\n')
      .find((line) => line.startsWith(':'))
    if (hash === undefined || raw === undefined) continue
    // `:100644 100644 <old> <new> M\tpath` or `… R100\told\tnew`
    const [meta = '', ...paths] = raw.split('\t')
    const fields = meta.split(' ')
    const blob = fields[3] ?? ''
    oldestAdded = fields[4] === 'A'
    commits.push({
      hash,
      time: Number(seconds) * 1000,
      subject: cleanText(subject),
      blob: ZERO_BLOB.test(blob) ? undefined : blob,
      path: paths[paths.length - 1] ?? file,
    })
  }
  return { commits, oldestAdded }
}

/** Whether the repository at `top` has a commit checked out (not a branch with no commit yet). */
async function hasCommit(top: string): Promise<boolean> {
  return (await gitAnswer(['rev-parse', '--verify', '-q', 'HEAD'], top))?.code === 0
}

/**
 * The file that `commit`, which added `file`, was renamed from where Git did not see the rename
 * (it does not when the new file keeps less than half of the old one: a rename and a cut of most
 * bookmarks in one commit): the one file with the same extension that the commit deleted.
 * Undefined when it deleted none or several, or `commit` is the first.
 */
async function renamedFrom(top: string, commit: string, file: string): Promise<string | undefined> {
  const out = await git(
    ['diff-tree', '-r', '-z', '--no-commit-id', '--no-renames', '--diff-filter=D', '--name-only', commit],
    top,
  )
  const extension = path.posix.extname(file).toLowerCase()
  const deleted = out
    .toString('utf8')
    .split('\0')
    .filter((name) => name !== '' && path.posix.extname(name).toLowerCase() === extension)
  return deleted.length === 1 ? deleted[0] : undefined
}

/**
 * The messages of the commits after `commit`, up to `HEAD`, that have a line matching `line` (an
 * extended regular expression, any case), newest first.
 */
export async function messagesAfter(top: string, commit: string, line: string): Promise<string[]> {
  const out = await git(
    ['log', '-i', '-E', `--grep=${line}`, '--no-color', '--format=%B%x1e', `${commit}..HEAD`, '--'],
    top,
  )
  return out
    .toString('utf8')
    .split('\x1e')
    .map((message) => message.trim())
    .filter((message) => message !== '')
}

/**
 * Stream blobs through one `git cat-file --batch`: `onBlob` is called with each blob's bytes, in
 * the order asked, one at a time (so memory holds one version of the file, not all of them).
 */
export async function readBlobs(
  top: string,
  blobs: readonly string[],
  onBlob: (index: number, bytes: Buffer) => void | Promise<void>,
): Promise<void> {
  if (blobs.length === 0) return
  const child = spawn('git', ['cat-file', '--batch'], {
    cwd: top,
    env: gitEnvironment(),
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const err: Buffer[] = []
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', (error) => reject(new GitError(`git could not be started (${error.message})`)))
    child.on('close', resolve)
  })
  exited.catch(() => undefined) // reported below, once the output is read
  child.stdin.on('error', () => {}) // the reader reports what went wrong
  child.stdin.end(`${blobs.join('\n')}\n`)
  // Chunks not yet used, joined only when a whole blob is there (a 2 MB blob comes in 32 chunks).
  let chunks: Buffer[] = []
  let held = 0
  let index = 0
  let size = -1
  const take = (): Buffer => {
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, held)
    chunks = [all]
    return all
  }
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      chunks.push(chunk)
      held += chunk.length
      for (;;) {
        if (size < 0) {
          const all = take()
          const newline = all.indexOf(0x0a)
          if (newline === -1) break
          // `<name> blob <size>`, or `<name> missing` for an object the repository lacks.
          const parts = all.toString('utf8', 0, Math.min(newline, 200)).split(' ')
          if (parts[1] !== 'blob')
            throw new GitError(
              `object ${blobs[index]} is ${parts[1] === 'missing' ? 'missing' : 'not a file'}`,
            )
          size = Number(parts[2])
          chunks = [all.subarray(newline + 1)]
          held = all.length - newline - 1
        }
        if (held < size + 1) break
        const all = take()
        const bytes = all.subarray(0, size)
        chunks = [all.subarray(size + 1)]
        held = all.length - size - 1
        size = -1
        await onBlob(index++, bytes)
      }
    }
  } finally {
    if (child.exitCode === null) child.kill()
  }
  const code = await exited
  if (index !== blobs.length)
    throw new GitError(
      `git cat-file gave ${index} of ${blobs.length} versions (${code}): ${gitSaid(Buffer.concat(err))}`,
    )
}
