/**
 * The real binary (`bin/bookgen.js` → `dist/`) on the example collection and on broken input:
 * exit codes, messages, and the example site itself — one page per folder and tag, xFolk entries,
 * no broken internal link, no clickable javascript:, html-validate's recommended rules clean.
 */
import { BUILT } from './process.js'
import { execFile } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { HtmlValidate } from 'html-validate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { page, within } from '../html.js'
import { REPO_ROOT } from '../helpers.js'

const run = promisify(execFile)
const BIN = path.join(REPO_ROOT, 'bin', 'bookgen.js')

async function bookgen(
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr }
  }
}

/** Every file below `dir`, relative, with `/`. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`]
  })
}

describe.skipIf(!BUILT)('bookgen CLI', () => {
  let work: string
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'bookgen-cli-'))
    cpSync(path.join(REPO_ROOT, 'example'), path.join(work, 'example'), { recursive: true })
  })
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('should print help and version', async () => {
    const help = await bookgen(['--help'], work)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('build [...sources]')
    const version = await bookgen(['--version'], work)
    expect(version.stdout.trim()).toMatch(/^bookgen\/\d+\.\d+\.\d+|\d+\.\d+\.\d+/)
  })

  it('should exit 2 on bad usage', async () => {
    expect((await bookgen(['frobnicate'], work)).code).toBe(2)
    expect((await bookgen(['build', '--no-such-flag'], work)).code).toBe(2)
    const missing = await bookgen(['build', '--config', 'nope.config.ts'], work)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Config file not found: nope.config.ts')
    expect((await bookgen(['build', 'example/bookmarks.html', '--base', '/../x'], work)).code).toBe(2)
  })

  it('should exit 1 naming file:line:col when a source cannot be used', async () => {
    writeFileSync(
      path.join(work, 'broken.xbel'),
      '<?xml version="1.0"?>\n<xbel version="1.0">\n  <title>x</title>\n  <bookmark href="a">\n</xbel>\n',
    )
    const result = await bookgen(['build', 'broken.xbel', '--out', 'broken-out'], work)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/broken\.xbel:\d+:\d+: .*\[xbel\/not-well-formed\]/)
    expect(result.stderr.trim().split('\n')).toHaveLength(1) // one readable message, no stack trace
    const debug = await bookgen(['build', 'broken.xbel', '--out', 'broken-out', '--debug'], work)
    expect(debug.stderr).toMatch(/\n\s+at /)
    expect(existsSync(path.join(work, 'broken-out'))).toBe(false)
    const missing = await bookgen(['build', 'missing.html', '--out', 'x'], work)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('missing.html: Source not found')
  })

  it('should print the normalized tree as JSON with inspect --json', async () => {
    const result = await bookgen(['inspect', 'example/bookmarks.html', '--json'], work)
    expect(result.code).toBe(0)
    const json = JSON.parse(result.stdout) as {
      format: string
      stats: { bookmarks: number; folders: number }
      root: { type: string }
    }
    expect(json.format).toBe('netscape')
    expect(json.root.type).toBe('folder')
    expect(json.stats.bookmarks).toBeGreaterThanOrEqual(60)
    const xbel = JSON.parse(
      (await bookgen(['inspect', 'example/reading-list.xbel', '--json'], work)).stdout,
    ) as { format: string }
    expect(xbel.format).toBe('xbel')
  })

  it('should convert between the formats', async () => {
    const toXbel = await bookgen(
      ['convert', 'example/bookmarks.html', '--to', 'xbel', '-o', 'out.xbel'],
      work,
    )
    expect(toXbel.code).toBe(0)
    const back = await bookgen(['convert', 'out.xbel', '--to', 'netscape'], work)
    expect(back.code).toBe(0)
    expect(back.stdout).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/)
  })

  describe('the example site', () => {
    let site: string
    let files: string[]
    let stdout: string
    beforeAll(async () => {
      const result = await bookgen(
        [
          'build',
          'example/bookmarks.html',
          'example/reading-list.xbel',
          '--out',
          'site',
          '--base',
          '/sub/path/',
        ],
        work,
      )
      expect(result.stderr).not.toMatch(/error/i)
      expect(result.code).toBe(0)
      stdout = result.stdout
      site = path.join(work, 'site')
      files = listFiles(site)
    })

    it('should report what it built', () => {
      expect(stdout).toMatch(/example\/bookmarks\.html {2}netscape, \d+ bookmarks in \d+ folders/)
      expect(stdout).toMatch(/✓ \d+ bookmarks → \d+ folder pages, \d+ tag pages, search index/)
    })

    it('should say how many files a rebuild found unchanged (and did not write again)', async () => {
      const args = ['build', 'example/bookmarks.html', '--out', 'again']
      const first = await bookgen(args, work)
      expect(first.stdout).not.toMatch(/unchanged/)
      const second = await bookgen(args, work)
      const files = /: ([\d,]+) files, [\d.]+ k?B \(([\d,]+) unchanged\)/.exec(second.stdout)
      expect(files).not.toBeNull()
      expect(files![2]).toBe(files![1])
    })

    it('should write one page per folder and per tag', async () => {
      const inspect = async (file: string) =>
        JSON.parse((await bookgen(['inspect', file, '--json'], work)).stdout) as {
          stats: { folders: number; tags: number }
        }
      const netscape = await inspect('example/bookmarks.html')
      const xbel = await inspect('example/reading-list.xbel')
      const pages = files.filter((file) => file.endsWith('index.html'))
      const tagPages = pages.filter((file) => /^tags\/[^/]+\/index\.html$/.test(file))
      // folders of both sources + the two section folders + the home page
      const folderPages = pages.filter((file) => !/^(tags|search|archive|folders|offline|stats)\//.test(file))
      expect(folderPages).toHaveLength(netscape.stats.folders + xbel.stats.folders + 2 + 1)
      expect(tagPages.length).toBeGreaterThanOrEqual(Math.max(netscape.stats.tags, xbel.stats.tags))
      expect(files).toContain('tags/index.html')
      expect(files).toContain('search/index.html')
      expect(files).toContain('assets/search/index.json')
      expect(files).toContain('folders/index.html')
      expect(files).toContain('archive/index.html')
    })

    /** The site's pages; `bookmarks.html` is the Netscape export (an interchange file, not a page). */
    const pages = () => files.filter((name) => name.endsWith('.html') && name !== 'bookmarks.html')

    it('should make every bookmark an xfolkentry with exactly one taggedlink', () => {
      let entries = 0
      for (const file of pages()) {
        const doc = page(readFileSync(path.join(site, file), 'utf8'))
        for (const entry of doc.all('.xfolkentry')) {
          entries++
          expect(within(entry).all('.taggedlink'), file).toHaveLength(1)
        }
      }
      expect(entries).toBeGreaterThan(60)
    })

    it('should have no broken internal link and no clickable javascript: URL', () => {
      const available = new Set(files)
      for (const file of pages()) {
        const doc = page(readFileSync(path.join(site, file), 'utf8'))
        const urls = [
          ...doc.attr('[href]', 'href'),
          ...doc.attr('[src]', 'src'),
          ...doc.attr('[action]', 'action'),
          ...doc.attr('[data-index]', 'data-index'),
        ]
        for (const url of urls) {
          expect(url.trim().toLowerCase().startsWith('javascript:'), `${file}: ${url}`).toBe(false)
          if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) continue
          // A link near the page may be relative to it (breadcrumbs, sub-folders, page links).
          const here = `/sub/path/${file.replace(/[^/]*$/, '')}`
          const absolute = url.startsWith('/') ? url : new URL(url, `http://localhost${here}`).pathname
          expect(absolute.startsWith('/sub/path/'), `${file}: ${url} is outside the base`).toBe(true)
          const target = decodeURIComponent(absolute.slice('/sub/path/'.length).split(/[?#]/)[0]!)
          const resolved = target === '' || target.endsWith('/') ? `${target}index.html` : target
          expect(available.has(resolved), `${file} links to ${url}`).toBe(true)
        }
      }
    })

    it('should resolve every URL of the feed and the sitemap that points into the site', () => {
      const available = new Set(files)
      const xml = ['feed.xml', 'sitemap.xml']
        .map((name) => readFileSync(path.join(site, name), 'utf8'))
        .join('\n')
      const urls = [...xml.matchAll(/(?:href="|<loc>|<id>)(http:\/\/localhost:4173[^"<#]*)/g)].map(
        (match) => match[1]!,
      )
      expect(urls.length).toBeGreaterThan(20)
      for (const url of urls) {
        const { pathname } = new URL(url)
        expect(pathname.startsWith('/sub/path/'), url).toBe(true)
        const target = decodeURIComponent(pathname.slice('/sub/path/'.length))
        expect(
          available.has(target === '' || target.endsWith('/') ? `${target}index.html` : target),
          url,
        ).toBe(true)
      }
    })

    it('should publish the exports, the feed, the sitemap, the 404 page and .nojekyll', () => {
      for (const file of [
        'bookmarks.html',
        'bookmarks.xbel',
        'feed.xml',
        'sitemap.xml',
        '404.html',
        '.nojekyll',
      ]) {
        expect(files, file).toContain(file)
      }
    })

    it('should pass html-validate recommended rules on every page', async () => {
      const validator = new HtmlValidate({ extends: ['html-validate:recommended'] })
      for (const file of pages()) {
        const report = await validator.validateString(readFileSync(path.join(site, file), 'utf8'), file)
        const messages = report.results.flatMap((result) =>
          result.messages.map(
            (message) => `${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
          ),
        )
        expect(messages).toEqual([])
      }
    })
  })
})

describe.skipIf(!BUILT)('a reproducible build (README, Configuration)', () => {
  it('should give the same site for the same SOURCE_DATE_EPOCH, as README says to pin it from git', async () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'bookgen-epoch-'))
    try {
      const bookmarks = Array.from(
        { length: 30 },
        (_, i) => `<DT><A HREF="https://example.com/${i}" ADD_DATE="${1600000000 + i * 86400}">Page ${i}</A>`,
      ).join('\n')
      writeFileSync(
        path.join(repo, 'bookmarks.html'),
        `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${bookmarks}\n</DL><p>\n`,
      )
      const git = (...args: string[]) => run('git', args, { cwd: repo })
      await git('init', '--quiet')
      await git('add', 'bookmarks.html')
      await git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'bookmarks')
      // The README's command, in a shell, as a user types it.
      const command = `SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) "${process.execPath}" "${BIN}" build`
      await run('sh', ['-c', command], { cwd: repo })
      const first = readFileSync(path.join(repo, 'dist', 'index.html'))
      await run('sh', ['-c', `${command} --out again`], { cwd: repo })
      expect(readFileSync(path.join(repo, 'again', 'index.html')).equals(first)).toBe(true)
    } finally {
      rmSync(repo, { recursive: true, force: true })
    }
  })
})
