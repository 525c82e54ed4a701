/**
 * (I/O) The `bookgen` command: a thin layer over the public API. It parses flags, calls `build`,
 * `parseSource` or a writer, prints results, and owns the exit code:
 * 0 success, 1 when a source (or the config) cannot be used, 2 on bad usage.
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { cac } from 'cac'
import { resolveConfig, type ConfigEnv, type InlineConfig } from './config.js'
import { loadConfigFile } from './config-file.js'
import { BookgenError, isBookgenError } from './errors.js'
import { DEV_PORT } from './dev/port.js'
import { initPagesWorkflow, WORKFLOW_PATH } from './init.js'
import { collectionToJson } from './inspect.js'
import { formatTree } from './inspect-text.js'
import type { Folder, Warning } from './model.js'
import { startStaticServer } from './serve.js'
import { applyHistoryDates } from './history/apply.js'
import { readFileHistory } from './history/read.js'
import { restoreFile } from './history/restore.js'
import { build, displayPath, expandSources } from './site/build.js'
import { parseSource } from './sources/index.js'
import { writeNetscape } from './writers/netscape.js'
import { writeXbel } from './writers/xbel.js'
import { VERSION } from './version.js'

/** Exit codes. */
export const EXIT_OK = 0
export const EXIT_FAILURE = 1
export const EXIT_USAGE = 2

/** Default port of `bookgen preview` (Vite's convention). */
const PREVIEW_PORT = 4173

/** How many warnings `build` prints before pointing at `inspect`. */
const WARNINGS_SHOWN = 5

/** Rules whose errors are the user's command line rather than their data. */
const USAGE_RULES = new Set(['config/not-found', 'config/invalid-base', 'config/invalid-site', 'cli/usage'])

interface Io {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
}

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
}

