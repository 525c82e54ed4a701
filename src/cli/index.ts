/**
 * (I/O) The `bookgen` command: a thin layer over the public API. It parses flags, calls `build`,
 * `parseSource`, a writer or the link check, prints results, and owns the exit code:
 * 0 success, 1 when a source (or the config) cannot be used (or, with `check --fail-on-dead`, a
 * link is dead), 2 on bad usage, 130/143 when a build or a check is stopped by Ctrl-C / SIGTERM
 * (after it has cleaned up).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { cac, type CAC } from 'cac'
import { build, displayPath, type BuildResult } from '../build/index.js'
import { readSiteAddress } from '../build/output.js'
import { formatDuration, parseDuration } from '../config/duration.js'
import {
  DEV_PORT,
  linkCheckDefaults,
  LINK_LIMITS,
  LOCAL_HOST,
  PREVIEW_PORT,
  type InlineConfig,
} from '../config/options.js'
import type { InitReport } from './commands/init.js'
import { HOST_NAMES, type HostName } from './commands/init-hosts.js'
import { BookgenError, isBookgenError } from '../model/errors.js'
import { LINK_HEALTH_URL, VERSION } from '../model/version.js'
import { registerFileCommands } from './commands/file-commands.js'
import { closest, colorsWanted, createColors, startProgress, type Colors } from '../report/output.js'
import { formatError, formatWarnings, safe, warningsToPrint, WARNINGS_SHOWN } from '../report/messages.js'
import {
  checkDefaultSource,
  DEFAULT_SOURCE,
  EXIT_OK,
  loadResolvedConfig,
  optionalString,
  tidyHelp,
  type Io,
} from './shared.js'
import { buildJson, buildSummary, directoryBytes, errorJson } from './summary.js'

/** Exit codes. */
const EXIT_FAILURE = 1
const EXIT_USAGE = 2
/** A build stopped by a signal: 128 + the signal's number, as shells report it. */
const EXIT_SIGNAL: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 }

/** Rules whose errors are the user's command line rather than their data. */
const USAGE_RULES = new Set([
  'config/not-found',
  'config/invalid-base',
  'config/invalid-site',
  'cli/usage',
  'links/invalid-duration',
])

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  colors: { stdout: colorsWanted(process.stdout.isTTY), stderr: colorsWanted(process.stderr.isTTY) },
  progress: process.stderr.isTTY === true && process.env['CI'] === undefined,
  ci: process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false',
}

/** The colours for `io`'s two streams (the identity where colours are off). */
function paint(io: Io): { out: Colors; err: Colors } {
  return { out: createColors(io.colors?.stdout === true), err: createColors(io.colors?.stderr === true) }
}

/** Run the CLI with `argv` (without `node` and the script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  const cli = cac('bookgen')
  let action: (() => Promise<number>) | undefined
  let debug = false
  let json = false
  const choose: Choose = (next, asJson = false) => {
    action = next
    json = asJson
  }

  cli.option('--debug', 'Print stack traces for unexpected errors')
  registerBuild(cli, io, choose)
  const hidden = registerFileCommands(cli, io, choose)
  registerServers(cli, io, choose)
  registerCheck(cli, io, choose)
  registerInit(cli, io, choose)
  tidyHelp(cli, hidden)
  cli.version(VERSION)

  try {
    const parsed = cli.parse(['node', 'bookgen', ...argv], { run: false })
    debug = parsed.options['debug'] === true
    if (parsed.options['help'] === true || parsed.options['version'] === true) return EXIT_OK
    if (cli.matchedCommand === undefined) {
      if (parsed.args.length > 0) throw unknownCommand(String(parsed.args[0]))
      cli.outputHelp()
      return EXIT_USAGE
    }
    await cli.runMatchedCommand()
    if (action === undefined) return EXIT_USAGE
    return await action()
  } catch (error) {
    const code = reportError(error, io, debug)
    if (json) io.stdout(`${JSON.stringify(errorJson(error, code), null, 2)}\n`)
    return code
  }
}

/** Takes the command line's action: what runs once it is parsed, and whether it prints JSON. */
type Choose = (action: () => Promise<number>, json?: boolean) => void

