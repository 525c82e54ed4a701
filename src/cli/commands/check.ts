/**
 * (I/O) `bookgen check`: read the sources, check the links the site publishes, write the store
 * beside the first source (or where asked), print a summary, and return the exit code: 0 (dead
 * links too, unless `failOnDead`; also when the run's time ran out, the rest left for the next
 * run), 1 with `failOnDead` and dead links, 130 when interrupted (the store then keeps what was
 * checked so far). A source whose last commit removed most bookmarks stops it as it stops a build
 * (`history/mass-removal`), before the store drops their links.
 */
import path from 'node:path'
import type { ResolvedConfig } from '../../config/options.js'
import type { Place } from '../../model/tree.js'
import { displayPath, expandSources, loadSources } from '../../build/index.js'
import { linkCheckDefaults } from '../../config/options.js'
import { readSiteHistory, startHistoryReads } from '../../history/build-step.js'
import { checkLinks, type CheckOptions, type CheckResult } from '../../links/check.js'
import { createCheckProgress, formatSummary, type ProgressReporter } from '../../links/progress.js'
import { publishedUrls } from '../../publish/published-urls.js'
import { defaultStoreFile, pruneStore, readLinkStore, writeLinkStore } from '../../links/store.js'

/** Exit codes of `runCheck`. */
export const CHECK_EXIT_OK = 0
export const CHECK_EXIT_DEAD = 1
/** Interrupted (128 + SIGINT), as shells report it. */
export const CHECK_EXIT_INTERRUPTED = 130

/** How many dead links the summary lists by name. */
const DEAD_LISTED = 20

/** What tuning `runCheck` passes through to `checkLinks`. */
export type CheckTuning = Pick<
  CheckOptions,
  | 'concurrency'
  | 'perHost'
  | 'rate'
  | 'timeoutMs'
  | 'maxLinkTime'
  | 'maxTime'
  | 'maxRedirects'
  | 'retryAfterCapMs'
  | 'userAgent'
  | 'lookup'
  | 'dnsCanary'
>

export interface RunCheckOptions {
  config: ResolvedConfig
  /** The store file (`--store`): absolute, or relative to `cwd` (messages show it relative to `config.root`). Default: the config's `links.store`, else `bookmarks.links.json` beside the first source */
  storeFile?: string | undefined
  /** What a relative `storeFile` is relative to. Default: `process.cwd()` */
  cwd?: string | undefined
  /** `--max-age` (ms). Default: 7 days */
  maxAge?: number | undefined
  /** `--only-dead`. Default: `false` */
  onlyDead?: boolean | undefined
  /** `--fail-on-dead`: exit 1 when any published link is dead after the run. Default: `false` */
  failOnDead?: boolean | undefined
  /** Where messages go, a line at a time (no newline). */
  out: (line: string) => void
  /** Where progress lines go when there is no bar (the CLI: standard error). Default: `out` */
  progressOut?: ((line: string) => void) | undefined
  /** Whether `progressStream` is a terminal: a progress bar is drawn on it. Default: `false` */
  isTTY?: boolean | undefined
  /** The terminal for the progress bar (usually `process.stderr`). */
  progressStream?: NodeJS.WritableStream | undefined
  /** Without a bar: a progress line at most this often (ms). Default: 10 000 */
  progressIntervalMs?: number | undefined
  /** Stops the check (Ctrl-C); what was checked is still written. */
  signal?: AbortSignal | undefined
  /** The run's time (ms). Default: `Date.now()` */
  now?: number | undefined
  /** Limits, timeouts and DNS for `checkLinks`, over the config's `links` (for tests). */
  check?: CheckTuning | undefined
}

/** Check the published links of `options.config`'s sources; resolves to the exit code. */
export async function runCheck(options: RunCheckOptions): Promise<number> {
  const { config, out } = options
  const started = performance.now()
  const files = await expandSources(config.sources, config.root)
  const historyReads = startHistoryReads(config, files)
  const { collections } = await loadSources(config, { files })
  // The guard of the build: the link store keeps the links of a removal the site does not publish.
  if (historyReads !== undefined) readSiteHistory(config, await historyReads, collections)
  const urls = publishedUrls(collections, config)
  const storeFile =
    options.storeFile !== undefined
      ? path.resolve(options.cwd ?? process.cwd(), options.storeFile)
      : (config.linkStore ?? defaultStoreFile(files))
  const storeName = displayPath(storeFile, config.root)
  const store = await readLinkStore(storeFile, storeName)
  const maxAge = options.maxAge ?? linkCheckDefaults.maxAge
  const onlyDead = options.onlyDead ?? linkCheckDefaults.onlyDead
  const tuning = { ...config.linkCheck, ...options.check }

  let progress: ProgressReporter | undefined
  let result: CheckResult
  try {
    result = await checkLinks({
      ...tuning,
      urls: urls.keys(),
      store,
      now: options.now ?? Date.now(),
      maxAge,
      onlyDead,
      signal: options.signal,
      onProgress: (event) => {
        progress ??= createCheckProgress({
          total: event.total,
          isTTY: options.isTTY ?? false,
          stream: options.progressStream,
          out: options.progressOut ?? out,
          intervalMs: options.progressIntervalMs,
        })
        progress.update(event)
      },
    })
  } finally {
    progress?.stop()
  }
  await writeLinkStore(storeFile, pruneStore(result.store, urls.keys()), storeName)

  for (const line of formatSummary(result.summary, {
    maxAge,
    onlyDead,
    elapsedMs: performance.now() - started,
    maxTime: result.outOfTime ? tuning.maxTime : undefined,
  }))
    out(line)
  for (const line of deadLines(result, urls)) out(line)
  if (result.aborted) {
    out(`Interrupted: ${storeName} keeps the ${result.summary.checked} links checked so far`)
    return CHECK_EXIT_INTERRUPTED
  }
  out(`Wrote ${storeName}`)
  return options.failOnDead === true && result.summary.dead > 0 ? CHECK_EXIT_DEAD : CHECK_EXIT_OK
}

/** One line per dead link (the first few), with why and where it is bookmarked. */
function deadLines(result: CheckResult, urls: ReadonlyMap<string, Place | undefined>): string[] {
  const lines: string[] = []
  let dead = 0
  for (const [url, place] of urls) {
    const entry = result.store.links.get(url)
    if (entry?.state !== 'dead') continue
    if (++dead > DEAD_LISTED) continue
    const why = entry.status === null ? (entry.error ?? 'no answer') : String(entry.status)
    const where = place === undefined ? '' : ` at ${place.file}:${place.line}:${place.column}`
    lines.push(
      `  dead: ${url} (${why}${entry.failures > 1 ? `, ${entry.failures} checks in a row` : ''})${where}`,
    )
  }
  if (dead > DEAD_LISTED) lines.push(`  … and ${dead - DEAD_LISTED} more dead links`)
  return lines
}
