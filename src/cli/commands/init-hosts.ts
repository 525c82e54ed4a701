/**
 * The hosts `bookgen init --host` writes a publishing job for: GitHub Pages (the default; its
 * workflows are in init-workflow.ts), GitLab Pages (`.gitlab-ci.yml`) and Codeberg Pages (a
 * Forgejo Actions workflow that pushes the site to the `pages` branch). Each job installs bookgen
 * with `npm ci` and builds under the address the host serves the site at. Pure text, so that
 * tests can run the jobs' shell lines from a fresh clone.
 */
import {
  BOOKGEN_COMMAND,
  checkoutStep,
  INSTALL_COMMAND,
  PAGES_CONCURRENCY,
  pagesWorkflow,
  passphraseEnv,
  publishTrigger,
  WORKFLOW_NODE_VERSION,
  type WorkflowOptions,
} from './init-workflow.js'

export const HOST_NAMES = ['github', 'gitlab', 'codeberg'] as const
export type HostName = (typeof HOST_NAMES)[number]

export interface Host {
  name: HostName
  /** As users know it: `GitHub`. */
  label: string
  /** The file `init` writes, relative to the repository. */
  file: string
  /** Its text. */
  job(options: WorkflowOptions): string
  /** Where repositories live: `https://github.com`. */
  server: string
  /** What to turn on once in the repository's settings before the first push, and where, if anything. */
  settings: { what: string; where: string } | undefined
  /** The address the site is served at. */
  site(owner: string, repository: string): string
  /** Where to watch the job run. */
  watch: string
  /** Where a secret the job reads is added (`init --private`). */
  secrets: string
}

export const HOSTS: Readonly<Record<HostName, Host>> = {
  github: {
    name: 'github',
    label: 'GitHub',
    file: '.github/workflows/pages.yml',
    job: pagesWorkflow,
    server: 'https://github.com',
    settings: {
      what: 'turn on Pages',
      where: 'Settings → Pages → Build and deployment → Source: GitHub Actions',
    },
    site: (owner, repository) => `https://${owner}.github.io/${repository}/`,
    watch: 'the Actions tab',
    secrets: 'Settings → Secrets and variables → Actions → New repository secret',
  },
  gitlab: {
    name: 'gitlab',
    label: 'GitLab',
    file: '.gitlab-ci.yml',
    job: gitlabPages,
    server: 'https://gitlab.com',
    settings: undefined,
    site: (owner, repository) =>
      `https://${owner}.gitlab.io/${repository}/ (or the address Deploy → Pages shows)`,
    watch: 'Build → Pipelines',
    // GitLab hands a project's CI/CD variables to its jobs as environment variables.
    secrets: 'Settings → CI/CD → Variables → Add variable (Masked and hidden, Protected)',
  },
  codeberg: {
    name: 'codeberg',
    label: 'Codeberg',
    file: '.forgejo/workflows/pages.yml',
    job: codebergPages,
    server: 'https://codeberg.org',
    settings: { what: 'turn on Actions', where: 'Settings → Units → Actions, then save' },
    site: (owner, repository) => `https://${owner}.codeberg.page/${repository}/`,
    watch: 'the Actions tab',
    secrets: 'Settings → Actions → Secrets → Add secret',
  },
}

/** The arguments naming the sources, each followed by a space. */
function sourceArgs(options: WorkflowOptions): string {
  return options.sources.map((source) => `${source} `).join('')
}

/**
 * GitLab Pages: a `pages` job on the default branch that builds into `public/`, the folder GitLab
 * publishes. The address comes from `CI_PAGES_URL` (a project site's path, or `/` on a unique
 * domain), else from the project's path on the Pages domain, so every link works where GitLab
 * serves the site.
 */
