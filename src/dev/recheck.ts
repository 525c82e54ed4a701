/**
 * Watch mode's safety net: a short while after the last watcher event, the sources' contents are
 * compared with what the last builds read, and any that differ are built (then compared again,
 * until they agree). A watcher drops events (chokidar ignores a file for 50 ms after a change it
 * reported; a rewrite can keep the size and the modification time), so an event only says "look".
 */
import path from 'node:path'
import type { DevBuilder } from './builder.js'
import type { RebuildQueue } from './queue.js'

/** Quiet time after the last watcher event before the contents are compared. */
export const RECHECK_MS = 120

export interface RecheckOptions {
  queue: RebuildQueue
  /** The current builder (a config change replaces it). */
  builder: () => DevBuilder
  /** Whether `file` is a config dependency (those are the config reload's to handle). */
  isDependency: (file: string) => boolean
  cwd: string
  log: (line: string) => void
}

export class SourceRecheck {
  private timer: ReturnType<typeof setTimeout> | undefined
  private closed = false
  /** Per file, the contents (hash) a check already queued since the last watcher event: queued once. */
  private readonly queued = new Map<string, string>()

  private readonly options: RecheckOptions

  constructor(options: RecheckOptions) {
    this.options = options
  }

  /** A watcher saw `file` change: build it, and compare the contents once things are quiet. */
  changed(file: string): void {
    if (this.closed) return
    this.options.log(`changed: ${path.relative(this.options.cwd, file) || file}`)
    this.queued.clear()
    void this.options.queue.push(file)
    this.schedule()
  }

  /** Compare the contents after `RECHECK_MS` of quiet (again, if one was scheduled). */
  schedule(): void {
    if (this.closed) return
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.check().catch((error: unknown) =>
        this.options.log(
          `✗ could not compare the sources with the last build: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
    }, RECHECK_MS)
  }

  close(): void {
    this.closed = true
    if (this.timer !== undefined) clearTimeout(this.timer)
  }

  private async check(): Promise<void> {
    this.timer = undefined
    const { queue, builder, isDependency, cwd, log } = this.options
    await queue.idle()
    // Closed, or a newer event has scheduled another check.
    if (this.closed || this.timer !== undefined) return
    const current = builder()
    const stale = (await current.staleSources(current.sourceFiles())).filter(
      ({ file, hash }) => !isDependency(file) && this.queued.get(file) !== hash,
    )
    if (this.closed || stale.length === 0) return
    for (const { file, hash } of stale) {
      this.queued.set(file, hash)
      log(`changed: ${path.relative(cwd, file) || file}`)
      void queue.push(file)
    }
    this.schedule()
  }
}
