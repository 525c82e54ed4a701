/**
 * Paths that always fit: a tree 255 folders deep, each name 200 characters long, builds (it failed
 * with ENAMETOOLONG at depth 66 whatever the output folder) into a site whose every path below it
 * is at most `MAX_ROUTE_BYTES` (plus the page's file name) and every link of which leads to a file.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { build } from '../../src/build/index.js'
import { MAX_ROUTE_BYTES } from '../../src/pages/routes.js'
import { readTree } from '../helpers.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-paths-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** `depth` folders, one inside the other, each named by its depth and `length` characters long, each with a bookmark. */
function deepSource(depth: number, length: number): string {
  let text = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n'
  for (let level = 0; level < depth; level++) {
    const name = `${String(level).padStart(3, '0')} ${'x'.repeat(length - 4)}`
    text += `<DT><H3>${name}</H3>\n<DL><p>\n<DT><A HREF="https://e.example/${level}">b${level}</A>\n`
  }
  return `${text}${'</DL><p>\n'.repeat(depth)}</DL>\n`
}

describe('a tree deeper and longer than file systems allow', () => {
  it('should build with paths that fit and links that lead to its files, the same on every build', async () => {
    writeFileSync(path.join(dir, 'deep.html'), deepSource(255, 200))
    const config = (out: string) => resolveConfig({}, { sources: ['deep.html'], outDir: out }, { cwd: dir })
    const result = await build(config('out'))
    expect(result.stats.folders).toBeGreaterThanOrEqual(255)
    const site = readTree(path.join(dir, 'out'))
    const pages = [...site.keys()].filter((file) => file.endsWith('index.html'))
    expect(pages.length).toBeGreaterThanOrEqual(256)
    for (const page of pages) {
      const folder = page.slice(0, -'index.html'.length).replace(/page\/\d+\/$/, '')
      expect(Buffer.byteLength(folder), page).toBeLessThanOrEqual(MAX_ROUTE_BYTES)
      for (const part of page.split('/')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(255)
    }
    // Every link of every page leads to a file of the site.
    for (const page of pages) {
      const at = new URL(`http://site/${page}`)
      for (const [, href] of site.get(page)!.matchAll(/href="([^"#]*)"/g)) {
        const url = new URL(href!.replaceAll('&amp;', '&'), at)
        if (url.host !== 'site') continue
        const target = decodeURIComponent(url.pathname.slice(1))
        const file = target === '' || target.endsWith('/') ? `${target}index.html` : target
        expect(existsSync(path.join(dir, 'out', file)), `${page} → ${href}`).toBe(true)
      }
    }
    // The same paths and bytes again.
    await build(config('again'))
    expect(readTree(path.join(dir, 'again'))).toEqual(site)
  }, 120_000)
})
