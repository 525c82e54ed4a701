/**
 * Property-based fuzzing (fast-check): valid Netscape and XBEL files are mutated — truncated,
 * bytes flipped, tags inserted, entities injected, spans deleted — and bookgen must either build a
 * safe site from the result or fail with a clean `file:line:col` error: never crash, never hang,
 * never emit an unsafe link.
 *
 * `npm test` runs a bounded number of cases; `npm run fuzz` runs many more (FUZZ_RUNS).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isBookgenError } from '../../src/model/errors.js'
import { resolveAliases } from '../../src/model/aliases.js'
import { planSite } from '../../src/build/plan.js'
import { parseSource } from '../../src/formats/index.js'
import { FIXTURES, siteInputFor } from '../helpers.js'
import { page } from '../html.js'

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150)

const SEEDS = {
  netscape: [
    'netscape/firefox.html',
    'netscape/chrome.html',
    'netscape/pinboard.html',
    'netscape/quirks.html',
    'netscape/aliases.html',
  ],
  xbel: ['xbel/plain.xbel', 'xbel/desktop.xbel', 'xbel/kde.xbel', 'xbel/floccus.xbel'],
}

const SNIPPETS = [
  '<DL><p>',
  '</DL><p>',
  '<DT><H3>',
  '</H3>',
  '<DT><A HREF="javascript:alert(1)">',
  '<A HREF=" jAvAsCrIpT:alert(1)">x</A>',
  '<DD>',
  '<HR>',
  '<script>',
  '</script>',
  '<title>',
  '<textarea>',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<!DOCTYPE x [<!ENTITY a "&a;&a;">]>',
  '<!ENTITY xxe SYSTEM "file:///etc/passwd">',
  '<folder>',
  '</folder>',
  '<bookmark href="javascript:alert(1)">',
  '<alias ref="x"/>',
  '<info><metadata owner="http://freedesktop.org"><bookmark:groups>',
  '<__proto__>',
  ' constructor="x" ',
  '"',
  "'",
  '<',
  '>',
  '&',
  '\u0000',
  '\u001b[2J',
  '\u2028',
  '\uFFFF',
  '\uD800',
]
const ENTITIES = [
  '&amp;',
  '&#0;',
  '&#x110000;',
  '&xxe;',
  '&nbsp;',
  '&#xD800;',
  '&lt;script&gt;',
  '&#106;avascript:',
  '&a;',
  '&#9999999999;',
]

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }

const position = fc.double({ min: 0, max: 1, noNaN: true })
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: position }),
  fc.record({ kind: fc.constant('flip' as const), at: position, byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: position,
    text: fc.constantFrom(...SNIPPETS, ...ENTITIES),
  }),
  fc.record({ kind: fc.constant('insert' as const), at: position, text: fc.string({ maxLength: 12 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 40 }) }),
)

function mutate(bytes: Uint8Array, mutations: Mutation[]): Uint8Array {
  let data = Buffer.from(bytes)
  for (const change of mutations) {
    const at = Math.floor(change.at * data.length)
    switch (change.kind) {
      case 'truncate':
        data = data.subarray(0, at)
        break
      case 'flip':
        if (data.length > 0) data[Math.min(at, data.length - 1)] = change.byte
        break
      case 'insert':
        data = Buffer.concat([data.subarray(0, at), Buffer.from(change.text, 'utf8'), data.subarray(at)])
        break
      case 'delete':
        data = Buffer.concat([data.subarray(0, at), data.subarray(at + change.length)])
        break
    }
  }
  return data
}

/**
 * A URL a page may hold: a link of a safe scheme, a path under the site, a fragment, or a folder
 * relative to the page (`./`, `../../`, `web/`: breadcrumbs, sub-folders, page links), whose
 * segments have no `:`, so none reads as a scheme.
 */
const SAFE_URL = /^(?:https?:|mailto:|ftp:|\/|#|(?:[^:/?#]+\/)+$)/i

/** Parse, and if that succeeds build the site in memory; assert the outcome is clean and safe. */
function checkCase(bytes: Uint8Array, file: string): void {
  let collection
  try {
    collection = parseSource(bytes, file)
  } catch (error) {
    if (!isBookgenError(error)) throw error
    expect(error.format()).toMatch(
      new RegExp(`^${file.replace('.', '\\.')}(:\\d+:\\d+)?: .+ \\[[a-z0-9-]+/[a-z0-9-]+\\]$`, 's'),
    )
    return
  }
  for (const warning of collection.warnings) {
    expect(warning.line).toBeGreaterThan(0)
    expect(warning.column).toBeGreaterThan(0)
  }
  const plan = planSite(
    siteInputFor(collection.root, {
      siteTitle: collection.title || 'Fuzz',
      aliasTargets: resolveAliases([collection]),
    }),
  )
  for (const output of plan.files) {
    expect(output.path).not.toMatch(/(^|\/)\.\.(\/|$)|^\//)
    if (typeof output.contents !== 'string') continue
    if (output.path.endsWith('.html')) {
      // Read the page as a browser would, and look at the real attributes and elements.
      const doc = page(output.contents)
      for (const url of [
        ...doc.attr('[href]', 'href'),
        ...doc.attr('[src]', 'src'),
        ...doc.attr('[action]', 'action'),
      ]) {
        expect(url).toMatch(SAFE_URL)
      }
      // The scripts' words are JSON data (`type="application/json"`), which no browser runs.
      for (const script of doc.all('script:not([type="application/json"])'))
        expect(['/assets/search.js', '/assets/theme.js', '/assets/site.js', '/assets/offline.js']).toContain(
          script.attribs['src'],
        )
      for (const data of doc.all('script[type="application/json"]'))
        expect(data.attribs['src']).toBeUndefined()
      for (const element of doc.all('*'))
        for (const name of Object.keys(element.attribs)) expect(name).not.toMatch(/^on/i)
    }
    expect(output.contents).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/)
  }
}

for (const [format, seeds] of Object.entries(SEEDS)) {
  describe(`fuzzing ${format} input`, () => {
    const originals = seeds.map((seed) => readFileSync(path.join(FIXTURES, seed)))
    it(
      `should build a safe site or fail cleanly on ${RUNS} mutated files`,
      { timeout: Math.max(60_000, RUNS * 200) },
      () => {
        fc.assert(
          fc.property(
            fc.nat({ max: originals.length - 1 }),
            fc.array(mutation, { minLength: 1, maxLength: 8 }),
            (seed, mutations) => {
              checkCase(mutate(originals[seed]!, mutations), `fuzz.${format === 'xbel' ? 'xbel' : 'html'}`)
            },
          ),
          { numRuns: RUNS },
        )
      },
    )
  })
}
