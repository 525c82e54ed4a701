/**
 * (I/O) Whether a repository's index (`.git/index`, the staging area) lists a file, read from the
 * file itself (format: Git's `gitformat-index`): a source the index does not list is not in the
 * commit checked out either (short of a removal staged with `git rm --cached`), so a build starts no
 * Git process for it. Starting one costs the main thread 2–3 ms, and a build from an export that
 * sits untracked in a repository (the bench's own files) started two.
 *
 * Only the plain case is read; anything else is left to Git (`undefined`): `GIT_*` variables that
 * move the repository or its index, an index of another version or cut in two (split index), or a
 * sparse one, a path that is not ASCII (Git may hold it in another Unicode form), or an index larger
 * than `MAX_INDEX_BYTES`.
 */
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * Past this size (about 10,000 files) reading the index costs more than asking Git: here 5 ms cold
 * for 10,000 entries (1 MB), against 3.7 ms of the main thread to start `git rev-parse`; 10 ms
 * for 60,000 (6 MB).
 */
const MAX_INDEX_BYTES = 1024 * 1024

/** Environment variables that make Git look elsewhere than `.git/index` beside the working tree. */
const MOVING_VARIABLES = ['GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE', 'GIT_COMMON_DIR'] as const

/**
 * Whether the index of the repository whose working tree is `top` (the folder holding `.git`)
 * lists `relative` (the file's path from `top`, with `/`): `'listed'` (also where it lists it in
 * another case, as a case-insensitive file system would match), `'not listed'`, or undefined where
 * Git must say.
 */
export function indexListing(top: string, relative: string): 'listed' | 'not listed' | undefined {
  for (const name of MOVING_VARIABLES) if ((process.env[name] ?? '') !== '') return undefined
  // Printable ASCII only.
  if (relative === '' || !/^[\x20-\x7e]+$/.test(relative)) return undefined
  const index = indexPath(top)
  if (index === undefined) return undefined
  let bytes: Buffer
  try {
    if (statSync(index).size > MAX_INDEX_BYTES) return undefined
    bytes = readFileSync(index)
  } catch {
    return undefined
  }
  // SHA-1 object names, or SHA-256 ones: whichever reads the whole file consistently.
  return listingIn(bytes, relative, 20) ?? listingIn(bytes, relative, 32)
}

/**
 * The index file of the working tree at `top`: in its `.git` folder, or where a `.git` file points;
 * undefined where the repository's config sets another working tree (`core.worktree`).
 */
function indexPath(top: string): string | undefined {
  const dotGit = path.join(top, '.git')
  try {
    let gitDir = dotGit
    if (!statSync(dotGit).isDirectory()) {
      // A worktree's or submodule's `.git` file: `gitdir: <path>`.
      const line = /^gitdir: (.+?)\r?\n?$/.exec(readFileSync(dotGit, 'utf8'))
      if (line === null) return undefined
      gitDir = path.resolve(top, line[1]!)
    }
    for (const config of ['config', 'config.worktree'])
      if (/^\s*worktree\s*=/im.test(readIfThere(path.join(gitDir, config)))) return undefined
    return path.join(gitDir, 'index')
  } catch {
    return undefined
  }
}

/** A text file's contents, or nothing where there is no such file. */
function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/**
 * `indexListing` of an index read with object names of `hashBytes`; undefined where the bytes do not
 * read as such an index throughout, or hold what is left to Git (split or sparse index). Names are
 * compared as bytes, and only those as long as `relative`: no string for each of the index's files
 * (60,000 entries: 22 ms cold with one).
 */
function listingIn(bytes: Buffer, relative: string, hashBytes: number): 'listed' | 'not listed' | undefined {
  if (bytes.length < 12 + hashBytes || bytes.toString('latin1', 0, 4) !== 'DIRC') return undefined
  const version = bytes.readUInt32BE(4)
  if (version < 2 || version > 4) return undefined
  const count = bytes.readUInt32BE(8)
  const end = bytes.length - hashBytes
  const wanted = Buffer.from(relative, 'latin1')
  const lower = Buffer.from(relative.toLowerCase(), 'latin1')
  let listed: 'listed' | 'not listed' = 'not listed'
  // Version 4: the name so far, each one the last less its last `strip` bytes, then its own.
  let name = Buffer.alloc(version === 4 ? 4096 : 0)
  let nameLength = 0
  let at = 12
  for (let entry = 0; entry < count; entry++) {
    const start = at
    // ctime, mtime, dev, ino, mode, uid, gid, size: ten 32-bit fields; then the object name and flags.
    at += 40 + hashBytes
    if (at + 2 > end) return undefined
    const flags = bytes.readUInt16BE(at)
    at += 2
    if ((flags & 0x4000) !== 0) {
      if (version < 3) return undefined
      at += 2 // extended flags
    }
    const length = flags & 0x0fff
    let from: Buffer
    let fromStart: number
    let size: number
    if (version === 4) {
      let strip = 0
      for (let byte = 0x80, shift = 0; (byte & 0x80) !== 0; shift++) {
        if (at >= end || shift > 4) return undefined
        byte = bytes[at++]!
        // Git's varint: each continuation adds one before shifting.
        strip = shift === 0 ? byte & 0x7f : ((strip + 1) << 7) | (byte & 0x7f)
      }
      const nul = bytes.indexOf(0, at)
      if (nul === -1 || nul >= end || strip > nameLength) return undefined
      const kept = nameLength - strip
      if (kept + nul - at > name.length) {
        const grown = Buffer.alloc(2 * (kept + nul - at))
        name.copy(grown, 0, 0, kept)
        name = grown
      }
      bytes.copy(name, kept, at, nul)
      nameLength = kept + nul - at
      at = nul + 1
      from = name
      fromStart = 0
      size = nameLength
    } else {
      // A name of 4,095 bytes or more has the most the flags hold: its end is its NUL.
      const nul = length === 0x0fff ? bytes.indexOf(0, at + length) : at + length
      if (nul === -1 || nul >= end || bytes[nul] !== 0) return undefined
      from = bytes
      fromStart = at
      size = nul - at
      // One to eight NULs pad the entry to a multiple of eight bytes.
      at = start + ((nul + 1 - start + 7) & ~7)
      for (let pad = nul; pad < at; pad++) if (pad >= end || bytes[pad] !== 0) return undefined
    }
    if (length !== 0x0fff && length !== size) return undefined
    if (size === wanted.length && listed === 'not listed' && sameName(from, fromStart, wanted, lower))
      listed = 'listed'
  }
  // Extensions, each a four-byte signature and a 32-bit size, up to the checksum.
  while (at < end) {
    if (at + 8 > end) return undefined
    const signature = bytes.toString('latin1', at, at + 4)
    // A split index holds part of its entries elsewhere; a sparse one lists folders for their files.
    if (signature === 'link' || signature === 'sdir') return undefined
    at += 8 + bytes.readUInt32BE(at + 4)
  }
  return at === end ? listed : undefined
}

/**
 * Whether the name at `bytes[start…]` is `wanted` (as long), in this case or, ASCII letters
 * compared alike, in another (`lower`: `wanted` in lower case).
 */
function sameName(bytes: Buffer, start: number, wanted: Buffer, lower: Buffer): boolean {
  for (let index = 0; index < wanted.length; index++) {
    const byte = bytes[start + index]!
    if (byte === wanted[index]) continue
    const folded = byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte
    if (folded !== lower[index]) return false
  }
  return true
}
