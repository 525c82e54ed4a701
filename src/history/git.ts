/**
 * (I/O) The `git` command line, as the history reader uses it: where the repository is, the
 * commits that touched a file (rename-aware, `git log --follow`), and the file's blobs streamed
 * through one `git cat-file --batch` process. No library: git is on every CI runner.
 */
import { spawn } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import path from 'node:path'

/** One commit that changed the file, oldest first in `fileCommits`' result. */
export interface FileCommit {
  /** Full commit hash. */
  hash: string
  /** Author time (kept by rebases), in ms since the epoch. */
  time: number
  /** First line of the message. */
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

/** Run git in `cwd`; its standard output, or a rejection carrying its standard error. */
export function git(args: readonly string[], cwd: string, input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new Error(`git ${args[0]} failed (${code}): ${Buffer.concat(err).toString('utf8').trim()}`))
    })
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
    const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
    const out: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.on('error', () => resolve(undefined))
    child.on('close', (code) => resolve({ code, out: Buffer.concat(out).toString('utf8') }))
  })
}

/**
 * Whether git could find a repository for `dir`: a `.git` (folder, or file in a worktree or
 * submodule) in it or a folder above, or `GIT_DIR` set. Asked before git is started, which takes
 * 10–25 ms of the main thread even when the answer is no (most builds outside a repository).
 */
export function mayBeInRepository(dir: string): boolean {
  return gitDirSet() || dotGitFolder(dir) !== undefined
}

/** Whether `GIT_DIR` names the repository, wherever the files are. */
function gitDirSet(): boolean {
  return process.env.GIT_DIR !== undefined && process.env.GIT_DIR !== ''
}

/** The folder holding a `.git` (folder or file), `dir` or the nearest above it. */
function dotGitFolder(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, '.git'))) return at
    if (path.dirname(at) === at) return undefined
  }
}

/** The commits of a source (by its path) if they were asked for early (`earlyCommits`). */
export type CommitsLookup = (file: string) => Promise<FileCommit[]> | undefined

/** How many sources' commits a build asks for as it starts (the others' are asked when read). */
const EARLY_LOGS = 8

/**
 * The commits of each source (of the first `EARLY_LOGS`), asked of Git as a build starts, as soon
 * as `lookup` has found its repository; none for a source that `HEAD` does not have. Starting a
 * process costs the thread more the more memory the process holds: on this machine 1–2 ms at the
 * start of a build, 7–12 ms with 150 MB held, when the sources are being read.
 */
export function earlyCommits(files: readonly string[], lookup: RepositoryLookup): CommitsLookup {
  const asked = new Map<string, Promise<FileCommit[]>>()
  for (const file of files.slice(0, EARLY_LOGS)) {
    const key = path.resolve(file)
    if (asked.has(key)) continue
    const commits = lookup(key).then((repository) =>
      repository === undefined || !repository.inHead ? [] : fileCommits(repository.top, repository.path),
    )
    asked.set(key, commits)
  }
  return (file) => asked.get(path.resolve(file))
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
  const dir = path.dirname(file)
  if (!mayBeInRepository(dir)) return undefined
  // One git process for the three answers, where HEAD names a commit (most repositories).
  const answers = await git(['rev-parse', '--show-toplevel', '--is-shallow-repository', 'HEAD'], dir).then(
    (out) => out.toString('utf8').trim().split('\n'),
    () => undefined,
  )
  if (answers !== undefined && answers.length === 3 && answers[0] !== '')
    return { top: path.resolve(answers[0]!), head: answers[2], shallow: answers[1] === 'true' }
  // No commit yet, a file named HEAD beside the source, or no repository: asked apart.
  try {
    const out = await git(['rev-parse', '--show-toplevel', '--is-shallow-repository'], dir)
    const [top, shallow] = out.toString('utf8').trim().split('\n')
    if (top === undefined || top === '') return undefined
    const head = await git(['rev-parse', '--verify', '-q', 'HEAD'], top).then(
      (hash) => hash.toString('utf8').trim(),
      () => undefined,
    )
    return { top: path.resolve(top), head, shallow: shallow === 'true' }
  } catch {
    return undefined
  }
}

