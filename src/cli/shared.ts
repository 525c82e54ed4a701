/** What the commands share: their input and output, and reading flags and the config. */
import type { CheckTuning } from './commands/check.js'
import { loadConfigFile } from '../config/load.js'
import { resolveConfig, type ConfigEnv, type InlineConfig } from '../config/options.js'
import { BookgenError } from '../model/errors.js'

export const EXIT_OK = 0

/** Where a command writes, and where it runs. */
export interface Io {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
  /** Colour what goes to stdout / stderr (default: no colours). */
  colors?: { stdout: boolean; stderr: boolean } | undefined
  /** Draw a progress line on stderr during long builds: only when stderr is a terminal. */
  progress?: boolean | undefined
  /** `bookgen check`'s limits, timeouts and DNS lookup (tests: no query leaves the machine). */
  check?: CheckTuning | undefined
}

/** The config the flags and the inline options make. */
export async function loadResolvedConfig(
  flags: Record<string, unknown>,
  inline: InlineConfig,
  cwd: string,
  env: ConfigEnv,
) {
  const loaded = await loadConfigFile(optionalString(flags, 'config'), cwd, env)
  return resolveConfig(loaded.config, inline, { cwd, configFile: loaded.file })
}

/** A flag's string value; undefined when absent, a usage error when empty. */
export function optionalString(flags: Record<string, unknown>, name: string): string | undefined {
  const value = flags[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value === '') {
    throw new BookgenError(`--${name} needs a value`, { ruleId: 'cli/usage' })
  }
  return value
}
