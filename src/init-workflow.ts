/**
 * The GitHub Actions workflow `bookgen init` writes, as text: pure, so that tests can lint it
 * (actionlint) and run its shell steps. `init.ts` decides the options from the repository.
 */

/** How the runner gets bookgen: the repository's own `package.json`, or a pinned global install. */
export type InstallMode = { kind: 'package'; lockfile: boolean } | { kind: 'pinned'; version: string }

export interface WorkflowOptions {
  /** The branch whose pushes publish the site. */
  branch: string
  /** Source paths passed to `bookgen build`; none means the config's. */
  sources: readonly string[]
  install: InstallMode
  /** A Floccus-synced repository: a comment on why tags must not trigger. */
  floccus: boolean
  /** Where the workflow lives, the cache key of a pinned install. */
  workflowPath: string
  /**
   * `init --private`: the environment variable the private section's passphrase is read from,
   * set on the build step from the repository secret of the same name.
   */
  passphraseEnv?: string | undefined
}

/** Runtime of the runner's Node.js (an LTS line). */
export const WORKFLOW_NODE_VERSION = '24'

/** The workflow's YAML. Every value put in it has been checked by `init` (no quoting needed). */
export function pagesWorkflow(options: WorkflowOptions): string {
  const trigger = options.floccus
    ? [
        '  # Floccus pushes a lock *tag* every couple of minutes while it syncs; tag pushes ignore',
        '  # path filters, so only pushes to the branch (this filter) publish the site.',
      ]
    : []
  return [
    '# Build the bookmark site with bookgen and publish it on GitHub Pages (written by `bookgen init`).',
    '# Once, in the repository on GitHub: Settings → Pages → Build and deployment → Source: GitHub Actions.',
    'name: Publish bookmarks',
    '',
    'on:',
    ...trigger,
    '  push:',
    `    branches: [${options.branch}]`,
    '  workflow_dispatch:',
    '',
    'permissions:',
    '  contents: read',
    '  pages: write',
    '  id-token: write',
    '',
    'concurrency:',
    '  group: pages',
    '  cancel-in-progress: false',
    '',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    ...setupSteps(options),
    ...configurePages(),
    ...installSteps(options),
    ...buildSteps(options),
    '',
    ...deployJob('build'),
  ].join('\n')
}

/**
 * The weekly link check (`bookgen init --links`): `bookgen check`, the link store committed when
 * it changed, then the site built with it and deployed. It deploys by itself: a commit pushed with
 * the workflow's token starts no other workflow.
 */
export function linksWorkflow(options: WorkflowOptions): string {
  const sources = options.sources.map((source) => ` ${source}`).join('')
  return [
    "# Check the bookmarks' links every week, commit the link store (bookmarks.links.json) when it",
    '# changed, then build the site with it and publish it on GitHub Pages (written by',
    '# `bookgen init --links`; see https://github.com/bookgen/bookgen/blob/main/docs/link-health.md).',
    'name: Check links',
    '',
    'on:',
    '  schedule:',
    "    # Mondays at 05:17 UTC (off the hour, when GitHub's scheduler is least busy).",
    "    - cron: '17 5 * * 1'",
    '  workflow_dispatch:',
    '',
    'permissions: {}',
    '',
    'concurrency:',
    '  group: links-check',
    '  cancel-in-progress: false',
    '',
    'jobs:',
    '  check:',
    '    runs-on: ubuntu-latest',
    '    permissions:',
    '      # Commit the link store.',
    '      contents: write',
    "      # actions/configure-pages reads the site's address.",
    '      pages: read',
    '    steps:',
    ...setupSteps(options),
    ...installSteps(options),
    '      # Checks links last checked 7 days ago or more; dead links do not fail the run.',
    `      - run: ${bookgenCommand(options.install)} check${sources}`,
    '      # `git add` first: the first store is a new file, which `git diff --quiet` alone ignores.',
    '      - name: Commit the link store if it changed',
    '        run: |',
    "          git add --all -- ':(glob)**/*.links.json'",
    '          if git diff --cached --quiet; then',
    "            echo 'The link store did not change'",
    '            exit 0',
    '          fi',
    "          git config user.name 'github-actions[bot]'",
    "          git config user.email '41898283+github-actions[bot]@users.noreply.github.com'",
    "          git commit --message 'Update link health (bookgen check)'",
    '          git push || { git pull --rebase && git push; }',
    ...configurePages(),
    ...buildSteps(options),
    '',
    ...deployJob('check', true),
  ].join('\n')
}

