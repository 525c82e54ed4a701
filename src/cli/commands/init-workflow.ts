/**
 * The CI jobs `bookgen init` writes, as text, from the templates in `templates/init/`, so that
 * tests can lint them (actionlint) and run their shell steps. `init.ts` decides the options
 * from the repository. bookgen always comes from the repository's package.json and
 * package-lock.json (`npm ci`), which `init` makes fetchable on a runner (see init-package.ts).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { TEMPLATES_DIR } from '../../build/output.js'

export interface WorkflowOptions {
  /** The branch whose pushes publish the site. */
  branch: string
  /** Source paths passed to `bookgen build`; none means the config's. */
  sources: readonly string[]
  /** A Floccus-synced repository: a comment on why tags must not trigger. */
  floccus: boolean
  /**
   * `init --private`: the environment variable the private section's passphrase is read from,
   * set on the build step from the repository secret of the same name.
   */
  passphraseEnv?: string | undefined
}

/** How a workflow installs bookgen: as package.json and package-lock.json say. */
export const INSTALL_COMMAND = 'npm ci --no-audit --no-fund'
/** How a workflow runs bookgen once `npm ci` installed it (never fetching another). */
export const BOOKGEN_COMMAND = 'npx --no-install bookgen'

/** Runtime of the runner's Node.js (an LTS line). */
const WORKFLOW_NODE_VERSION = '24'

/** A `[[name]]` in a template: a line of its own stands for lines (maybe none), else for text. */
const PLACEHOLDER = /\[\[([a-z-]+)\]\]/g

/**
 * The job in `templates/init/<name>.yml` for `options`. Every value put in it has been checked by
 * `init` (no quoting needed).
 */
export function workflowText(name: string, options: WorkflowOptions): string {
  const template = readFileSync(path.join(TEMPLATES_DIR, 'init', `${name}.yml`), 'utf8')
  const secret = options.passphraseEnv
  // The passphrase's variable of a build step's `env:`, from the repository secret of the same
  // name (never written in the repository, masked in the logs).
  const passphrase =
    secret === undefined
      ? []
      : [
          "          # The private section's passphrase, from a repository secret.",
          `          ${secret}: \${{ secrets.${secret} }}`,
        ]
  const lines: Record<string, string[]> = {
    floccus: options.floccus
      ? [
          '  # Floccus pushes a lock *tag* every couple of minutes while it syncs; tag pushes ignore',
          '  # path filters, so only pushes to the branch (this filter) publish the site.',
        ]
      : [],
    passphrase,
    'passphrase-env': passphrase.length === 0 ? [] : ['        env:', ...passphrase],
  }
  const text: Record<string, string> = {
    branch: options.branch,
    node: WORKFLOW_NODE_VERSION,
    install: INSTALL_COMMAND,
    bookgen: BOOKGEN_COMMAND,
    // The arguments naming the sources: each followed by a space, or (`checked`) preceded by one.
    sources: options.sources.map((source) => `${source} `).join(''),
    checked: options.sources.map((source) => ` ${source}`).join(''),
  }
  return template
    .split('\n')
    .flatMap((line) => {
      const only = /^\[\[([a-z-]+)\]\]$/.exec(line)
      return only === null ? [line] : lines[only[1]!]!
    })
    .join('\n')
    .replace(PLACEHOLDER, (_, key: string) => text[key]!)
}