export function gitlabPages(options: WorkflowOptions): string {
  return [
    '# Build the bookmark site with bookgen and publish it on GitLab Pages (written by',
    '# `bookgen init --host gitlab`). Deploy → Pages shows its address once this job has run.',
    'pages:',
    `  image: node:${WORKFLOW_NODE_VERSION}`,
    '  variables:',
    '    # The whole history: each bookmark gets the date of the commit that added it.',
    '    GIT_DEPTH: "0"',
    '  cache:',
    '    key:',
    '      files:',
    '        - package-lock.json',
    '    paths:',
    '      - .npm/',
    '  script:',
    `    - ${INSTALL_COMMAND} --cache .npm --prefer-offline`,
    "    # The site's address (GitLab's; else the project's path on its Pages domain), whose path",
    '    # (/<project>/, or / on a unique domain) is the base.',
    '    - SITE="${CI_PAGES_URL:-https://$CI_PROJECT_ROOT_NAMESPACE.$CI_PAGES_DOMAIN/${CI_PROJECT_PATH#*/}}/"',
    '    - BASE_PATH="/${SITE#*://*/}"',
    `    - ${BOOKGEN_COMMAND} build ${sourceArgs(options)}--site "$SITE" --base "$BASE_PATH" --out public`,
    '  artifacts:',
    '    paths:',
    '      - public',
    '  rules:',
    '    # Pushes to the default branch publish (not tags, nor other branches).',
    '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH',
    '',
  ].join('\n')
}

/**
 * Codeberg Pages: a Forgejo Actions workflow that builds the site and force-pushes it, as a
 * single commit, to the repository's `pages` branch, which Codeberg serves at
 * https://<owner>.codeberg.page/<repository>/. It pushes with the job's own token (which
 * actions/checkout leaves configured), from a separate index, so the checkout is untouched.
 */
export function codebergPages(options: WorkflowOptions): string {
  return [
    '# Build the bookmark site with bookgen and publish it on Codeberg Pages (written by',
    '# `bookgen init --host codeberg`): the site is pushed to the `pages` branch, which Codeberg',
    '# serves at https://<owner>.codeberg.page/<repository>/.',
    '# Once, on Codeberg, in the repository: Settings → Units → Actions, then save.',
    ...publishTrigger(options),
    ...PAGES_CONCURRENCY,
    '',
    'jobs:',
    '  publish:',
    '    runs-on: codeberg-tiny',
    '    steps:',
    ...checkoutStep('https://code.forgejo.org/actions/checkout@v4'),
    '      - uses: https://code.forgejo.org/actions/setup-node@v4',
    '        with:',
    `          node-version: ${WORKFLOW_NODE_VERSION}`,
    '      - name: Install bookgen (package.json, package-lock.json)',
    `        run: ${INSTALL_COMMAND}`,
    '      - name: Build the site',
    ...(options.passphraseEnv === undefined ? [] : ['        env:', ...passphraseEnv(options)]),
    '        run: |',
    '          OWNER="$(printf %s "${GITHUB_REPOSITORY%%/*}" | tr "[:upper:]" "[:lower:]")"',
    '          REPOSITORY="${GITHUB_REPOSITORY#*/}"',
    `          ${BOOKGEN_COMMAND} build ${sourceArgs(options)}--site "https://$OWNER.codeberg.page/$REPOSITORY/" --base "/$REPOSITORY/" --out _site`,
    '      - name: Push the site to the pages branch',
    '        run: |',
    '          export GIT_INDEX_FILE="${RUNNER_TEMP:-/tmp}/bookgen-pages.index"',
    '          rm -f "$GIT_INDEX_FILE"',
    '          git --work-tree=_site add --all',
    '          TREE="$(git write-tree)"',
    '          COMMIT="$(git -c user.name=\'Forgejo Actions\' -c user.email=actions@noreply.codeberg.org commit-tree "$TREE" -m "Publish the site of $GITHUB_SHA")"',
    '          git push --force origin "$COMMIT:refs/heads/pages"',
    '',
  ].join('\n')
}
