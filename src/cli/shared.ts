/** What the commands share: their input and output, and reading flags and the config. */
import { existsSync } from 'node:fs'
import type { CAC } from 'cac'
import type { CheckTuning } from './commands/check.js'
import { loadConfigFile } from '../config/load.js'
import {
  configDefaults,
  resolveConfig,
  type ConfigEnv,
  type InlineConfig,
  type ResolvedConfig,
} from '../config/options.js'
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
  /**
   * Whether this runs in CI (the `CI` variable, which GitHub Actions, GitLab CI and Forgejo
   * Actions set), where a site is published: only there does a build without `--site` warn.
   */
  ci?: boolean | undefined
}

/** What commands read when no source is named and no config file names one. */
export const DEFAULT_SOURCE = configDefaults.sources.join(', ')

/**
 * A usage error when the command names no source, there is no config file, and the default
 * source (`bookmarks.html`) is not in the folder: say it is the default, and how to name one.
 */
export function checkDefaultSource(
  config: ResolvedConfig,
  sources: readonly string[],
  command: string,
): void {
  if (sources.length > 0 || config.configFile !== undefined) return
  if (config.sources.some((file) => existsSync(file))) return
  throw new BookgenError(
    `No source given, and no ${DEFAULT_SOURCE} (the default) here: name your export, e.g. "bookgen ${command} ~/Downloads/bookmarks.html", or list it in bookmarks.config.ts`,
    { rule: 'cli/usage' },
  )
}

/**
 * Tidy cac's help: leave out the options in `hidden` (old spellings kept working), and cac's
 * "(default: true)" after a `--no-…` flag, which reads as if the flag were on by default.
 */
export function tidyHelp(cli: CAC, hidden: ReadonlySet<string>): void {
  cli.help((sections) =>
    sections.map((section) => {
      if (section.title !== 'Options') return section
      const lines = section.body
        .split('\n')
        .filter((line) => !hidden.has(line.trim().split(/\s+/)[0] ?? ''))
        .map((line) => (/^\s+--no-/.test(line) ? line.replace(/ \(default: true\)$/, '') : line))
        .map((line) => line.trimEnd())
      return { ...section, body: lines.join('\n') }
    }),
  )
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
    throw new BookgenError(`--${name} needs a value`, { rule: 'cli/usage' })
  }
  return value
}
