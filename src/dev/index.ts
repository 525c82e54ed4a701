/**
 * (I/O) `bookgen dev`: an initial build, the dev server, and a watcher on the sources, the config
 * file (and the files it imports) and the theme stylesheet. Edits rebuild incrementally, one
 * build at a time; open pages reload by themselves; a broken save keeps the last good site served
 * and shows the error in the terminal and over the page until a good save fixes it. A change to
 * the config is a full reload.
 */
import { formatError, formatWarnings, warningsToPrint } from '../report/messages.js'
import { plural } from '../report/output.js'
import { formatMessage, type Message } from '../model/message.js'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { isDynamicPattern } from 'tinyglobby'
import { DEV_PORT, resolveConfig, type InlineConfig, type ResolvedConfig } from '../config/options.js'
import { loadConfigFile } from '../config/load.js'
import { BookgenError, isBookgenError } from '../model/errors.js'
import { DevBuilder, type DevBuildResult } from './builder.js'
import { createRebuildQueue } from './queue.js'
import { startDevServer, type DevServer } from '../server/dev.js'
import { watchTargets, type CreateWatcher, type Watch, type WatchTargets } from './watcher.js'
import { SourceRecheck } from './recheck.js'

export interface DevOptions {
  cwd: string
  /** An explicit `--config`. */
  configFile?: string | undefined
  inline: InlineConfig
  host?: string | undefined
  port?: number | undefined
  /** Start the server with this function, e.g. to try further ports when one is taken. */
  listen?: ((start: (port: number) => Promise<DevServer>, port: number) => Promise<DevServer>) | undefined
  /** Where progress and errors are printed (one line each). */
  log?: ((line: string) => void) | undefined
  /** Quiet time after a change before a rebuild starts. Default: 20 ms */
  debounceMs?: number | undefined
  /**
   * Stops the initial build (a Ctrl-C while it runs): `startDev` then rejects with the signal's
   * reason, and the output folder is as it was before.
   */
  signal?: AbortSignal | undefined
  /** Makes the file watcher (tests pass one that fails on purpose). Default: chokidar's `watch` */
  createWatcher?: CreateWatcher | undefined
}

export interface DevSession {
  url: string
  server: DevServer
  /** The current configuration (it changes when the config file does). */
  readonly config: ResolvedConfig
  /** The result of the initial build. */
  initial: DevBuildResult
  /** Resolves with the result of the next rebuild. */
  nextBuild(): Promise<DevBuildResult>
  /**
   * Stop watching and serving. A build that is running stops between two pages and leaves the
   * output folder as it was before it started: the last complete site.
   */
  close(): Promise<void>
}

/**
 * Memory for the next versions of a builder's large sources, made while no save is waiting (see
 * `IncrementalParser.prepareSpares`); preparing for a new builder (a config change) stops the last.
 */
function spareMemories(): { prepare(builder: DevBuilder): void; stop(): void } {
  let making = new AbortController()
  return {
    prepare(builder) {
      making.abort()
      making = new AbortController()
      // Not having them only makes the first saves slower.
      builder.prepareSpares(making.signal).catch(() => {})
    },
    stop: () => making.abort(),
  }
}