function registerBuild(cli: CAC, io: Io, choose: Choose): void {
  cli
    .command('build [...sources]', `Build the static site (sources: the config's, else ${DEFAULT_SOURCE})`)
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option('--out <dir>', 'Output folder (default: dist)')
    .option('--base <path>', 'URL path the site is served under, e.g. /my-bookmarks/ (default: /)')
    .option(
      '--site <url>',
      'Public address of the site, for the feed, sitemap and OpenSearch, e.g. https://me.github.io/bookmarks/',
    )
    .option('--title <title>', 'Site title')
    .option(
      '--allow-empty',
      'Replace the site even when a source yields no bookmarks (or, cut short, fewer than last time)',
    )
    .option('--quiet', 'Print only errors')
    .option('--no-history', 'Ignore the Git history of the sources (dates, changes page, removal guard)')
    .option('--allow-removal', 'Publish even when the newest commit removed most bookmarks')
    .option('--json', 'Print a machine-readable summary (JSON) on stdout instead of the text one')
    .example('bookgen build bookmarks.html --base /my-bookmarks/')
    .action((sources: string[], flags: Record<string, unknown>) => {
      choose(() => buildCommand(sources, flags, io), flags['json'] === true)
    })
}

/** `dev` and `preview`. */
function registerServers(cli: CAC, io: Io, choose: Choose): void {
  cli
    .command(
      'dev [...sources]',
      'Build, serve with live reload, and rebuild on every change (sources: as for build)',
    )
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option('--out <dir>', 'Where dev writes its site (default: .bookgen/dev/, never the build output)')
    .option('--base <path>', 'URL path the site is served under (default: /)')
    .option('--port <port>', `Port (default: ${DEV_PORT}; the next free one if taken)`)
    .option('--host <host>', `Interface to listen on (default: ${LOCAL_HOST})`)
    .action((sources: string[], flags: Record<string, unknown>) => {
      choose(() => devCommand(sources, flags, io))
    })

  cli
    .command('preview', 'Serve a built site under its base path (no rebuilds)')
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option('--out <dir>', 'The built site (default: dist)')
    .option('--base <path>', 'URL path the site is served under (default: the one it was built with)')
    .option('--port <port>', `Port (default: ${PREVIEW_PORT}; the next free one if taken)`)
    .option('--host <host>', `Interface to listen on (default: ${LOCAL_HOST})`)
    .action((flags: Record<string, unknown>) => {
      choose(() => previewCommand(flags, io))
    })
}

function registerCheck(cli: CAC, io: Io, choose: Choose): void {
  cli
    .command(
      'check [...sources]',
      'Check the links the site publishes (sources: as for build); write bookmarks.links.json',
    )
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option(
      '--max-age <duration>',
      'Check again only links checked this long ago or more: 12h, 7d, 2w, 0 (default: 7d)',
    )
    .option('--only-dead', 'Check again only the links that are dead')
    .option('--fail-on-dead', 'Exit with 1 when a published link is dead')
    .option('--store <file>', 'The link store (default: bookmarks.links.json beside the first source)')
    .option(
      '--max-time <duration>',
      `Stop after this long, leaving the rest for the next run: 30m, 2h, 0 for no limit (default: ${formatDuration(linkCheckDefaults.maxTime)})`,
    )
    .option(
      '--max-link-time <duration>',
      `Time for one link, redirects, GET and Retry-After wait included (default: ${formatDuration(linkCheckDefaults.maxLinkTime)})`,
    )
    .option('--rate <n>', `Requests per second to one host (default: ${linkCheckDefaults.rate})`)
    .option('--per-host <n>', `Requests at once to one host (default: ${linkCheckDefaults.perHost})`)
    .example('bookgen check bookmarks.html --max-age 1d')
    .example('bookgen check --max-time 30m')
    .action((sources: string[], flags: Record<string, unknown>) => {
      choose(() => checkCommand(sources, flags, io))
    })
}

function registerInit(cli: CAC, io: Io, choose: Choose): void {
  cli
    .command(
      'init [...sources]',
      'Make the repository publish the site on every push (GitHub Pages by default)',
    )
    .option('--force', 'Replace an existing workflow')
    .option('--host <host>', `Where to publish: ${HOST_NAMES.join(', ')} (default: github)`)
    .option('--floccus', 'A repository Floccus syncs into (default: detected from the XBEL file)')
    .option('--branch <name>', 'Branch that publishes (default: the checked-out one, else main)')
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .option('--links', 'Also write a weekly workflow that checks the links (bookgen check) and republishes')
    .option('--private', "Pass the private section's passphrase to the build from a repository secret")
    .example('bookgen init bookmarks.xbel')
    .example('bookgen init --links bookmarks.html')
    .example('bookgen init --host gitlab')
    .action((sources: string[], flags: Record<string, unknown>) => {
      choose(() => initCommand(sources, flags, io))
    })
}

/** The commands, for "did you mean …?". */
const COMMANDS = ['build', 'inspect', 'convert', 'dev', 'preview', 'init', 'check', 'restore'] as const