/** Run the CLI with `argv` (without `node` and the script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  const cli = cac('bookgen')
  let action: (() => Promise<number>) | undefined
  let debug = false

  cli.option('--debug', 'Print stack traces for unexpected errors')

  cli
    .command('build [...sources]', 'Build the static site')
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option('--out <dir>', 'Output folder (default: dist)')
    .option('--base <path>', 'URL path the site is served under, e.g. /my-bookmarks/ (default: /)')
    .option(
      '--site <url>',
      'Public address of the site, for the feed and sitemap, e.g. https://me.github.io/bookmarks/',
    )
    .option('--title <title>', 'Site title')
    .option('--quiet', 'Print only errors')
    .option('--no-history', 'Ignore the Git history of the sources (dates, changes page, removal guard)')
    .option('--allow-removal', 'Publish even when the newest commit removed most bookmarks')
    .example('bookgen build bookmarks.html --base /my-bookmarks/')
    .action((sources: string[], flags: Record<string, unknown>) => {
      action = () => buildCommand(sources, flags, io)
    })

  cli
    .command('inspect <source>', 'Print the normalized bookmark tree of a source file')
    .option('--json', 'Print JSON (the stable interface for scripts and tests)')
    .option('--no-history', 'Ignore the Git history (dates from commits)')
    .example('bookgen inspect bookmarks.html --json')
    .action((source: string, flags: Record<string, unknown>) => {
      action = () => inspectCommand(source, flags, io)
    })

  cli
    .command('restore [source]', 'Write a source as it was at a past commit (its own format, ids kept)')
    .option('--from <commit>', 'The commit, e.g. abc1234 or abc1234~1 (the version before it)')
    .option('-o, --out <file>', 'Output file (default: standard output); may be the source itself')
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .example('bookgen restore bookmarks.xbel --from 1a2b3c4~1 --out bookmarks.xbel')
    .action((source: string | undefined, flags: Record<string, unknown>) => {
      action = () => restoreCommand(source, flags, io)
    })

  cli
    .command('convert <source>', 'Convert a bookmark file to Netscape HTML or XBEL')
    .option('--to <format>', 'Output format: netscape or xbel')
    .option('-o, --output <file>', 'Output file (default: standard output)')
    .example('bookgen convert bookmarks.xbel --to netscape -o bookmarks.html')
    .action((source: string, flags: Record<string, unknown>) => {
      action = () => convertCommand(source, flags, io)
    })

  cli
    .command('dev [...sources]', 'Build, serve with live reload, and rebuild on every change')
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option('--out <dir>', 'Output folder (default: dist)')
    .option('--base <path>', 'URL path the site is served under (default: /)')
    .option('--port <port>', `Port (default: ${DEV_PORT}; the next free one if taken)`)
    .option('--host <host>', 'Interface to listen on (default: 127.0.0.1)')
    .action((sources: string[], flags: Record<string, unknown>) => {
      action = () => devCommand(sources, flags, io)
    })

  cli
    .command('preview', 'Serve a built site under its base path (no rebuilds)')
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option('--out <dir>', 'The built site (default: dist)')
    .option('--base <path>', 'URL path the site is served under (default: /)')
    .option('--port <port>', `Port (default: ${PREVIEW_PORT}; the next free one if taken)`)
    .option('--host <host>', 'Interface to listen on (default: 127.0.0.1)')
    .action((flags: Record<string, unknown>) => {
      action = () => previewCommand(flags, io)
    })

  cli
    .command('init [...sources]', 'Write a GitHub Actions workflow that publishes the site on GitHub Pages')
    .option('--force', 'Replace an existing workflow')
    .example('bookgen init bookmarks.xbel')
    .action((sources: string[], flags: Record<string, unknown>) => {
      action = () => initCommand(sources, flags, io)
    })

  cli.help()
  cli.version(VERSION)

  try {
    const parsed = cli.parse(['node', 'bookgen', ...argv], { run: false })
    debug = parsed.options['debug'] === true
    if (parsed.options['help'] === true || parsed.options['version'] === true) return EXIT_OK
    if (cli.matchedCommand === undefined) {
      if (parsed.args.length > 0)
        throw new BookgenError(`Unknown command "${parsed.args[0]}"`, { ruleId: 'cli/usage' })
      cli.outputHelp()
      return EXIT_USAGE
    }
    await cli.runMatchedCommand()
    if (action === undefined) return EXIT_USAGE
    return await action()
  } catch (error) {
    return reportError(error, io, debug)
  }
}

async function buildCommand(sources: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  const quiet = flags['quiet'] === true
  const inline: InlineConfig = {
    sources,
    outDir: optionalString(flags, 'out'),
    base: optionalString(flags, 'base'),
    site: optionalString(flags, 'site'),
    title: optionalString(flags, 'title'),
    history: flags['history'] === false ? false : undefined,
    allowRemoval: flags['allowRemoval'] === true ? true : undefined,
  }
  const config = await loadResolvedConfig(flags, inline, io.cwd, { command: 'build' })
  const result = await build(config)
  if (quiet) return EXIT_OK
  const lines: string[] = []
  for (const collection of result.collections) {
    const stats = collectionStats(collection.root)
    lines.push(
      `  ${safe(collection.file)}  ${collection.format}, ${stats}${collection.warnings.length > 0 ? `, ${plural(collection.warnings.length, 'warning')}` : ''}`,
    )
  }
  const { plan, written, timings } = result
  lines.push(
    `✓ ${plural(result.stats.bookmarks, 'bookmark')} → ${plural(plan.folderPages, 'folder page')}, ${plural(plan.tagPages, 'tag page')}, search index` +
      `: ${plural(written.files, 'file')}${written.unchanged > 0 ? ` (${written.unchanged} unchanged)` : ''}, ${formatBytes(written.bytes)} in ${displayPath(config.outDir)}/ — ${Math.round(timings.total)} ms`,
  )
  for (const history of result.history?.files ?? []) {
    const { commits, cached, parsed, spliced } = history.read
    lines.push(
      `  history of ${safe(path.relative(io.cwd, history.file) || history.file)}: ${plural(commits, 'commit')} (${cached} from the cache, ${parsed + spliced} read)`,
    )
  }
  if (result.history !== undefined && result.history.dated > 0)
    lines.push(`  ${plural(result.history.dated, 'bookmark')} dated from the history`)
  if (result.duplicates > 0) {
    lines.push(
      `  ${plural(result.duplicates, 'repeated URL')}${config.dedupe ? ' published once (dedupe)' : ' (set dedupe: true to publish each once)'}`,
    )
  }
  const held = Object.entries(result.heldBack).filter(([, count]) => count > 0)
  if (held.length > 0) {
    const names: Record<string, string> = { private: 'private', fileUrls: 'file://', placeUrls: 'place:' }
    lines.push(
      `  held back: ${held.map(([reason, count]) => `${count} ${names[reason] ?? reason}`).join(', ')} (not published; see "publish" in the config)`,
    )
  }
  io.stdout(`${lines.join('\n')}\n`)
  if (result.warnings.length > 0) io.stderr(formatWarnings(result.warnings))
  return EXIT_OK
}

async function devCommand(sources: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  // The watcher and server load only for `dev`.
  const { startDev } = await import('./dev/index.js')
  const session = await startDev({
    cwd: io.cwd,
    configFile: optionalString(flags, 'config'),
    inline: { sources, outDir: optionalString(flags, 'out'), base: optionalString(flags, 'base') },
    host: optionalString(flags, 'host'),
    port: parsePort(flags, DEV_PORT),
    listen: (start, port) => listenOnFreePort(start, port, io),
    log: (line) => io.stdout(`${safe(line)}\n`),
  })
  io.stdout(`\n  bookgen dev: ${session.url}  (Ctrl-C to stop)\n\n`)
  await waitForSignal()
  io.stdout('stopping…\n')
  await session.close()
  return EXIT_OK
}

async function initCommand(sources: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  const { file } = await initPagesWorkflow(io.cwd, sources, flags['force'] === true)
  io.stdout(
    [
      `✓ wrote ${safe(path.relative(io.cwd, file))}`,
      'Next:',
      '  1. In the repository on GitHub: Settings → Pages → Build and deployment → Source: GitHub Actions.',
      `  2. Commit and push: git add ${WORKFLOW_PATH} && git commit -m "Publish bookmarks" && git push`,
      '  3. The site appears at https://<owner>.github.io/<repository>/ after the workflow runs.',
      '',
    ].join('\n'),
  )
  return EXIT_OK
}

async function previewCommand(flags: Record<string, unknown>, io: Io): Promise<number> {
  const inline: InlineConfig = { outDir: optionalString(flags, 'out'), base: optionalString(flags, 'base') }
  const config = await loadResolvedConfig(flags, inline, io.cwd, { command: 'preview' })
  if (!existsSync(path.join(config.outDir, 'index.html'))) {
    throw new BookgenError(`No built site in ${displayPath(config.outDir)}/: run "bookgen build" first`, {
      ruleId: 'cli/usage',
    })
  }
  const server = await listenOnFreePort(
    (port) =>
      startStaticServer({
        root: config.outDir,
        base: config.base,
        host: optionalString(flags, 'host'),
        port,
      }),
    parsePort(flags, PREVIEW_PORT),
    io,
  )
  io.stdout(`Serving ${displayPath(config.outDir)}/ at ${server.url}  (Ctrl-C to stop)\n`)
  await waitForSignal()
  await server.close()
  return EXIT_OK
}

async function inspectCommand(source: string, flags: Record<string, unknown>, io: Io): Promise<number> {
  const file = path.resolve(io.cwd, source)
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new BookgenError(
      error.code === 'ENOENT' ? 'Source not found' : `Cannot read source (${error.code})`,
      {
        ruleId: 'source/unreadable',
        file: source,
      },
    )
  })
  const collection = parseSource(bytes, source)
  if (flags['history'] !== false) {
    const { history, warnings } = await readFileHistory(file, { name: source })
    if (history !== undefined) applyHistoryDates(collection, history.state)
    collection.warnings.push(...warnings)
  }
  if (flags['json'] === true) {
    io.stdout(`${JSON.stringify(collectionToJson(collection), null, 2)}\n`)
  } else {
    io.stdout(formatTree(collection, safe))
    if (collection.warnings.length > 0) io.stderr(formatWarnings(collection.warnings, Infinity))
  }
  return EXIT_OK
}

async function convertCommand(source: string, flags: Record<string, unknown>, io: Io): Promise<number> {
  const to = optionalString(flags, 'to')
  if (to !== 'netscape' && to !== 'xbel') {
    throw new BookgenError('--to must be "netscape" or "xbel"', { ruleId: 'cli/usage' })
  }
  const file = path.resolve(io.cwd, source)
  const bytes = await readFile(file).catch(() => {
    throw new BookgenError('Source not found', { ruleId: 'source/unreadable', file: source })
  })
  const collection = parseSource(bytes, source)
  const { text, warnings } = to === 'netscape' ? writeNetscape(collection) : writeXbel(collection)
  const output = optionalString(flags, 'output')
  if (output === undefined) io.stdout(text)
  else {
    if (path.resolve(io.cwd, output) === file) {
      throw new BookgenError('The output file is the source file; choose another -o', { ruleId: 'cli/usage' })
    }
    await writeFile(path.resolve(io.cwd, output), text)
  }
  const all = [...collection.warnings, ...warnings]
  if (all.length > 0) io.stderr(formatWarnings(all))
  if (output !== undefined) io.stderr(`✓ wrote ${safe(output)} (${to})\n`)
  return EXIT_OK
}

async function restoreCommand(
  source: string | undefined,
  flags: Record<string, unknown>,
  io: Io,
): Promise<number> {
  const from = optionalString(flags, 'from')
  if (from === undefined) throw new BookgenError('restore needs --from <commit>', { ruleId: 'cli/usage' })
  let file: string
  if (source !== undefined) file = path.resolve(io.cwd, source)
  else {
    const config = await loadResolvedConfig(flags, {}, io.cwd, { command: 'build' })
    const files = await expandSources(config.sources, config.root)
    if (files.length !== 1)
      throw new BookgenError('The config names several sources: name the one to restore', {
        ruleId: 'cli/usage',
      })
    file = files[0]!
  }
  const name = displayPath(file, io.cwd)
  const restored = await restoreFile(file, from, name)
  const out = optionalString(flags, 'out')
  if (out === undefined) io.stdout(restored.bytes.toString('utf8'))
  else await writeFile(path.resolve(io.cwd, out), restored.bytes)
  const count = collectionStats(parseSource(restored.bytes, name).root)
  io.stderr(
    `✓ ${out === undefined ? 'printed' : `wrote ${safe(out)}:`} ${safe(name)} as at commit ${restored.hash.slice(0, 7)} (${new Date(restored.time).toISOString().slice(0, 10)}), ${count}` +
      `${restored.raisedHighestId === undefined ? '' : `; highestId kept at ${restored.raisedHighestId}`}\n`,
  )
  return EXIT_OK
}

/** Try `port`, then the next ones, saying so when the requested one is taken. */
export async function listenOnFreePort<T>(
  start: (port: number) => Promise<T>,
  port: number,
  io: Io,
): Promise<T> {
  for (let candidate = port; candidate < port + 20; candidate++) {
    try {
      const started = await start(candidate)
      if (candidate !== port) io.stderr(`Port ${port} is in use; using ${candidate} instead.\n`)
      return started
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error
    }
  }
  throw new BookgenError(`Ports ${port}–${port + 19} are all in use; choose one with --port`, {
    ruleId: 'cli/usage',
  })
}