/** A full commit hash (SHA-1 or SHA-256). */
const HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/

/**
 * The repository holding the source `file`, and whether the commit checked out has it, or
 * undefined when it is in no repository: in one Git process (`git rev-parse … HEAD:./<name>`). For
 * a source that `HEAD` does not have, no `git log` is started: it would walk every commit to find
 * none (8 ms of the machine's other core for this repository's 435 commits, about 5 ms of a 1k
 * build).
 */
export async function sourceRepositoryOf(file: string): Promise<SourceRepository | undefined> {
  const real = realPath(file)
  const dir = path.dirname(real)
  if (!mayBeInRepository(dir)) return undefined
  const inHead = `HEAD:./${path.basename(real)}`
  const answer = await gitAnswer(
    ['rev-parse', '--show-toplevel', '--is-shallow-repository', 'HEAD', inHead],
    dir,
  )
  // The top, whether shallow, HEAD's commit, then the file's blob; or, where HEAD has no such file,
  // the argument echoed before Git stops (exit code 128).
  const lines = answer?.out.split('\n') ?? []
  if (lines.length === 5 && lines[4] === '' && lines[0] !== '' && HASH.test(lines[2]!)) {
    const gitTop = path.resolve(lines[0]!)
    const repository = {
      top: gitTop,
      head: lines[2],
      shallow: lines[1] === 'true',
      path: repositoryPath(gitTop, real),
    }
    if (answer!.code === 0 && HASH.test(lines[3]!)) return { ...repository, inHead: true }
    if (answer!.code !== 0 && lines[3] === inHead) return { ...repository, inHead: false }
  }
  // No commit yet, a name Git reads otherwise, a file named HEAD beside the source: asked apart.
  const repository = await repositoryOf(real)
  return repository === undefined
    ? undefined
    : { ...repository, inHead: true, path: repositoryPath(repository.top, real) }
}

/** Finds the repository holding a source (`sourceRepositoryOf`). */
export type RepositoryLookup = (file: string) => Promise<SourceRepository | undefined>

/**
 * `sourceRepositoryOf`, asked of Git once for each source: one build asks whether its sources may
 * have a history, then reads it.
 */
export function repositoryLookup(): RepositoryLookup {
  const known = new Map<string, Promise<SourceRepository | undefined>>()
  return (file) => {
    const key = path.resolve(file)
    let repository = known.get(key)
    if (repository === undefined) known.set(key, (repository = sourceRepositoryOf(key)))
    return repository
  }
}

/**
 * Every commit of the current branch that changed `file` (relative to `top`), oldest first,
 * following renames. Merge commits are left out (their changes came in with the merged commits).
 */
export async function fileCommits(top: string, file: string): Promise<FileCommit[]> {
  let out: Buffer
  try {
    out = await git(
      ['log', '--follow', '--no-abbrev', '--raw', '--no-color', '--format=%x1e%H%x1f%at%x1f%s', '--', file],
      top,
    )
  } catch {
    return [] // no commits yet
  }
  const commits: FileCommit[] = []
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
    const blob = meta.split(' ')[3] ?? ''
    commits.push({
      hash,
      time: Number(seconds) * 1000,
      subject,
      blob: ZERO_BLOB.test(blob) ? undefined : blob,
      path: paths[paths.length - 1] ?? file,
    })
  }
  return commits.reverse()
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
  const child = spawn('git', ['cat-file', '--batch'], { cwd: top, stdio: ['pipe', 'pipe', 'pipe'] })
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
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
          const header = all.toString('utf8', 0, newline)
          const parts = header.split(' ')
          if (parts[1] !== 'blob') throw new Error(`git cat-file: ${header}`)
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
  await exited
  if (index !== blobs.length) throw new Error(`git cat-file returned ${index} of ${blobs.length} blobs`)
}
