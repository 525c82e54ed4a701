/**
 * Link health end to end through the CLI: `bookgen check` against a server on 127.0.0.1 (DNS
 * answered by a stub: nothing leaves the machine), then `bookgen build`. Exactly the 404, 410 and
 * NXDOMAIN links are marked dead, each with its Wayback Machine link dated from `added`; the other
 * failures are not; `links/` lists the dead ones; a second check the same day sends nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LookupFunction } from 'node:net'
import { createRequire } from 'node:module'
import { HtmlValidate } from 'html-validate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/index.js'
import { build } from '../../src/build/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { startStaticServer } from '../../src/server/static.js'
import { hasChromium, launchChromium } from './chromium.js'
import { readLinkStore } from '../../src/links/store.js'
import { VERSION } from '../../src/model/version.js'
import { page, within } from '../html.js'
import { answer, closeServers, fakeLookup, startServer, type TestServer } from '../links/servers.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** 2019-01-02T03:04:05Z, as a Netscape ADD_DATE. */
const ADDED = Date.UTC(2019, 0, 2, 3, 4, 5) / 1000

let dir: string
let server: TestServer
let lookups = 0
let url: (path: string) => string
const NXDOMAIN = 'http://gone.invalid/page'

/** Counts every DNS question; knows only the canary. */
const lookup = ((...args: Parameters<LookupFunction>) => {
  lookups++
  return fakeLookup({ 'canary.test': '127.0.0.1' })(...args)
}) as LookupFunction

function io() {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    io: {
      stdout: (text: string) => void out.push(text),
      stderr: (text: string) => void err.push(text),
      cwd: dir,
      check: { lookup, dnsCanary: 'canary.test', timeoutMs: 400, retryAfterCapMs: 1000, rate: 1000 },
    },
  }
}

async function cli(...argv: string[]) {
  const run = io()
  const exit = await runCli(argv, run.io)
  return { exit, out: run.out.join(''), err: run.err.join('') }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bookgen-links-site-'))
  server = await startServer((request, response) => {
    const method = request.method
    switch (request.url) {
      case '/ok':
        return answer(response, 200)
      case '/moved':
        return answer(response, 301, { location: '/ok' })
      case '/not-found':
        return answer(response, 404)
      case '/gone':
        return answer(response, 410)
      case '/forbidden':
        return answer(response, 403)
      case '/busy':
        return answer(response, 429, { 'retry-after': '120' })
      case '/unavailable':
        return answer(response, 503)
      case '/no-head':
        return answer(response, method === 'HEAD' ? 405 : 200)
      case '/loop':
        return answer(response, 302, { location: '/loop' })
      case '/slow':
        return // never answers: the check's timeout ends it
      default:
        return answer(response, 500)
    }
  })
  url = (p) => server.url(p)
  const entry = (href: string, title: string, dated = true) =>
    `<DT><A HREF="${href}"${dated ? ` ADD_DATE="${ADDED}"` : ''} TAGS="web">${title}</A>`
  await writeFile(
    path.join(dir, 'bookmarks.html'),
    `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    ${entry(url('/ok'), 'Alive')}
    ${entry(url('/not-found'), 'Not found &lt;b&gt;here&lt;/b&gt;')}
    <DT><H3>Links</H3>
    <DL><p>
        ${entry(url('/gone'), 'Gone for good', false)}
        ${entry(url('/moved'), 'Moved')}
        ${entry(url('/forbidden'), 'Forbidden')}
        ${entry(url('/busy'), 'Busy')}
        <DT><H3>More</H3>
        <DL><p>
            ${entry(url('/unavailable'), 'Unavailable')}
            ${entry(url('/slow'), 'Slow')}
            ${entry(url('/no-head'), 'No HEAD')}
            ${entry(url('/loop'), 'Loop')}
            ${entry(NXDOMAIN, 'No such host')}
            <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
        </DL><p>
    </DL><p>
</DL><p>
`,
  )
})
afterAll(async () => {
  await closeServers()
  await rm(dir, { recursive: true, force: true })
})

