/**
 * The real `bookgen` process on sources that must not be read, or built, as they are: a device
 * that never ends (read with a bound, by `build`, `inspect` and `convert` alike).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bookgen, BUILT, killAll } from './cli-process.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-sources-'))
})
afterEach(() => {
  killAll()
  rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(!BUILT)('bookgen on a source without end', () => {
  it('should refuse /dev/zero once more than 256 MiB has come, in build, inspect and convert', async () => {
    for (const args of [
      ['build', '/dev/zero', '--out', 'site'],
      ['inspect', '/dev/zero'],
      ['convert', '/dev/zero', '--to', 'xbel'],
    ]) {
      const result = await bookgen(args, { cwd: dir })
      expect(result.code, args[0]).toBe(1)
      expect(result.stderr).toBe(
        'error: /dev/zero: More than 256 MiB came from this device; bookgen reads sources up to 256 MiB [source/too-large]\n',
      )
    }
    expect(readdirSync(dir)).toEqual([])
  })
})
