/**
 * The real `bookgen` process on sources that must not be read, or built, as they are: an empty,
 * DOCTYPE-only or cut-short source over a good site (refused, the site kept byte for byte, unless
 * `--allow-empty`); a device, a pipe and a file of NUL bytes (refused at once, unread, by `build`,
 * `inspect` and `convert` alike); a compressed backup that inflates far past its size.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { besides, bookgen, BUILT, killAll, snapshot } from './process.js'
import { mozLz4Bomb, REPO_ROOT } from '../helpers.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-sources-'))
})
afterEach(() => {
  killAll()
  rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(!BUILT)('bookgen on a source that is not a regular file, or not a bookmark file', () => {
  it('should refuse /dev/zero and a pipe at once, in build, inspect and convert', async (context) => {
    if (process.platform === 'win32') return context.skip('no named pipes here')
    // Nothing ever writes into the pipe: opening it to read would wait for ever, deaf to Ctrl-C.
    execFileSync('mkfifo', [path.join(dir, 'piped.html')])
    const cases = {
      '/dev/zero': 'a device',
      'piped.html': 'a pipe (FIFO)',
    }
    for (const [source, what] of Object.entries(cases)) {
      for (const args of [
        ['build', source, '--out', 'site'],
        ['inspect', source],
        ['convert', source, '--to', 'xbel'],
      ]) {
        const result = await bookgen(args, { cwd: dir })
        expect(result.code, args.join(' ')).toBe(1)
        expect(result.stderr).toBe(
          `error: ${source}: The source is ${what}, not a bookmark file; bookgen reads regular files only: save what it gives to a file, and build from that [source/unreadable]\n`,
        )
      }
    }
    expect(readdirSync(dir)).toEqual(['piped.html'])
  })

  it('should refuse a large file of NUL bytes, in build and inspect, writing nothing', async () => {
    const source = path.join(dir, 'zeros.html')
    writeFileSync(source, '')
    // Sparse: 256 MiB of NUL bytes, no disk used. Refused from its first 64 KiB (`read.test.ts`
    // counts the bytes read); read whole and decoded, it took seconds and 650 MB.
    truncateSync(source, 256 * 2 ** 20)
    for (const args of [
      ['build', 'zeros.html', '--out', 'site'],
      ['inspect', 'zeros.html'],
    ]) {
      const result = await bookgen(args, { cwd: dir })
      expect(result.code, args[0]).toBe(1)
      expect(result.stderr).toMatch(
        /^error: zeros\.html:1:1: Not a bookmark file.*\[source\/unknown-format\]\n$/,
      )
    }
    expect(readdirSync(dir)).toEqual(['zeros.html'])
  })

  it('should refuse a compressed backup that inflates to more than 32 times its size', async () => {
    // 50,000 bookmarks in 13 kB; a 2 MB one held enough to run `inspect` out of memory.
    writeFileSync(path.join(dir, 'bomb.jsonlz4'), mozLz4Bomb(50_000))
    for (const args of [
      ['build', 'bomb.jsonlz4', '--out', 'site'],
      ['inspect', 'bomb.jsonlz4'],
    ]) {
      const result = await bookgen(args, { cwd: dir })
      expect(result.code, args[0]).toBe(1)
      expect(result.stderr).toMatch(
        /^error: bomb\.jsonlz4:1:9: The declared size, 3350070 bytes, is more than 32 times the file's 13359 bytes, .*\[firefox\/bad-lz4\]\n$/,
      )
    }
    expect(readdirSync(dir)).toEqual(['bomb.jsonlz4'])
  })
})

describe.skipIf(!BUILT)('bookgen build from a source that lost its bookmarks', () => {
  const example = readFileSync(path.join(REPO_ROOT, 'example', 'bookmarks.html'), 'utf8')
  const cases: Record<string, { text: string; rule: string; place: string }> = {
    empty: { text: '', rule: 'build/empty-source', place: 'bookmarks.html:1:1' },
    'DOCTYPE-only': {
      text: '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n',
      rule: 'build/empty-source',
      place: 'bookmarks.html',
    },
    // Cut in the middle of a folder's list, as a download or a save caught half-way leaves it.
    'cut short': {
      text: example.slice(0, example.length / 3),
      rule: 'source/incomplete',
      place: 'bookmarks.html:\\d+:\\d+',
    },
  }

  for (const [name, { text, rule, place }] of Object.entries(cases)) {
    it(`should keep the site byte for byte when the source is ${name}, and replace it with --allow-empty`, async () => {
      const source = path.join(dir, 'bookmarks.html')
      const site = path.join(dir, 'site')
      writeFileSync(source, example)
      expect(
        (await bookgen(['build', 'bookmarks.html', '--out', 'site', '--quiet'], { cwd: dir })).code,
      ).toBe(0)
      const before = snapshot(site)
      writeFileSync(source, text)
      const refused = await bookgen(['build', 'bookmarks.html', '--out', 'site'], { cwd: dir })
      expect(refused.code, refused.stderr).toBe(1)
      expect(refused.stderr).toMatch(new RegExp(`^error: ${place}: .*keeping that site.* \\[${rule}\\]\\n$`))
      expect(refused.stdout).toBe('')
      expect(snapshot(site)).toEqual(before)
      expect(besides(site)).toEqual([])
      const allowed = await bookgen(['build', 'bookmarks.html', '--out', 'site', '--allow-empty'], {
        cwd: dir,
      })
      expect(allowed.code, allowed.stderr).toBe(0)
      expect(snapshot(site)).not.toEqual(before)
      expect(besides(site)).toEqual([])
    })
  }

  it('should build a first site from an empty source, with a warning', async () => {
    writeFileSync(path.join(dir, 'bookmarks.html'), '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n')
    // In CI, where sites are published, a build without --site says so.
    const result = await bookgen(['build', 'bookmarks.html', '--out', 'site'], {
      cwd: dir,
      env: { CI: 'true' },
    })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('bookmarks.html: The source yields no bookmarks [build/empty-source]')
    // No config file, no --site: said so, with no made-up place.
    expect(result.stderr).toContain('\n  No --site given (and no config file): the feed and sitemap use')
    expect(result.stderr).not.toContain('bookmarks.config.ts')
    expect(readdirSync(path.join(dir, 'site'))).toContain('index.html')
  })
})

describe.skipIf(!BUILT)('bookgen build from an HTML file that is no bookmark file', () => {
  const cases: Record<string, { text: string; place: string }> = {
    'an ordinary web page': {
      text: '<!DOCTYPE html>\n<html><head><title>Notes</title></head>\n<body>\n<p>Read <a href="https://a.example/">this</a>.</p>\n</body></html>\n',
      place: 'page.html:4:9',
    },
    'a file of bare <DT>s': { text: '<DT>\n<DT>\n', place: 'page.html:1:1' },
  }

  for (const [name, { text, place }] of Object.entries(cases)) {
    it(`should refuse ${name}, naming where it looked, and write nothing`, async () => {
      writeFileSync(path.join(dir, 'page.html'), text)
      const result = await bookgen(['build', 'page.html', '--out', 'site'], { cwd: dir })
      expect(result.code, result.stderr).toBe(1)
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: ${place}: Not a bookmark file: it has neither the <!DOCTYPE NETSCAPE-Bookmark-file-1> line nor a bookmark list .* \\[netscape/not-bookmarks\\]\\n$`,
        ),
      )
      expect(readdirSync(dir)).toEqual(['page.html'])
    })
  }
})
