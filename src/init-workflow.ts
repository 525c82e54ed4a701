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
  /** A Floccus-synced repository: full history, and a comment on why tags must not trigger. */
  floccus: boolean
  /** Where the workflow lives, the cache key of a pinned install. */
  workflowPath: string
}

/** Runtime of the runner's Node.js (an LTS line). */
export const WORKFLOW_NODE_VERSION = '24'

/** The workflow's YAML. Every value put in it has been checked by `init` (no quoting needed). */
export function pagesWorkflow(options: WorkflowOptions): string {
  const { install } = options
  const sources = options.sources.map((source) => `${source} `).join('')
  const bookgen = install.kind === 'package' ? 'npx --no-install bookgen' : 'bookgen'
  const trigger = options.floccus
    ? [
        '  # Floccus pushes a lock *tag* every couple of minutes while it syncs; tag pushes ignore',
        '  # path filters, so only pushes to the branch (this filter) publish the site.',
      ]
    : []
  const checkout = options.floccus
    ? [
        '      - uses: actions/checkout@v5',
        '        with:',
        '          # The whole history: each bookmark gets the date of the commit that added it.',
        '          fetch-depth: 0',
      ]
    : ['      - uses: actions/checkout@v5']
  const cache =
    install.kind === 'package' && install.lockfile
      ? ['          cache: npm']
      : [
          '          cache: npm',
          `          cache-dependency-path: ${install.kind === 'package' ? 'package.json' : options.workflowPath}`,
        ]
  const installStep =
    install.kind === 'package'
      ? [
          '      - name: Install bookgen (from package.json)',
          `        run: ${install.lockfile ? 'npm ci' : 'npm install'} --no-audit --no-fund`,
        ]
      : [
          '      - name: Install bookgen',
          `        run: npm install --global --no-audit --no-fund bookgen@${install.version}`,
        ]
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
    ...checkout,
    '      - uses: actions/setup-node@v5',
    '        with:',
    `          node-version: ${WORKFLOW_NODE_VERSION}`,
    ...cache,
    '      - id: pages',
    '        uses: actions/configure-pages@v5',
    ...installStep,
    '      # The address and base path come from GitHub, so every link works at',
    '      # https://<owner>.github.io/<repository>/ (or at your custom domain).',
    '      - name: Build the site',
    '        env:',
    '          SITE: ${{ steps.pages.outputs.base_url }}',
    '          BASE_PATH: ${{ steps.pages.outputs.base_path }}',
    `        run: ${bookgen} build ${sources}--site "$SITE/" --base "$BASE_PATH/" --out _site`,
    '      - uses: actions/upload-pages-artifact@v4',
    '        with:',
    '          path: _site',
    '',
    '  deploy:',
    '    needs: build',
    '    runs-on: ubuntu-latest',
    '    environment:',
    '      name: github-pages',
    '      url: ${{ steps.deployment.outputs.page_url }}',
    '    steps:',
    '      - id: deployment',
    '        uses: actions/deploy-pages@v4',
    '',
  ].join('\n')
}
