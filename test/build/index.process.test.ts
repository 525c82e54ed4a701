import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../src/config/options.js'
import { BookgenError } from '../../src/model/errors.js'
import { build } from '../../src/build/index.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-build-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const NETSCAPE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Mine</TITLE>
<DL><p>
  <DT><A HREF="https://public.example/" TAGS="open">Public page</A>
  <DT><A HREF="https://secret.example/" PRIVATE="1" TAGS="secret">Secret page</A>
  <DT><A HREF="file:///home/me/taxes.pdf">Taxes</A>
  <DT><A HREF="place:sort=8">Most Visited</A>
</DL><p>
`
const XBEL = `<?xml version="1.0"?>
<xbel version="1.0"><title>Reading</title>
  <bookmark href="https://reading.example/" id="r"><title>A paper</title></bookmark>
  <alias ref="r"/>
</xbel>
`

function write(name: string, text: string): string {
  const file = path.join(dir, name)
  writeFileSync(file, text)
  return file
}

function allText(root: string): string {
  return readdirSync(root, { recursive: true })
    .map((entry) => path.join(root, String(entry)))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')
}

const configFor = (user: UserConfig, sources: string[]) =>
  resolveConfig(user, { sources, outDir: 'out' }, { cwd: dir })

describe('build', () => {
  it('should report exactly the files and bytes it wrote', async () => {
    const config = resolveConfig(
      {},
      { sources: [write('a.html', NETSCAPE), write('b.xbel', XBEL)], outDir: path.join(dir, 'out') },
      { cwd: dir },
    )
    const result = await build(config)
    const files = readdirSync(config.outDir, { recursive: true })
      .map((entry) => path.join(config.outDir, String(entry)))
      .filter((file) => statSync(file).isFile())
    expect(result.written.files).toBe(files.length)
    expect(result.written.bytes).toBe(files.reduce((sum, file) => sum + statSync(file).size, 0))
  })

  it('should not write again the files an unchanged rebuild would write the same, and write those that change', async () => {
    const source = write('a.html', NETSCAPE)
    const config = resolveConfig({}, { sources: [source], outDir: path.join(dir, 'out') }, { cwd: dir })
    const first = await build(config)
    expect(first.written.unchanged).toBe(0)
    const home = path.join(config.outDir, 'index.html')
    const inode = statSync(home).ino
    const again = await build(config)
    expect(again.written).toEqual({ ...first.written, unchanged: first.written.files })
    expect(statSync(home).ino).toBe(inode)
    writeFileSync(source, NETSCAPE.replace('Public page', 'Public page, renamed'))
    const changed = await build(config)
    expect(changed.written.unchanged).toBeGreaterThan(0)
    expect(changed.written.unchanged).toBeLessThan(changed.written.files)
    expect(statSync(home).ino).not.toBe(inode)
    expect(readFileSync(home, 'utf8')).toContain('Public page, renamed')
  })

  it('should refuse a pipe as the source at once, before writing anything', async (context) => {
    if (process.platform === 'win32') return context.skip('no named pipes here')
    const fifo = path.join(dir, 'piped.html')
    execFileSync('mkfifo', [fifo])
    // Nothing writes into the pipe: a read would wait for ever, and Ctrl-C with it.
    await expect(build(configFor({}, [fifo]))).rejects.toMatchObject({
      rule: 'source/unreadable',
      message: expect.stringMatching(/^The source is a pipe \(FIFO\)/) as unknown,
    })
    // Nothing beside it: no output folder, no staging folder.
    expect(readdirSync(dir)).toEqual(['piped.html'])
  })

  it('should merge several sources into top-level sections and report what it built', async () => {
    write('a.html', NETSCAPE)
    write('b.xbel', XBEL)
    const result = await build(configFor({ title: 'Both' }, ['*.html', 'b.xbel']))
    expect(result.collections.map((collection) => collection.format)).toEqual(['netscape', 'xbel'])
    expect(result.siteTitle).toBe('Both')
    expect(result.stats).toMatchObject({ bookmarks: 2, folders: 2, aliases: 1 })
    const home = readFileSync(path.join(dir, 'out', 'index.html'), 'utf8')
    expect(home).toContain('href="/mine/"')
    expect(home).toContain('href="/reading/"')
    expect(result.timings.total).toBeGreaterThan(0)
  })

  it('should hold back private, file:// and place: bookmarks everywhere by default, and count them', async () => {
    write('a.html', NETSCAPE)
    const result = await build(configFor({}, ['a.html']))
    expect(result.heldBack).toEqual({
      private: 1,
      fileUrls: 1,
      placeUrls: 1,
      activeContent: 0,
      unsafeUrls: 0,
    })
    const site = allText(path.join(dir, 'out'))
    for (const secret of [
      'secret.example',
      'Secret page',
      'taxes.pdf',
      'Taxes',
      'place:sort',
      'Most Visited',
    ]) {
      expect(site).not.toContain(secret)
    }
    expect(readdirSync(path.join(dir, 'out', 'tags'))).toEqual(['index.html', 'open'])
  })

  it('should publish them when the config asks', async () => {
    write('a.html', NETSCAPE)
    const result = await build(
      configFor({ publish: { private: true, fileUrls: true, placeUrls: true } }, ['a.html']),
    )
    // A place: query is published on the pages as text, but is no link: the exports leave it out.
    expect(result.heldBack).toEqual({
      private: 0,
      fileUrls: 0,
      placeUrls: 0,
      activeContent: 0,
      unsafeUrls: 1,
    })
    const home = readFileSync(path.join(dir, 'out', 'index.html'), 'utf8')
    expect(home).toContain('href="https://secret.example/"')
    expect(home).toContain('href="file:///home/me/taxes.pdf"')
    expect(home).not.toContain('href="place:')
  })

  it('should report every broken source, then fail without touching the output folder', async () => {
    write('good.html', NETSCAPE)
    write('bad1.xbel', '<xbel><title>x</xbel>')
    write('bad2.html', 'plain text, no bookmarks')
    await build(configFor({}, ['good.html']))
    const before = readFileSync(path.join(dir, 'out', 'index.html'), 'utf8')
    const failure = await build(configFor({}, ['good.html', 'bad1.xbel', 'bad2.html'])).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(BookgenError)
    const nested = ((failure as BookgenError).cause as AggregateError).errors as BookgenError[]
    expect(nested.map((error) => error.rule)).toEqual(['xbel/not-well-formed', 'source/unknown-format'])
    // Files are named relative to the project (the config's folder, or the working directory).
    expect(nested.map((error) => error.file)).toEqual(['bad1.xbel', 'bad2.html'])
    expect(readFileSync(path.join(dir, 'out', 'index.html'), 'utf8')).toBe(before)
  })

  it('should say which source is missing, and when a glob matches nothing', async () => {
    await expect(build(configFor({}, ['nope.html']))).rejects.toMatchObject({ rule: 'source/unreadable' })
    await expect(build(configFor({}, ['*.nothing']))).rejects.toMatchObject({ rule: 'source/not-found' })
  })
})