/** The error for a command bookgen does not have, with the one probably meant. */
function unknownCommand(typed: string): BookgenError {
  const meant = COMMAND_SYNONYMS[typed.toLowerCase()] ?? closest(typed, COMMANDS)
  return new BookgenError(
    `Unknown command "${typed}"${meant === undefined ? '' : `; did you mean "bookgen ${meant}"?`} (commands: ${COMMANDS.join(', ')})`,
    { rule: 'cli/usage' },
  )
}

/** Other tools' words for a command, for "did you mean …?" where the spelling is no help. */
const COMMAND_SYNONYMS: Readonly<Record<string, (typeof COMMANDS)[number]>> = {
  serve: 'preview',
  server: 'preview',
  start: 'dev',
  watch: 'dev',
  export: 'convert',
  setup: 'init',
}

async function buildCommand(sources: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  const quiet = flags['quiet'] === true
  const json = flags['json'] === true
  const inline: InlineConfig = {
    sources,
    outDir: optionalString(flags, 'out'),
    base: optionalString(flags, 'base'),
    site: optionalString(flags, 'site'),
    title: optionalString(flags, 'title'),
    allowEmpty: flags['allowEmpty'] === true ? true : undefined,
    history: flags['history'] === false ? false : undefined,
    allowRemoval: flags['allowRemoval'] === true ? true : undefined,
  }
  const config = await loadResolvedConfig(flags, inline, io.cwd, { command: 'build' })
  checkDefaultSource(config, sources, 'build')
  const interrupt = new AbortController()
  // While it builds, a signal stops the build, which removes its staging folder, instead of the
  // process; a second one does not wait for the clean-up (the next build removes what is left).
  const signals = onSignals((name) => {
    // A read from a terminal or a pipe with no writer cannot be stopped: say how to quit anyway.
    io.stderr(`Stopping the build (${name}); again to quit at once.\n`)
    interrupt.abort(name)
  }, exitFor)
  let result: BuildResult
  const { out, err } = paint(io)
  const progress = startProgress(io.stderr, io.progress === true && !quiet && !json, err)
  try {
    result = await build(config, { signal: interrupt.signal, onStep: progress.step })
  } catch (error) {
    if (!interrupt.signal.aborted || !isBookgenError(error)) throw error
    io.stderr(`error: ${safe(error.format())}\n`)
    return exitFor(interrupt.signal.reason)
  } finally {
    progress.stop()
    signals.dispose()
  }
  // A signal during the swap: the build went on to the end, and says it was interrupted.
  const late = interrupt.signal.aborted ? exitFor(interrupt.signal.reason) : EXIT_OK
  if (late !== EXIT_OK)
    io.stderr(
      `Interrupted (${String(interrupt.signal.reason)}) while the new site was swapped in: it is in place.\n`,
    )
  const searchIndex = directoryBytes(path.join(config.outDir, 'assets', 'search'))
  if (json) io.stdout(`${JSON.stringify(buildJson(result, config, searchIndex, late), null, 2)}\n`)
  if (quiet) return late
  if (!json) io.stdout(buildSummary(result, config, searchIndex, out, io.cwd))
  const printed = warningsToPrint(result.warnings, io.ci === true)
  if (printed.length > 0) io.stderr(formatWarnings(printed, WARNINGS_SHOWN, err))
  return late
}

function exitFor(signal: unknown): number {
  return signal === 'SIGTERM' ? EXIT_SIGNAL.SIGTERM : EXIT_SIGNAL.SIGINT
}

async function devCommand(sources: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  // The watcher and server load only for `dev`.
  const { startDev } = await import('../dev/index.js')
  if (sources.length === 0) {
    const inline: InlineConfig = { outDir: optionalString(flags, 'out') }
    checkDefaultSource(await loadResolvedConfig(flags, inline, io.cwd, { command: 'dev' }), sources, 'dev')
  }
  const stop = stopOnSignal(io)
  try {
    const session = await startDev({
      cwd: io.cwd,
      configFile: optionalString(flags, 'config'),
      inline: { sources, outDir: optionalString(flags, 'out'), base: optionalString(flags, 'base') },
      host: optionalString(flags, 'host'),
      port: parsePort(flags, DEV_PORT),
      listen: (start, port) => listenOnFreePort(start, port, io),
      log: (line) => io.stdout(`${safe(line)}\n`),
      signal: stop.signal,
    })
    io.stdout(`\n  bookgen dev: ${session.url}  (Ctrl-C to stop)\n\n`)
    await stop.requested
    // A build that is running stops between two pages, leaving the last complete site.
    await session.close()
    return EXIT_OK
  } catch (error) {
    if (!stop.signal.aborted) throw error
    // Stopped during the first build: the output folder is as it was.
    return EXIT_SIGNAL.SIGINT
  } finally {
    stop.dispose()
  }
}

