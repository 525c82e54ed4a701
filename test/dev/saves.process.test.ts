/**
 * Every save is built, and what `bookgen dev` serves in the end is the final file's site: after 50
 * rapid saves of a 10k-bookmark source from another process (an editor's rename and an in-place
 * write, alternating, 0–3 ms apart: bench/save-burst.mjs), every file a fresh `bookgen build` of
 * the final source writes is fetched from the dev server and compared byte for byte. Three runs
 * here; `node bench/dev-saves.mjs` does ten.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { startDev, type DevSession } from '../../src/dev/index.js'
import { build } from '../../src/build/index.js'
import { REPO_ROOT } from '../helpers.js'
import { generateSource, waitFor } from './helpers.js'

const execFileAsync = promisify(execFile)

let tmp: string
let original: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-saves-'))
  original = path.join(tmp, 'original.html')
  generateSource(original, 10_000)
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** Files of the fresh build that the dev server serves otherwise (its reload script removed). */
async function differences(session: DevSession, fresh: string): Promise<string[]> {
  const base = new URL(session.url).pathname
  const reload = new RegExp(`<script type="module" src="${base}__bookgen/client\\.js\\?v=\\d+"></script>`)
  const differing: string[] = []
  for (const entry of readdirSync(fresh, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const relative = path.relative(fresh, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    // The marker says which command wrote the folder.
    if (relative === '.bookgen') continue
    const response = await fetch(new URL(relative, session.url))
    let body = Buffer.from(await response.arrayBuffer())
    if (relative.endsWith('.html')) body = Buffer.from(body.toString('utf8').replace(reload, ''))
    if (!response.ok || !body.equals(readFileSync(path.join(fresh, relative))))
      differing.push(`${relative} (${response.status})`)
  }
  return differing
}

describe('bookgen dev after 50 rapid saves', () => {
  for (const run of [3, 4, 5]) {
    it(`should serve exactly a fresh build of the final file (run ${run})`, async () => {
      const dir = mkdtempSync(path.join(tmp, `run-${run}-`))
      const source = path.join(dir, 'bookmarks.html')
      copyFileSync(original, source)
      const session = await startDev({
        cwd: dir,
        inline: { sources: [source], outDir: path.join(dir, 'site') },
        port: 0,
      })
      try {
        await execFileAsync(process.execPath, [
          path.join(REPO_ROOT, 'bench', 'save-burst.mjs'),
          source,
          '50',
          String(run),
        ])
        const fresh = path.join(dir, 'fresh')
        // What `dev` builds: the same site without the offline files (dev registers no worker).
        await build(resolveConfig({ offline: false }, { sources: [source], outDir: fresh }, { cwd: dir }))
        let differing: string[] = []
        // Until the session has built the last save (or for a good while, if it never does).
        await waitFor(
          async () => (differing = await differences(session, fresh)).length === 0,
          'the served site to equal the fresh build',
          60,
        ).catch(() => {})
        expect(differing).toEqual([])
      } finally {
        await session.close()
      }
    }, 240_000)
  }
})
