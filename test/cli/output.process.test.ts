/**
 * The real `bookgen build` on output locations it cannot write: a read-only file system, a parent
 * folder it may not write in, an output folder whose files it may not remove, an output folder
 * that is a mount point. Each ends in one clean message (no "bookgen crashed", no stack trace)
 * that says what is true of the site afterwards. Read-only mounts need root (in a mount namespace
 * of the test's own); permission errors need an ordinary user (root ignores folder permissions):
 * as root, the build runs as `nobody` through `setpriv`.
 */
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import {
  asOrdinaryUser,
  besides,
  BIN,
  bookgen,
  BUILT,
  canMount,
  killAll,
  snapshot,
  type Run,
} from './process.js'

const SOURCE = (title: string) =>
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>${title}</TITLE>\n<DL><p>\n<DT><H3>Folder</H3>\n<DL><p>\n<DT><A HREF="https://a.example/" TAGS="t">A</A>\n</DL><p>\n<DT><A HREF="https://b.example/">B</A>\n</DL><p>\n`

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-output-'))
  // Open to the ordinary user the permission tests run as.
  chmodSync(dir, 0o777)
  writeFileSync(path.join(dir, 'bookmarks.html'), SOURCE('One'))
})
afterEach(() => {
  killAll()
  execFileSync('chmod', ['-R', 'u+w', dir])
  rmSync(dir, { recursive: true, force: true })
})

/** A clean failure: exit 1, one `error:` line with the rule, no crash report, no stack. */
function expectCleanError(run: Run, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(1)
  expect(run.stderr).toMatch(/^error: /)
  expect(run.stderr).toMatch(pattern)
  expect(run.stderr).not.toMatch(/crashed|this is a bug|\n\s+at /)
}

const user = asOrdinaryUser()

describe.skipIf(!BUILT || user === undefined)('bookgen build where permissions forbid writing', () => {
  const run = (args: string[]) => bookgen(['build', 'bookmarks.html', ...args], { cwd: dir, wrapper: user! })

  it('should fail cleanly, writing nothing, when the parent folder is not writable', async () => {
    mkdirSync(path.join(dir, 'locked'), { mode: 0o555 })
    chmodSync(path.join(dir, 'locked'), 0o555)
    const result = await run(['--out', 'locked/site'])
    expectCleanError(
      result,
      /permission denied \(EACCES\); check its permissions, or choose another --out\. Nothing was written\./,
    )
    expect(readdirSync(path.join(dir, 'locked'))).toEqual([])
  })

  it('should succeed, and name the folder it could not remove, when the previous site’s files are read-only', async () => {
    expect((await run(['--out', 'site'])).code).toBe(0)
    execFileSync('chmod', ['-R', 'a-w', path.join(dir, 'site')])
    writeFileSync(path.join(dir, 'bookmarks.html'), SOURCE('Two'))
    const result = await run(['--out', 'site'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).not.toMatch(/error|unchanged|crashed/)
    const [aside] = besides(path.join(dir, 'site'))
    expect(aside).toMatch(/^site\.bookgen-old-\d+-[0-9a-f]+$/)
    expect(result.stderr).toContain(
      `The new site is in place, but the previous one, moved aside to ${path.join(dir, aside!)}, could not be removed: permission denied (EACCES)`,
    )
    expect(result.stderr).toContain('[output/leftover]')
    expect(readFileSync(path.join(dir, 'site', 'index.html'), 'utf8')).toContain('Two')
  })
})

describe.skipIf(!BUILT || !canMount())('bookgen build on a read-only mount', () => {
  /**
   * Run `script` (sh) in a mount namespace of its own, so that its mounts vanish with it; `$BUILD`
   * runs bookgen, `$T` is the test's folder. What a command prints goes to files in `$T`.
   */
  const inNamespace = (script: string): void => {
    execFileSync('unshare', ['--mount', 'sh', '-ec', script], {
      cwd: dir,
      env: {
        ...process.env,
        T: dir,
        BUILD: `${process.execPath} ${BIN} build bookmarks.html`,
        NO_COLOR: '1',
      },
      stdio: 'ignore',
    })
  }
  const result = (): Run => ({
    code: Number(readFileSync(path.join(dir, 'code'), 'utf8')),
    signal: null,
    stdout: readFileSync(path.join(dir, 'stdout'), 'utf8'),
    stderr: readFileSync(path.join(dir, 'stderr'), 'utf8'),
  })

  it('should fail cleanly and leave the previous site when the file system is read-only', async () => {
    mkdirSync(path.join(dir, 'mnt'))
    inNamespace(`
      mount -t tmpfs -o size=16m tmpfs "$T/mnt"
      $BUILD --out "$T/mnt/site" --quiet
      cp -a "$T/mnt/site" "$T/before"
      mount -o remount,ro "$T/mnt"
      set +e
      $BUILD --out "$T/mnt/site" >"$T/stdout" 2>"$T/stderr"; echo $? >"$T/code"
      set -e
      cp -a "$T/mnt/site" "$T/after"
      ls -a "$T/mnt" >"$T/listing"
    `)
    expectCleanError(
      result(),
      /the file system is read-only \(EROFS\); choose another --out\. The previous site in .*\/mnt\/site is unchanged\./,
    )
    expect(snapshot(path.join(dir, 'after'))).toEqual(snapshot(path.join(dir, 'before')))
    expect(readFileSync(path.join(dir, 'listing'), 'utf8').split('\n').filter(Boolean)).toEqual([
      '.',
      '..',
      'site',
    ])
  })

  it('should say once that the disk is full, and leave nothing on it', async () => {
    mkdirSync(path.join(dir, 'mnt'))
    cpSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), path.join(dir, 'bookmarks.html'))
    // The example site is about 370 KB: it does not fit.
    inNamespace(`
      mount -t tmpfs -o size=128k tmpfs "$T/mnt"
      set +e
      $BUILD --out "$T/mnt/site" >"$T/stdout" 2>"$T/stderr"; echo $? >"$T/code"
      set -e
      ls -a "$T/mnt" >"$T/listing"
    `)
    const run = result()
    expectCleanError(
      run,
      /: no space left on the disk \(ENOSPC\)( at [^;]*)?; free some space, or choose another --out\. Nothing was written\./,
    )
    expect(run.stderr.match(/ENOSPC/g)).toHaveLength(1)
    expect(readFileSync(path.join(dir, 'listing'), 'utf8').split('\n').filter(Boolean)).toEqual(['.', '..'])
  })

  it('should fail cleanly and leave the previous site when the output folder is a read-only mount point', async () => {
    inNamespace(`
      $BUILD --out "$T/site" --quiet
      cp -a "$T/site" "$T/before"
      mount --bind -o ro "$T/site" "$T/site"
      set +e
      $BUILD --out "$T/site" >"$T/stdout" 2>"$T/stderr"; echo $? >"$T/code"
      set -e
      cp -a "$T/site" "$T/after"
      ls -a "$T" >"$T/listing"
    `)
    expectCleanError(
      result(),
      /\(EBUSY\); close what uses it, or choose a --out that is not a mount point\. The previous site in .* is unchanged\./,
    )
    expect(snapshot(path.join(dir, 'after'))).toEqual(snapshot(path.join(dir, 'before')))
    expect(readFileSync(path.join(dir, 'listing'), 'utf8')).not.toContain('.bookgen-')
  })
})