function parsePort(flags: Record<string, unknown>, fallback: number): number {
  const value = flags['port']
  if (value === undefined) return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new BookgenError(`--port must be a number from 0 to 65535, not "${String(value)}"`, {
      ruleId: 'cli/usage',
    })
  }
  return port
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

async function loadResolvedConfig(
  flags: Record<string, unknown>,
  inline: InlineConfig,
  cwd: string,
  env: ConfigEnv,
) {
  const loaded = await loadConfigFile(optionalString(flags, 'config'), cwd, env)
  return resolveConfig(loaded.config, inline, { cwd, configFile: loaded.file })
}

function reportError(error: unknown, io: Io, debug: boolean): number {
  if (isBookgenError(error)) {
    const nested = error.cause instanceof AggregateError ? error.cause.errors.filter(isBookgenError) : []
    io.stderr(`error: ${safe(error.format())}\n`)
    for (const inner of nested) io.stderr(`  ${safe(inner.format())}\n`)
    if (debug && error.stack !== undefined) io.stderr(`${error.stack}\n`)
    return USAGE_RULES.has(error.ruleId) ? EXIT_USAGE : EXIT_FAILURE
  }
  if (error instanceof Error && error.name === 'CACError') {
    io.stderr(`error: ${safe(error.message)}\nRun "bookgen --help" for usage.\n`)
    return EXIT_USAGE
  }
  io.stderr(
    `bookgen crashed — this is a bug, please report it.\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  return EXIT_FAILURE
}

/** Warnings as `file:line:col: message [rule]`, the first few, then a count by rule. */
export function formatWarnings(warnings: readonly Warning[], limit = WARNINGS_SHOWN): string {
  const lines = [`${plural(warnings.length, 'warning')}:`]
  for (const warning of warnings.slice(0, limit)) {
    lines.push(
      `  ${safe(`${warning.file}:${warning.line}:${warning.column}: ${warning.message} [${warning.rule}]`)}`,
    )
  }
  if (warnings.length > limit) {
    const byRule = new Map<string, number>()
    for (const warning of warnings) byRule.set(warning.rule, (byRule.get(warning.rule) ?? 0) + 1)
    lines.push(
      `  … ${warnings.length - limit} more (${[...byRule].map(([rule, count]) => `${count}× ${rule}`).join(', ')}); ` +
        '`bookgen inspect FILE --json` lists them all',
    )
  }
  return `${lines.join('\n')}\n`
}

function collectionStats(root: Folder): string {
  let bookmarks = 0
  let folders = 0
  const stack = [root]
  while (stack.length > 0) {
    for (const child of stack.pop()!.children) {
      if (child.type === 'folder') {
        folders++
        stack.push(child)
      } else if (child.type === 'bookmark' && child.href !== undefined) bookmarks++
    }
  }
  return `${plural(bookmarks, 'bookmark')} in ${plural(folders, 'folder')}`
}

/** Terminal-safe text: control characters from input never reach the terminal. */
function safe(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  )
}

function optionalString(flags: Record<string, unknown>, name: string): string | undefined {
  const value = flags[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value === '') {
    throw new BookgenError(`--${name} needs a value`, { ruleId: 'cli/usage' })
  }
  return value
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`
}

function formatBytes(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`
}
