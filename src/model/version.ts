/** bookgen's version and folder: its package.json is one level above `src/` and `dist/`. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The folder of the running bookgen's package.json (an installed copy, or a checkout). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/** bookgen's home: its repository, whose README is its manual. */
export const PROJECT_URL = 'https://github.com/bookgen/bookgen'

/** The README's section on link health, for messages that point users at it. */
export const LINK_HEALTH_URL = `${PROJECT_URL}#link-health`
