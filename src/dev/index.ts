/**
 * (I/O) `bookgen dev`: an initial build, the dev server, and a watcher on the sources, the config
 * file (and the files it imports) and the theme stylesheet. Edits rebuild incrementally, one
 * build at a time; open pages reload by themselves; a broken save keeps the last good site served
 * and shows the error in the terminal and over the page until a good save fixes it. A change to
 * the config is a full reload.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { isDynamicPattern } from 'tinyglobby'
import { resolveConfig, type InlineConfig, type ResolvedConfig } from '../config.js'
import { loadConfigFile } from '../config-file.js'
import { isBookgenError, type BookgenError } from '../errors.js'
import { DevBuilder, type DevBuildResult } from './builder.js'
import { createRebuildQueue } from './queue.js'
import { startDevServer, type DevServer } from './server.js'
import { DEV_PORT } from './port.js'

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
  /** Stop watching and serving. */
  close(): Promise<void>
}

/** How long after the last watcher event the sources are checked again (chokidar throttles at 50 ms). */
const RECHECK_MS = 120

/** Start watch mode. */
export async function startDev(options: DevOptions): Promise<DevSession> {
  const log = options.log ?? (() => {})
  let { config, dependencies } = await loadDevConfig(options)
  let builder = new DevBuilder(config)
  const initial = await builder.rebuild()
  report(initial, log, true)

  const start = (port: number) =>
    startDevServer({
      root: config.outDir,
      base: config.base,
      host: options.host,
      port,
      prepare: async (relative) => {
        if (builder.isSiteFile(relative)) await builder.ensureSiteFile(relative)
      },
    })
  const port = options.port ?? DEV_PORT
  const server = options.listen !== undefined ? await options.listen(start, port) : await start(port)
  if (!initial.ok) server.showError(initial.error.format())

  const waiters: Array<(result: DevBuildResult) => void> = []
  const settle = (result: DevBuildResult) => {
    for (const resolve of waiters.splice(0)) resolve(result)
  }

  let watcher: FSWatcher
  const queue = createRebuildQueue(
    async (changed) => {
      let result: DevBuildResult
      if ([...changed].some((file) => dependencies.has(file))) {
        log('config changed: full reload')
        try {
          const loaded = await loadDevConfig(options)
          if (loaded.config.outDir !== config.outDir || loaded.config.base !== config.base) {
            log('note: outDir and base take effect when bookgen dev is restarted')
          }
          config = { ...loaded.config, outDir: config.outDir, base: config.base }
          dependencies = loaded.dependencies
          builder = new DevBuilder(config)
          await watcher.close()
          watcher = watchTargets(config, dependencies, onChange)
          result = await builder.rebuild()
        } catch (error) {
          if (!isBookgenError(error)) throw error
          result = { ok: false, ms: 0, error }
        }
      } else {
        result = await builder.rebuild(changed)
      }
      const hadError = result.ok && serverHasError
      report(result, log, false)
      if (result.ok) {
        if (result.written.length > 0 || result.removed.length > 0 || hadError) server.reload()
        else server.clearError()
        serverHasError = false
      } else {
        server.showError(result.error.format())
        serverHasError = true
      }
      settle(result)
    },
    {
      debounceMs: options.debounceMs ?? 20,
      // A bug, not a broken save: say so, keep serving the last good site.
      onError: (error) =>
        log(
          `✗ bookgen crashed while rebuilding (a bug): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
    },
  )
  let serverHasError = !initial.ok
  // chokidar drops a file's change events for a short while after one it reported, so a save that
  // closely follows another (an editor truncating then writing, a sync tool) could go unseen:
  // after the last event, check the sources' size and time once more and rebuild what changed.
  let recheck: ReturnType<typeof setTimeout> | undefined
  const seen = new Set<string>()
  const onChange = (file: string) => {
    log(`changed: ${path.relative(options.cwd, file) || file}`)
    seen.add(file)
    void queue.push(file)
    if (recheck !== undefined) clearTimeout(recheck)
    recheck = setTimeout(() => {
      recheck = undefined
      void queue.idle().then(async () => {
        for (const stale of await builder.staleSources(seen)) {
          if (dependencies.has(stale)) continue
          log(`changed: ${path.relative(options.cwd, stale) || stale}`)
          void queue.push(stale)
        }
      })
    }, RECHECK_MS)
  }
  watcher = watchTargets(config, dependencies, onChange)
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()))

  return {
    url: server.url,
    server,
    get config() {
      return config
    },
    initial,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      if (recheck !== undefined) clearTimeout(recheck)
      await watcher.close()
      await queue.idle()
      await server.close()
    },
  }
}

async function loadDevConfig(
  options: DevOptions,
): Promise<{ config: ResolvedConfig; dependencies: Set<string> }> {
  const loaded = await loadConfigFile(options.configFile, options.cwd, { command: 'dev' })
  const config = resolveConfig(loaded.config, options.inline, { cwd: options.cwd, configFile: loaded.file })
  const dependencies = new Set<string>()
  if (loaded.file !== undefined) {
    dependencies.add(loaded.file)
    for (const file of relativeImports(loaded.file)) dependencies.add(file)
  }
  return { config, dependencies }
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

/** Watch the sources (or the folders their globs search), the config and its imports, the theme. */
function watchTargets(
  config: ResolvedConfig,
  dependencies: ReadonlySet<string>,
  onChange: (file: string) => void,
): FSWatcher {
  const targets = new Set<string>(dependencies)
  for (const source of config.sources) targets.add(isDynamicPattern(source) ? globRoot(source) : source)
  if (config.theme.stylesheet !== undefined) targets.add(config.theme.stylesheet)
  const outDir = path.resolve(config.outDir)
  const watcher = watch([...targets], {
    ignoreInitial: true,
    atomic: true,
    ignored: (file: string) =>
      file === outDir ||
      file.startsWith(outDir + path.sep) ||
      /[\\/](node_modules|\.git)([\\/]|$)/.test(file) ||
      file.endsWith('.bookgen.tmp'),
  })
  watcher.on('all', (event, file) => {
    if (event === 'add' || event === 'change' || event === 'unlink') onChange(path.resolve(file))
  })
  return watcher
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

function report(result: DevBuildResult, log: (line: string) => void, first: boolean): void {
  if (result.ok) {
    const changed = result.written.length + result.removed.length
    log(
      first
        ? `✓ built ${result.bookmarks.toLocaleString('en-US')} bookmarks in ${Math.round(result.ms)} ms`
        : `✓ rebuilt in ${Math.round(result.ms)} ms: ${changed === 0 ? 'nothing changed' : `${changed} file${changed === 1 ? '' : 's'} updated`}`,
    )
  } else {
    const error: BookgenError = result.error
    log(`✗ ${error.format()}`)
    const nested = error.cause instanceof AggregateError ? error.cause.errors.filter(isBookgenError) : []
    for (const inner of nested) log(`  ${inner.format()}`)
    log('  (serving the last good site; fix the file and save to rebuild)')
  }
}
