/**
 * The watcher of `bookgen dev` never stops seeing saves: not after bursts of editors' saves
 * (temporary file renamed over the source), in-place writes and removals, not after a rewrite that
 * keeps the size and the modification time, and not when the system's limit on watches is reached
 * (it then polls, and says how to raise the limit).
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { watch, type ChokidarOptions, type FSWatcher } from 'chokidar'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { DevBuilder } from '../../src/dev/builder.js'
import { startDev, type DevSession } from '../../src/dev/index.js'
import { POLL_INTERVAL_MS, type CreateWatcher } from '../../src/dev/watcher.js'
import { bookmarksFile, generateSource, waitFor } from './helpers.js'

let dir: string
let session: DevSession | undefined
const logs: string[] = []

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-watch-'))
  logs.length = 0
})
afterEach(async () => {
  await session?.close()
  session = undefined
  rmSync(dir, { recursive: true, force: true })
})

async function start(source: string, more: { createWatcher?: CreateWatcher } = {}): Promise<DevSession> {
  session = await startDev({
    cwd: dir,
    inline: { sources: [source], outDir: path.join(dir, 'site') },
    port: 0,
    debounceMs: 10,
    log: (line) => logs.push(line),
    ...more,
  })
  return session
}

/** The page of the site (below `site`) that shows `title`, as a URL of the session. */
function pageShowing(session: DevSession, title: string): string {
  const site = path.join(dir, 'site')
  for (const name of readdirSync(site, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('index.html')) continue
    if (readFileSync(path.join(site, name), 'utf8').includes(`>${title}</a>`))
      return new URL(
        name
          .split(path.sep)
          .join('/')
          .replace(/index\.html$/, ''),
        session.url,
      ).href
  }
  throw new Error(`no page shows ${title}`)
}

const served = async (url: string) => await (await fetch(url)).text()

describe('the dev watcher', () => {
  it('should keep seeing saves after bursts of renames over the source, in-place writes and removals', async () => {
    const source = path.join(dir, 'bookmarks.html')
    let text = generateSource(source, 5000)
    const dev = await start(source)
    const original = /<DT><A [^>]*>([^<]{3,})<\/A>/.exec(text)![1]!
    const page = pageShowing(dev, original)
    let current = original
    const save = (title: string, how: number) => {
      text = text.replace(`>${current}</A>`, `>${title}</A>`)
      current = title
      if (how === 0) {
        // An editor's save: a temporary file renamed over the source.
        writeFileSync(`${source}.swp`, text)
        renameSync(`${source}.swp`, source)
      } else if (how === 1) writeFileSync(source, text)
      else {
        unlinkSync(source)
        writeFileSync(source, text)
      }
    }
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 24; i++) {
        save(`${original} r${round} s${String(i).padStart(2, '0')}`, i % 3)
        if (i % 4 === 3) await new Promise((resolve) => setTimeout(resolve, 3))
      }
      const last = current
      await waitFor(
        async () => (await served(page)).includes(`>${last}</a>`),
        `round ${round}: ${last}`,
        6000,
      )
      // Then, once all is quiet, a single save: seen only if the watch is still there.
      const later = `${original} r${round} later`
      const built = dev.nextBuild()
      save(later, round % 2)
      await waitFor(
        async () => (await served(page)).includes(`>${later}</a>`),
        `round ${round}: ${later}`,
        6000,
      )
      expect((await built).ok).toBe(true)
    }
  }, 120_000)

  it('should rebuild a source rewritten with the same size and modification time', async () => {
    const source = path.join(dir, 'bookmarks.html')
    writeFileSync(source, bookmarksFile(['Alpha']))
    const builder = new DevBuilder(
      resolveConfig({}, { sources: [source], outDir: path.join(dir, 'site') }, { cwd: dir }),
    )
    expect((await builder.rebuild()).ok).toBe(true)
    expect(await builder.staleSources([source])).toEqual([])
    const { atime, mtime } = statSync(source)
    writeFileSync(source, bookmarksFile(['Omega']))
    utimesSync(source, atime, mtime)
    expect((await builder.staleSources([source])).map((stale) => stale.file)).toEqual([source])
    expect((await builder.rebuild(new Set([source]))).ok).toBe(true)
    expect(readFileSync(path.join(dir, 'site', 'folder', 'index.html'), 'utf8')).toContain('Omega')
    expect(await builder.staleSources([source])).toEqual([])
  })

  it('should say how to raise the watch limit and poll instead when it is reached (ENOSPC)', async () => {
    const source = path.join(dir, 'bookmarks.html')
    writeFileSync(source, bookmarksFile(['One']))
    const nothing = path.join(dir, 'nothing')
    mkdirSync(nothing)
    const made: Array<{ watcher: FSWatcher; options: ChokidarOptions; ready: boolean; saw: string[] }> = []
    const dev = await start(source, {
      // The first watcher sees nothing at all (as if the system had refused its watches); the
      // one that replaces it is real.
      createWatcher: (paths, options) => {
        const watcher = options.usePolling === true ? watch(paths, options) : watch(nothing, options)
        const entry = { watcher, options, ready: false, saw: [] as string[] }
        watcher.on('ready', () => (entry.ready = true))
        watcher.on('change', (file) => entry.saw.push(path.resolve(file)))
        made.push(entry)
        return watcher
      },
    })
    expect(made.map(({ options }) => options.usePolling === true)).toEqual([false])
    const error = Object.assign(
      new Error(`ENOSPC: System limit for number of file watchers reached, watch '${source}'`),
      { code: 'ENOSPC', errno: -28, syscall: 'watch' },
    )
    made[0]!.watcher.emit('error', error)
    expect(logs.join('\n')).toContain('sudo sysctl fs.inotify.max_user_watches=524288')
    await waitFor(() => made.length === 2 && made[1]!.ready, 'the polling watcher', 4000)
    expect(made[1]!.options).toMatchObject({ usePolling: true })
    // A save right after the switch: built, whether the poller reports it or (when it came before
    // the poller's first look at the file, which sets what later looks compare with) the recheck
    // that follows the switch finds it.
    const next = dev.nextBuild()
    writeFileSync(source, bookmarksFile(['One', 'Seen after the switch']))
    expect((await next).ok).toBe(true)
    expect(await served(`${dev.url}folder/`)).toContain('Seen after the switch')
    // A later save is the poller's to report.
    const reported = made[1]!.saw.length
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
    writeFileSync(source, bookmarksFile(['One', 'Seen by polling']))
    await waitFor(() => made[1]!.saw.length > reported, 'the polling watcher to report the save', 4000)
    expect(made[1]!.saw.at(-1)).toBe(source)
    await waitFor(
      async () => (await served(`${dev.url}folder/`)).includes('Seen by polling'),
      'the site to show the save',
      4000,
    )
    expect(logs.some((line) => line.includes('crashed'))).toBe(false)
  })
})
