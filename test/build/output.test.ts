import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import {
  createStaging,
  discardStaging,
  MARKER_FILE,
  recoverLeftovers,
  StagingWriter,
  writeSite,
  writeStaged,
  type WritableSite,
  type WriteResult,
} from '../../src/build/output.js'

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

  it('should wait for the files written alongside (watch mode writes its pages so, into the same staging folder) and count them', async () => {
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
    expect(result.bytes).toBe(
      4 +
        7 +
        3 +
        readFileSync(path.join(out, 'assets/style.css')).byteLength +
        readFileSync(path.join(out, MARKER_FILE)).byteLength,
    )
    expect(readFileSync(path.join(out, MARKER_FILE), 'utf8')).toContain('"files":5')
  })

  it('should write a file given as segments (text and UTF-8 chunks), in order, however many', async () => {
    const staging = await createStaging(options(path.join(tmp, 'out')))
    const writer = new StagingWriter(staging.dir)
    const encoder = new TextEncoder()
    const segments = Array.from({ length: 1500 }, (_, index) =>
      index % 2 === 0 ? `<p>${index} é</p>` : encoder.encode(`<i>${index} 🚀</i>`),
    )
    writer.write({ path: 'many/index.html', contents: '', segments })
    const expected = segments
      .map((segment) => (typeof segment === 'string' ? segment : new TextDecoder().decode(segment)))
      .join('')
    expect(readFileSync(path.join(staging.dir, 'many/index.html'), 'utf8')).toBe(expected)
    expect(writer.written).toEqual({ files: 1, bytes: Buffer.byteLength(expected), unchanged: 0 })
    await discardStaging(staging)
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
      writeSite(plan({}), {
        outDir: withSource,
        protectedDirs: [],
        sources: [path.join(withSource, 'bookmarks.html')],
      }),
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

describe('unchanged files on a rebuild', () => {
  const encoder = new TextEncoder()
  const inodes = (root: string): Map<string, number> =>
    new Map(
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name)
          return [path.relative(root, file), statSync(file).ino]
        }),
    )
  /** A fresh staging folder and a writer into it, over the previous build in `previous`. */
  const writerOver = (previous: string, name = 'staging'): { staging: string; writer: StagingWriter } => {
    const staging = path.join(tmp, name)
    mkdirSync(staging)
    return { staging, writer: new StagingWriter(staging, previous) }
  }
  const site = (home: string): WritableSite => ({
    files: [
      { path: 'index.html', contents: '', segments: ['<h1>', encoder.encode(home), '</h1>'] },
      { path: 'a/b/index.html', contents: 'deep' },
      { path: 'bookmarks.html', contents: '', stream: (sink) => ['<DL>', '<DT>x', '</DL>'].forEach(sink) },
    ],
    assets: [{ path: 'assets/style.css', source: 'default/style.css' }],
  })

  it('should link every file of an unchanged rebuild instead of writing it again', async () => {
    const out = path.join(tmp, 'out')
    const first = await writeSite(site('home'), options(out))
    expect(first.unchanged).toBe(0)
    const before = inodes(out)
    const second = await writeSite(site('home'), options(out))
    // Every file, the marker included: the same inodes, neither written nor copied.
    expect(second).toEqual({ ...first, unchanged: first.files })
    expect(inodes(out)).toEqual(before)
    expect(before.size).toBe(first.files)
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('<h1>home</h1>')
    expect(readFileSync(path.join(out, 'bookmarks.html'), 'utf8')).toBe('<DL><DT>x</DL>')
    expect(readdirSync(tmp)).toEqual(['out'])
  })

  it('should write only the files that changed', async () => {
    const out = path.join(tmp, 'out')
    await writeSite(site('home'), options(out))
    const before = inodes(out)
    const result = await writeSite(site('away'), options(out))
    const after = inodes(out)
    expect(result.unchanged).toBe(result.files - 1) // all but index.html
    expect(after.get('index.html')).not.toBe(before.get('index.html'))
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('<h1>away</h1>')
    for (const file of ['a/b/index.html', 'bookmarks.html', 'assets/style.css', MARKER_FILE])
      expect(after.get(file)).toBe(before.get(file))
  })

  it('should leave the previous site as it was when a rebuild that linked its files fails', async () => {
    const out = path.join(tmp, 'out')
    await writeSite(site('home'), options(out))
    const before = inodes(out)
    const failing: WritableSite = {
      files: {
        *[Symbol.iterator]() {
          yield* site('home').files
          throw new Error('render crashed')
        },
      },
      assets: [],
    }
    await expect(writeSite(failing, options(out))).rejects.toThrow(/render crashed/)
    expect(inodes(out)).toEqual(before)
    // The staging folder's links are gone with it: each file has its one name again.
    for (const file of before.keys()) expect(statSync(path.join(out, file)).nlink).toBe(1)
    expect(readdirSync(tmp)).toEqual(['out'])
  })

  it('should not link, nor follow, a symbolic link in the previous build', () => {
    const previous = path.join(tmp, 'previous')
    const elsewhere = path.join(tmp, 'elsewhere')
    mkdirSync(previous)
    mkdirSync(elsewhere)
    writeFileSync(path.join(elsewhere, 'index.html'), 'same')
    symlinkSync(elsewhere, path.join(previous, 'folder'))
    symlinkSync(path.join(elsewhere, 'index.html'), path.join(previous, 'file.html'))
    const { staging, writer } = writerOver(previous)
    writer.write({ path: 'folder/index.html', contents: 'same' })
    writer.write({ path: 'file.html', contents: 'same' })
    expect(writer.written).toEqual({ files: 2, bytes: 8, unchanged: 0 })
    const outside = statSync(path.join(elsewhere, 'index.html'))
    expect(outside.nlink).toBe(1)
    expect(statSync(path.join(staging, 'folder/index.html')).ino).not.toBe(outside.ino)
    expect(readFileSync(path.join(staging, 'file.html'), 'utf8')).toBe('same')
  })

  it('should copy an unchanged file when the previous build is on another file system (no hard links)', (context) => {
    const shm = '/dev/shm'
    if (!existsSync(shm) || statSync(shm).dev === statSync(tmp).dev)
      return context.skip('no second file system here')
    const previous = mkdtempSync(path.join(shm, 'bookgen-write-'))
    try {
      writeFileSync(path.join(previous, 'a.html'), 'same')
      writeFileSync(path.join(previous, 'b.html'), 'same')
      const { staging, writer } = writerOver(previous)
      writer.write({ path: 'a.html', contents: 'same' })
      writer.write({ path: 'b.html', contents: 'same' })
      expect(writer.written).toEqual({ files: 2, bytes: 8, unchanged: 0 })
      expect(readFileSync(path.join(staging, 'a.html'), 'utf8')).toBe('same')
      expect(readFileSync(path.join(staging, 'b.html'), 'utf8')).toBe('same')
    } finally {
      rmSync(previous, { recursive: true, force: true })
    }
  })

  it('should copy an unchanged file that is removed from the previous build while it is compared', () => {
    const previous = path.join(tmp, 'previous')
    mkdirSync(previous)
    writeFileSync(path.join(previous, 'gone.html'), 'same bytes')
    const { staging, writer } = writerOver(previous)
    writer.write({
      path: 'gone.html',
      contents: '',
      stream: (sink) => {
        sink('same ')
        rmSync(path.join(previous, 'gone.html'))
        sink('bytes')
      },
    })
    expect(writer.written).toEqual({ files: 1, bytes: 10, unchanged: 0 })
    expect(readFileSync(path.join(staging, 'gone.html'), 'utf8')).toBe('same bytes')
  })

  it('should write exactly the new bytes whatever the previous file held (random edits, segments and streams)', () => {
    let seed = 7
    const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
    const pieces = ['a', 'é', '🚀', '<p>', 'text ', '\n', 'ü'.repeat(30), 'x'.repeat(200)]
    const previous = path.join(tmp, 'previous')
    mkdirSync(previous)
    for (let run = 0; run < 120; run++) {
      // Mostly small files; some beyond the 1 MiB comparison window.
      const count = run % 20 === 0 ? 30_000 + Math.floor(random() * 10_000) : Math.floor(random() * 60)
      const old = Array.from({ length: count }, () => pick(pieces))
      const edit = pick(['same', 'same', 'shorter', 'longer', 'changed', 'empty'] as const)
      const next = [...old]
      const at = Math.floor(random() * (next.length + 1))
      if (edit === 'shorter') next.splice(at, 1 + Math.floor(random() * 3))
      if (edit === 'longer') next.splice(at, 0, pick(pieces))
      if (edit === 'changed' && next.length > 0) next[Math.min(at, next.length - 1)] = '#'
      if (edit === 'empty') next.length = 0
      writeFileSync(path.join(previous, `f${run}.html`), old.join(''))
      const { staging, writer } = writerOver(previous, `staging-${run}`)
      const file = `f${run}.html`
      if (run % 2 === 0) {
        writer.write({
          path: file,
          contents: '',
          segments: next.map((piece) => (random() < 0.5 ? piece : encoder.encode(piece))),
        })
      } else {
        writer.write({ path: file, contents: '', stream: (sink) => next.forEach((piece) => sink(piece)) })
      }
      const expected = next.join('')
      expect(readFileSync(path.join(staging, file), 'utf8')).toBe(expected)
      expect(writer.written.bytes).toBe(Buffer.byteLength(expected))
      expect(writer.written.unchanged).toBe(expected === old.join('') ? 1 : 0)
      rmSync(staging, { recursive: true })
    }
  })
})