const DEAD = () => [url('/not-found'), url('/gone'), NXDOMAIN]
const NOT_DEAD = () =>
  ['/ok', '/moved', '/forbidden', '/busy', '/unavailable', '/slow', '/no-head', '/loop'].map(url)

/** Every page of the built site that lists entries, by path. */
function pagesOf(site: string): Map<string, string> {
  const pages = new Map<string, string>()
  for (const file of readdirSync(site, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.html') && !file.startsWith('bookmarks'))
      pages.set(file, readFileSync(path.join(site, file), 'utf8'))
  }
  return pages
}

describe('bookgen check, then bookgen build', () => {
  let checkRequests = 0

  it('should check every published http(s) link and record 404, 410 and NXDOMAIN as the only dead ones', async () => {
    const { exit, out } = await cli('check', 'bookmarks.html')
    expect(exit).toBe(0)
    checkRequests = server.requests.length
    expect(checkRequests).toBeGreaterThan(0)
    expect(out).toContain('11 links: 2 alive, 1 redirected, 5 unknown, 3 dead')
    expect(out).toContain('Wrote bookmarks.links.json')
    const store = await readLinkStore(path.join(dir, 'bookmarks.links.json'))
    const dead = [...store.links].filter(([, entry]) => entry.state === 'dead').map(([link]) => link)
    expect(dead.sort()).toEqual(DEAD().sort())
    expect(store.links.get(NXDOMAIN)).toMatchObject({ state: 'dead', error: 'host-not-found' })
    expect(store.links.get(url('/moved'))).toMatchObject({ state: 'redirected', finalUrl: url('/ok') })
    for (const link of ['/forbidden', '/busy', '/unavailable', '/slow', '/loop'])
      expect(store.links.get(url(link))?.state, link).toBe('unknown')
    expect(store.links.has('javascript:alert(1)')).toBe(false)
  })

  it('should send no request at all on a second check the same day', async () => {
    const before = lookups
    const { exit, out } = await cli('check', 'bookmarks.html')
    expect(exit).toBe(0)
    expect(server.requests.length).toBe(checkRequests)
    expect(lookups).toBe(before)
    expect(out).toContain('Skipped 11 links checked within 7 d')
  })

  it('should exit 1 with --fail-on-dead (still sending nothing), and 2 for a bad --max-age', async () => {
    expect((await cli('check', 'bookmarks.html', '--fail-on-dead')).exit).toBe(1)
    expect(server.requests.length).toBe(checkRequests)
    const bad = await cli('check', 'bookmarks.html', '--max-age', 'soon')
    expect(bad.exit).toBe(2)
    expect(bad.err).toContain('[links/invalid-duration]')
  })

  it('should look at every dead link again, and only those, with --only-dead --max-age 0 (as README says)', async () => {
    const { exit } = await cli('check', 'bookmarks.html', '--only-dead', '--max-age', '0')
    expect(exit).toBe(0)
    const again = server.requests.slice(checkRequests).map((request) => request.path)
    expect(new Set(again)).toEqual(new Set(['/not-found', '/gone']))
    checkRequests = server.requests.length
    const store = await readLinkStore(path.join(dir, 'bookmarks.links.json'))
    const dead = [...store.links].filter(([, entry]) => entry.state === 'dead').map(([link]) => link)
    expect(dead.sort()).toEqual(DEAD().sort())
  })

  describe('the built site', () => {
    let site: string
    let pages: Map<string, string>

    beforeAll(async () => {
      site = path.join(dir, 'site')
      const { exit } = await cli('build', 'bookmarks.html', '--out', 'site', '--quiet')
      expect(exit).toBe(0)
      pages = pagesOf(site)
    })

    it('should let search find exactly the dead links with is:dead', () => {
      const meta = JSON.parse(readFileSync(path.join(site, 'assets', 'search', 'index.json'), 'utf8')) as {
        id: string
        flags: string[]
      }
      expect(meta.flags).toContain('dead')
      const flags = JSON.parse(
        readFileSync(path.join(site, 'assets', 'search', meta.id, 'flags.json'), 'utf8'),
      ) as {
        dead: number[]
      }
      expect(flags.dead).toHaveLength(DEAD().length)
    })

    it('should mark exactly the dead entries, each with one Wayback link dated from added', () => {
      const marked = new Map<string, string[]>()
      const seen = new Set<string>()
      for (const [file, html] of pages) {
        if (file.startsWith('links/')) continue
        for (const entry of page(html).all('.xfolkentry')) {
          const inside = within(entry)
          // One tagged link per entry, dead or not (a bookmarklet's is not a link).
          expect(inside.all('.taggedlink'), file).toHaveLength(1)
          const href = inside.attr('a.taggedlink', 'href')[0]
          if (href === undefined) continue
          seen.add(href)
          const archived = inside.attr('a.archived', 'href')
          const classes = (entry.attribs['class'] ?? '').split(' ')
          if (classes.includes('dead')) marked.set(href, archived)
          else expect(archived, `${file}: ${href}`).toEqual([])
        }
      }
      expect([...marked.keys()].sort()).toEqual(DEAD().sort())
      for (const link of NOT_DEAD()) expect(seen.has(link), link).toBe(true)
      expect(marked.get(url('/not-found'))).toEqual([
        `https://web.archive.org/web/20190102030405/${url('/not-found')}`,
      ])
      expect(marked.get(NXDOMAIN)).toEqual([`https://web.archive.org/web/20190102030405/${NXDOMAIN}`])
      // No date: the latest capture.
      expect(marked.get(url('/gone'))).toEqual([`https://web.archive.org/web/${url('/gone')}`])
    })

    it('should show the new address of a link that moved for good', () => {
      const folder = page(pages.get(path.join('links-2', 'index.html'))!)
      expect(folder.attr('.moved a', 'href')).toEqual([url('/ok')])
    })

    it('should list the dead links by folder on links/, with the date of the check, and the moved one', () => {
      const report = page(pages.get(path.join('links', 'index.html'))!)
      expect(report.text('h1')).toEqual(['Link health'])
      expect(report.attr('.folder-stats time', 'datetime')[0]).toMatch(/^\d{4}-\d\d-\d\dT/)
      expect(report.text('.folder-stats')[0]).toContain('11 links, 2 alive, 1 redirected, 5 unknown, 3 dead')
      expect(report.text('.link-folder h2 a')).toEqual(['Bookmarks', 'Links', 'Links › More'])
      expect(report.attr('.link-dead > a:first-child', 'href').sort()).toEqual(DEAD().sort())
      expect(report.attr('.link-dead a.archived', 'href')).toHaveLength(3)
      expect(report.attr('.link-moved > a:first-child', 'href')).toEqual([url('/moved')])
      // Titles are text, escaped.
      expect(pages.get(path.join('links', 'index.html'))).toContain('Not found &#x3C;b>here&#x3C;/b>')
    })

    it("should give the dead links' share of those checked on stats/, as links/ counts them", () => {
      const stats = page(pages.get(path.join('stats', 'index.html'))!)
      expect(stats.text('.stats-facts dt')).toContain('Dead links')
      expect(stats.text('.stats-facts dd')).toContain('3 (27.3%) of those checked')
    })

    it('should put links/ in the sitemap, link it from every page, and give a folder called Links another path', () => {
      const sitemap = readFileSync(path.join(site, 'sitemap.xml'), 'utf8')
      expect(sitemap).toContain('/links/</loc>')
      expect(sitemap).toContain('/links-2/</loc>')
      expect(page(pages.get('index.html')!).attr('.site-footer a', 'href')).toContain('/links/')
    })

    it('should pass html-validate on the report and on a page with dead entries', async () => {
      const validator = new HtmlValidate({ extends: ['html-validate:recommended'] })
      for (const file of [
        'index.html',
        path.join('links', 'index.html'),
        path.join('links-2', 'more', 'index.html'),
      ]) {
        const report = await validator.validateString(pages.get(file)!, file)
        expect(
          report.results.flatMap((result) => result.messages.map((m) => `${file}: ${m.ruleId} ${m.message}`)),
        ).toEqual([])
      }
    })

    it.skipIf(!hasChromium)(
      'should have no axe-core violations on the report and on pages with dead entries (light and dark)',
      async () => {
        const served = await startStaticServer({ root: site, base: '/' })
        const browser = await launchChromium()
        try {
          const problems: string[] = []
          for (const scheme of ['light', 'dark'] as const) {
            const context = await browser.newContext({ bypassCSP: true, colorScheme: scheme })
            for (const at of ['', 'links/', 'links-2/more/']) {
              const tab = await context.newPage()
              await tab.goto(`${served.url}${at}`)
              await tab.addScriptTag({ path: AXE })
              const result = (await tab.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
                violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>
              }
              for (const violation of result.violations)
                problems.push(
                  `${scheme} /${at}: ${violation.id} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
                )
              await tab.close()
            }
            await context.close()
          }
          expect(problems).toEqual([])
        } finally {
          await browser.close()
          await served.close()
        }
      },
      60_000,
    )

    it('should give the sitemap links/', async () => {
      const outDir = path.join(dir, 'sitemap')
      await build(resolveConfig({}, { sources: ['bookmarks.html'], outDir }, { cwd: dir }))
      expect(readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8')).toContain('/links/</loc>')
      expect(existsSync(path.join(outDir, 'links', 'index.html'))).toBe(true)
    })

    it('should not take the store for a source when a glob matches it', async () => {
      const { exit, err } = await cli('build', '*', '--out', 'glob', '--quiet')
      expect(err).toBe('')
      expect(exit).toBe(0)
      expect(existsSync(path.join(dir, 'glob', 'links', 'index.html'))).toBe(true)
    })

    it('should build no link report for a site without a store', async () => {
      const other = path.join(dir, 'plain')
      await writeFile(path.join(dir, 'plain.html'), `<DL><p><DT><A HREF="${url('/ok')}">Ok</A></DL><p>`)
      // plain.html sits beside bookmarks.links.json, so point the store elsewhere.
      await writeFile(
        path.join(dir, 'plain.config.mjs'),
        `export default { links: { store: 'none.links.json' } }\n`,
      )
      const { exit } = await cli(
        'build',
        'plain.html',
        '--out',
        'plain',
        '--quiet',
        '--config',
        'plain.config.mjs',
      )
      expect(exit).toBe(0)
      expect(existsSync(path.join(other, 'links', 'index.html'))).toBe(false)
      expect(readFileSync(path.join(other, 'sitemap.xml'), 'utf8')).not.toContain('/links/')
    })
  })
})

describe('bookgen init --links', () => {
  it('should write the weekly link check workflow beside the Pages workflow, placeholders filled', async () => {
    const repo = path.join(dir, 'repo')
    mkdirSync(repo)
    writeFileSync(path.join(repo, 'bookmarks.html'), '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p></DL>')
    // bookgen pinned from the registry, with its lockfile: init keeps both (and runs no npm).
    writeFileSync(
      path.join(repo, 'package.json'),
      JSON.stringify({ devDependencies: { bookgen: `^${VERSION}` } }),
    )
    writeFileSync(path.join(repo, 'package-lock.json'), '{}')
    const run = io()
    expect(await runCli(['init', '--links', 'bookmarks.html'], { ...run.io, cwd: repo })).toBe(0)
    expect(run.out.join('')).toContain('✓ wrote .github/workflows/links-check.yml')
    const flow = await readFile(path.join(repo, '.github', 'workflows', 'links-check.yml'), 'utf8')
    expect(flow).not.toContain('__')
    expect(flow).toContain('run: npm ci --no-audit --no-fund\n')
    expect(flow).toContain('run: npx --no-install bookgen check bookmarks.html\n')
    expect(flow).toContain('run: npx --no-install bookgen build bookmarks.html --site')
    expect(existsSync(path.join(repo, '.github', 'workflows', 'pages.yml'))).toBe(true)
    // Run again: the Pages workflow is kept, the link check is not replaced without --force.
    const again = io()
    expect(await runCli(['init', '--links'], { ...again.io, cwd: repo })).toBe(2)
    expect(again.err.join('')).toContain('.github/workflows/links-check.yml: already exists; use --force')
  })
})