/** Start watch mode. */
export async function startDev(options: DevOptions): Promise<DevSession> {
  const log = options.log ?? (() => {})
  let { config, dependencies } = await loadDevConfig(options)
  let builder = new DevBuilder(config)
  const shown: WarningsShown = { messages: [], formatted: new WeakMap() }
  const initial = await builder.rebuild(new Set(), { signal: options.signal })
  report(initial, log, true, shown)

  const server = await listen(options, config, () => builder)
  if (!initial.ok) server.showError(initial.error.format())

  const waiters: Array<(result: DevBuildResult) => void> = []
  const settle = (result: DevBuildResult) => {
    for (const resolve of waiters.splice(0)) resolve(result)
  }
  // Stops a running build when the session closes.
  const stopping = new AbortController()

  let watcher: Watch
  const queue = createRebuildQueue(
    async (changed) => {
      let result: DevBuildResult
      try {
        result = await rebuildFor(changed)
      } catch (error) {
        if (stopping.signal.aborted) return // closing: the build stopped and left the last complete site
        throw error
      }
      report(result, log, false, shown)
      serverHasError = showOnPages(server, result, serverHasError)
      settle(result)
    },
    {
      debounceMs: options.debounceMs ?? 20,
      // A bug, not a broken save: say so, keep serving the last good site.
      onError: (error) => logCrash(log, error),
    },
  )
  const rebuildFor = async (changed: ReadonlySet<string>): Promise<DevBuildResult> => {
    if (![...changed].some((file) => dependencies.has(file)))
      return await builder.rebuild(changed, { signal: stopping.signal })
    log('config changed: full reload')
    try {
      ;({ config, dependencies, builder } = await reloadConfig(options, config, log))
      await watcher.close()
      watcher = watch()
      // Saves made while the watcher was replaced are found by comparing the contents.
      void watcher.ready.then(() => recheck.schedule())
      const result = await builder.rebuild(new Set(), { signal: stopping.signal })
      spares.prepare(builder)
      return result
    } catch (error) {
      if (!isBookgenError(error)) throw error
      return { ok: false, ms: 0, error }
    }
  }
  let serverHasError = !initial.ok

  const recheck = new SourceRecheck({
    queue,
    builder: () => builder,
    isDependency: (file) => dependencies.has(file),
    cwd: options.cwd,
    log,
  })
  const watch = () =>
    watchTargets(targetsOf(config, dependencies), {
      onChange: (file) => recheck.changed(file),
      log,
      onFallback: () => recheck.schedule(),
      create: options.createWatcher,
    })
  watcher = watch()
  await watcher.ready
  // Saves made during the initial build, before the watcher was ready.
  recheck.schedule()
  const spares = spareMemories()
  spares.prepare(builder)

  return {
    url: server.url,
    server,
    get config() {
      return config
    },
    initial,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      recheck.close()
      spares.stop()
      stopping.abort()
      await queue.close()
      await watcher.close()
      await server.close()
    },
  }
}

/** Start the dev server on `options.port` (or, through `options.listen`, a port from it on). */
async function listen(
  options: DevOptions,
  config: ResolvedConfig,
  builder: () => DevBuilder,
): Promise<DevServer> {
  const start = (port: number) =>
    startDevServer({
      root: config.outDir,
      base: config.base,
      host: options.host,
      port,
      prepare: async (relative) => {
        if (builder().isSiteFile(relative)) await builder().ensureSiteFile(relative)
      },
    })
  const port = options.port ?? DEV_PORT
  return options.listen !== undefined ? await options.listen(start, port) : await start(port)
}

/**
 * Show a rebuild on the open pages: reload them when files changed (or an error shown over them
 * is gone), show its error over them when it failed. Returns whether an error is shown now.
 */
function showOnPages(server: DevServer, result: DevBuildResult, errorShown: boolean): boolean {
  if (!result.ok) {
    server.showError(result.error.format())
    return true
  }
  if (result.written.length > 0 || result.removed.length > 0 || errorShown) server.reload()
  else server.clearError()
  return false
}

