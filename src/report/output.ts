/**
 * How the CLI writes to a terminal: colours (only on a terminal, and as NO_COLOR / FORCE_COLOR
 * say), counts with plurals, sizes and durations, a progress line for long builds, and
 * "did you mean …?" for a mistyped command.
 */
import pc from 'picocolors'
import { formatCount } from '../model/numbers.js'
export { formatBytes, formatCount } from '../model/numbers.js'

export type Colors = ReturnType<typeof pc.createColors>

/**
 * Whether to colour a stream: `FORCE_COLOR` (other than `0`) forces colours, `NO_COLOR` (any
 * non-empty value, https://no-color.org) turns them off, and otherwise a terminal that is not
 * `dumb` gets them.
 */
export function colorsWanted(isTTY: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env['FORCE_COLOR']
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false'
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false
  return isTTY === true && env['TERM'] !== 'dumb'
}

/** picocolors' functions, each the identity when `enabled` is false. */
export function createColors(enabled: boolean): Colors {
  return pc.createColors(enabled)
}

/** `1 bookmark`, `2 bookmarks`, `12,345 bookmarks` (irregular plurals passed in). */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nouns}`
}

/** `85 ms` below a second, `2.4 s` above. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

/** A build shorter than this shows no progress line. */
export const PROGRESS_AFTER_MS = 2000
const PROGRESS_EVERY_MS = 250
const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

export interface Progress {
  /** What is being done now, shown on the line. */
  step(text: string): void
  /** Clear the line (call before printing the summary). */
  stop(): void
}

/**
 * A progress line on a terminal (`write` goes to stderr), drawn over itself from
 * `PROGRESS_AFTER_MS` on: a spinner, the current step and the time so far. It never reaches a
 * file or a pipe: pass `enabled` false there.
 */
export function startProgress(write: (text: string) => void, enabled: boolean, colors: Colors): Progress {
  if (!enabled) return { step: () => {}, stop: () => {} }
  const started = performance.now()
  let text = 'building'
  let frame = 0
  let shown = false
  const draw = () => {
    shown = true
    const spinner = colors.cyan(SPINNER[frame++ % SPINNER.length]!)
    write(`\r\u001B[2K${spinner} ${text}… ${colors.dim(formatDuration(performance.now() - started))}`)
  }
  let timer: NodeJS.Timeout | undefined
  const delay = setTimeout(() => {
    draw()
    timer = setInterval(draw, PROGRESS_EVERY_MS)
    timer.unref()
  }, PROGRESS_AFTER_MS)
  delay.unref()
  return {
    step: (next) => {
      text = next
    },
    stop: () => {
      clearTimeout(delay)
      if (timer !== undefined) clearInterval(timer)
      if (shown) write('\r\u001B[2K')
      shown = false
    },
  }
}

/** The name in `names` closest to a mistyped `input`, if one is close enough to be what was meant. */
export function closest(input: string, names: readonly string[]): string | undefined {
  const typed = input.toLowerCase()
  const starting = names.filter((name) => typed.length >= 3 && name.startsWith(typed))
  if (starting.length === 1) return starting[0]
  let best: string | undefined
  let bestDistance = Infinity
  for (const name of names) {
    const distance = editDistance(typed, name)
    if (distance < bestDistance) {
      best = name
      bestDistance = distance
    }
  }
  const allowed = Math.max(1, Math.floor((best?.length ?? 0) / 3))
  return best !== undefined && bestDistance <= allowed ? best : undefined
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit (`biuld` → `build`). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = value
    }
  }
  return rows[a.length]![b.length]!
}
