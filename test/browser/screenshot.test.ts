/** `docs/screenshot.mjs`, which makes the README's picture of a site, runs and writes a PNG. */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { BUILT } from '../cli-process.js'
import { REPO_ROOT } from '../helpers.js'
import { CHROMIUM, hasChromium } from './chromium.js'

const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-screenshot-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!hasChromium || !BUILT)('docs/screenshot.mjs', () => {
  it('should photograph a page of the example site in headless Chromium', async () => {
    const out = path.join(dir, 'site.png')
    await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'docs', 'screenshot.mjs'), out], {
      cwd: REPO_ROOT,
      env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
      timeout: 60_000,
    })
    const png = readFileSync(out)
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    // 1100 × 760, as the script asks (the IHDR chunk holds width and height).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1100, 760])
  }, 90_000)
})
