/** bookgen's version and folder: its package.json is one level above `src/` and `dist/`. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The folder of the running bookgen's package.json (an installed copy, or a checkout). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version
