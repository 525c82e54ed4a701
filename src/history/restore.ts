/**
 * (I/O) `bookgen restore`: a source file as it was at a commit, in its own format and byte for
 * byte as committed — a Floccus file keeps every `id` — except that a Floccus `highestId` never
 * goes down (Floccus hands out new ids above it; a lower one would reuse ids).
 */
import { readFile, realpath } from 'node:fs/promises'
import path from 'node:path'
import { BookgenError } from '../model/errors.js'
import { fileCommits, git, repositoryOf } from './git.js'

export interface Restored {
  bytes: Buffer
  /** The commit, in full. */
  hash: string
  time: number
  /** The file's path in the repository at that commit. */
  pathInRepository: string
  /** The highestId raised to the current file's, when it was lower. */
  raisedHighestId: number | undefined
}

const HIGHEST_ID = /highestId :(\d+):/

/** `file` as at `revision` (anything `git rev-parse` takes: a hash, `HEAD~2`, `abc1234~1`). */
export async function restoreFile(file: string, revision: string, name = file): Promise<Restored> {
  const repository = await repositoryOf(file)
  if (repository === undefined)
    throw new BookgenError('The source is not in a Git repository', {
      rule: 'history/no-repository',
      file: name,
    })
  const top = repository.top
  // Never an option: `--output=…` would make git write a file.
  if (revision.startsWith('-') || revision.trim() === '')
    throw new BookgenError(`Not a commit: "${revision}"`, { rule: 'history/no-commit', file: name })
  let hash: string
  let time: number
  try {
    const out = (await git(['log', '-1', '--format=%H %at', `${revision}^{commit}`, '--'], top))
      .toString('utf8')
      .trim()
    const [full = '', seconds = '0'] = out.split(' ')
    hash = full
    time = Number(seconds) * 1000
  } catch {
    throw new BookgenError(`No commit "${revision}" in the repository`, {
      rule: 'history/no-commit',
      file: name,
    })
  }
  const real = await realpath(file).catch(() => path.resolve(file))
  const relative = path.relative(top, real).split(path.sep).join('/')
  // The names the file had, newest first: the one it had at that commit is among them (where Git
  // can list them).
  const commits = await fileCommits(top, relative).catch(() => [])
  const names = [relative, ...new Set(commits.reverse().map((commit) => commit.path))]
  for (const candidate of new Set(names)) {
    let bytes: Buffer
    try {
      bytes = await git(['cat-file', 'blob', `${hash}:${candidate}`], top)
    } catch {
      continue
    }
    const current = await readFile(file).catch(() => undefined)
    const raised = raiseHighestId(bytes, current)
    return { bytes: raised.bytes, hash, time, pathInRepository: candidate, raisedHighestId: raised.raised }
  }
  throw new BookgenError(`The file did not exist at commit ${hash.slice(0, 7)}`, {
    rule: 'history/no-version',
    file: name,
  })
}

/** `bytes` with its Floccus highestId raised to `current`'s, when `current`'s is higher. */
function raiseHighestId(
  bytes: Buffer,
  current: Buffer | undefined,
): { bytes: Buffer; raised: number | undefined } {
  const head = bytes.subarray(0, 4096).toString('latin1')
  const old = HIGHEST_ID.exec(head)
  const now =
    current === undefined ? undefined : HIGHEST_ID.exec(current.subarray(0, 4096).toString('latin1'))
  if (old === null || now === null || now === undefined) return { bytes, raised: undefined }
  const highest = Number(now[1])
  if (!(highest > Number(old[1]))) return { bytes, raised: undefined }
  const at = old.index + 'highestId :'.length
  return {
    bytes: Buffer.concat([
      bytes.subarray(0, at),
      Buffer.from(String(highest)),
      bytes.subarray(at + old[1]!.length),
    ]),
    raised: highest,
  }
}
