import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createStaging,
  discardStaging,
  MARKER_FILE,
  StagingWriter,
  writeSite,
  writeStaged,
  type WritableSite,
  type WriteResult,
} from '../../src/site/write.js'

let tmp: string
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'bookgen-write-'))
})
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true })
})

const plan = (files: Record<string, string>): WritableSite => ({
  files: Object.entries(files).map(([filePath, contents]) => ({ path: filePath, contents })),
  assets: [{ path: 'assets/style.css', source: 'default/style.css' }],
})
const options = (outDir: string) => ({ outDir, protectedDirs: [path.join(tmp, 'project')], sources: [] })

describe('writeSite', () => {
  it('should write every file, the theme assets and a marker', async () => {
    const out = path.join(tmp, 'out')
    const result = await writeSite(plan({ 'index.html': 'home', 'a/b/index.html': 'deep' }), options(out))
    expect(readFileSync(path.join(out, 'a/b/index.html'), 'utf8')).toBe('deep')
    expect(existsSync(path.join(out, 'assets/style.css'))).toBe(true)
    expect(readFileSync(path.join(out, MARKER_FILE), 'utf8')).toContain('"generator":"bookgen"')
    expect(result.files).toBe(4)
  })

  it('should wait for the files written alongside (a worker thread, into the same staging folder) and count them', async () => {
    const out = path.join(tmp, 'out')
    const staging = await createStaging(options(out))
    const alongside = new Promise<WriteResult>((resolve) =>
      setTimeout(() => {
        // Another writer into the same staging folder; `assets/` exists already (made for the theme files).
        const writer = new StagingWriter(staging.dir)
        writer.write({ path: 'feed.xml', contents: '<feed/>' })
        writer.write({ path: 'assets/search/x/t0.json', contents: new TextEncoder().encode('[1]') })
        resolve(writer.written)
      }, 20),
    )
    const result = await writeStaged(staging, { ...plan({ 'index.html': 'home' }), alongside })
    expect(readFileSync(path.join(out, 'feed.xml'), 'utf8')).toBe('<feed/>')
    expect(readFileSync(path.join(out, 'assets/search/x/t0.json'), 'utf8')).toBe('[1]')
    expect(result.files).toBe(5)
    expect(result.bytes).toBe(4 + 7 + 3 + readFileSync(path.join(out, 'assets/style.css')).byteLength + readFileSync(path.join(out, MARKER_FILE)).byteLength)
    expect(readFileSync(path.join(out, MARKER_FILE), 'utf8')).toContain('"files":5')
  })

  it('should write a file given as segments (text and UTF-8 chunks), in order, however many', async () => {
    const staging = await createStaging(options(path.join(tmp, 'out')))
    const writer = new StagingWriter(staging.dir)
    const encoder = new TextEncoder()
    const segments = Array.from({ length: 1500 }, (_, index) => (index % 2 === 0 ? `<p>${index} é</p>` : encoder.encode(`<i>${index} 🚀</i>`)))
    writer.write({ path: 'many/index.html', contents: '', segments })
    const expected = segments.map((segment) => (typeof segment === 'string' ? segment : new TextDecoder().decode(segment))).join('')
    expect(readFileSync(path.join(staging.dir, 'many/index.html'), 'utf8')).toBe(expected)
    expect(writer.written).toEqual({ files: 1, bytes: Buffer.byteLength(expected) })
    await discardStaging(staging)
  })

  it('should stop the writer alongside when this side fails, and remove the staging folder once it has stopped', async () => {
    const out = path.join(tmp, 'out')
    const staging = await createStaging(options(out))
    let stop: () => void = () => {}
    // A writer alongside that would go on for ever unless stopped.
    const alongside = new Promise<WriteResult>((_resolve, reject) => (stop = () => reject(new Error('stopped'))))
    const failing: WritableSite = {
      files: {
        *[Symbol.iterator]() {
          yield { path: 'index.html', contents: 'home' }
          throw new Error('render crashed')
        },
      },
      assets: [],
      alongside,
      stopAlongside: () => stop(),
    }
    await expect(writeStaged(staging, failing)).rejects.toThrow(/render crashed/)
    expect(readdirSync(tmp)).toEqual([])
  })

  it('should refuse a path outside the staging folder from a writer alongside', async () => {
    const staging = await createStaging(options(path.join(tmp, 'out')))
    const writer = new StagingWriter(staging.dir)
    expect(() => writer.write({ path: '../escape.html', contents: 'x' })).toThrow(/outside the output folder/)
    await discardStaging(staging)
    expect(readdirSync(tmp)).toEqual([])
  })

  it('should replace a previous build completely, leaving no stale files or staging folders', async () => {
    const out = path.join(tmp, 'out')
    await writeSite(plan({ 'index.html': 'one', 'old/index.html': 'stale' }), options(out))
    await writeSite(plan({ 'index.html': 'two' }), options(out))
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('two')
    expect(existsSync(path.join(out, 'old'))).toBe(false)
    expect(readdirSync(tmp)).toEqual(['out'])
  })

  it('should leave the previous site untouched when a build fails part-way', async () => {
    const out = path.join(tmp, 'out')
    await writeSite(plan({ 'index.html': 'good' }), options(out))
    const broken = plan({ 'index.html': 'new', 'x/index.html': 'new', '../escape.html': 'evil' })
    await expect(writeSite(broken, options(out))).rejects.toThrow(/outside the output folder/)
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('good')
    expect(existsSync(path.join(out, 'x'))).toBe(false)
    expect(existsSync(path.join(tmp, 'escape.html'))).toBe(false)
    expect(readdirSync(tmp)).toEqual(['out'])
  })

  it('should refuse a non-empty folder it did not create', async () => {
    const out = path.join(tmp, 'mine')
    mkdirSync(out)
    writeFileSync(path.join(out, 'thesis.docx'), 'precious')
    await expect(writeSite(plan({ 'index.html': 'x' }), options(out))).rejects.toThrow(/did not create/)
    expect(readFileSync(path.join(out, 'thesis.docx'), 'utf8')).toBe('precious')
  })

  it('should refuse dangerous output folders', async () => {
    const project = path.join(tmp, 'project')
    mkdirSync(project)
    await expect(writeSite(plan({}), options('/'))).rejects.toThrow(/root of the file system/)
    await expect(writeSite(plan({}), options(os.homedir()))).rejects.toThrow(/home folder/)
    await expect(writeSite(plan({}), options(project))).rejects.toThrow(/would replace/)
    await expect(writeSite(plan({}), options(tmp))).rejects.toThrow(/would replace/)
    const withSource = path.join(tmp, 'src-out')
    await expect(
      writeSite(plan({}), { outDir: withSource, protectedDirs: [], sources: [path.join(withSource, 'bookmarks.html')] }),
    ).rejects.toThrow(/contains the source/)
  })

  it('should refuse an output folder that is a symbolic link', async () => {
    const target = path.join(tmp, 'target')
    mkdirSync(target)
    const link = path.join(tmp, 'link')
    symlinkSync(target, link)
    await expect(writeSite(plan({ 'index.html': 'x' }), options(link))).rejects.toThrow(/symbolic link/)
    expect(readdirSync(target)).toEqual([])
  })

  it('should accept an existing empty folder', async () => {
    const out = path.join(tmp, 'empty')
    mkdirSync(out)
    await writeSite(plan({ 'index.html': 'x' }), options(out))
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('x')
  })
})
