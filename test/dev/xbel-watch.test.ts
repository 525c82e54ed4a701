/**
 * Watch mode on an XBEL file: an edit of a bookmark is read again in part (the format's re-reader
 * gives a collection, not a reason to read in full), and the site it leaves is exactly the one a
 * fresh `bookgen build` of the edited file writes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { build } from '../../src/build/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { DevBuilder } from '../../src/dev/builder.js'
import { formatNamed } from '../../src/formats/registry.js'
import { generateSource, readSite } from './helpers.js'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-xbel-watch-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('watch mode on an XBEL file', () => {
  it('should read an edited bookmark again in part and leave the site a full build writes', async () => {
    const source = path.join(tmp, 'bookmarks.xbel')
    let text = generateSource(source, 1000, 3, 'xbel')
    const config = (outDir: string) =>
      resolveConfig({ offline: false }, { sources: [source], outDir }, { cwd: tmp })
    const update = vi.spyOn(formatNamed('xbel')!.reread!, 'update')
    const builder = new DevBuilder(config(path.join(tmp, 'dev')))
    expect((await builder.rebuild()).ok).toBe(true)
    const titles = [...text.matchAll(/<bookmark [^>]*>\s*<title>([^<]+)<\/title>/g)]
    const edits: Array<(text: string) => string> = [
      // A title, a second time the same bookmark, a bookmark added after another, tags.
      (text) => text.replace(`<title>${titles[5]![1]}</title>`, '<title>Edited title</title>'),
      (text) => text.replace('<title>Edited title</title>', '<title>Edited again</title>'),
      (text) =>
        text.replace(
          titles[400]![0],
          `<bookmark href="https://added.example/"><title>Added</title></bookmark>\n${titles[400]![0]}`,
        ),
      (text) => text.replace('<bookmark:group>', '<bookmark:group>watched-'),
    ]
    for (const [step, edit] of edits.entries()) {
      text = edit(text)
      writeFileSync(source, text)
      update.mockClear()
      expect((await builder.rebuild(new Set([source]))).ok).toBe(true)
      expect(update, `step ${step}`).toHaveBeenCalledOnce()
      expect(typeof update.mock.results[0]!.value, `step ${step}`).toBe('object')
      const full = path.join(tmp, `full-${step}`)
      await build(config(full))
      const expected = readSite(full)
      const actual = readSite(path.join(tmp, 'dev'))
      expect([...actual.keys()].sort(), `step ${step}`).toEqual([...expected.keys()].sort())
      for (const [file, html] of expected) expect(actual.get(file), `step ${step}: ${file}`).toBe(html)
    }
    update.mockRestore()
  }, 120_000)
})