describe('recoverLeftovers', () => {
  /** The PID of a process that has ended. */
  const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!
  const folder = (name: string, files: Record<string, string> = {}): string => {
    const dir = path.join(tmp, name)
    mkdirSync(dir)
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text)
    return dir
  }
  const marker = { [MARKER_FILE]: '{"generator":"bookgen","files":2}\n', 'index.html': 'previous' }

  it('should remove what dead builds left, and leave a running build’s folders and anything else', async () => {
    const dead = deadPid()
    folder('out', marker)
    folder(`out.bookgen-staging-${dead}-0a1b2c3d`, { 'index.html': 'half' })
    folder(`out.bookgen-old-${dead}-0a1b2c3d`, marker)
    folder(`out.bookgen-staging-${process.pid}-00000000`)
    folder(`other.bookgen-staging-${dead}-0a1b2c3d`)
    folder(`out.bookgen-mine`)
    symlinkSync(path.join(tmp, 'out'), path.join(tmp, `out.bookgen-old-${dead}-ffffffff`))
    expect(await recoverLeftovers(path.join(tmp, 'out'))).toEqual([])
    expect(readdirSync(tmp).sort()).toEqual(
      [
        'out',
        'out.bookgen-mine',
        `out.bookgen-old-${dead}-ffffffff`,
        `out.bookgen-staging-${process.pid}-00000000`,
        `other.bookgen-staging-${dead}-0a1b2c3d`,
      ].sort(),
    )
  })

  it('should put back the previous site when a build was killed between the two renames of its swap', async () => {
    const dead = deadPid()
    folder(`out.bookgen-staging-${dead}-0a1b2c3d`, { 'index.html': 'new' })
    folder(`out.bookgen-old-${dead}-0a1b2c3d`, marker)
    const notes = await recoverLeftovers(path.join(tmp, 'out'))
    expect(notes).toEqual([
      {
        rule: 'output/restored',
        message: `Put back the previous site from ${path.join(tmp, `out.bookgen-old-${dead}-0a1b2c3d`)}, left by a build that was interrupted`,
      },
    ])
    expect(readdirSync(tmp)).toEqual(['out'])
    expect(readFileSync(path.join(tmp, 'out', 'index.html'), 'utf8')).toBe('previous')
  })

  it('should neither put back nor remove a moved-aside folder bookgen did not write', async () => {
    const dead = deadPid()
    const name = `out.bookgen-old-${dead}-0a1b2c3d`
    folder(name, { 'notes.txt': 'no marker' })
    expect(await recoverLeftovers(path.join(tmp, 'out'))).toMatchObject([
      { rule: 'output/leftover', message: expect.stringMatching(/^Left .* alone/) as unknown },
    ])
    expect(readdirSync(tmp)).toEqual([name])
  })
})