/**
 * The first SIGINT or SIGTERM aborts `signal` (the command then stops what it is doing and cleans
 * up) and resolves `requested`; a second one exits at once.
 */
function stopOnSignal(io: Io): { signal: AbortSignal; requested: Promise<void>; dispose: () => void } {
  const controller = new AbortController()
  const signals = onSignals(
    () => {
      io.stdout('stopping… (Ctrl-C again to quit at once)\n')
      controller.abort()
    },
    () => EXIT_SIGNAL.SIGINT,
  )
  return { signal: controller.signal, ...signals }
}

/**
 * Until `dispose`, the first SIGINT or SIGTERM calls `first` with its name and resolves
 * `requested`; a second one exits at once, with the code `exit` gives.
 */
function onSignals(
  first: (name: NodeJS.Signals) => void,
  exit: (name: NodeJS.Signals) => number,
): { requested: Promise<void>; dispose: () => void } {
  let request!: () => void
  const requested = new Promise<void>((resolve) => (request = resolve))
  let stopping = false
  const onSignal = (name: NodeJS.Signals) => {
    if (stopping) process.exit(exit(name))
    stopping = true
    first(name)
    request()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    requested,
    dispose: () => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    },
  }
}

async function initCommand(sources: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  const { runInit } = await import('./commands/init.js')
  const report = await runInit(io.cwd, {
    sources,
    force: flags['force'] === true,
    floccus: flags['floccus'] === true ? true : undefined,
    branch: optionalString(flags, 'branch'),
    configFile: optionalString(flags, 'config'),
    host: initHost(flags),
    links: flags['links'] === true,
    private: flags['private'] === true,
    progress: (line) => io.stderr(`  … ${safe(line)}\n`),
  })
  io.stdout(initSummary(report, io.cwd).join('\n'))
  // Last, where they are read before the commands are run.
  for (const warning of report.warnings) io.stderr(`warning: ${safe(warning)}\n`)
  return EXIT_OK
}

/** `--host` of `init`, checked. */
function initHost(flags: Record<string, unknown>): HostName | undefined {
  const host = optionalString(flags, 'host')
  if (host === undefined) return undefined
  const known = HOST_NAMES.find((name) => name === host.toLowerCase())
  if (known !== undefined) return known
  const meant = closest(host.toLowerCase(), HOST_NAMES)
  throw new BookgenError(
    `Unknown host "${host}"${meant === undefined ? '' : `; did you mean "${meant}"?`} (hosts: ${HOST_NAMES.join(', ')})`,
    { rule: 'cli/usage' },
  )
}

/** What `init` did, then what to run next (each command on a line of its own, to copy). */
function initSummary(report: InitReport, cwd: string): string[] {
  const { pages, links, host, gitignore } = report
  const shown = (file: string) => safe(path.relative(cwd, file))
  return [
    ...(pages === undefined
      ? [`  kept ${host.file} (--force replaces it)`]
      : [
          `✓ wrote ${shown(pages.file)}: publishes on every push to ${safe(pages.branch)}` +
            (pages.floccus ? ' (Floccus repository: branch pushes only, full history)' : ''),
        ]),
    ...(links === undefined
      ? []
      : [
          `✓ wrote ${shown(links.file)}: checks the links every Monday (and from the Actions tab), then republishes; how it works: ${LINK_HEALTH_URL}`,
        ]),
    `✓ bookgen: ${safe(report.bookgen.summary)}`,
    ...(gitignore.added.length === 0
      ? []
      : [`✓ .gitignore: ${gitignore.created ? 'wrote' : 'added'} ${gitignore.added.map(safe).join(', ')}`]),
    'Next:',
    ...report.next.flatMap((step, index) => [
      `  ${index + 1}. ${safe(step.say)}`,
      ...(step.where === undefined ? [] : [`       ${safe(step.where)}`]),
      ...step.commands.map((command) => `       ${safe(command)}`),
    ]),
    `  The site appears at ${safe(report.site)} once the job has run (${host.watch}).`,
    '',
  ]
}

