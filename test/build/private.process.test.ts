/**
 * The private section as built: nothing of a private bookmark anywhere in the public output (in
 * any escaping), the public files the same with and without the passphrase, an encrypted file
 * that opens with the passphrase only and refuses a changed byte, and a passphrase that reaches
 * no file and no log.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptPrivate, PBKDF2_ITERATIONS, PRIVATE_DATA_PATH } from '../../src/build/private.js'
import { bookgen, BUILT } from '../cli/process.js'
import { PRIVATE_CONFIG, writePrivateFixture, type PrivateBookmark } from '../private-fixture.js'
import {
  buildPrivateSite,
  expectSamePublicFiles,
  forms,
  leaks,
  PASSPHRASE,
  PRIVATE_FOLDER_NAMES,
  siteFiles as files,
} from '../private-output.js'

const ENV = PRIVATE_CONFIG.passphraseEnv

let dir: string
let bookmarks: PrivateBookmark[]

/** What no public file may hold, lower case (the search index lowers what it keeps). */
function needles(): string[] {
  const each = bookmarks.flatMap((bookmark) => [
    ...[bookmark.title, bookmark.url, bookmark.host, bookmark.note, ...bookmark.tags].flatMap(forms),
    // A word of its own: in a title, a URL, a host, a note, a tag and a search term alike.
    bookmark.word,
  ])
  // The private folders' titles (and their slugs).
  const folders = PRIVATE_FOLDER_NAMES.flatMap(forms)
  return [...new Set([...each, ...folders].map((needle) => needle.toLowerCase()))]
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-private-'))
  bookmarks = writePrivateFixture(path.join(dir, 'bookmarks.html'))
  await buildPrivateSite(dir, 'bookmarks.html', 'without', undefined, 'gzip')
  await buildPrivateSite(dir, 'bookmarks.html', 'with', PASSPHRASE, 'gzip')
  await buildPrivateSite(dir, 'bookmarks.html', 'plain', PASSPHRASE, 'plain')
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a site with a private section of 200 bookmarks', () => {
  it('should hold nothing of a private bookmark in any file but its encrypted one, .gz files opened', () => {
    const wanted = needles()
    expect(wanted.length).toBeGreaterThan(200 * 20)
    for (const out of ['without', 'with', 'plain']) {
      const site = files(path.join(dir, out))
      expect(
        [...site.keys()].some((file) => file.endsWith('.gz')),
        out,
      ).toBe(out !== 'plain')
      expect(leaks(site, wanted), out).toEqual(new Map())
    }
  })

  it('should find what it looks for where it is published: a test that can fail', () => {
    // The same search over the fixture itself finds every private bookmark.
    const source = readFileSync(path.join(dir, 'bookmarks.html'), 'utf8').toLowerCase()
    for (const bookmark of bookmarks) expect(source).toContain(bookmark.word)
    // And the public bookmarks are on the site.
    const home = files(path.join(dir, 'with')).get('reading/index.html')!.toString('utf8')
    expect(home).toContain('Public page 99')
  })

  it('should write the same public files with the passphrase as without, besides the section', () => {
    expectSamePublicFiles(files(path.join(dir, 'without')), files(path.join(dir, 'with')))
  })

  it('should open with the passphrase alone, all 200, and refuse a file with one byte changed', async () => {
    const data = new Uint8Array(readFileSync(path.join(dir, 'with', PRIVATE_DATA_PATH)))
    expect(new DataView(data.buffer).getUint32(5)).toBeGreaterThanOrEqual(600_000)
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000)
    const payload = await decryptPrivate(data, PASSPHRASE)
    expect(payload.count).toBe(200)
    const shown = payload.folders.flatMap((folder) => folder.entries).join('\n')
    for (const bookmark of bookmarks) expect(shown).toContain(bookmark.word)
    expect(payload.folders.map((folder) => folder.path)).toEqual([
      'Reading',
      'Secret Vault',
      'Secret Vault › Inner Sanctum',
    ])
    await expect(decryptPrivate(data, 'correct horse battery stapler')).rejects.toThrow('passphrase')
    const flipped = data.slice()
    flipped[flipped.length - 40]! ^= 1
    await expect(decryptPrivate(flipped, PASSPHRASE)).rejects.toThrow('damaged')
  })

  it('should use a new salt and nonce on each build', async () => {
    const first = readFileSync(path.join(dir, 'with', PRIVATE_DATA_PATH))
    const second = readFileSync(path.join(dir, 'plain', PRIVATE_DATA_PATH))
    expect(first.subarray(9, 37).equals(second.subarray(9, 37))).toBe(false)
  })
})

describe.skipIf(!BUILT)('the passphrase, on the command line', () => {
  it('should reach no file and no line of output, the project folder and its .bookgen/ included', async () => {
    const config = path.join(dir, 'bookmarks.config.mjs')
    writeFileSync(config, `export default ${JSON.stringify({ private: PRIVATE_CONFIG })}\n`)
    const args = ['bookmarks.html', '--config', config, '--out', 'cli-site', '--site', 'https://me.example/']
    const run = await bookgen(['build', ...args], {
      cwd: dir,
      env: { [ENV]: PASSPHRASE },
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/private section: 200 bookmarks, encrypted/)
    const output = `${run.stdout}\n${run.stderr}`
    expect(output).not.toContain(PASSPHRASE)
    expect(output).not.toContain(encodeURIComponent(PASSPHRASE))
    const everything = files(dir)
    expect(everything.has('cli-site/private/data.bin')).toBe(true)
    for (const [file, bytes] of everything) {
      const text = bytes.toString('utf8')
      expect(text.includes(PASSPHRASE) || text.includes(encodeURIComponent(PASSPHRASE)), file).toBe(false)
    }
  })
})
