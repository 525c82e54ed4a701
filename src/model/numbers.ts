/** Counts and sizes as messages and summaries show them, the same on every machine. */

/** A count with thousands separators: `12,345`. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US')
}

/** `512 B`, `12.3 kB`, `4.5 MB`, `1.00 GB` (powers of 1,000, as npm and browsers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1000 ** 2) return `${(bytes / 1000).toFixed(1)} kB`
  if (bytes < 1000 ** 3) return `${(bytes / 1000 ** 2).toFixed(1)} MB`
  return `${(bytes / 1000 ** 3).toFixed(2)} GB`
}

/**
 * A count and what it counts: `1 bookmark`, `12,345 bookmarks`, `2 sub-folders`.
 *
 * @param plural the noun for any count but 1; default: `noun` and `s`
 */
export function formatCountOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`
}
