/**
 * The fast serializer writes exactly what rehype-stringify writes: every tree bookgen serializes
 * while building sites from the example, hostile and fixture files is serialized both ways.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Element, Root } from 'hast'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { fastToHtml, fastToSegments } from '../../src/render/fast-html.js'
import type * as Serialize from '../../src/render/serialize.js'
import { REPO_ROOT } from '../helpers.js'

const compared: Array<{ fast: string | undefined; reference: string }> = []
let pages = 0

vi.mock('../../src/render/serialize.js', async (importOriginal) => {
  const original = await importOriginal<typeof Serialize>()
  const serializeHast = (tree: Root | Element): string => {
    const reference = original.serializeHastReference(tree)
    compared.push({ fast: fastToHtml(tree), reference })
    return reference
  }
  const decoder = new TextDecoder()
  return {
    ...original,
    serializeHast,
    // Pages: their segments, joined, against the reference (which reads the byte nodes' text).
    serializeHastSegments: (tree: Root) => {
      const reference = original.serializeHastReference(tree)
      const segments = fastToSegments(tree)
      compared.push({
        fast: segments
          ?.map((segment) => (typeof segment === 'string' ? segment : decoder.decode(segment)))
          .join(''),
        reference,
      })
      pages++
      return [reference]
    },
    serializeFragment: (element: Element) => ({ html: serializeHast(element) }),
    serializeFragments: (elements: Element[]) => ({
      html: serializeHast({ type: 'root', children: elements }),
    }),
  }
})

const { resolveConfig } = await import('../../src/config/options.js')
const { build } = await import('../../src/build/index.js')

const HOSTILE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Pwn &lt;script&gt; "quotes" 'single' \`tick\`</TITLE>
<DL><p>
<DT><H3>A &amp; B "C" 'D' \`E\`</H3>
<DL><p>
  <DT><A HREF="javascript:alert('x')">bookmarklet "q" 'a' &amp; &lt;b&gt;</A>
  <DT><A HREF="https://ok.example/?a=1&amp;b='2'&amp;c=&quot;3&quot;&amp;d=\`4\`" TAGS="a&amp;b,&quot;q&quot;,'s',\`t\`,&lt;x&gt;" ADD_DATE="1600000000" ICON="data:image/png;base64,iVBORw0KGgo=">link</A>
  <DD>&lt;img src=x onerror=alert(10)&gt; &amp;amp; <b>markup</b> "quotes" 'single' \`tick\`
  <DT><A HREF="https://ok.example/2" SHORTCUTURL="k&quot;w">Ümlaut ☃ 𝌆 \u2028</A>
  <HR>
  <DT><A HREF="https://ok.example/3" ALIASID="1">alias target</A>
  <DT><A ALIASOF="1">alias</A>
</DL><p>
</DL><p>
`

describe('fast HTML serializer', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-fast-html-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('should write exactly what rehype-stringify writes, for every page and entry of real sites', async () => {
    writeFileSync(path.join(dir, 'hostile.html'), HOSTILE)
    const fixtures = readdirSync(path.join(REPO_ROOT, 'test/fixtures/netscape')).map((name) =>
      path.join(REPO_ROOT, 'test/fixtures/netscape', name),
    )
    const sources = [
      [path.join(REPO_ROOT, 'example/bookmarks.html'), path.join(REPO_ROOT, 'example/reading-list.xbel')],
      [path.join(dir, 'hostile.html')],
      ...fixtures.filter((file) => !file.endsWith('broken.html')).map((file) => [file]),
    ]
    for (const [index, list] of sources.entries()) {
      const config = resolveConfig(
        { title: 'T & "q" <x>', description: "d 'x' `y`" },
        { sources: list, outDir: path.join(dir, `out${index}`), base: "/a'b/" },
        { cwd: dir },
      )
      await build(config)
    }
    expect(compared.length).toBeGreaterThan(300)
    expect(pages).toBeGreaterThan(100)
    const handled = compared.filter((entry) => entry.fast !== undefined)
    // Everything bookgen builds is in the fast path's subset but the stats page, for its inline
    // SVG (one page a site: the reference writes it)…
    const charts = compared.filter((entry) => entry.reference.includes('<h1>Statistics</h1>'))
    expect(charts.every((entry) => entry.fast === undefined)).toBe(true)
    // …and the scripts' words, a `<script>` with text (serialized once a site, and once a search page)…
    const words = compared.filter((entry) => entry.reference.startsWith('<script type="application/json"'))
    expect(words.every((entry) => entry.fast === undefined)).toBe(true)
    expect(handled.length).toBe(compared.length - charts.length - words.length)
    // …and comes out byte for byte the same.
    for (const { fast, reference } of handled) expect(fast).toBe(reference)
  })
})
