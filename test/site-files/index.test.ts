/**
 * The site files (search index, feed, sitemap, exports): written into the staging folder as they
 * are made, the exports gzipped a part at a time, the sitemap complete.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { gunzipSync } from 'node:zlib'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readTree } from '../helpers.js'
import { resolveConfig } from '../../src/config/options.js'
import { loadSources, prepareSite } from '../../src/build/index.js'
import type { OutputFile } from '../../src/model/output.js'
import { createBookmark, createFolder } from '../../src/model/tree.js'
import { planSite } from '../../src/build/plan.js'
import { runProducers, siteFileProducers, type SiteFilesInput } from '../../src/site-files/index.js'
import { writeSiteFiles } from '../../src/build/search-files.js'
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
  runProducers([...siteFileProducers(data)], (files) => produced.push(...files))
  return asText(produced)
}

describe('site files', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-site-files-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  it('should write into the staging folder every file made inline, each once', async () => {
    const { data } = await siteData()
    const dir = mkdtempSync(path.join(tmp, 'written-'))
    const writer = new StagingWriter(dir)
    const timings = writeSiteFiles(data, writer)
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
    expect(readTree(dir)).toEqual(expected)
    expect(writer.written.files).toBe(expected.size)
    expect(timings.search).toBeGreaterThan(0)
  })

  it('should gzip a large export a part at a time, into one file that unzips to the plain export', async () => {
    const { data } = await siteData()
    const root = createFolder('Bookmarks')
    for (let index = 0; index < 30_000; index++)
      root.children.push(
        createBookmark(`Page ${index} ${'words '.repeat(index % 9)}`, `https://e.example/${index}`),
      )
    const input = { ...data, exportCollection: { ...data.exportCollection!, root } }
    const plain = siteFileProducers(input, { feed: false, exports: true }).get(
      'bookmarks.html',
    )!() as OutputFile
    const zipped = siteFileProducers(input, { feed: false, exports: true, gzipExports: true }).get(
      'bookmarks.html.gz',
    )!() as OutputFile
    const chunks: Uint8Array[] = []
    zipped.stream!((chunk) => chunks.push(chunk as Uint8Array))
    const text = Buffer.from(plain.contents)
    expect(text.length).toBeGreaterThan(2 << 20)
    // Never held whole: written as parts, which one after the other are one gzip file.
    expect(chunks.length).toBeGreaterThan(1)
    expect(gunzipSync(Buffer.concat(chunks)).equals(text)).toBe(true)
    expect(Buffer.from(zipped.contents).equals(Buffer.concat(chunks))).toBe(true)
  })

  it('should list every page in the sitemap, absolute under the base', async () => {
    const { data } = await siteData()
    const sitemap = madeInline(data).get('sitemap.xml')!
    expect(sitemap).toContain('<loc>https://me.example/sub/</loc>')
    expect(sitemap).toContain('<loc>https://me.example/sub/tags/</loc>')
    expect(sitemap.match(/<loc>/g)).toHaveLength(data.pages.length)
  })
})
