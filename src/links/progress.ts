/**
 * (I/O) How a link check shows its progress: on a terminal, a progress bar (cli-progress) with the
 * rate and the time left; elsewhere (CI logs, pipes), a plain line every so often. And the
 * summary at the end (`formatSummary`, pure).
 */
import { Presets, SingleBar } from 'cli-progress'
import type { CheckProgress, CheckSummary } from './check.js'
import { formatDuration } from '../config/duration.js'

export interface ProgressOptions {
  /** URLs the run checks. */
  readonly total: number
  /** Whether `stream` is a terminal (the bar is drawn only there). */
  readonly isTTY: boolean
  /** Where the bar is drawn (a terminal: usually `process.stderr`). */
  readonly stream?: NodeJS.WritableStream | undefined
  /** Where progress lines go when there is no bar. */
  readonly out: (line: string) => void
  /** Without a bar: a line once this many ms have passed since the last (0: after every URL). Default: 10 000 */
  readonly intervalMs?: number | undefined
  /** A clock (ms) for the rate and the time left. Default: `performance.now` */
  readonly clock?: (() => number) | undefined
}

export interface ProgressReporter {
  /** Pass as `checkLinks`' `onProgress`. */
  readonly update: (progress: CheckProgress) => void
  /** Finish the bar (or say nothing more). */
  readonly stop: () => void
}

/** A progress display for a run of `total` checks. */
export function createCheckProgress(options: ProgressOptions): ProgressReporter {
  const clock = options.clock ?? (() => performance.now())
  const started = clock()
  if (options.isTTY && options.stream !== undefined && options.total > 0)
    return progressBar(options, clock, started)
  const interval = options.intervalMs ?? 10_000
  let last = started
  return {
    update: ({ done, total }) => {
      const now = clock()
      if (now - last < interval) return
      last = now
      options.out(progressLine(done, total, now - started))
    },
    stop: () => {},
  }
}

function progressBar(options: ProgressOptions, clock: () => number, started: number): ProgressReporter {
  const bar = new SingleBar(
    {
      format: 'Checking links {bar} {percentage}% | {value}/{total} | {rate}/s | ETA {eta_formatted}',
      stream: options.stream,
      hideCursor: true,
      etaBuffer: 100,
      fps: 10,
    },
    Presets.shades_classic,
  )
  bar.start(options.total, 0, { rate: '0.0' })
  return {
    update: ({ done }) => bar.update(done, { rate: perSecond(done, clock() - started).toFixed(1) }),
    stop: () => bar.stop(),
  }
}

/** `Checked 120 of 1000 links (12.0/s, about 1 min 13 s left)`. */
export function progressLine(done: number, total: number, elapsedMs: number): string {
  const rate = perSecond(done, elapsedMs)
  const left =
    rate > 0 && done < total ? `, about ${formatDuration(((total - done) / rate) * 1000)} left` : ''
  return `Checked ${done} of ${total} links (${rate.toFixed(1)}/s${left})`
}

/**
 * What a run found, as lines: the states, then what was not checked and why. `maxTime` is the
 * run's time limit when it ran out (the links left are then said to wait for the next run).
 */
export function formatSummary(
  summary: CheckSummary,
  options: {
    maxAge: number
    onlyDead: boolean
    elapsedMs?: number | undefined
    maxTime?: number | undefined
  },
): string[] {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
  const took = options.elapsedMs === undefined ? '' : ` in ${formatDuration(options.elapsedMs)}`
  const lines = [
    `${plural(summary.total, 'link')}: ${summary.alive} alive, ${summary.redirected} redirected, ${summary.unknown} unknown, ${summary.dead} dead`,
    `Checked ${plural(summary.checked, 'link')}${took}`,
  ]
  if (summary.fresh > 0) {
    lines.push(
      `Skipped ${plural(summary.fresh, 'link')} checked within ${formatDuration(options.maxAge)} (--max-age)`,
    )
  }
  if (summary.notDead > 0)
    lines.push(
      `Skipped ${plural(summary.notDead, 'link')} that ${summary.notDead === 1 ? 'is' : 'are'} not dead (--only-dead)`,
    )
  if (options.maxTime !== undefined && summary.left > 0)
    lines.push(
      `Out of time (--max-time ${formatDuration(options.maxTime)}): ${plural(summary.left, 'link')} left for the next run`,
    )
  if (summary.unchecked > 0) lines.push(`${plural(summary.unchecked, 'link')} never checked yet`)
  if (summary.ignored > 0) lines.push(`${plural(summary.ignored, 'URL')} not http(s), not checked`)
  return lines
}

function perSecond(done: number, elapsedMs: number): number {
  return elapsedMs <= 0 ? 0 : (done * 1000) / elapsedMs
}
