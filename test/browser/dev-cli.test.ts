/**
 * The watch-mode scenario of the issue, through the real command: `bookgen dev FILE --port P
 * --out DIR` on a generated 10k-bookmark Netscape file; five successive edits each appear on the
 * server and in an open Chromium page without a reload; a truncated save leaves the last good
 * site served and the process alive; the fix recovers. (Latency is measured by `npm run bench`,
 * not asserted here.)
 */
import { BUILT } from '../cli/process.js'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers.js'
import { hasChromium, launchChromium } from './chromium.js'

describe.skipIf(!hasChromium || !BUILT)('bookgen dev on 10,000 bookmarks, in Chromium', () => {
  let dir: string
  let source: string
  let child: ChildProcess
  let output = ''
  let url: string
  let browser: Browser
  let page: Page
  let title: string
  let text: string

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev10k-'))
    source = path.join(dir, 'bookmarks.html')
    execFileSync(process.execPath, [
      path.join(REPO_ROOT, 'bench', 'gen.mjs'),
      '--format',
      'netscape',
      '--bookmarks',
      '10000',
      '--out',
      source,
    ])
    text = readFileSync(source, 'utf8')
    title = /<DT><A [^>]*>([^<]{3,})<\/A>/.exec(text)![1]!
    const port = 20000 + Math.floor(Math.random() * 20000)
    child = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'bin', 'bookgen.js'),
        'dev',
        source,
        '--port',
        String(port),
        '--out',
        path.join(dir, 'site'),
      ],
      { cwd: dir },
    )
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bookgen dev did not start:\n${output}`)), 60_000)
      const check = () => {
        const match = /bookgen dev: (http:\/\/\S+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(match[1]!)
        } else setTimeout(check, 50)
      }
      check()
    })
    browser = await launchChromium()
    page = await browser.newPage()
    // Open the folder page that shows the first bookmark.
    const folderPage = await findPage(url, title)
    await page.goto(folderPage)
    await page.waitForFunction(() => Boolean(window.EventSource))
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    child?.kill('SIGINT')
    await new Promise((resolve) => child?.once('exit', resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  it('should show five successive edits on the server and in the open page without a reload', async () => {
    let current = title
    for (let i = 1; i <= 5; i++) {
      const next = `${title} edit ${i}`
      text = text.replace(`>${current}</A>`, `>${next}</A>`)
      writeFileSync(source, text)
      await page.waitForFunction(
        (expected) => document.body?.textContent?.includes(expected) === true,
        next,
        {
          timeout: 20_000,
        },
      )
      expect(await (await fetch(page.url())).text()).toContain(next)
      current = next
    }
    expect(output).toMatch(/✓ rebuilt in \d+ ms/)
  }, 120_000)

  it('should keep serving the last good site through a truncated save, stay alive, and recover', async () => {
    writeFileSync(source, text.slice(0, Math.floor(text.length / 2)))
    await page.locator('#bookgen-error').waitFor({ timeout: 20_000 })
    expect(await (await fetch(page.url())).text()).toContain(`${title} edit 5`)
    expect(child.exitCode).toBeNull()
    writeFileSync(source, text.replace(`>${title} edit 5</A>`, `>${title} fixed</A>`))
    await page.waitForFunction(
      (expected) => document.body?.textContent?.includes(expected) === true,
      `${title} fixed`,
      { timeout: 20_000 },
    )
    expect(await page.locator('#bookgen-error').count()).toBe(0)
  }, 120_000)
})

async function findPage(start: string, title: string): Promise<string> {
  const queue = [start]
  const seen = new Set<string>()
  while (queue.length > 0) {
    const next = queue.shift()!
    if (seen.has(next)) continue
    seen.add(next)
    const body = await (await fetch(next)).text()
    if (body.includes(`>${title}</a>`)) return next
    for (const match of body.matchAll(/class="folder-link" href="([^"]+)"/g))
      queue.push(new URL(match[1]!, next).href)
  }
  throw new Error(`no page shows ${title}`)
}