/** A bug, not a broken save: say so (the last good site is still served). */
function logCrash(log: (line: string) => void, error: unknown): void {
  log(
    `✗ bookgen crashed while rebuilding (a bug): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
}

/**
 * The config after its file changed, with the `outDir` and `base` of `current` (the server is
 * serving those), what it depends on, and a builder for it.
 */
async function reloadConfig(
  options: DevOptions,
  current: ResolvedConfig,
  log: (line: string) => void,
): Promise<{ config: ResolvedConfig; dependencies: Set<string>; builder: DevBuilder }> {
  const loaded = await loadDevConfig(options)
  if (loaded.config.outDir !== current.outDir || loaded.config.base !== current.base) {
    log('note: outDir and base take effect when bookgen dev is restarted')
  }
  const config = { ...loaded.config, outDir: current.outDir, base: current.base }
  return { config, dependencies: loaded.dependencies, builder: new DevBuilder(config) }
}

async function loadDevConfig(
  options: DevOptions,
): Promise<{ config: ResolvedConfig; dependencies: Set<string> }> {
  const loaded = await loadConfigFile(options.configFile, options.cwd, { command: 'dev' })
  const context = { cwd: options.cwd, configFile: loaded.file }
  const resolved = resolveConfig(loaded.config, options.inline, context)
  // dev writes its own folder: `bookgen build`'s output (built for publishing) is never touched.
  const buildOutDir = resolveConfig(loaded.config, { ...options.inline, outDir: undefined }, context).outDir
  const outDir = options.inline.outDir === undefined ? path.join(options.cwd, DEV_OUT_DIR) : resolved.outDir
  if (path.resolve(outDir) === path.resolve(buildOutDir)) {
    throw new BookgenError(
      `bookgen dev does not write into ${path.relative(options.cwd, outDir) || '.'}/, the output folder of bookgen build; leave out --out (dev then uses ${DEV_OUT_DIR}/)`,
      { rule: 'cli/usage' },
    )
  }
  if (options.inline.outDir === undefined) await ignoreDevFolder(options.cwd)
  // No service worker in watch mode: a page kept by one would hide the rebuild it waits for.
  const config: ResolvedConfig = Object.freeze({ ...resolved, outDir, offline: false })
  const dependencies = new Set<string>()
  if (loaded.file !== undefined) {
    dependencies.add(loaded.file)
    for (const file of relativeImports(loaded.file)) dependencies.add(file)
  }
  return { config, dependencies }
}

/** Where `bookgen dev` writes its site when not given `--out`, below the working directory. */
export const DEV_OUT_DIR = path.join('.bookgen', 'dev')

/** `.bookgen/` holds only what bookgen makes for itself: keep it out of Git. */
async function ignoreDevFolder(cwd: string): Promise<void> {
  const file = path.join(cwd, '.bookgen', '.gitignore')
  if (existsSync(file)) return
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, '# Made by bookgen (dev builds); nothing here belongs in Git.\n*\n')
}

/** Files a config imports by relative path (one level: what a hand-written config does). */
export function relativeImports(file: string): string[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  const found: string[] = []
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), match[1]!)
    const candidates = [
      target,
      ...['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'].map(
        (extension) => target.replace(/\.js$/, '') + extension,
      ),
    ]
    found.push(candidates.find((candidate) => existsSync(candidate)) ?? target)
  }
  return found
}

/** What to watch: the sources (or the folders their globs search), the config and its imports, the theme. */
function targetsOf(config: ResolvedConfig, dependencies: ReadonlySet<string>): WatchTargets {
  const files = new Set<string>(dependencies)
  const folders = new Set<string>()
  for (const source of config.sources) {
    if (isDynamicPattern(source)) folders.add(globRoot(source))
    else files.add(source)
  }
  if (config.theme.stylesheet !== undefined) files.add(config.theme.stylesheet)
  const outDir = path.resolve(config.outDir)
  return {
    files,
    folders,
    ignore: (file) =>
      file === outDir ||
      file.startsWith(outDir + path.sep) ||
      // The staging folder of a build and the previous site being swapped out, beside the output folder.
      file.startsWith(`${outDir}.bookgen-`) ||
      /[\\/](node_modules|\.git)([\\/]|$)/.test(file),
  }
}

/** The folder a glob searches from: its path up to the first segment with a wildcard. */
function globRoot(pattern: string): string {
  const segments = pattern.split(/[\\/]/)
  const fixed: string[] = []
  for (const segment of segments) {
    if (/[*?[\]{}!()]/.test(segment)) break
    fixed.push(segment)
  }
  return fixed.join(path.sep) || path.sep
}

function report(
  result: DevBuildResult,
  log: (line: string) => void,
  first: boolean,
  shown: WarningsShown,
): void {
  if (result.ok) {
    const changed = result.written.length + result.removed.length
    log(
      first
        ? `✓ built ${plural(result.bookmarks, 'bookmark')} in ${Math.round(result.ms)} ms`
        : `✓ rebuilt in ${Math.round(result.ms)} ms: ${changed === 0 ? 'nothing changed' : `${plural(changed, 'file')} updated`}`,
    )
    // The warnings, when they are not the ones already shown (each save would repeat them). The
    // dev site is not published: that it has no site address is no news.
    const warnings = warningsToPrint(result.warnings, false)
    const messages = warnings.map((warning) => {
      let message = shown.formatted.get(warning)
      if (message === undefined) shown.formatted.set(warning, (message = formatMessage(warning)))
      return message
    })
    const same =
      messages.length === shown.messages.length &&
      messages.every((message, i) => message === shown.messages[i])
    if (!same && warnings.length > 0) log(formatWarnings(warnings).trimEnd())
    shown.messages = messages
  } else {
    for (const line of formatError(result.error, '✗ ')) log(line)
    log('  (serving the last good site; fix the file and save to rebuild)')
  }
}

/** The warnings last printed, so that a rebuild with the same ones does not print them again. */
interface WarningsShown {
  messages: string[]
  /**
   * Each warning's message, by warning: a rebuild gives most of them again as the same objects
   * (sources parsed again only where they changed, notes on repeated URLs kept), so a save at a
   * million bookmarks does not format tens of thousands of messages to find they are the same.
   */
  formatted: WeakMap<Message, string>
}
