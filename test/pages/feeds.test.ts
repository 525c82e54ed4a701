/**
 * The feeds of a built site (through `build`, with a Git history, so `changes.xml` is made too):
 * every feed passes the Atom validator (`test/atom.ts`); each tag and folder with a dated bookmark
 * that has a linkable bookmark has a feed of its newest `feed.limit` (a folder's from it and below),
 * linked with rel=alternate from its pages; one without has neither; two builds of the same input are byte for byte the same.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { atomProblems } from '../atom.js'
import { createRepo, type TestRepo } from '../history/git-repo.js'
import { snapshot } from '../history/helpers.js'
import { REPO_ROOT } from '../helpers.js'

const FIXTURE = readFileSync(path.join(REPO_ROOT, 'test/fixtures/site-feeds/bookmarks.html'), 'utf8')

let repo: TestRepo
const sites: string[] = []

async function buildSite(name: string): Promise<string> {
  const outDir = path.join(repo.dir, name)
  const config = resolveConfig(
    { site: 'https://me.example/sub/', feed: { limit: 2 } },
    { sources: ['bookmarks.html'], outDir },
    { cwd: repo.dir },
  )
  await build(config)
  sites.push(outDir)
  return outDir
}

function feedsOf(site: string): string[] {
  return readdirSync(site, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.xml') && !['sitemap.xml', 'opensearch.xml'].includes(file))
    .sort()
}

function entries(xml: string): Array<{ title: string; link: { '@_href': string } }> {
  const feed = new XMLParser({
    ignoreAttributes: false,
    htmlEntities: true,
    isArray: (name) => name === 'entry',
  }).parse(xml).feed
  return feed.entry ?? []
}

describe('tag and folder feeds', () => {
  let site: string
  beforeAll(async () => {
    repo = createRepo()
    const older = FIXTURE.replace(/ *<DT><A HREF="https:\/\/c.example\/five".*\n/, '')
    repo.commit({ 'bookmarks.html': older }, '2021-04-01T08:00:00Z', 'first export')
    repo.commit({ 'bookmarks.html': FIXTURE }, '2021-04-02T08:00:00Z', 'add five')
    site = await buildSite('site')
  }, 120_000)
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }))

  it('should make every feed valid Atom', () => {
    const feeds = feedsOf(site)
    expect(feeds).toEqual([
      'changes.xml',
      'dev-and-ops/feed.xml',
      'dev-and-ops/python/feed.xml',
      'feed.xml',
      'tags/cli/feed.xml',
      'tags/python/feed.xml',
      'tags/rust/feed.xml',
    ])
    for (const feed of feeds)
      expect(atomProblems(readFileSync(path.join(site, feed), 'utf8')), feed).toEqual([])
  })

  it('should have a validator that finds what breaks RFC 4287', () => {
    const xml = readFileSync(path.join(site, 'tags/rust/feed.xml'), 'utf8')
    expect(atomProblems(xml.replace(/<link rel="self"[^>]*>/, ''))).toEqual([
      'feed: no absolute rel="self" link',
    ])
    expect(atomProblems(xml.replace(/<updated>[^<]*/, '<updated>2021-04-01'))).toEqual([
      'feed: <updated> 2021-04-01',
    ])
    expect(atomProblems(xml.replace('Two "quoted"', 'Two <b>bold</b>'))).toEqual([
      'entry 1: markup in the title',
    ])
    expect(atomProblems(xml.replace('Two "quoted"', 'Two & more'))[0]).toMatch(/^not well-formed/)
    const ids = [...xml.matchAll(/<entry>.*?<id>([^<]*)<\/id>/g)].map((match) => match[1]!)
    expect(atomProblems(xml.replace(ids[1]!, ids[0]!))).toEqual([`entry 2: id ${ids[0]} repeated`])
  })

  it('should list the newest bookmarks of a folder and below, and of a tag, up to the limit', () => {
    const read = (file: string) => entries(readFileSync(path.join(site, file), 'utf8'))
    expect(read('dev-and-ops/feed.xml').map((entry) => entry.link['@_href'])).toEqual([
      'https://c.example/five',
      'https://c.example/four',
    ])
    expect(read('tags/rust/feed.xml').map((entry) => entry.title)).toEqual([
      'Two "quoted"',
      'One <b>bold</b> & more',
    ])
    expect(read('tags/cli/feed.xml').map((entry) => entry.title)).toEqual([
      'Four ]]> end',
      'One <b>bold</b> & more',
    ])
    const xml = readFileSync(path.join(site, 'tags/rust/feed.xml'), 'utf8')
    expect(xml).toContain('<id>https://me.example/sub/tags/rust/</id>')
    expect(xml).toContain('href="https://me.example/sub/tags/rust/feed.xml"')
  })

  it('should link each feed from its pages, and no feed where there is none', () => {
    const head = (page: string) => readFileSync(path.join(site, page, 'index.html'), 'utf8')
    const alternates = (page: string) =>
      [
        ...head(page).matchAll(
          /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)">/g,
        ),
      ].map((match) => [match[1], match[2]])
    expect(alternates('tags/rust')).toEqual([
      ['Bookmarks', '/sub/feed.xml'],
      ['Bookmarks · Tag: rust', '/sub/tags/rust/feed.xml'],
    ])
    expect(alternates('dev-and-ops/python')).toEqual([
      ['Bookmarks', '/sub/feed.xml'],
      ['Bookmarks · Folder: Dev &#x26; Ops › Python', '/sub/dev-and-ops/python/feed.xml'],
    ])
    expect(alternates('tags/script')).toEqual([['Bookmarks', '/sub/feed.xml']])
    expect(alternates('scripts')).toEqual([['Bookmarks', '/sub/feed.xml']])
  })

  it('should build the same input to the same bytes', async () => {
    const again = await buildSite('again')
    expect(snapshot(again)).toEqual(snapshot(site))
  }, 120_000)
})
