/**
 * Hostile input end to end: a Netscape file and an XBEL file full of injection attempts are built
 * into a site, and every output file is checked — no script but bookgen's own, no event handler
 * attributes, no link with an unsafe scheme, no control characters, no file outside the output
 * folder, and file names from the safe slug alphabet only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { build } from '../../src/build/index.js'
import { page } from '../html.js'
import { createRepo } from '../history/git-repo.js'

const HOSTILE_NETSCAPE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Pwn &lt;script&gt;alert(1)&lt;/script&gt;</TITLE>
<DL><p>
<DT><H3>../../etc</H3>
<DL><p>
  <DT><A HREF="javascript:alert(1)">plain bookmarklet</A>
  <DT><A HREF=" JaVaScRiPt:alert(2)">case and space</A>
  <DT><A HREF="java&#x09;script:alert(3)">entity tab</A>
  <DT><A HREF="&#106;avascript:alert(4)">entity letter</A>
  <DT><A HREF="javascript&colon;alert(5)">named colon</A>
  <DT><A HREF="data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==">data url</A>
  <DT><A HREF="vbscript:msgbox(7)">vbscript</A>
  <DT><A HREF="https://ok.example/&quot;&gt;&lt;script&gt;alert(8)&lt;/script&gt;">quote breakout</A>
  <DT><A HREF="https://ok.example/" TAGS="&quot;&gt;&lt;script&gt;alert(9)&lt;/script&gt;,x&#x1b;[31mred">tags</A>
  <DD>&lt;img src=x onerror=alert(10)&gt; and <b onmouseover="alert(11)">markup</b> and &lt;/script&gt;
  <DT><A HREF="https://ok.example/2">&lt;/script&gt;&lt;script&gt;alert(12)&lt;/script&gt;\u2028\u2029 title</A>
</DL><p>
<DT><H3>CON</H3>
<DL><p><DT><A HREF="https://ok.example/3">in CON</A></DL><p>
<DT><H3>&lt;img src=x onerror=alert(13)&gt;</H3>
<DL><p><DT><A HREF="https://ok.example/4" ICON="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMTQpPjwvc3ZnPg==">svg icon</A></DL><p>
<DT><A HREF="https://ok.example/5">NUL\u0000 BEL\u0007 ESC\u001b[2J DEL\u007f</A>
</DL><p>
`

const HOSTILE_XBEL = `<?xml version="1.0"?>
<!DOCTYPE xbel [<!ENTITY xss "<script>alert(15)</script>">]>
<xbel version="1.0"><title>&xss; &lt;b&gt;</title>
  <folder><title>__proto__</title>
    <bookmark href="javascript:alert(16)"><title>xbel bookmarklet</title></bookmark>
    <bookmark href="https://ok.example/6"><title>&lt;svg onload=alert(17)&gt;</title><desc>&#x3C;script&#x3E;alert(18)&#x3C;/script&#x3E;</desc></bookmark>
  </folder>
</xbel>
`

// A link of a safe scheme, a path under the site, a fragment, or a folder relative to the page
// (`./`, `../../`, `web/`: breadcrumbs, sub-folders, page links) whose segments have no `:`.
const SAFE_SCHEMES = /^(https?:|mailto:|ftp:|\/|#|([^:/?#]+\/)+$)/i

let dir: string
let out: string
const files: string[] = []

function listFiles(root: string, prefix = ''): string[] {
  return readdirSync(root).flatMap((name) => {
    const full = path.join(root, name)
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`]
  })
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-security-'))
  writeFileSync(path.join(dir, 'hostile.html'), HOSTILE_NETSCAPE)
  writeFileSync(path.join(dir, 'hostile.xbel'), HOSTILE_XBEL)
  out = path.join(dir, 'out')
  await build(
    resolveConfig(
      {},
      { sources: ['hostile.html', 'hostile.xbel'], outDir: 'out', base: '/b/' },
      { cwd: dir },
    ),
  )
  files.push(...listFiles(out))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a site built from hostile files', () => {
  /** Site pages; `bookmarks.html` is the Netscape export, checked on its own below. */
  const pages = () => files.filter((name) => name.endsWith('.html') && name !== 'bookmarks.html')

  it('should contain no script but bookgen’s own files, and no event handler attributes', () => {
    for (const file of pages()) {
      const doc = page(readFileSync(path.join(out, file), 'utf8'))
      for (const script of doc.all('script')) {
        // The scripts' words (see ui-text.js): data the browser never runs, parsed as JSON.
        if (script.attribs['type'] === 'application/json') {
          expect(script.attribs['src'], file).toBeUndefined()
          const text = script.children.map((child) => ('data' in child ? child.data : '')).join('')
          expect(typeof JSON.parse(text), file).toBe('object')
          continue
        }
        expect(
          ['/b/assets/search.js', '/b/assets/theme.js', '/b/assets/site.js', '/b/assets/offline.js'],
          file,
        ).toContain(script.attribs['src'])
        expect(script.children, file).toEqual([])
      }
      for (const element of doc.all('*')) {
        for (const name of Object.keys(element.attribs))
          expect(name.startsWith('on'), `${file}: ${name}`).toBe(false)
      }
    }
  })

  it('should make no unsafe URL a link or a source', () => {
    let links = 0
    for (const file of pages()) {
      const doc = page(readFileSync(path.join(out, file), 'utf8'))
      for (const url of [
        ...doc.attr('[href]', 'href'),
        ...doc.attr('[src]', 'src'),
        ...doc.attr('[action]', 'action'),
      ]) {
        links++
        expect(url, file).toMatch(SAFE_SCHEMES)
      }
    }
    expect(links).toBeGreaterThan(50)
  })

  it('should show bookmarklets and other unsafe URLs as inert text', () => {
    const folder = files.find(
      (file) => /^hostile-html\/etc\/index\.html$/.test(file) || file.endsWith('/etc/index.html'),
    )!
    const doc = page(readFileSync(path.join(out, folder), 'utf8'))
    expect(doc.text('.bookmarklet code')).toContain('javascript:alert(1)')
    expect(doc.all('.xfolkentry')).toHaveLength(10)
    for (const entry of doc.all('.xfolkentry')) expect(entry.children.length).toBeGreaterThan(0)
  })

  it('should keep markup from descriptions and titles as text', () => {
    const html = files
      .filter((name) => name.endsWith('.html'))
      .map((name) => readFileSync(path.join(out, name), 'utf8'))
      .join('\n')
      // A meta description is an attribute value: `<` there is text (html-validate and the DOM agree).
      .replace(/<meta name="description" content="[^"]*">/g, '')
    expect(html).not.toMatch(/<img src=x/i)
    // The stats page's own charts are the only SVG.
    expect(html.replace(/<svg (class="stats-chart"|aria-hidden="true")/g, '')).not.toMatch(/<svg/i)
    expect(html).not.toMatch(/<b onmouseover/i)
    expect(html).toContain('&#x3C;img src=x onerror=alert(10)>')
  })

  it('should export no bookmarklet or other unsafe URL, under a policy that runs no script', () => {
    const doc = page(readFileSync(path.join(out, 'bookmarks.html'), 'utf8'))
    expect(doc.attr('meta[http-equiv=Content-Security-Policy]', 'content')[0]).toContain("script-src 'none'")
    expect(doc.all('script')).toHaveLength(0)
    for (const element of doc.all('*')) {
      for (const name of Object.keys(element.attribs)) expect(name.startsWith('on'), name).toBe(false)
    }
    const hrefs = doc.attr('a', 'href')
    expect(hrefs.length).toBeGreaterThan(5)
    for (const href of hrefs) expect(href).toMatch(SAFE_SCHEMES)
  })

  it('should escape <, U+2028 and U+2029 in the search index JSON', () => {
    const parts = files.filter((file) => file.startsWith('assets/search/'))
    expect(parts.length).toBeGreaterThanOrEqual(3)
    for (const file of parts) {
      const json = readFileSync(path.join(out, file), 'utf8')
      expect(json, file).not.toMatch(/[<\u2028\u2029]/)
      expect(JSON.parse(json)).toBeTruthy()
    }
  })

  it('should write no control characters into any file', () => {
    for (const file of files) {
      const bytes = readFileSync(path.join(out, file))
      if (file.endsWith('.png') || file.endsWith('.gif') || file.endsWith('.ico')) continue
      expect(bytes.toString('utf8'), file).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/)
    }
  })

  it('should name every output file from the safe slug alphabet, inside the output folder', () => {
    for (const file of files) {
      expect(file, file).toMatch(/^[\p{L}\p{N}._/-]+$/u)
      expect(file.split('/')).not.toContain('..')
    }
    expect(files.some((file) => file.endsWith('/con-page/index.html'))).toBe(true)
    expect(readdirSync(dir).sort()).toEqual(['hostile.html', 'hostile.xbel', 'out'])
  })

  it('should never store an SVG favicon (it could script when opened)', () => {
    expect(files.filter((file) => file.startsWith('assets/icons/'))).toEqual([])
  })
})

