/**
 * The file-system errors a build can meet on an ordinary machine (a read-only disk, a full one,
 * permissions, too many open files, a path too long, …) put in words: a `BookgenError` that names
 * the path, what went wrong and what to do, instead of a crash report. Pure: it reads the error,
 * never the disk. Used by the source reader (`read.ts`), the output folder (`output.ts`) and the
 * file commands (`cli/commands/file-commands.ts`).
 */
import { BookgenError } from '../model/errors.js'

/** An error from a system call (`fs`): it has a code and a syscall. */
export interface SystemError extends Error {
  code: string
  syscall: string
  path?: string | undefined
  dest?: string | undefined
}

/** Whether `error` came from a system call: the machine's doing, not a bug in bookgen. */
export function isSystemError(error: unknown): error is SystemError {
  if (!(error instanceof Error)) return false
  const { code, syscall } = error as Partial<SystemError>
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) && typeof syscall === 'string'
}

/** What each expected code means, and what the user can do about it (`{flag}`: where to choose another path). */
const MEANINGS: Readonly<Record<string, { reason: string; fix: string }>> = {
  EACCES: { reason: 'permission denied', fix: 'check its permissions, or choose another {flag}' },
  EPERM: { reason: 'operation not permitted', fix: 'check its permissions, or choose another {flag}' },
  EROFS: { reason: 'the file system is read-only', fix: 'choose another {flag}' },
  ENOSPC: { reason: 'no space left on the disk', fix: 'free some space, or choose another {flag}' },
  EDQUOT: { reason: 'your disk quota is used up', fix: 'free some space, or choose another {flag}' },
  EMFILE: {
    reason: 'too many open files',
    fix: 'raise the limit (ulimit -n) or close other programs, and try again',
  },
  ENFILE: { reason: 'the system has too many open files', fix: 'close other programs, and try again' },
  ENAMETOOLONG: { reason: 'the path is too long', fix: 'choose a shorter {flag}' },
  ENOTDIR: { reason: 'a part of the path is a file, not a folder', fix: 'choose another {flag}' },
  EISDIR: { reason: 'it is a folder, not a file', fix: 'choose another {flag}' },
  EEXIST: { reason: 'it already exists', fix: 'remove it, or choose another {flag}' },
  ENOTEMPTY: { reason: 'the folder is not empty', fix: 'remove it, or choose another {flag}' },
  EXDEV: {
    reason: 'it is on another file system, as a mount point is',
    fix: 'choose a {flag} that is not a mount point (a folder inside it works)',
  },
  EBUSY: {
    reason: 'it is in use, or a mount point',
    fix: 'close what uses it, or choose a {flag} that is not a mount point',
  },
  ELOOP: { reason: 'too many symbolic links', fix: 'choose another {flag}' },
  EIO: { reason: 'the disk failed to read or write, or was disconnected', fix: 'check the disk' },
  ENOENT: { reason: 'it is gone, removed while bookgen worked', fix: 'try again' },
  ENXIO: { reason: 'there is no device or reader behind it', fix: 'give a file' },
  ENOTSUP: { reason: 'the file system does not support this', fix: 'choose another {flag}' },
  EOPNOTSUPP: { reason: 'the file system does not support this', fix: 'choose another {flag}' },
  ETXTBSY: { reason: 'the file is busy', fix: 'close what uses it, and try again' },
}

/** What bookgen was doing when the error came, to say it. */
export interface IoErrorContext {
  /** What failed, as a sentence start: `Could not write the site to dist/`. */
  action: string
  /** The path the action is about; the error's own path is added when it is another. */
  path?: string | undefined
  /** The flag naming a path the user can change: `--out` (the default), or the source. */
  flag?: string | undefined
  /** What to do, instead of the usual advice for the code. */
  fix?: string | undefined
  /** What is true now, said last: `The previous site in dist/ is unchanged.` */
  outcome?: string | undefined
  rule: string
  /** The file the message is about, for `file:` in `error: file: …`. */
  file?: string | undefined
}

/**
 * `error` as a `BookgenError` when it is a system call's error (see `isSystemError`), else
 * undefined (a bug: let it crash).
 *
 * @example ioError(erofs, {action: 'Could not create the staging folder', rule: 'output/write-failed'})?.message
 * // → 'Could not create the staging folder: the file system is read-only (EROFS) at /mnt/site.bookgen-…; choose another --out.'
 */
export function ioError(error: unknown, context: IoErrorContext): BookgenError | undefined {
  if (!isSystemError(error)) return undefined
  return new BookgenError(describeIoError(error, context), {
    rule: context.rule,
    file: context.file,
    cause: error,
  })
}

/** The message of `ioError`: action, reason (code), the path if it adds one, fix, outcome. */
export function describeIoError(error: SystemError, context: Omit<IoErrorContext, 'rule'>): string {
  const meaning = MEANINGS[error.code]
  const flag = context.flag ?? '--out'
  // The system's own words without the code it starts with ("ENOSPC: no space left on device, write").
  const reason = meaning?.reason ?? systemReason(error)
  const at = error.path !== undefined && error.path !== context.path ? ` at ${shownPath(error.path)}` : ''
  const advice = context.fix ?? meaning?.fix.replace('{flag}', flag)
  const fix = advice === undefined ? '' : `; ${advice}`
  const outcome = context.outcome === undefined ? '' : ` ${context.outcome}`
  return `${context.action}: ${reason} (${error.code})${at}${fix}.${outcome}`
}

/** Characters of a path shown at each end when it is too long to show whole. */
const PATH_END = 120

/** `path`, or, past a few lines' length, its start and end around `…`. */
function shownPath(path: string): string {
  return path.length <= 2 * PATH_END + 1 ? path : `${path.slice(0, PATH_END)}…${path.slice(-PATH_END)}`
}

function systemReason(error: SystemError): string {
  const prefix = `${error.code}: `
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
  // "no such device or address, open '/x'": the path is said apart.
  return message.replace(/, \w+ '.*'$/, '').replace(/, \w+$/, '')
}
