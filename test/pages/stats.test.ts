/**
 * The stats page's numbers against `bookgen inspect FILE --json`: the bookmarks a site publishes
 * (not private, not `file:` or `place:`), the untagged ones, those added each year and the top
 * hosts, counted here from each file's JSON, summed over the files built together into one site.
 * On a fixture of our own, and on the shared corpus where it is present.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { runCli } from '../../src/cli/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { displayHost } from '../../src/render/host.js'
import { REPO_ROOT } from '../helpers.js'

const CORPUS = '/work/shared/corpus'

interface Counts {
  bookmarks: number
  untagged: number
  years: Map<string, number>
  hosts: Map<string, number>
}

interface JsonNode {
  type: string
  href?: string
  tags?: string[]
  added?: string
  private?: boolean
  children?: JsonNode[]
}

/** `inspect --json`'s tree of `file`, or undefined when bookgen does not read it. */
async function inspect(file: string): Promise<JsonNode | undefined> {
  let out = ''
  const code = await runCli(['inspect', file, '--json', '--no-history'], {
    cwd: REPO_ROOT,
    stdout: (text) => void (out += text),
    stderr: () => {},
  })
  return code === 0 ? (JSON.parse(out) as { root: JsonNode }).root : undefined
}

function count(root: JsonNode, into: Counts): void {
  const stack = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    stack.push(...(node.children ?? []))
    if (node.type !== 'bookmark' || node.private === true) continue
    if (/^\s*(file|place):/i.test(node.href ?? '')) continue
    into.bookmarks++
    if ((node.tags ?? []).length === 0) into.untagged++
    const year = node.added === undefined ? undefined : new Date(node.added).getUTCFullYear()
    if (year !== undefined && year >= 1 && year <= 9999)
      into.years.set(String(year), (into.years.get(String(year)) ?? 0) + 1)
    const host = displayHost(node.href)
    if (host !== undefined) into.hosts.set(host, (into.hosts.get(host) ?? 0) + 1)
  }
}

/** The numbers `stats/index.html` shows. */
function shown(html: string): { bookmarks: number; untagged: number; years: string[][]; hosts: string[][] } {
  const number = (text: string) => Number(text.replaceAll(',', ''))
  const fact = (term: string) => number(new RegExp(`<dt>${term}</dt><dd>([\\d,]+)`).exec(html)![1]!)
  const rows = (id: string) => {
    const section = new RegExp(`aria-labelledby="stats-${id}">(.*?)</section>`).exec(html)?.[1] ?? ''
    return [
      ...section.matchAll(/<tr><th scope="row">(?:<a [^>]*>)?([^<]*)(?:<\/a>)?<\/th><td>([\d,]+)<\/td>/g),
    ].map((match) => [match[1]!.replaceAll('&#x26;', '&'), String(number(match[2]!))])
  }
  return {
    bookmarks: fact('Bookmarks'),
    untagged: fact('Untagged'),
    years: rows('years'),
    hosts: rows('hosts'),
  }
}

/** Build `files` into one site and compare its stats page with their JSON. */
async function compare(files: string[]): Promise<number> {
  const counts: Counts = { bookmarks: 0, untagged: 0, years: new Map(), hosts: new Map() }
  const read: string[] = []
  for (const file of files) {
    const root = await inspect(file)
    if (root === undefined) continue
    read.push(file)
    count(root, counts)
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-stats-'))
  try {
    const outDir = path.join(dir, 'site')
    const config = resolveConfig(
      { offline: false },
      { sources: read, outDir, history: false, allowEmpty: true },
      { cwd: dir },
    )
    await build(config)
    const page = shown(readFileSync(path.join(outDir, 'stats/index.html'), 'utf8'))
    expect(page.bookmarks).toBe(counts.bookmarks)
    expect(page.untagged).toBe(counts.untagged)
    expect(page.years).toEqual(
      [...counts.years].sort(([a], [b]) => Number(a) - Number(b)).map(([year, n]) => [year, String(n)]),
    )
    const hosts = [...counts.hosts]
      .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 15)
    expect(page.hosts).toEqual(hosts.map(([host, n]) => [host, String(n)]))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return read.length
}

function filesBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => !/(^|\/)(MANIFEST\.tsv|README\.md)$/.test(file))
    .map((file) => path.join(folder, file))
    .filter((file) => !readdirSyncSafe(file))
    .sort()
}

function readdirSyncSafe(file: string): boolean {
  try {
    readdirSync(file)
    return true
  } catch {
    return false
  }
}

describe('the stats page against inspect --json', () => {
  it('should count the fixture as inspect does', async () => {
    expect(
      await compare([
        path.join(REPO_ROOT, 'test/fixtures/site-feeds/bookmarks.html'),
        path.join(REPO_ROOT, 'example/bookmarks.html'),
      ]),
    ).toBe(2)
  }, 120_000)

  for (const folder of ['netscape', 'xbel', 'formats']) {
    const where = path.join(CORPUS, folder)
    if (!existsSync(where))
      console.warn(`\n⚠️  SKIPPING the stats page on ${where}: the shared corpus is not here.\n`)
    it.skipIf(!existsSync(where))(
      `should count the corpus's ${folder} files as inspect does`,
      async () => {
        expect(await compare(filesBelow(where))).toBeGreaterThan(0)
      },
      300_000,
    )
  }
})