describe('the terminal', () => {
  it('should never receive control characters from a source', async () => {
    let stderr = ''
    let stdout = ''
    const code = await runCli(['inspect', 'hostile.html'], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      cwd: dir,
    })
    expect(code).toBe(0)
    expect(stdout + stderr).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/)
    expect(stdout).toContain('ESC\\x1b[2J')
  })
})

describe('the published exports', () => {
  const handlers = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
  <DT><A HREF="https://ok.example/" ONCLICK="alert(19)" FORMACTION="javascript:alert(20)">handlers</A>
</DL><p>
`
  const cli = async (args: string[]) => {
    let stdout = ''
    const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: () => {}, cwd: dir })
    return { code, stdout }
  }

  it('should carry no event handler, and the summary should say how many were left out', async () => {
    writeFileSync(path.join(dir, 'handlers.html'), handlers)
    const built = await cli(['build', 'handlers.html', '--out', 'handlers-out'])
    expect(built.code).toBe(0)
    expect(built.stdout).toContain(
      'held back: 2 event handlers or scripts left out of the exports (bookmarks.html, bookmarks.xbel)',
    )
    for (const file of ['bookmarks.html', 'bookmarks.xbel']) {
      expect(readFileSync(path.join(dir, 'handlers-out', file), 'utf8'), file).not.toMatch(
        /alert|onclick|formaction/i,
      )
    }
  })

  it('should leave them in the user’s own conversion', async () => {
    writeFileSync(path.join(dir, 'handlers.html'), handlers)
    const converted = await cli(['convert', 'handlers.html', '--to', 'netscape'])
    expect(converted.stdout).toContain('ONCLICK="alert(19)"')
  })

  // What the Netscape format and XBEL define, by element (HTML names have no case).
  const NETSCAPE_ATTRIBUTES: Record<string, string[]> = {
    a: [
      'href',
      'add_date',
      'last_visit',
      'last_modified',
      'icon',
      'icon_uri',
      'shortcuturl',
      'post_data',
      'last_charset',
      'feed',
      'feedurl',
      'webslice',
      'islivepreview',
      'previewsize',
      'tags',
      'private',
      'toread',
      'aliasid',
      'aliasof',
    ],
    h3: [
      'add_date',
      'last_modified',
      'folded',
      'personal_toolbar_folder',
      'unfiled_bookmarks_folder',
      'aliasid',
      'icon',
      'icon_uri',
    ],
    h1: ['add_date', 'last_modified', 'aliasid'],
    meta: ['http-equiv', 'content'],
  }
  const XBEL_ATTRIBUTES: Record<string, string[]> = {
    xbel: ['version', 'id', 'added', 'xmlns:bookmark', 'xmlns:mime', 'xmlns:bookgen'],
    folder: ['id', 'added', 'folded', 'toolbar', 'icon'],
    bookmark: ['href', 'id', 'added', 'modified', 'visited', 'icon'],
    alias: ['ref'],
    metadata: ['owner'],
  }
  const unsafe = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
  <DT><H3 TARGET="_top" ICON_URI="javascript:alert(20)">F</H3>
  <DL><p>
    <DT><A HREF="javascript:alert(21)">bookmarklet</A>
    <DT><A HREF="vbscript:msgbox(22)">vbscript</A>
    <DT><A HREF="data:text/html;base64,PHNjcmlwdD5hbGVydCgyMyk8L3NjcmlwdD4=">data</A>
    <DT><A HREF="https://ok.example/a" ADD_DATE="1700000000" TAGS="t" TARGET="_blank" REL="opener" DOWNLOAD="evil.exe" CONTENTEDITABLE AUTOFOCUS POPOVERTARGET="p" __proto__="x" FEEDURL="javascript:alert(24)">fields</A>
  </DL><p>
</DL><p>
`
  const unsafeXbel = `<?xml version="1.0"?>
<xbel version="1.0" target="_self"><title>X</title>
  <bookmark href="javascript:alert(25)"><title>xbel bookmarklet</title></bookmark>
  <bookmark href="https://ok.example/b" download="evil.exe" rel="opener"><title>B</title></bookmark>
</xbel>
`

  it('should carry only safe URLs and the attributes each format defines, and say how many bookmarks were left out', async () => {
    writeFileSync(path.join(dir, 'unsafe.html'), unsafe)
    writeFileSync(path.join(dir, 'unsafe.xbel'), unsafeXbel)
    for (const source of ['unsafe.html', 'unsafe.xbel']) {
      const built = await cli(['build', source, '--out', 'unsafe-out'])
      expect(built.code).toBe(0)
      const left = source.endsWith('.html') ? '3 bookmarks' : '1 bookmark'
      expect(built.stdout).toContain(
        `${left} whose URL cannot be a link (javascript:, data:, …) left out of the exports`,
      )
      const html = readFileSync(path.join(dir, 'unsafe-out', 'bookmarks.html'), 'utf8')
      const doc = page(html)
      for (const element of doc.all('a, h3, h1, meta')) {
        for (const name of Object.keys(element.attribs))
          expect(NETSCAPE_ATTRIBUTES[element.name], `${source}: <${element.name} ${name}>`).toContain(name)
      }
      for (const href of doc.attr('a', 'href')) expect(href).toMatch(SAFE_SCHEMES)
      expect(doc.attr('a', 'href')).toContain(
        source.endsWith('.html') ? 'https://ok.example/a' : 'https://ok.example/b',
      )
      const xbel = readFileSync(path.join(dir, 'unsafe-out', 'bookmarks.xbel'), 'utf8')
      for (const [, name, attributes] of xbel.matchAll(/<([\w:]+)((?:\s+[^\s=>]+="[^"]*")*)\s*\/?>/g)) {
        for (const [, attribute, value] of attributes!.matchAll(/([^\s=]+)="([^"]*)"/g)) {
          expect(XBEL_ATTRIBUTES[name!] ?? [], `${source}: <${name} ${attribute}>`).toContain(attribute)
          if (attribute === 'href') expect(value).toMatch(SAFE_SCHEMES)
        }
      }
      expect(html + xbel).not.toMatch(/alert|msgbox|evil\.exe|opener|_blank|_top|_self|popovertarget/i)
    }
  })

  it('should keep unsafe URLs and every attribute in the user’s own conversion', async () => {
    writeFileSync(path.join(dir, 'unsafe.html'), unsafe)
    const converted = await cli(['convert', 'unsafe.html', '--to', 'netscape'])
    for (const kept of [
      'HREF="javascript:alert(21)"',
      'HREF="vbscript:msgbox(22)"',
      'DOWNLOAD="evil.exe"',
      'REL="opener"',
    ])
      expect(converted.stdout).toContain(kept)
  })
})

describe('passwords in bookmarked URLs', () => {
  const withPasswords = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
  <DT><A HREF="https://alice:hunter2@intranet.example/wiki" ADD_DATE="1700000000" TAGS="work">Wiki</A>
  <DT><A HREF="ftp://bob:swordfish@files.example/pub/" ADD_DATE="1700000001" FEEDURL="https://carol:letmein@feeds.example/rss">Files</A>
  <DT><A HREF="https://medium.example/@someone/post" ADD_DATE="1700000002">Not a password</A>
</DL><p>
`
  const cli = async (args: string[]) => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(args, {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      cwd: dir,
    })
    return { code, stdout, stderr }
  }

  it('should reach no published file (pages, feed, search index, exports, sitemap), with one warning naming how many', async () => {
    writeFileSync(path.join(dir, 'passwords.html'), withPasswords)
    const built = await cli([
      'build',
      'passwords.html',
      '--out',
      'passwords-out',
      '--site',
      'https://me.example/',
    ])
    expect(built.code).toBe(0)
    const output = built.stdout + built.stderr
    expect(output.match(/user name or password/g)).toHaveLength(1)
    expect(output).toContain('2 bookmark URLs had a user name or password: published without it')
    expect(output).not.toMatch(/hunter2|swordfish|letmein/)
    const out = path.join(dir, 'passwords-out')
    const published = listFiles(out)
    for (const kind of [
      /\/index\.html$/,
      /^feed\.xml$/,
      /^assets\/search\//,
      /^bookmarks\.html$/,
      /^bookmarks\.xbel$/,
      /^sitemap\.xml$/,
    ])
      expect(
        published.some((file) => kind.test(file)),
        String(kind),
      ).toBe(true)
    for (const file of published) {
      const text = readFileSync(path.join(out, file)).toString('latin1')
      expect(text, file).not.toMatch(/hunter2|swordfish|letmein|alice|bob:|carol/)
    }
    // The links themselves are published, without their credentials.
    const read = (file: string) => readFileSync(path.join(out, file), 'utf8')
    for (const file of ['index.html', 'feed.xml', 'bookmarks.html', 'bookmarks.xbel'])
      expect(read(file), file).toContain('https://intranet.example/wiki')
    const search = published.filter((file) => file.startsWith('assets/search/'))
    expect(search.map(read).join('\n')).toContain('intranet.example/wiki')
    expect(readFileSync(path.join(out, 'bookmarks.html'), 'utf8')).toContain(
      'FEEDURL="https://feeds.example/rss"',
    )
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain(
      'https://medium.example/@someone/post',
    )
  })

  it('should reach neither the changes pages, their feed nor the history cache, made from the source’s Git history', async () => {
    const repo = createRepo()
    try {
      repo.commit({ 'bookmarks.html': withPasswords }, '2026-01-01T08:00:00Z', 'export')
      const without = withPasswords.replace(/ *<DT><A HREF="https:\/\/alice[^\n]*\n/, '')
      repo.commit({ 'bookmarks.html': without }, '2026-01-02T08:00:00Z', 'remove the wiki')
      let stdout = ''
      const code = await runCli(['build', 'bookmarks.html', '--out', 'out'], {
        stdout: (text) => (stdout += text),
        stderr: () => {},
        cwd: repo.dir,
      })
      expect(code, stdout).toBe(0)
      for (const file of ['changes/index.html', 'changes.xml']) {
        const text = readFileSync(path.join(repo.dir, 'out', file), 'utf8')
        expect(text, file).toContain('https://intranet.example/wiki')
        expect(text, file).not.toMatch(/hunter2|alice/)
      }
      const caches = readdirSync(path.join(repo.dir, 'out', '.bookgen-history'))
      expect(caches.length).toBeGreaterThan(0)
      for (const file of caches) {
        const text = readFileSync(path.join(repo.dir, 'out', '.bookgen-history', file), 'utf8')
        expect(text, file).toContain('intranet.example/wiki')
        expect(text, file).not.toMatch(/hunter2|alice/)
      }
    } finally {
      repo.remove()
    }
  })

  it('should keep them in the user’s own conversion', async () => {
    writeFileSync(path.join(dir, 'passwords.html'), withPasswords)
    const converted = await cli(['convert', 'passwords.html', '--to', 'netscape'])
    expect(converted.stdout).toContain('HREF="https://alice:hunter2@intranet.example/wiki"')
  })
})
