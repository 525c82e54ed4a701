/**
 * (I/O) Find and evaluate `bookmarks.config.*`. TypeScript configs load through jiti on Node 20
 * (no native type stripping there), with the module cache off so watch mode always sees edits.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ConfigEnv, UserConfig, UserConfigExport } from './options.js'
import { BookgenError } from '../model/errors.js'

/** Looked for in this order in the working directory when no `--config` is given. */
export const DEFAULT_CONFIG_FILES = Object.freeze([
  'bookmarks.config.ts',
  'bookmarks.config.mts',
  'bookmarks.config.js',
  'bookmarks.config.mjs',
  'bookmarks.config.cts',
  'bookmarks.config.cjs',
])

/** The public entry (`dist/index.js`) of the bookgen that is running. */
const RUNNING_BOOKGEN = fileURLToPath(new URL('../index.js', import.meta.url))

export interface LoadedConfig {
  /** Absolute path of the file, or undefined when there is none (defaults apply). */
  file: string | undefined
  config: UserConfig
}

/**
 * Load the config: an explicit `--config` path must exist (`config/not-found`); without one the
 * first default file in `cwd` is used, and none at all means defaults.
 */
export async function loadConfigFile(
  explicit: string | undefined,
  cwd: string,
  env: ConfigEnv,
): Promise<LoadedConfig> {
  let file: string | undefined
  if (explicit !== undefined) {
    file = path.resolve(cwd, explicit)
    if (!existsSync(file)) {
      throw new BookgenError(`Config file not found: ${explicit}`, {
        rule: 'config/not-found',
        file: explicit,
      })
    }
  } else {
    file = DEFAULT_CONFIG_FILES.map((name) => path.join(cwd, name)).find((candidate) => existsSync(candidate))
  }
  if (file === undefined) return { file: undefined, config: {} }

  let exported: unknown
  try {
    // Loaded only when there is a config file to load (jiti is the largest module bookgen uses).
    const { createJiti } = await import('jiti')
    // Not cached in memory, so watch mode sees an edited config. Transpiled configs are cached on
    // disk by content (jiti's file cache): a config that did not change loads without loading
    // Babel, which costs a build a couple of hundred milliseconds. `import … from 'bookgen'` is
    // the very copy that is running, imported natively: it resolves wherever bookgen runs from
    // (a project's node_modules, a global install, npx's cache, this repository).
    const jiti = createJiti(import.meta.url, {
      moduleCache: false,
      fsCache: true,
      alias: { bookgen: RUNNING_BOOKGEN },
      nativeModules: ['bookgen'],
      interopDefault: true,
    })
    exported = await jiti.import(file, { default: true })
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new BookgenError(`Could not load the config file: ${reason}`, {
      rule: 'config/load',
      file: path.relative(cwd, file) || file,
      cause: error,
    })
  }
  const config =
    typeof exported === 'function' ? await (exported as (env: ConfigEnv) => unknown)(env) : await exported
  return { file, config: (config ?? {}) as UserConfig }
}

export type { UserConfigExport }
