import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../src/config/options.js'
import { BookgenError } from '../../../src/model/errors.js'
import { runCli } from '../../../src/cli/index.js'
import {
  CHECK_EXIT_DEAD,
  CHECK_EXIT_INTERRUPTED,
  CHECK_EXIT_OK,
  runCheck,
  type RunCheckOptions,
} from '../../../src/cli/commands/check.js'
import { readLinkStore } from '../../../src/links/store.js'
import { answer, closeServers, startServer, type TestServer } from '../../links/servers.js'

const T = Date.parse('2026-05-04T06:00:00Z')

let dir: string
let server: TestServer

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bookgen-check-'))
  server = await startServer((request, response) => {
    if (request.url?.startsWith('/slow')) return
    answer(response, request.url?.startsWith('/gone') ? 404 : 200)
  })
})
afterEach(async () => {
  await closeServers()
  await rm(dir, { recursive: true, force: true })
})

/** A Netscape export with public, private, file:, place: and javascript: bookmarks, and a repeat. */
async function writeBookmarks(extra = ''): Promise<string> {
  const file = path.join(dir, 'bookmarks.html')
  await writeFile(
    file,
    `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><A HREF="${server.url('/ok')}">Alive</A>
    <DT><A HREF="${server.url('/gone')}">Gone</A>
    <DT><A HREF="${server.url('/secret')}" PRIVATE="1">Private</A>
    <DT><A HREF="file:///home/me/notes.txt">A file</A>
    <DT><A HREF="place:sort=8&maxResults=10">Recent</A>
    <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
    <DT><H3>Again</H3>
    <DL><p>
        <DT><A HREF="${server.url('/ok')}">Alive again</A>
${extra}    </DL><p>
</DL><p>
`,
  )
  return file
}

/** `count` bookmarks to URLs the server never answers, for `writeBookmarks`. */
function slowBookmarks(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `        <DT><A HREF="${server.url(`/slow/${i}`)}">Slow</A>\n`,
  ).join('')
}

function run(options: Partial<RunCheckOptions> = {}) {
  const lines: string[] = []
  const config = resolveConfig({ sources: ['bookmarks.html'], links: { rate: 1000 } }, {}, { cwd: dir })
  const exit = runCheck({ config, out: (line) => lines.push(line), now: T, ...options })
  return { exit, lines }
}

