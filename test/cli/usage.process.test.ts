/**
 * The command line as a new user meets it: what a local build and `dev` say (and do not), what a
 * build with no file, a mistyped command, an address given as `--base` and a word given as
 * `--site` get, what text `inspect` shows of private bookmarks, and `--help` for each command,
 * which must agree with the README's synopsis.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/index.js'
import { writableFormats } from '../../src/formats/registry.js'
import { BUILT, bookgen, killAll, start } from './process.js'
import { waitFor } from '../dev/helpers.js'
import { REPO_ROOT } from '../helpers.js'

const BOOKMARKS = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
  <DT><A HREF="https://public.example/" ADD_DATE="1600000000">Public page</A>
  <DT><A HREF="https://bank.example/" ADD_DATE="1600000001" PRIVATE="1">My bank</A>
</DL><p>
`

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-usage-'))
  writeFileSync(path.join(dir, 'bookmarks.html'), BOOKMARKS)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => killAll())

/** `bookgen ARGS` in `cwd`, in this process; `ci` as when `CI` is set. */
async function run(args: string[], options: { cwd?: string; ci?: boolean } = {}) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    cwd: options.cwd ?? dir,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    ci: options.ci,
  })
  return { code, stdout, stderr }
}

describe('what a local build says', () => {
  it('should not warn about --site on a local build, but should in CI and in --json', async () => {
    const local = await run(['build', 'bookmarks.html', '--out', 'local'])
    expect(local.code, local.stderr).toBe(0)
    expect(local.stderr).toBe('')
    const ci = await run(['build', 'bookmarks.html', '--out', 'ci'], { ci: true })
    expect(ci.stderr).toContain('1 warning:')
    expect(ci.stderr).toContain('[config/no-site]')
    const json = await run(['build', 'bookmarks.html', '--out', 'json', '--json'])
    const summary = JSON.parse(json.stdout) as { warnings: Array<{ rule: string }> }
    expect(summary.warnings.map((warning) => warning.rule)).toContain('config/no-site')
  })

  it('should say that bookmarks.html is the default when no file is named and there is none', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'bookgen-usage-empty-'))
    try {
      for (const command of ['build', 'check', 'dev']) {
        const result = await run([command], { cwd: empty })
        expect(result.code, command).toBe(2)
        expect(result.stderr).toContain('No source given, and no bookmarks.html (the default) here')
        expect(result.stderr).toContain(`"bookgen ${command} ~/Downloads/bookmarks.html"`)
      }
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
    // Where it is, `bookgen build` builds it.
    expect((await run(['build', '--out', 'default'])).code).toBe(0)
  })

  it('should suggest preview for serve, and dev for watch', async () => {
    const serve = await run(['serve'])
    expect(serve.code).toBe(2)
    expect(serve.stderr).toContain('Unknown command "serve"; did you mean "bookgen preview"?')
    expect((await run(['watch'])).stderr).toContain('did you mean "bookgen dev"?')
  })

  it('should refuse an address given as --base, pointing at --site, and a bare word as --site', async () => {
    const base = await run(['build', 'bookmarks.html', '--out', 'x', '--base', 'https://x.com/'])
    expect(base.code).toBe(2)
    expect(base.stderr).toContain('--base is the URL path the site is served under')
    expect(base.stderr).toContain('use --site https://x.com/ (its path becomes the base)')
    const site = await run(['build', 'bookmarks.html', '--out', 'x', '--site', 'notaurl'])
    expect(site.code).toBe(2)
    expect(site.stderr).toContain('"notaurl" has no domain')
    // A host name with a dot needs no scheme; the address's path is the base.
    const json = await run([
      'build',
      'bookmarks.html',
      '--out',
      'x',
      '--site',
      'me.github.io/links',
      '--json',
    ])
    expect(JSON.parse(json.stdout)).toMatchObject({ base: '/links/', site: 'https://me.github.io/links/' })
  })

  it('should mark private bookmarks in text inspect', async () => {
    const { code, stdout } = await run(['inspect', 'bookmarks.html'])
    expect(code).toBe(0)
    const lines = stdout.split('\n')
    expect(lines.find((line) => line.includes('My bank'))).toBe(
      '🔖 My bank  https://bank.example/  (private)',
    )
    expect(lines.find((line) => line.includes('Public page'))).toBe('🔖 Public page  https://public.example/')
  })

  it('should write convert output with --out or -o, as restore does, and still take --output', async () => {
    for (const flag of ['--out', '-o', '--output']) {
      const file = `converted${flag}.xbel`
      const result = await run(['convert', 'bookmarks.html', '--to', 'xbel', flag, file])
      expect(result.code, result.stderr).toBe(0)
      expect(readFileSync(path.join(dir, file), 'utf8')).toContain('<xbel')
    }
  })
})

