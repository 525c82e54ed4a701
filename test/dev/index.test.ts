/**
 * Watch mode end to end, without a browser: a dev session in a temp folder, edited the ways
 * editors and sync tools save (in place, temp file + rename, bursts, partial writes), with
 * broken-then-fixed sources, config changes, and the server's event stream and safety.
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { request, type IncomingMessage } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startDev, type DevSession } from '../../src/dev/index.js'

const bookmarksFile = (titles: string[]) =>
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Dev</TITLE>\n<DL><p>\n<DT><H3>Folder</H3>\n<DL><p>\n${titles
    .map(
      (title, i) => `<DT><A HREF="https://example.com/${i}" ADD_DATE="16000000${i}0" TAGS="t">${title}</A>\n`,
    )
    .join('')}</DL><p>\n</DL><p>\n`

let dir: string
let session: DevSession | undefined
const logs: string[] = []

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-'))
  logs.length = 0
})
afterEach(async () => {
  await session?.close()
  session = undefined
  rmSync(dir, { recursive: true, force: true })
})

async function start(files: Record<string, string>, sources = ['bookmarks.html']): Promise<DevSession> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
  session = await startDev({
    cwd: dir,
    inline: { sources, outDir: 'site', base: '/sub/' },
    port: 0,
    log: (line) => {
      logs.push(line)
      if (process.env['DEV_DEBUG']) console.log('LOG', line)
    },
    debounceMs: 10,
  })
  return session
}

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url)
  return { status: response.status, body: await response.text() }
}

describe('bookgen dev', () => {
  it('should build, serve under the base path on 127.0.0.1, and inject the reload client into pages only', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One', 'Two']) })
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sub\/$/)
    expect(dev.initial.ok).toBe(true)
    const page = await get(`${dev.url}folder/`)
    expect(page.body).toContain('One')
    expect(page.body).toMatch(
      /<script type="module" src="\/sub\/__bookgen\/client\.js\?v=\d+"><\/script><\/head>/,
    )
    // The files on disk, like a published site, carry no reload code.
    expect(readFileSync(path.join(dir, 'site', 'folder', 'index.html'), 'utf8')).not.toContain('__bookgen')
    expect((await get(`${dev.url}__bookgen/client.js`)).body).toContain('EventSource')
  })

  it('should rebuild on an in-place save, rewriting only what changed', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One', 'Two']) })
    const next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), bookmarksFile(['One', 'Two (edited)']))
    const result = await next
    expect(result.ok).toBe(true)
    if (!result.ok) return
    // The bookmark's folder, tag and year pages, the home page (it lists the newest), and the
    // folder's and tag's feeds.
    expect(result.written.sort()).toEqual([
      'archive/2020/index.html',
      'folder/feed.xml',
      'folder/index.html',
      'index.html',
      'tags/t/feed.xml',
      'tags/t/index.html',
    ])
    expect((await get(`${dev.url}folder/`)).body).toContain('Two (edited)')
  })

  it('should print the warnings of a build as build does, and not again while they stay the same', async () => {
    const dated = (title: string) =>
      bookmarksFile(['One', title]).replace('ADD_DATE="1600000000"', 'ADD_DATE="soon"')
    const dev = await start({ 'bookmarks.html': dated('Two') })
    const printed = () => logs.filter((line) => / warnings?:\n/.test(line))
    expect(printed()).toHaveLength(1)
    expect(printed()[0]).toMatch(/\n {2}bookmarks\.html:6:\d+: .* \[netscape\/invalid-date\]/)
    let next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), dated('Two (edited)'))
    await next
    expect(printed()).toHaveLength(1)
    next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), bookmarksFile(['One', 'Two']))
    await next
    // No warning left (that the dev site has no address is none: it is not published).
    expect(printed()).toHaveLength(1)
    expect(logs.join('\n')).not.toContain('no-site')
    next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), dated('Two'))
    await next
    expect(printed()).toHaveLength(2)
  })

  it('should write no file when a save changes nothing', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One']) })
    const file = path.join(dir, 'bookmarks.html')
    const before = statSync(path.join(dir, 'site', 'index.html')).mtimeMs
    const next = dev.nextBuild()
    writeFileSync(file, readFileSync(file))
    const result = await next
    expect(result.ok && result.written).toEqual([])
    expect(statSync(path.join(dir, 'site', 'index.html')).mtimeMs).toBe(before)
  })

  it('should follow an editor’s atomic save (write a temp file, rename it over the source)', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One']) })
    const next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html.tmp~'), bookmarksFile(['Renamed in']))
    renameSync(path.join(dir, 'bookmarks.html.tmp~'), path.join(dir, 'bookmarks.html'))
    expect((await next).ok).toBe(true)
    expect((await get(`${dev.url}folder/`)).body).toContain('Renamed in')
  })

  it('should coalesce a burst of saves into few builds, ending with the last content', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One']) })
    for (let i = 0; i < 10; i++)
      writeFileSync(path.join(dir, 'bookmarks.html'), bookmarksFile([`Burst ${i}`]))
    let result = await dev.nextBuild()
    while (!(await get(`${dev.url}folder/`)).body.includes('Burst 9')) result = await dev.nextBuild()
    expect(result.ok).toBe(true)
    expect(logs.filter((line) => line.startsWith('✓ rebuilt')).length).toBeLessThan(10)
  })

  it('should keep serving the last good site through a broken save, report it, and recover when fixed', async () => {
    const dev = await start(
      {
        'bookmarks.xbel':
          '<xbel version="1.0"><bookmark href="https://a.example/"><title>Good</title></bookmark></xbel>',
      },
      ['bookmarks.xbel'],
    )
    const broken = dev.nextBuild()
    writeFileSync(
      path.join(dir, 'bookmarks.xbel'),
      '<xbel version="1.0"><bookmark href="https://a.example/"><title>Bro',
    )
    const failed = await broken
    expect(failed.ok).toBe(false)
    if (!failed.ok)
      expect(failed.error.format()).toMatch(/^bookmarks\.xbel:\d+:\d+: .*\[xbel\/not-well-formed\]$/)
    expect(logs.some((line) => line.startsWith('✗ bookmarks.xbel:'))).toBe(true)
    expect((await get(dev.url)).body).toContain('Good')
    const fixed = dev.nextBuild()
    writeFileSync(
      path.join(dir, 'bookmarks.xbel'),
      '<xbel version="1.0"><bookmark href="https://a.example/"><title>Fixed</title></bookmark></xbel>',
    )
    expect((await fixed).ok).toBe(true)
    expect((await get(dev.url)).body).toContain('Fixed')
  })

  it('should treat a save caught half-way (truncated or empty) as not ready, keeping the last good site', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One', 'Two']) })
    const full = bookmarksFile(['One', 'Two', 'Three'])
    const partial = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), full.slice(0, full.indexOf('Three') - 20))
    const result = await partial
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.rule).toBe('source/incomplete')
    expect((await get(`${dev.url}folder/`)).body).toContain('Two')
    const empty = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), '')
    expect((await empty).ok).toBe(false)
    const complete = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), full)
    expect((await complete).ok).toBe(true)
    expect((await get(`${dev.url}folder/`)).body).toContain('Three')
  })

  it('should reload the config when it changes', async () => {
    const dev = await start({
      'bookmarks.html': bookmarksFile(['One']),
      'bookmarks.config.ts': "export default { title: 'First title' }\n",
    })
    expect((await get(dev.url)).body).toContain('<title>First title</title>')
    const next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.config.ts'), "export default { title: 'Second title' }\n")
    expect((await next).ok).toBe(true)
    expect(logs).toContain('config changed: full reload')
    expect((await get(dev.url)).body).toContain('<title>Second title</title>')
  })

  it('should build the search index and feed only when asked for', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One']) })
    const metaFile = path.join(dir, 'site', 'assets', 'search', 'index.json')
    expect(existsSync(metaFile)).toBe(false)
    const index = await get(`${dev.url}assets/search/index.json`)
    expect(index.status).toBe(200)
    const first = JSON.parse(index.body) as { id: string }
    expect(existsSync(metaFile)).toBe(true)
    const chunk = await get(`${dev.url}assets/search/${first.id}/d0.json`)
    expect(JSON.parse(chunk.body).docs[0][0]).toBe('One')
    const next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), bookmarksFile(['Uno']))
    await next
    // A shard of the new index, asked for first, builds the index too; the old directory goes.
    const second = JSON.parse((await get(`${dev.url}assets/search/index.json`)).body) as { id: string }
    expect(second.id).not.toBe(first.id)
    expect(JSON.parse((await get(`${dev.url}assets/search/${second.id}/d0.json`)).body).docs[0][0]).toBe(
      'Uno',
    )
    expect(existsSync(path.join(dir, 'site', 'assets', 'search', first.id))).toBe(false)
  })

  it('should send reload and error events to open pages', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One']) })
    const events: string[] = []
    const { port } = new URL(dev.url)
    const stream = request({ host: '127.0.0.1', port, path: '/sub/__bookgen/events' })
    stream.end()
    const response = await new Promise<IncomingMessage>((resolve) => stream.on('response', resolve))
    expect(response.headers['content-type']).toBe('text/event-stream')
    response.on('data', (chunk: Buffer) =>
      events.push(...[...chunk.toString().matchAll(/^event: (.+)$/gm)].map((match) => match[1]!)),
    )
    while (dev.server.clients === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    let next = dev.nextBuild()
    writeFileSync(path.join(dir, 'bookmarks.html'), bookmarksFile(['Two']))
    await next
    next = dev.nextBuild()
    writeFileSync(
      path.join(dir, 'bookmarks.html'),
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://cut',
    )
    await next
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(events).toEqual(['reload', 'build-error'])
    response.destroy()
  })

  it('should refuse traversal and other methods on the dev server too', async () => {
    const dev = await start({ 'bookmarks.html': bookmarksFile(['One']) })
    writeFileSync(path.join(dir, 'secret.txt'), 'outside')
    for (const attempt of ['/sub/../secret.txt', '/sub/%2e%2e/secret.txt', '/sub/..%2f..%2fsecret.txt']) {
      const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: new URL(dev.url).port, path: attempt }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.on('error', reject)
        req.end()
      })
      expect(response.status, attempt).toBeGreaterThanOrEqual(400)
      expect(response.body).not.toContain('outside')
    }
    expect((await fetch(dev.url, { method: 'POST' })).status).toBe(405)
  })
})
