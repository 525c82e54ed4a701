/**
 * The hosts `bookgen init --host` writes a publishing job for: GitHub Pages (the default), GitLab
 * Pages (`.gitlab-ci.yml`) and Codeberg Pages (a Forgejo Actions workflow that pushes the site to
 * the `pages` branch); their text is in `templates/init/`. Each job installs bookgen with `npm ci`
 * and builds under the address the host serves the site at.
 */
import { workflowText, type WorkflowOptions } from './init-workflow.js'

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
    job: (options) => workflowText('github-pages', options),
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
    // A `pages` job on the default branch that builds into `public/`, the folder GitLab
    // publishes. The address comes from `CI_PAGES_URL` (a project site's path, or `/` on a unique
    // domain), else from the project's path on the Pages domain, so every link works where GitLab
    // serves the site.
    job: (options) => workflowText('gitlab-ci', options),
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
    // A Forgejo Actions workflow that builds the site and force-pushes it, as a single commit, to
    // the repository's `pages` branch, which Codeberg serves at
    // https://<owner>.codeberg.page/<repository>/. It pushes with the job's own token (which
    // actions/checkout leaves configured), from a separate index, so the checkout is untouched.
    job: (options) => workflowText('codeberg-pages', options),
    server: 'https://codeberg.org',
    settings: { what: 'turn on Actions', where: 'Settings → Units → Actions, then save' },
    site: (owner, repository) => `https://${owner}.codeberg.page/${repository}/`,
    watch: 'the Actions tab',
    secrets: 'Settings → Actions → Secrets → Add secret',
  },
}