describe('runCheck', () => {
  it('should check only published http(s) links, write the store beside the source and report the dead ones', async () => {
    await writeBookmarks()
    const { exit, lines } = run()
    expect(await exit).toBe(CHECK_EXIT_OK)
    const store = await readLinkStore(path.join(dir, 'bookmarks.links.json'))
    expect([...store.links.keys()].sort()).toEqual([server.url('/gone'), server.url('/ok')])
    expect(store.links.get(server.url('/gone'))).toMatchObject({ state: 'dead', status: 404 })
    expect(server.requests.map((r) => r.path)).not.toContain('/secret')
    expect(lines[0]).toBe('2 links: 1 alive, 0 redirected, 0 unknown, 1 dead')
    expect(lines).toContain(`  dead: ${server.url('/gone')} (404) at bookmarks.html:6:9`)
    expect(lines.at(-1)).toBe('Wrote bookmarks.links.json')
  })

  it('should check a URL with a user name and password without them, and keep them out of the store', async () => {
    const secret = server.url('/ok').replace('://', '://alice:hunter2@')
    await writeBookmarks(`        <DT><A HREF="${secret}">With a password</A>\n`)
    const { exit, lines } = run()
    expect(await exit).toBe(CHECK_EXIT_OK)
    const text = await readFile(path.join(dir, 'bookmarks.links.json'), 'utf8')
    expect(text).not.toMatch(/alice|hunter2/)
    expect(lines.join('\n')).not.toMatch(/alice|hunter2/)
    const store = await readLinkStore(path.join(dir, 'bookmarks.links.json'))
    expect([...store.links.keys()].sort()).toEqual([server.url('/gone'), server.url('/ok')])
  })

  it('should exit 1 with failOnDead when a link is dead, and 0 when none is', async () => {
    await writeBookmarks()
    expect(await run({ failOnDead: true }).exit).toBe(CHECK_EXIT_DEAD)
    await writeFile(
      path.join(dir, 'bookmarks.html'),
      `<DL><p><DT><A HREF="${server.url('/ok')}">Alive</A></DL>`,
    )
    expect(await run({ failOnDead: true }).exit).toBe(CHECK_EXIT_OK)
  })

  it('should send nothing and change no byte of the store on a second run the same day', async () => {
    await writeBookmarks()
    await run().exit
    const before = await readFile(path.join(dir, 'bookmarks.links.json'), 'utf8')
    const requests = server.requests.length
    const { exit, lines } = run()
    expect(await exit).toBe(CHECK_EXIT_OK)
    expect(server.requests.length).toBe(requests)
    expect(await readFile(path.join(dir, 'bookmarks.links.json'), 'utf8')).toBe(before)
    expect(lines).toContain('Skipped 2 links checked within 7 days (--max-age)')
  })

  it('should drop entries of links no longer published, and write where --store says', async () => {
    await writeBookmarks()
    const storeFile = path.join(dir, 'links', 'state.json')
    const relative = path.join('links', 'state.json')
    await mkdir(path.dirname(storeFile))
    const stale = { state: 'alive', status: 200, checkedAt: '2026-05-01T00:00:00.000Z', failures: 0 }
    await writeFile(
      storeFile,
      JSON.stringify({
        version: 1,
        links: {
          'https://removed.example/': stale,
          [server.url('/secret')]: stale,
          [server.url('/ok')]: stale,
        },
      }),
    )
    const { exit, lines } = run({ storeFile: relative, cwd: dir })
    expect(await exit).toBe(CHECK_EXIT_OK)
    expect(lines.at(-1)).toBe(`Wrote ${relative}`)
    const store = await readLinkStore(storeFile)
    expect([...store.links.keys()].sort()).toEqual([server.url('/gone'), server.url('/ok')])
    // The fresh entry was kept as it was, not checked again.
    expect(store.links.get(server.url('/ok'))?.checkedAt).toBe(Date.parse('2026-05-01T00:00:00.000Z'))
  })

  it('should keep what was checked when interrupted, and exit 130', async () => {
    await writeBookmarks(slowBookmarks(6))
    const controller = new AbortController()
    const { exit, lines } = run({
      signal: controller.signal,
      progressIntervalMs: 0,
      out: (line) => {
        lines.push(line)
        if (line.startsWith('Checked 1 of')) controller.abort()
      },
      check: { concurrency: 3 },
    })
    expect(await exit).toBe(CHECK_EXIT_INTERRUPTED)
    const store = await readLinkStore(path.join(dir, 'bookmarks.links.json'))
    expect(store.links.size).toBeGreaterThanOrEqual(1)
    expect([...store.links.keys()].some((url) => url.includes('/slow/'))).toBe(false)
    expect(lines.at(-1)).toMatch(/^Interrupted: bookmarks\.links\.json keeps the \d links checked so far$/)
  })

  it('should refuse a broken store and leave it as it was', async () => {
    await writeBookmarks()
    const file = path.join(dir, 'bookmarks.links.json')
    await writeFile(file, '{"version": 1, "links": {')
    await expect(run().exit).rejects.toBeInstanceOf(BookgenError)
    await expect(run().exit).rejects.toMatchObject({
      rule: 'links/store-syntax',
      file: 'bookmarks.links.json',
    })
    expect(await readFile(file, 'utf8')).toBe('{"version": 1, "links": {')
    expect(server.requests).toHaveLength(0)
  })
})

describe('bookgen check --max-time, --rate, --per-host', () => {
  function cli(...argv: string[]) {
    const out: string[] = []
    const err: string[] = []
    const io = {
      stdout: (text: string) => void out.push(text),
      stderr: (text: string) => void err.push(text),
      cwd: dir,
    }
    return { exit: runCli(['check', 'bookmarks.html', ...argv], io), out, err }
  }

  it('should stop on time, keep what it checked, and say how many links are left for the next run', async () => {
    await writeBookmarks(slowBookmarks(6))
    const { exit, out } = cli('--max-time', '500ms', '--rate', '1000')
    expect(await exit).toBe(CHECK_EXIT_OK)
    const text = out.join('')
    expect(text).toContain('Out of time (--max-time 500 ms): 6 links left for the next run\n')
    expect(text).toContain('Wrote bookmarks.links.json\n')
    const store = await readLinkStore(path.join(dir, 'bookmarks.links.json'))
    expect([...store.links.keys()].sort()).toEqual([server.url('/gone'), server.url('/ok')])
  })

  it('should refuse a time that is not a duration and limits that do not fit, as usage errors', async () => {
    await writeBookmarks()
    for (const [flags, message] of [
      [['--max-time', 'soon'], 'Expected a duration'],
      [['--max-link-time'], '--max-link-time <duration>` value is missing'],
      [['--rate', '0'], '--rate must be a number of requests per second above 0'],
      [['--per-host', '1.5'], '--per-host must be a whole number, 1 or more'],
    ] as const) {
      const { exit, err } = cli(...flags)
      expect(await exit).toBe(2)
      expect(err.join('')).toContain(message)
    }
    expect(server.requests).toHaveLength(0)
  })
})
