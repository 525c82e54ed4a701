/** How messages and summaries name a file: relative to a folder when inside it, else absolute. */
import path from 'node:path'

/** Paths in messages: relative to `from` (default: the working directory) when inside it. */
export function displayPath(file: string, from = process.cwd()): string {
  const relative = path.relative(from, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}