async function checkCommand(sources: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  // The HTTP client and the progress bar load only for `check`.
  const { runCheck } = await import('./commands/check.js')
  const maxAge = durationFlag(flags, 'maxAge', '--max-age')
  const linkCheck = {
    maxTime: durationFlag(flags, 'maxTime', '--max-time'),
    maxLinkTime: durationFlag(flags, 'maxLinkTime', '--max-link-time'),
    rate: limitFlag(flags, 'rate', '--rate'),
    perHost: limitFlag(flags, 'perHost', '--per-host'),
  }
  const config = await loadResolvedConfig(flags, { sources, linkCheck }, io.cwd, { command: 'check' })
  checkDefaultSource(config, sources, 'check')
  const stop = stopOnSignal(io)
  try {
    return await runCheck({
      config,
      storeFile: optionalString(flags, 'store'),
      cwd: io.cwd,
      maxAge,
      onlyDead: flags['onlyDead'] === true,
      failOnDead: flags['failOnDead'] === true,
      out: (line) => io.stdout(`${safe(line)}\n`),
      progressOut: (line) => io.stderr(`${safe(line)}\n`),
      // The bar is drawn on a terminal only, and never into a test's output.
      isTTY: io === defaultIo && process.stderr.isTTY,
      progressStream: process.stderr,
      signal: stop.signal,
      check: io.check,
    })
  } finally {
    stop.dispose()
  }
}

/** A duration flag's value (ms); undefined when absent, a usage error when empty or not a duration. */
function durationFlag(flags: Record<string, unknown>, key: string, name: string): number | undefined {
  const value = flags[key]
  if (value === undefined) return undefined
  if (value === true || value === '') throw new BookgenError(`${name} needs a value`, { rule: 'cli/usage' })
  // cac reads `--max-age 0` as a number.
  return parseDuration(String(value))
}

/** `--rate` or `--per-host`: a number; undefined when absent, a usage error when not a fit one. */
function limitFlag(
  flags: Record<string, unknown>,
  key: 'rate' | 'perHost',
  name: string,
): number | undefined {
  const value = flags[key]
  if (value === undefined) return undefined
  // cac reads `--rate 2` as a number, and `--rate 0x10` or `--rate 1e3` as they are.
  const number = typeof value === 'number' ? value : Number.NaN
  const [fits, must] = LINK_LIMITS[key]
  if (!fits(number)) throw new BookgenError(`${name} must be ${must}`, { rule: 'cli/usage' })
  return number
}

async function previewCommand(flags: Record<string, unknown>, io: Io): Promise<number> {
  const inline: InlineConfig = { outDir: optionalString(flags, 'out'), base: optionalString(flags, 'base') }
  const config = await loadResolvedConfig(flags, inline, io.cwd, { command: 'preview' })
  if (!existsSync(path.join(config.outDir, 'index.html'))) {
    throw new BookgenError(`No built site in ${displayPath(config.outDir)}/: run "bookgen build" first`, {
      rule: 'cli/usage',
    })
  }
  // The base path the site was built with (its marker says), unless --base says otherwise.
  const recorded = inline.base === undefined ? await readSiteAddress(config.outDir) : undefined
  const base = recorded?.base ?? config.base
  const { startStaticServer } = await import('../server/static.js')
  const server = await listenOnFreePort(
    (port) =>
      startStaticServer({
        root: config.outDir,
        base,
        host: optionalString(flags, 'host'),
        port,
      }),
    parsePort(flags, PREVIEW_PORT),
    io,
  )
  io.stdout(`Serving ${displayPath(config.outDir)}/ at ${server.url}  (Ctrl-C to stop)\n`)
  const signals = onSignals(() => {}, exitFor)
  await signals.requested
  signals.dispose()
  await server.close()
  return EXIT_OK
}

/** Try `port`, then the next ones, saying so when the requested one is taken. */
async function listenOnFreePort<T>(start: (port: number) => Promise<T>, port: number, io: Io): Promise<T> {
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
    rule: 'cli/usage',
  })
}

function parsePort(flags: Record<string, unknown>, fallback: number): number {
  const value = flags['port']
  if (value === undefined) return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new BookgenError(`--port must be a number from 0 to 65535, not "${String(value)}"`, {
      rule: 'cli/usage',
    })
  }
  return port
}

function reportError(error: unknown, io: Io, debug: boolean): number {
  const { err } = paint(io)
  if (isBookgenError(error)) {
    for (const line of formatError(error, err.red(err.bold('error:')) + ' ')) io.stderr(`${line}\n`)
    if (debug && error.stack !== undefined) io.stderr(`${error.stack}\n`)
    return USAGE_RULES.has(error.rule) ? EXIT_USAGE : EXIT_FAILURE
  }
  if (error instanceof Error && error.name === 'CACError') {
    io.stderr(`${err.red(err.bold('error:'))} ${safe(error.message)}\nRun "bookgen --help" for usage.\n`)
    return EXIT_USAGE
  }
  io.stderr(
    `bookgen crashed — this is a bug, please report it.\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  return EXIT_FAILURE
}
