/**
 * The site files (search index, feed, sitemap, exports) come out the same whether they are built
 * inline or in a worker thread, and a build uses the worker for large sites only.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readTree } from '../helpers.js'
import { resolveConfig } from '../../src/config/options.js'
import { loadSources, prepareSite } from '../../src/build/index.js'
import type { OutputFile } from '../../src/model/output.js'
import { planSite } from '../../src/build/plan.js'
import { SEARCH_DIR } from '../../src/pages/paths.js'
import {
  claimAll,
  produceSiteFiles,
  siteFileProducers,
  type SiteFilesInput,
} from '../../src/site-files/index.js'
import {
  claimFrom,
  sharedClaims,
  NO_WORKER_BYTES,
  PARSE_IN_WORKER_BYTES,
  startSiteFilesWorker,
  workerModeFor,
  WORKER_THRESHOLD_BYTES,
  writeSiteFiles,
} from '../../src/build/thread.js'
import { StagingWriter } from '../../src/build/output.js'

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures')

const SOURCES = [path.join(FIXTURES, 'netscape', 'firefox.html'), path.join(FIXTURES, 'xbel', 'desktop.xbel')]

async function siteData() {
  const config = resolveConfig(
    { site: 'https://me.example' },
    { sources: SOURCES, outDir: 'out', base: '/sub/' },
    { cwd: FIXTURES },
  )
  const { collections } = await loadSources(config)
  return { config, data: planSite(prepareSite(config, collections).input, { deferSiteFiles: true }).siteData }
}

const asText = (files: OutputFile[]) =>
  new Map(
    files.map((file) => [
      file.path,
      typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents),
    ]),
  )

/** Every site file of `data`, made here, by path. */
function madeInline(data: SiteFilesInput): Map<string, string> {
  const produced: OutputFile[] = []
  produceSiteFiles(data, (files) => produced.push(...files))
  return asText(produced)
}