describe.skipIf(!BUILT)('bookgen dev, as a process', () => {
  it('should not warn about --site', async () => {
    const { child, done } = start(['dev', 'bookmarks.html', '--port', '0', '--out', 'dev-site'], {
      cwd: dir,
      env: { CI: '' },
    })
    let output = ''
    child.stdout!.on('data', (chunk: string) => (output += chunk))
    child.stderr!.on('data', (chunk: string) => (output += chunk))
    await waitFor(() => output.includes('bookgen dev: http'), 'dev to serve', 60_000)
    child.kill('SIGTERM')
    await done
    expect(output).toContain('✓ built 1 bookmark')
    expect(output).not.toMatch(/warning|--site|no-site/)
  })
})

/** The README's synopsis: each command's line of `bookgen COMMAND …` under "## Command line". */
function readmeSynopsis(): Map<string, string> {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Command line'))
  const block = /```\n([\s\S]*?)```/.exec(section)![1]!
  const lines = new Map<string, string>()
  for (const line of block.split('\n')) {
    const match = /^bookgen ([a-z]+) (.*)$/.exec(line)
    if (match !== null) lines.set(match[1]!, match[2]!)
  }
  return lines
}

/** The long flags of a synopsis line or of `--help`'s options, less those every command has. */
function flags(text: string): string[] {
  const found = new Set(text.match(/--[a-z][a-z-]*/g) ?? [])
  for (const common of ['--debug', '--help', '--version']) found.delete(common)
  return [...found].sort()
}

describe.skipIf(!BUILT)('--help and the README', () => {
  const synopsis = readmeSynopsis()

  it('should list the same commands', async () => {
    const help = await bookgen(['--help'], { cwd: dir })
    const commands = [...help.stdout.matchAll(/^ {2}([a-z]+) /gm)].map((match) => match[1])
    expect(commands.sort()).toEqual([...synopsis.keys()].sort())
    // The default source is said where the commands are listed.
    expect(help.stdout).toMatch(
      /^ {2}build \[\.\.\.sources\] +Build the static site \(sources: the config's, else bookmarks\.html\)$/m,
    )
    // The formats convert writes, from the format registry.
    const labels = writableFormats().map((format) => format.label)
    expect(help.stdout).toContain(
      `Convert a bookmark file to ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)!}`,
    )
  })

  it("should give each command the README's flags, and no (default: true) after a --no- flag", async () => {
    const commands = [...synopsis.keys()]
    const helps = await Promise.all(commands.map((command) => bookgen([command, '--help'], { cwd: dir })))
    for (const [index, command] of commands.entries()) {
      const help = helps[index]!
      expect(help.code, command).toBe(0)
      const options = help.stdout.slice(help.stdout.indexOf('Options:'), help.stdout.indexOf('Examples:'))
      expect(flags(options), command).toEqual(flags(synopsis.get(command)!))
      expect(help.stdout, command).not.toContain('(default: true)')
      // An old spelling that keeps working is not offered.
      expect(help.stdout, command).not.toContain('--output')
    }
  }, 120_000)

  it("should name convert's formats as the registry has them, in the README too", async () => {
    const names = writableFormats().map((format) => format.name)
    const help = await bookgen(['convert', '--help'], { cwd: dir })
    expect(help.stdout).toContain(`Output format: ${names.join(', ')}`)
    expect(synopsis.get('convert')).toContain(`--to ${names.join('|')}`)
  })
})
