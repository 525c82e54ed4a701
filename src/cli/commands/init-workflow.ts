/**
 * The GitHub Actions workflows `bookgen init` writes, as text: pure, so that tests can lint them
 * (actionlint) and run their shell steps. `init.ts` decides the options from the repository.
 * bookgen always comes from the repository's package.json and package-lock.json (`npm ci`),
 * which `init` makes fetchable on a runner (see init-package.ts).
 */

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
export const WORKFLOW_NODE_VERSION = '24'

/** The workflow's YAML. Every value put in it has been checked by `init` (no quoting needed). */
export function pagesWorkflow(options: WorkflowOptions): string {
  return [
    '# Build the bookmark site with bookgen and publish it on GitHub Pages (written by `bookgen init`).',
    '# Once, in the repository on GitHub: Settings → Pages → Build and deployment → Source: GitHub Actions.',
    ...publishTrigger(options),
    'permissions:',
    '  contents: read',
    '  pages: write',
    '  id-token: write',
    '',
    ...PAGES_CONCURRENCY,
    '',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    ...setupSteps(),
    ...configurePages(),
    ...installSteps(),
    ...buildSteps(options),
    '',
    ...deployJob('build'),
  ].join('\n')
}

/**
 * `name:` and `on:` of a workflow that publishes: pushes to the branch, and by hand. Only pushes
 * to the branch: Floccus pushes a lock *tag* every couple of minutes while it syncs, and tag
 * pushes ignore path filters.
 */
export function publishTrigger(options: WorkflowOptions): string[] {
  const floccus = options.floccus
    ? [
        '  # Floccus pushes a lock *tag* every couple of minutes while it syncs; tag pushes ignore',
        '  # path filters, so only pushes to the branch (this filter) publish the site.',
      ]
    : []
  return [
    'name: Publish bookmarks',
    '',
    'on:',
    ...floccus,
    '  push:',
    `    branches: [${options.branch}]`,
    '  workflow_dispatch:',
    '',
  ]
}

/** One deployment at a time, none cancelled (the Pages workflow and the link check share it). */
export const PAGES_CONCURRENCY = ['concurrency:', '  group: pages', '  cancel-in-progress: false']

/** Check out the whole history with `uses` (bookmarks get the dates of the commits that added them). */
export function checkoutStep(uses: string): string[] {
  return [
    `      - uses: ${uses}`,
    '        with:',
    '          # The whole history: each bookmark gets the date of the commit that added it.',
    '          fetch-depth: 0',
  ]
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
    ...setupSteps(),
    ...installSteps(),
    '      # Checks links last checked 7 days ago or more; dead links do not fail the run.',
    `      - run: ${BOOKGEN_COMMAND} check${sources}`,
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

/** Check out (the whole history), and set up Node.js with npm's cache (keyed by package-lock.json). */
function setupSteps(): string[] {
  // The whole history, always: bookmarks get the dates of the commits that added them, and the
  // build can refuse a commit that removed most of them (see docs/history.md).
  return [
    ...checkoutStep('actions/checkout@v5'),
    '      - uses: actions/setup-node@v5',
    '        with:',
    `          node-version: ${WORKFLOW_NODE_VERSION}`,
    '          cache: npm',
  ]
}

/** Install bookgen as the repository's package.json and package-lock.json pin it. */
function installSteps(): string[] {
  return [
    '      - name: Install bookgen (package.json, package-lock.json)',
    `        run: ${INSTALL_COMMAND}`,
  ]
}

/** The site's address and base path, from GitHub (step id `pages`). */
function configurePages(): string[] {
  return ['      - id: pages', '        uses: actions/configure-pages@v5']
}

/**
 * `init --private`: the passphrase's environment variable of a build step's `env:`, from the
 * repository secret of the same name (never written in the repository, masked in the logs).
 */
export function passphraseEnv(options: WorkflowOptions): string[] {
  const name = options.passphraseEnv
  if (name === undefined) return []
  return [
    "          # The private section's passphrase, from a repository secret.",
    `          ${name}: \${{ secrets.${name} }}`,
  ]
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
    ...passphraseEnv(options),
    `        run: ${BOOKGEN_COMMAND} build ${sources}--site "$SITE/" --base "$BASE_PATH/" --out _site`,
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
