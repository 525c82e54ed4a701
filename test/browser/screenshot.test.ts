/** `npm run screenshots` (docs/screenshots.mjs), which makes the README's pictures of a site, runs and writes its PNGs. */
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { BUILT } from '../cli/process.js'
import { REPO_ROOT } from '../helpers.js'
import { CHROMIUM, hasChromium } from './chromium.js'

const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-screenshot-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!hasChromium || !BUILT)('docs/screenshots.mjs', () => {
  it('should photograph the example site in headless Chromium: layouts, widths, schemes, right to left', async () => {
    await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'docs', 'screenshots.mjs'), dir], {
      cwd: REPO_ROOT,
      env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
      timeout: 150_000,
    })
    const files = readdirSync(dir).filter((name) => name.endsWith('.png'))
    // The README shows these.
    for (const name of ['home-1280-light', 'home-1280-dark', 'folder-1280-light', 'cards-1280-light'])
      expect(files).toContain(`${name}.png`)
    for (const name of ['search-390-light', 'tag-390-dark', 'rtl-1280-light'])
      expect(files).toContain(`${name}.png`)
    for (const name of files) {
      const png = readFileSync(path.join(dir, name))
      expect(png.subarray(0, 8).toString('hex'), name).toBe('89504e470d0a1a0a')
      // The IHDR chunk holds the width: the viewport's (device scale 1).
      expect(png.readUInt32BE(16), name).toBe(name.includes('-390-') ? 390 : 1280)
      // One screen, not the whole page: small enough for a README.
      expect(png.length, name).toBeLessThan(200_000)
    }
  }, 180_000)
})
