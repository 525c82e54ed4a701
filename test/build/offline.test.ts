/**
 * `offline/files.json` lists every page and asset a reader may keep, each with the size and hash of
 * the file on disk (hashed by the writer as it wrote them), in a first build and in a rebuild over
 * it, where unchanged files are linked, not written.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { keptUrlOf } from '../../src/site-files/offline.js'

const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-offline-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('offline/files.json', () => {
  it('should give every kept file its size and the hash of its bytes on disk, built anew or over a previous build', async () => {
    const source = path.join(dir, 'bookmarks.html')
    const out = path.join(dir, 'site')
    writeFileSync(
      source,
      '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><H3>Reading</H3><DL><p><DT><A HREF="https://a.example/" ADD_DATE="1600000000" TAGS="x,y">A</A></DL><DT><A HREF="https://b.example/">B</A></DL>',
    )
    const config = resolveConfig({}, { sources: [source], outDir: out }, { cwd: dir })
    for (let run = 0; run < 2; run++) {
      await build(config)
      const listed = JSON.parse(readFileSync(path.join(out, 'offline/files.json'), 'utf8')) as {
        files: Array<[string, number, string]>
      }
      const onDisk: Array<[string, number, string]> = []
      for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue
        const file = path.join(entry.parentPath, entry.name)
        const url = keptUrlOf(path.relative(out, file).split(path.sep).join('/'))
        if (url === undefined) continue
        const bytes = readFileSync(file)
        onDisk.push([url, bytes.length, createHash('sha256').update(bytes).digest('base64url').slice(0, 11)])
      }
      onDisk.sort((a, b) => (a[0] < b[0] ? -1 : 1))
      expect(listed.files).toEqual(onDisk)
      expect(
        onDisk.some(([url]) => url.startsWith('assets/search/') && url !== 'assets/search/index.json'),
      ).toBe(true)
    }
  })
})