/** How the workflow runs bookgen once it is installed. */
function bookgenCommand(install: InstallMode): string {
  return install.kind === 'package' ? 'npx --no-install bookgen' : 'bookgen'
}

/** Check out, and set up Node.js (with the npm cache). */
function setupSteps(options: WorkflowOptions): string[] {
  const { install } = options
  // The whole history, always: bookmarks get the dates of the commits that added them, and the
  // build can refuse a commit that removed most of them (see docs/history.md).
  const checkout = [
    '      - uses: actions/checkout@v5',
    '        with:',
    '          # The whole history: each bookmark gets the date of the commit that added it.',
    '          fetch-depth: 0',
  ]
  const cache =
    install.kind === 'package' && install.lockfile
      ? ['          cache: npm']
      : [
          '          cache: npm',
          `          cache-dependency-path: ${install.kind === 'package' ? 'package.json' : options.workflowPath}`,
        ]
  return [
    ...checkout,
    '      - uses: actions/setup-node@v5',
    '        with:',
    `          node-version: ${WORKFLOW_NODE_VERSION}`,
    ...cache,
  ]
}

/** Install bookgen: as the repository's package.json declares it, else a pinned global install. */
function installSteps({ install }: WorkflowOptions): string[] {
  return install.kind === 'package'
    ? [
        '      - name: Install bookgen (from package.json)',
        `        run: ${install.lockfile ? 'npm ci' : 'npm install'} --no-audit --no-fund`,
      ]
    : [
        '      - name: Install bookgen',
        `        run: npm install --global --no-audit --no-fund bookgen@${install.version}`,
      ]
}

/** The site's address and base path, from GitHub (step id `pages`). */
function configurePages(): string[] {
  return ['      - id: pages', '        uses: actions/configure-pages@v5']
}

/** The build under the site's address and base path, and the Pages artifact. */
function buildSteps(options: WorkflowOptions): string[] {
  const sources = options.sources.map((source) => `${source} `).join('')
  return [
    '      # The address and base path come from GitHub, so every link works at',
    '      # https://<owner>.github.io/<repository>/ (or at your custom domain).',
    '      - name: Build the site',
    '        env:',
    '          SITE: ${{ steps.pages.outputs.base_url }}',
    '          BASE_PATH: ${{ steps.pages.outputs.base_path }}',
    ...(options.passphraseEnv === undefined
      ? []
      : [
          "          # The private section's passphrase, from a repository secret (never in the repository or the logs).",
          `          ${options.passphraseEnv}: \${{ secrets.${options.passphraseEnv} }}`,
        ]),
    `        run: ${bookgenCommand(options.install)} build ${sources}--site "$SITE/" --base "$BASE_PATH/" --out _site`,
    '      - uses: actions/upload-pages-artifact@v4',
    '        with:',
    '          path: _site',
  ]
}

/**
 * The job that deploys the artifact of job `after`. `own`: the workflow grants no permissions and
 * is not in the `pages` concurrency group, so the job asks for them itself (one deployment at a
 * time, shared with the Pages workflow).
 */
function deployJob(after: string, own = false): string[] {
  return [
    '  deploy:',
    `    needs: ${after}`,
    '    runs-on: ubuntu-latest',
    ...(own
      ? [
          '    permissions:',
          '      pages: write',
          '      id-token: write',
          '    concurrency:',
          '      group: pages',
          '      cancel-in-progress: false',
        ]
      : []),
    '    environment:',
    '      name: github-pages',
    '      url: ${{ steps.deployment.outputs.page_url }}',
    '    steps:',
    '      - id: deployment',
    '        uses: actions/deploy-pages@v4',
    '',
  ]
}