describe('site files', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-site-files-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  it('should be the same from a worker thread (parsing the sources itself) as inline', async () => {
    const { config, data } = await siteData()
    const sources = await Promise.all(
      SOURCES.map(async (file) => ({ file, name: path.basename(file), bytes: await readFile(file) })),
    )
    const inlineDir = mkdtempSync(path.join(tmp, 'inline-'))
    const threadedDir = mkdtempSync(path.join(tmp, 'threaded-'))
    const inline = writeSiteFiles(data, new StagingWriter(inlineDir))
    const worker = startSiteFilesWorker({ mode: 'parse', config, sources, staging: threadedDir })
    expect(worker).toBeDefined()
    const threaded = await worker!.result
    const expected = madeInline(data)
    expect([...expected.keys()]).toEqual(
      expect.arrayContaining([
        'sitemap.xml',
        'feed.xml',
        'bookmarks.html',
        'bookmarks.xbel',
        'assets/search/index.json',
      ]),
    )
    expect(readTree(inlineDir)).toEqual(expected)
    expect(readTree(threadedDir)).toEqual(expected)
    expect(threaded.written).toEqual(inline.written)
    expect(threaded.written.files).toBe(expected.size)
    expect(threaded.timings.search).toBeGreaterThan(0)
    expect(threaded.timings.parse).toBeGreaterThan(0)
  }, 30_000)

  it('should share the site files between the worker and this thread, each made once by one of them', async () => {
    const { config, data } = await siteData()
    const sources = await Promise.all(
      SOURCES.map(async (file) => ({ file, name: path.basename(file), bytes: await readFile(file) })),
    )
    const expected = madeInline(data)
    for (const head of [0, 1, 3]) {
      const dir = mkdtempSync(path.join(tmp, 'shared-'))
      const claims = sharedClaims()
      // This thread makes `head` files, the smallest first; the worker the others, the largest first.
      const here = writeSiteFiles(data, new StagingWriter(dir), claimHead(claimFrom(claims, 'back'), head))
      const worker = startSiteFilesWorker({ mode: 'parse', config, sources, staging: dir, claims })!
      const there = await worker.result
      const rest = writeSiteFiles(data, new StagingWriter(dir), claimFrom(claims, 'back'))
      // Written into one folder by two writers: a file made twice would have failed (EEXIST).
      expect(readTree(dir)).toEqual(expected)
      expect([here.timings.made, there.timings.made, rest.timings.made]).toEqual([
        head,
        here.timings.of - head,
        0,
      ])
      expect(there.written.files + here.written.files).toBe(expected.size)
      expect(here.written.files).toBe(head) // the sitemap, the feed, an export: one file each
    }
  }, 30_000)

  it('should hand out each index once, from either end', () => {
    const claims = sharedClaims()
    const front = claimFrom(claims, 'front')
    const back = claimFrom(claims, 'back')
    expect([back(5), front(5), front(5), back(5), front(5), front(5), back(5)]).toEqual([
      4, 0, 1, 3, 2, -1, -1,
    ])
    expect(claimFrom(sharedClaims(), 'back')(0)).toBe(-1)
  })

  it("should stop front claims, and one's own claims, before their limit", () => {
    const claims = sharedClaims()
    const front = claimFrom(claims, 'front', 1)
    const back = claimFrom(claims, 'back')
    expect([front(5), front(5), back(5), back(5), back(5), back(5), back(5)]).toEqual([0, -1, 4, 3, 2, 1, -1])
    const own = claimAll(2)
    expect([own(5), own(5), own(5)]).toEqual([0, 1, -1])
  })

  it('should release a worker left with nothing to make: its result resolves, empty', async () => {
    const { config } = await siteData()
    const sources = await Promise.all(
      SOURCES.map(async (file) => ({ file, name: path.basename(file), bytes: await readFile(file) })),
    )
    const claims = sharedClaims()
    // Every site file claimed here already.
    const claim = claimFrom(claims, 'back')
    while (claim(5) >= 0);
    const dir = mkdtempSync(path.join(tmp, 'released-'))
    const worker = startSiteFilesWorker({ mode: 'parse', config, sources, staging: dir, claims })!
    worker.release()
    const result = await worker.result
    expect(result.written).toEqual({ files: 0, bytes: 0, unchanged: 0 })
    expect(readdirSync(dir)).toEqual([])
  }, 30_000)

  it('should use no worker for small sources, one for the search index for mid-sized ones, one that parses for large ones, none for the largest', () => {
    const source = (bytes: number) => ({ file: 'a', name: 'a', bytes: { byteLength: bytes } as Uint8Array })
    expect(workerModeFor([source(WORKER_THRESHOLD_BYTES - 1)])).toBeUndefined()
    expect(workerModeFor([source(WORKER_THRESHOLD_BYTES / 2), source(WORKER_THRESHOLD_BYTES / 2)])).toBe(
      'search',
    )
    expect(workerModeFor([source(PARSE_IN_WORKER_BYTES - 1)])).toBe('search')
    expect(workerModeFor([source(PARSE_IN_WORKER_BYTES / 2), source(PARSE_IN_WORKER_BYTES / 2)])).toBe(
      'parse',
    )
    expect(workerModeFor([source(NO_WORKER_BYTES - 1)])).toBe('parse')
    expect(workerModeFor([source(NO_WORKER_BYTES / 2), source(NO_WORKER_BYTES / 2)])).toBeUndefined()
  })

  it('should make the same search index in a search-mode worker, from the documents sent to it, and no other file', async () => {
    const { data } = await siteData()
    const expected = madeInline(data)
    const count = siteFileProducers(data).size
    const dir = mkdtempSync(path.join(tmp, 'search-'))
    const worker = startSiteFilesWorker({ mode: 'search', staging: dir })!
    expect(worker.mode).toBe('search')
    worker.sendSearch(data, count)
    const there = await worker.result
    const made = readTree(dir)
    expect([...made.keys()].every((file) => file.startsWith(SEARCH_DIR))).toBe(true)
    expect(made).toEqual(new Map([...expected].filter(([file]) => file.startsWith(SEARCH_DIR))))
    expect(there.timings).toMatchObject({ made: 1, of: count, parse: 0 })
    expect(there.timings.search).toBeGreaterThan(0)
  }, 30_000)

  it('should share the site files with a search-mode worker: it claims the search index, this thread the rest', async () => {
    const { data } = await siteData()
    const expected = madeInline(data)
    const count = siteFileProducers(data).size
    for (const first of ['worker', 'here'] as const) {
      const dir = mkdtempSync(path.join(tmp, 'search-shared-'))
      const claims = sharedClaims()
      const worker = startSiteFilesWorker({ mode: 'search', staging: dir, claims })!
      // The worker claims when the documents reach it: first, or after this thread took every file.
      if (first === 'worker') {
        worker.sendSearch(data, count)
        await worker.result
      }
      const here = writeSiteFiles(data, new StagingWriter(dir), claimFrom(claims, 'back'))
      if (first === 'here') worker.sendSearch(data, count)
      const there = await worker.result
      expect(readTree(dir)).toEqual(expected)
      expect([here.timings.made, there.timings.made]).toEqual(
        first === 'worker' ? [count - 1, 1] : [count, 0],
      )
    }
  }, 30_000)

  it('should reject, once the worker has stopped, when it is stopped or fails', async () => {
    const { config } = await siteData()
    const stopped = startSiteFilesWorker({
      mode: 'parse',
      config,
      sources: [],
      staging: mkdtempSync(path.join(tmp, 'stop-')),
    })!
    stopped.stop()
    await expect(stopped.result).rejects.toThrow(/stopped/)
    const broken = { file: 'x.html', name: 'x.html', bytes: new TextEncoder().encode('not bookmarks at all') }
    const failing = startSiteFilesWorker({
      mode: 'parse',
      config,
      sources: [broken],
      staging: mkdtempSync(path.join(tmp, 'fail-')),
    })!
    await expect(failing.result).rejects.toThrow(/Not a bookmark file/)
  }, 30_000)

  it('should list every page in the sitemap, absolute under the base', async () => {
    const { data } = await siteData()
    const sitemap = madeInline(data).get('sitemap.xml')!
    expect(sitemap).toContain('<loc>https://me.example/sub/</loc>')
    expect(sitemap).toContain('<loc>https://me.example/sub/tags/</loc>')
    expect(sitemap.match(/<loc>/g)).toHaveLength(data.pages.length)
  })
})

/** At most `count` of the claims `claim` makes; then none. */
function claimHead(claim: (count: number) => number, count: number): (of: number) => number {
  let left = count
  return (of) => (left-- > 0 ? claim(of) : -1)
}
