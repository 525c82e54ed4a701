/**
 * Durations as people write and read them: `--max-age 7d` in, `1 min 13 s` out. Pure.
 */
import { BookgenError } from '../model/errors.js'

const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
}

/**
 * Milliseconds from `30s`, `90m`, `12h`, `7d`, `2w` (or a bare `0`); a `BookgenError`
 * (`links/invalid-duration`) for anything else.
 *
 * @example parseDuration('7d') // → 604800000
 */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)?\s*$/.exec(text)
  const unit = match?.[2]
  if (match === null || (unit === undefined && Number(match[1]) !== 0)) {
    throw new BookgenError(`Expected a duration such as 12h, 7d or 2w (or 0), not "${text}"`, {
      rule: 'links/invalid-duration',
    })
  }
  return Math.round(Number(match[1]) * (unit === undefined ? 0 : UNITS[unit]!))
}

/** `850 ms`, `12 s`, `1 min 13 s`, `2 h 5 min`, `7 days`. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (seconds < 60) return `${seconds} s`
  if (seconds < 3600)
    return `${Math.floor(seconds / 60)} min${seconds % 60 === 0 ? '' : ` ${seconds % 60} s`}`
  if (seconds < 86_400) {
    const minutes = Math.floor((seconds % 3600) / 60)
    return `${Math.floor(seconds / 3600)} h${minutes === 0 ? '' : ` ${minutes} min`}`
  }
  const days = Math.round(seconds / 86_400)
  return `${days} ${days === 1 ? 'day' : 'days'}`
}
