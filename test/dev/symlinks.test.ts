/**
 * `bookgen dev` never writes (or removes) through a symbolic link planted inside its output
 * folder, whether at a page or at a folder on the way: a link is replaced, its target is left as it
 * was, and the site comes out right.
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/options.js'
import { startDev, type DevSession } from '../../src/dev/index.js'
import { build } from '../../src/build/index.js'
import { bookmarksFile, snapshot } from './helpers.js'

let dir: string
let outside: string
let session: DevSession | undefined

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-links-'))
  // Somewhere else on the disk, with files a link could lead a write or a removal to.
  outside = mkdtempSync(path.join(os.tmpdir(), 'bookgen-dev-outside-'))
  mkdirSync(path.join(outside, 'tags', 't'), { recursive: true })
  writeFileSync(path.join(outside, 'tags', 't', 'index.html'), 'not yours')
  mkdirSync(path.join(outside, 'folder'))
  writeFileSync(path.join(outside, 'folder', 'index.html'), 'not yours either')
  writeFileSync(path.join(outside, 'victim.html'), 'keep me')
  writeFileSync(path.join(outside, 'victim.css'), 'keep me too')
})
afterEach(async () => {
  await session?.close()
  session = undefined
  rmSync(dir, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

const site = (...parts: string[]) => path.join(dir, 'site', ...parts)
const source = () => path.join(dir, 'bookmarks.html')

/** Replace `relative` in the site with a link to `target`. */
function plant(relative: string, target: string): void {
  rmSync(site(relative), { recursive: true, force: true })
  symlinkSync(target, site(relative))
}

async function start(): Promise<DevSession> {
  session = await startDev({
    cwd: dir,
    inline: { sources: [source()], outDir: site() },
    port: 0,
    debounceMs: 10,
  })
  return session
}

describe('bookgen dev and symbolic links in its output folder', () => {
  it('should replace links planted at pages and folders during a session, writing nothing outside', async () => {
    writeFileSync(source(), bookmarksFile(['One']))
    const dev = await start()
    const before = snapshot(outside)
    plant('index.html', path.join(outside, 'victim.html'))
    plant('tags', path.join(outside, 'tags'))
    plant('folder', path.join(outside, 'folder'))
    // Every page changes (a new title), and the folder "Folder" goes: its page is removed.
    const next = dev.nextBuild()
    writeFileSync(
      source(),
      bookmarksFile(['Two'])
        .replace('<TITLE>Dev</TITLE>', '<TITLE>Moved</TITLE>')
        .replace('>Folder<', '>Other<'),
    )
    const result = await next
    expect(result.ok).toBe(true)
    expect(snapshot(outside)).toEqual(before)
    expect(lstatSync(site('index.html')).isFile()).toBe(true)
    expect(lstatSync(site('tags')).isDirectory()).toBe(true)
    expect(readFileSync(site('tags', 't', 'index.html'), 'utf8')).toContain('Two')
    expect(await (await fetch(dev.url)).text()).toContain('Moved')
    expect(await (await fetch(`${dev.url}other/`)).text()).toContain('Two')
  })

  it('should replace links planted in the site of an earlier build when it starts', async () => {
    writeFileSync(source(), bookmarksFile(['One']))
    await build(resolveConfig({}, { sources: [source()], outDir: site() }, { cwd: dir }))
    const before = snapshot(outside)
    plant('index.html', path.join(outside, 'victim.html'))
    plant('assets/style.css', path.join(outside, 'victim.css'))
    plant('tags', path.join(outside, 'tags'))
    writeFileSync(source(), bookmarksFile(['Two']).replace('<TITLE>Dev</TITLE>', '<TITLE>Moved</TITLE>'))
    const dev = await start()
    expect(dev.initial.ok).toBe(true)
    expect(snapshot(outside)).toEqual(before)
    for (const file of ['index.html', 'assets/style.css', 'tags/t/index.html'])
      expect(lstatSync(site(file)).isFile(), file).toBe(true)
    expect(readFileSync(site('tags', 't', 'index.html'), 'utf8')).toContain('Two')
  })
})
