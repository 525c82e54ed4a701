/**
 * The site files (search index, feed, sitemap, exports) come out the same whether they are built
 * inline or in a worker thread, and a build uses the worker for large sites only.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config.js'
import { loadSources, prepareSite } from '../../src/site/build.js'
import { planSite, type OutputFile } from '../../src/site/plan.js'
import { produceSiteFiles } from '../../src/site/site-files.js'
import { buildSiteFiles, WORKER_THRESHOLD } from '../../src/site/site-files-thread.js'

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures')

async function siteData() {
  const config = resolveConfig(
    { site: 'https://me.example' },
    { sources: [path.join(FIXTURES, 'netscape', 'firefox.html'), path.join(FIXTURES, 'xbel', 'desktop.xbel')], outDir: 'out', base: '/sub/' },
    { cwd: FIXTURES },
  )
  const { collections } = await loadSources(config)
  return planSite({ ...prepareSite(config, collections).input, deferSiteFiles: true }).siteData
}

const asText = (files: OutputFile[]) =>
  new Map(files.map((file) => [file.path, typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents)]))

describe('site files', () => {
  it('should be the same from a worker thread as inline', async () => {
    const data = await siteData()
    const inline = await buildSiteFiles(data, { threaded: false })
    const threaded = await buildSiteFiles(data, { threaded: true })
    expect(inline.threaded).toBe(false)
    expect(threaded.threaded).toBe(true)
    const produced: OutputFile[] = []
    produceSiteFiles(data, (files) => produced.push(...files))
    const expected = asText(produced)
    expect([...expected.keys()]).toEqual(expect.arrayContaining(['sitemap.xml', 'feed.xml', 'bookmarks.html', 'bookmarks.xbel', 'assets/search/index.json']))
    expect(asText(inline.files)).toEqual(expected)
    expect(asText(threaded.files)).toEqual(expected)
    expect(threaded.timings.search).toBeGreaterThan(0)
  }, 30_000)

  it('should use a worker only for large sites', async () => {
    const data = await siteData()
    expect(data.documents.length).toBeLessThan(WORKER_THRESHOLD)
    expect((await buildSiteFiles(data)).threaded).toBe(false)
  })

  it('should stop the worker and reject when the build is abandoned', async () => {
    const data = await siteData()
    const stop = new AbortController()
    const pending = buildSiteFiles(data, { threaded: true, signal: stop.signal })
    stop.abort()
    await expect(pending).rejects.toThrow(/stopped/)
  }, 30_000)

  it('should list every page in the sitemap, absolute under the base', async () => {
    const data = await siteData()
    const produced: OutputFile[] = []
    produceSiteFiles(data, (files) => produced.push(...files))
    const sitemap = asText(produced).get('sitemap.xml')!
    expect(sitemap).toContain('<loc>https://me.example/sub/</loc>')
    expect(sitemap).toContain('<loc>https://me.example/sub/tags/</loc>')
    expect(sitemap.match(/<loc>/g)).toHaveLength(data.pages.length)
  })
})
